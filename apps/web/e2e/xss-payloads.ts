/**
 * Classic cross-site scripting payloads for hostile-content.spec.ts (issue 21). Every one of them,
 * were it ever to run, leaves a mark the spec looks for: a dialog (alert, confirm, prompt), a
 * console line with {@link XSS_MARK}, `window.__xss` set, or the document's title set to
 * {@link XSS_TITLE}. Shown as text, each is only its characters.
 */

/** What a payload that ran prints or shows: no text of the app contains it. */
export const XSS_MARK = 'XSS-RAN';
/** The title a payload that ran gives the document. */
export const XSS_TITLE = 'XSS-PWNED';

/** A hostile text: a name for failure messages and what is pasted. */
export interface Payload {
  id: string;
  text: string;
}

/** A hostname from a payload: an anchor to it anywhere would make the scanned link clickable. */
export const PHISHING_HOST = 'paypa1-secure-login.example';

const run = (id: string) => `alert('${XSS_MARK} ${id}')`;

/** Short enough for any field: a sender (at most 320 characters), a name, a subject, a search. */
export const PAYLOADS: readonly Payload[] = [
  { id: 'script', text: `<script>window.__xss='script';${run('script')}</script>` },
  { id: 'img-onerror', text: `<img src=x onerror="window.__xss='img';${run('img')}">` },
  { id: 'svg-onload', text: `<svg onload=${run('svg')}>` },
  { id: 'svg-script', text: `<svg><script>window.__xss='svg-script'</script></svg>` },
  { id: 'iframe-srcdoc', text: `<iframe srcdoc="<script>parent.__xss='srcdoc'</script>"></iframe>` },
  { id: 'iframe-js', text: `<iframe src="javascript:parent.__xss='iframe-js'"></iframe>` },
  { id: 'attr-break-double', text: `"><img src=x onerror=${run('dq')}>` },
  { id: 'attr-break-single', text: `'><svg/onload=confirm('${XSS_MARK} sq')>` },
  { id: 'attr-break-unquoted', text: `x onmouseover=${run('uq')} autofocus onfocus=${run('uq2')} x=` },
  { id: 'js-url', text: `javascript:${run('js-url')}` },
  { id: 'a-js-href', text: `<a href="javascript:document.title='${XSS_TITLE}'">Verify your account</a>` },
  { id: 'markdown-link', text: `[Verify your account](javascript:${run('md-link')})` },
  { id: 'markdown-image', text: `![PayPal](x" onerror="${run('md-img')})` },
  { id: 'entities', text: `&lt;img src=x onerror=${run('entity')}&gt; &#60;script&#62;window.__xss='entity'&#60;/script&#62;` },
  { id: 'template', text: `{{constructor.constructor('window.__xss="template"')()}} \${${run('tpl')}} #{${run('ruby')}}` },
  { id: 'textarea-break', text: `</textarea><script>${run('textarea')}</script>` },
  { id: 'title-break', text: `</title><script>document.title='${XSS_TITLE}'</script>` },
  { id: 'style-break', text: `</style><img src=x onerror=${run('style')}>` },
  { id: 'details-ontoggle', text: `<details open ontoggle=${run('details')}><summary>Open</summary></details>` },
  { id: 'autofocus', text: `<input autofocus onfocus=${run('autofocus')}>` },
  { id: 'mutation', text: `<math><mtext><table><mglyph><style><img src=x onerror=${run('mxss')}></style></mglyph></table></mtext></math>` },
  { id: 'object', text: `<object data="javascript:${run('object')}"></object><embed src="javascript:${run('embed')}">` },
  { id: 'meta-refresh', text: `<meta http-equiv="refresh" content="0;url=javascript:${run('meta')}">` },
  { id: 'base', text: `<base href="javascript:${run('base')}//">` },
  { id: 'form-action', text: `<form action="javascript:${run('form')}"><button>Log in</button></form>` },
  // base64 of <script>alert('XSS-RAN data')</script>
  { id: 'data-url', text: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTLVJBTiBkYXRhJyk8L3NjcmlwdD4=' },
  { id: 'a-data-href', text: `<a href="data:text/html,<script>${run('data-a')}</script>">Open invoice</a>` },
  { id: 'phishing-anchor', text: `<a href="https://${PHISHING_HOST}/signin">https://www.paypal.com/signin</a>` },
  { id: 'bidi', text: `\u202E<img src=x onerror=${run('rlo')}>\u202C invoice\u202Efdp.exe \u2066<svg onload=${run('isolate')}>\u2069` },
  { id: 'zero-width', text: `<scr\u200Bipt>${run('zw')}</scr\u200Bipt> pay\u200Bpal.com` },
  { id: 'fullwidth', text: `＜script＞${run('fullwidth')}＜/script＞` },
  { id: 'console', text: `<img src=x onerror="console.log('${XSS_MARK} console')">` },
];

/** A message that is plainly phishing, so it is highlighted, alerted about and listed as an alert. */
export const PHISHING_BAIT = `URGENT: your PayPal account is suspended. Verify within 24 hours at http://${PHISHING_HOST}/verify or it will be closed.`;

/** The payloads split into `parts` messages, each starting with the phishing bait (a message shows all of its part). */
export function payloadMessages(parts: number): string[] {
  const size = Math.ceil(PAYLOADS.length / parts);
  return Array.from({ length: parts }, (_, i) =>
    [PHISHING_BAIT, ...PAYLOADS.slice(i * size, (i + 1) * size).map((p) => p.text)].join('\n'),
  );
}

/** Links with payloads in their path, query and fragment: valid http(s) URLs, so they are scanned. */
export const URL_PAYLOADS: readonly string[] = [
  `http://${PHISHING_HOST}/login?next="><img src=x onerror=${run('url-query')}>`,
  `https://${PHISHING_HOST}/#<script>window.__xss='url-hash'</script>`,
  `http://${PHISHING_HOST}/'-${run('url-quote')}-'/<svg/onload=${run('url-path')}>`,
  `https://xn--pypal-4ve.com/signin?r=javascript:${run('url-param')}`,
];

/** Links that are not web pages: never scanned as links, never made into links. */
export const NOT_WEB_URLS: readonly string[] = [`javascript:${run('js-scheme')}`, `data:text/html,<script>${run('data-scheme')}</script>`];

/** As many payloads as fit in `max` characters, one a line: for fields shorter than a message. */
export function payloadsWithin(max: number): string {
  let text = '';
  for (const { text: payload } of PAYLOADS) {
    const next = text ? `${text}\n${payload}` : payload;
    if (next.length > max) break;
    text = next;
  }
  return text;
}

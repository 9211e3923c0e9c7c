/**
 * The HTML of an email (or of an HTML attachment) as text a person reads, with every address the
 * page can send them to kept as a link for the engine. Everything here is linear in the HTML: a
 * pasted email is hostile input, and one scan's work holds the event loop for every visitor.
 */
import { simpleParser } from 'mailparser';

/** A tag, up to the next `<` at most (so a run of unclosed `<` is read once, not once each). */
const TAG = /<[^<>]*>?/g;

/** Attributes of a tag that name an address the page can open. */
interface TagLinks {
  /** `href` (of any tag). */
  href: string | null;
  /** Addresses the tag opens that html-to-text does not show: a form's `action`, a button's `formaction`, an `<area href>`, a meta refresh, URLs in `on…` handlers. */
  hidden: string[];
}

const WHITE = new Set([' ', '\t', '\n', '\r', '\f']);
/** Characters that end an attribute name (HTML's tokenizer, near enough). */
const NAME_END = new Set([' ', '\t', '\n', '\r', '\f', '/', '>', '=']);

/**
 * The attributes of one tag as `name → value` (lower-case names, entities of values decoded, the
 * first of a name kept), read in one pass: a regex of `name\s*=\s*value` over a tag of one long
 * word backtracks once per character of it.
 */
function attributesOf(tag: string): { name: string; attributes: Map<string, string> } {
  const attributes = new Map<string, string>();
  let i = 1;
  while (i < tag.length && WHITE.has(tag[i] as string)) i++;
  const nameStart = i;
  while (i < tag.length && !NAME_END.has(tag[i] as string)) i++;
  const name = tag.slice(nameStart, i).toLowerCase();
  while (i < tag.length) {
    while (i < tag.length && (WHITE.has(tag[i] as string) || tag[i] === '/')) i++;
    if (i >= tag.length || tag[i] === '>') break;
    const start = i;
    // a name may start with '=' (HTML reads `==x` as the attribute "=x")
    i++;
    while (i < tag.length && !NAME_END.has(tag[i] as string)) i++;
    const key = tag.slice(start, i).toLowerCase();
    while (i < tag.length && WHITE.has(tag[i] as string)) i++;
    let value = '';
    if (tag[i] === '=') {
      i++;
      while (i < tag.length && WHITE.has(tag[i] as string)) i++;
      const quote = tag[i];
      if (quote === '"' || quote === "'") {
        const end = tag.indexOf(quote, i + 1);
        const stop = end === -1 ? tag.length : end;
        value = tag.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const valueStart = i;
        while (i < tag.length && !WHITE.has(tag[i] as string) && tag[i] !== '>') i++;
        value = tag.slice(valueStart, i);
      }
    }
    if (!attributes.has(key)) attributes.set(key, value);
  }
  for (const [key, value] of attributes) if (value.includes('&')) attributes.set(key, decodeEntities(value));
  return { name, attributes };
}

/** Addresses written in script (`location='https://…'`, `window.open("//x.com/a")`): scheme and host, then what a URL may hold. */
const SCRIPT_URL = /(?:https?:)?\/\/[^\s"'<>()\\`]+/gi;

function urlsInScript(script: string): string[] {
  return [...script.matchAll(SCRIPT_URL)].map((m) => (m[0].startsWith('//') ? `https:${m[0]}` : m[0]));
}

/** What a tag links to, or null when it links nowhere. */
function linksOf(tag: string): TagLinks | null {
  // the quick test: most tags have none of these attributes
  if (!/href|action|on|refresh/i.test(tag)) return null;
  const { name, attributes } = attributesOf(tag);
  const hidden: string[] = [];
  const add = (value: string | undefined) => {
    const target = value?.trim() ?? '';
    if (target !== '' && !target.startsWith('#')) hidden.push(target);
  };
  if (name === 'form') add(attributes.get('action'));
  if (name === 'button' || name === 'input') add(attributes.get('formaction'));
  if (name === 'area') add(attributes.get('href'));
  if (name === 'meta' && attributes.get('http-equiv')?.trim().toLowerCase() === 'refresh') {
    const content = attributes.get('content') ?? '';
    const at = content.toLowerCase().indexOf('url=');
    if (at !== -1) add(content.slice(at + 4).replace(/^['"]|['"]$/g, ''));
  }
  for (const [key, value] of attributes) if (key.startsWith('on')) hidden.push(...urlsInScript(value));
  const href = attributes.get('href')?.trim() ?? '';
  return href === '' && hidden.length === 0 ? null : { href: href === '' ? null : href, hidden };
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,6}));/gi;

/** The common HTML entities and every numeric one decoded. */
function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return ENTITIES[name.toLowerCase()] ?? whole;
    const code = dec !== undefined ? Number(dec) : parseInt(hex as string, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * White space collapsed as a person sees it: a run holding a line break becomes one line break,
 * any other run (tabs, no-break, ideographic and other Unicode spaces, U+FEFF) one space. One
 * match per run, each run read once: `\s*\n\s*` retried its run from every space of it, which made
 * 80,000 U+3000 a 9-second scan that held every other request.
 */
export function collapseWhiteSpace(text: string): string {
  return text.replace(/\s+/g, (run) => (run.includes('\n') || run.includes('\r') ? '\n' : ' ')).trim();
}

const escapeHtml = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The HTML with the addresses html-to-text leaves out written beside the tags that hold them, as
 * `[address]` the way it writes a link's: a form's target (a password form posts to it), an image
 * map's areas, a meta refresh and URLs in `on…` handlers (`<button onclick="location='…'">`).
 * Each is a place the page sends the person; the engine must judge it.
 */
function withHiddenLinks(html: string): string {
  return html.replace(TAG, (tag) => {
    const links = linksOf(tag);
    return links === null || links.hidden.length === 0 ? tag : `${tag} ${links.hidden.map((t) => `[${escapeHtml(t)}]`).join(' ')} `;
  });
}

/**
 * Text of HTML that html-to-text refused (mailparser stops it past 1,000 levels of nesting, where
 * it takes seconds): the markup dropped, the common entities decoded, and each link's target
 * (and each hidden one, {@link withHiddenLinks}) kept beside its words, in one linear pass. A
 * browser still shows such HTML, so its words and links must not go unread.
 */
export function strippedHtml(html: string): string {
  const text = html.replace(TAG, (tag) => {
    const links = linksOf(tag);
    if (links === null) return ' ';
    const targets = [...(links.href !== null ? [links.href] : []), ...links.hidden.filter((t) => t !== links.href)];
    // the targets are decoded already: their '&' must survive the decoding of the text
    return targets.length === 0 ? ' ' : ` ${targets.map((t) => `[${t.replaceAll('&', '&amp;')}]`).join(' ')} `;
  });
  // tags were replaced first: entities decoded from the words are text, never markup
  return collapseWhiteSpace(decodeEntities(text));
}

/**
 * The HTML of an email as text, by mailparser's own conversion (html-to-text: links as `words
 * [target]`, headings in capitals) with its guards against markup that would hold the event loop
 * for seconds. mailparser converts an HTML part only when the email has no plain-text part, so
 * the HTML goes to it as an email of its own; HTML it refuses is stripped of its tags instead.
 */
export async function htmlAsText(html: string): Promise<string> {
  const mail = await simpleParser(`Content-Type: text/html; charset=utf-8\r\n\r\n${withHiddenLinks(html)}`, { skipTextToHtml: true, skipImageLinks: true, keepCidLinks: true });
  const text = typeof mail.text === 'string' ? mail.text.trim() : '';
  return text !== '' ? text : strippedHtml(html);
}

import { createHmac, randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { AssistantChatResponse, KnowledgeBaseArticle, NotificationList, PluginList, PluginMessageList, Report, TextScanResponse, UrlScanResponse } from '@baitcheck/contracts';
import { seedText, seedUrl } from './helpers';
import { startImapServer } from './imap-server';
import { E2E_TWILIO_AUTH_TOKEN, E2E_TWILIO_PHONE_NUMBER } from './plugin-env';
import { NOT_WEB_URLS, PAYLOADS, PHISHING_BAIT, PHISHING_HOST, URL_PAYLOADS, XSS_MARK, XSS_TITLE, payloadMessages, payloadsWithin, type Payload } from './xss-payloads';

// Hostile content (issue 21): what people paste, who sent it, what plugins bring in, what the
// assistant and the Knowledge Base say are text wherever they are shown. Classic payloads go in
// through the real UI and API; each would leave a mark if it ran (a dialog, a console line,
// window.__xss, the title), and the page is searched for what only injected markup could have
// made (an on* attribute, a javascript: or data: link, a frame, a script of no origin of ours).
// The CSP would block most of them anyway: the spec catches an injection it blocked too, by its
// violation report, and checks the CSP itself stays strict.
test.use({ reducedMotion: 'reduce' });

declare global {
  interface Window {
    __xss?: unknown;
    __cspViolations?: string[];
  }
}

/** What a page did that only a payload could have made it do. */
interface Sightings {
  dialogs: string[];
  console: string[];
  errors: string[];
}

const sightings = new WeakMap<Page, Sightings>();

/** Listens on `page` (and every document it loads) for payloads running or being blocked. */
async function watchForPayloads(page: Page) {
  const seen: Sightings = { dialogs: [], console: [], errors: [] };
  sightings.set(page, seen);
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  // Chromium says "Refused to execute inline script ... Content Security Policy" for a blocked one
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes(XSS_MARK) || /Content Security Policy/i.test(text)) seen.console.push(text);
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations?.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
}

test.beforeEach(async ({ page }) => watchForPayloads(page));

/** Everything in the page that injected markup could have made; run in the page. */
function findInjectedMarkup(): { xss: unknown; title: string; violations: string[]; markup: string[] } {
  const markup: string[] = [];
  const describe = (el: Element) => el.outerHTML.slice(0, 160);
  const scheme = (value: string) => value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
  for (const el of document.querySelectorAll('*')) {
    for (const { name, value } of Array.from(el.attributes)) {
      const attr = name.toLowerCase();
      if (attr.startsWith('on')) markup.push(`${attr} handler: ${describe(el)}`);
      if (/^(javascript|vbscript):/.test(scheme(value))) markup.push(`script URL in ${attr}: ${describe(el)}`);
      if (['href', 'xlink:href', 'action', 'formaction', 'data', 'srcdoc'].includes(attr) && scheme(value).startsWith('data:')) markup.push(`data URL in ${attr}: ${describe(el)}`);
    }
    if (el.matches('iframe, frame, frameset, object, embed, base, meta[http-equiv], math, mglyph, details[ontoggle], img[src="x"]')) markup.push(`element: ${describe(el)}`);
  }
  for (const script of Array.from(document.scripts)) {
    if (!script.src || new URL(script.src).origin !== location.origin) markup.push(`script: ${describe(script)}`);
  }
  return { xss: window.__xss ?? null, title: document.title, violations: window.__cspViolations ?? [], markup };
}

/** Fails when any payload ran, was blocked by the CSP, or left markup in the page. */
async function expectNoPayloadRan(page: Page, where: string) {
  const seen = sightings.get(page)!;
  const found = await page.evaluate(findInjectedMarkup);
  expect(
    { ...seen, xss: found.xss, titleSet: found.title === XSS_TITLE, violations: found.violations, markup: found.markup },
    `a payload ran or was injected: ${where}`,
  ).toEqual({ dialogs: [], console: [], errors: [], xss: null, titleSet: false, violations: [], markup: [] });
}

/** `text` is in `scope`'s text, character for character: it was shown as text, not parsed as markup. */
async function expectShownAsText(scope: Locator, text: string) {
  await expect.poll(() => scope.evaluate((el) => el.textContent ?? ''), { message: `shows as text: ${text.slice(0, 80)}` }).toContain(text);
}

/** No link anywhere in the page leads to the scanned phishing site. */
async function expectNoLinkToScannedSite(page: Page) {
  await expect(page.locator(`a[href*="${PHISHING_HOST}" i], a[href*="xn--pypal" i], area[href*="${PHISHING_HOST}" i]`)).toHaveCount(0);
}

/**
 * The header's alerts panel shows each alert's words as the server wrote them; at least one names
 * something the person was sent (its sender, cleaned and cut by the server), which is checked here.
 */
async function expectAlertsShownAsText(page: Page, naming: string[]) {
  const { notifications } = (await (await page.request.get('/api/notifications')).json()) as NotificationList;
  expect(notifications.filter((n) => naming.some((words) => n.body.includes(words))).length, JSON.stringify(notifications.map((n) => n.body))).toBeGreaterThan(0);
  await bell(page).click();
  const panel = page.getByRole('dialog');
  for (const n of notifications) await expectShownAsText(panel, n.body);
  await expectNoPayloadRan(page, 'alerts panel');
  await page.keyboard.press('Escape');
}

const toasts = (page: Page) => page.locator('.toast-root');
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const byPayload = (id: string): Payload => PAYLOADS.find((p) => p.id === id)!;

/** A new account for the page's visitor, on `plan` (through the server's test checkout), with an email of the given local part. */
async function newAccount(page: Page, { plan, local = 'hostile' }: { plan?: 'family'; local?: string } = {}): Promise<string> {
  const email = `${local}-${Date.now()}${Math.floor(Math.random() * 1e4)}@example.com`;
  const made = await page.request.post('/api/auth/sign-up', { data: { email, password: 'long enough password' } });
  expect(made.status(), await made.text()).toBe(201);
  if (plan) {
    const { url } = (await (await page.request.post('/api/create-checkout-session', { data: { priceId: plan } })).json()) as { url: string };
    expect((await page.request.post(`/api/test-checkout/${url.split('/').pop()}/complete`)).ok()).toBe(true);
  }
  return email;
}

test('the watch itself: markup put into the page is found, and the CSP blocking its handler is seen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoPayloadRan(page, 'home, before');
  await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), byPayload('img-onerror').text);
  await expect.poll(() => page.evaluate(() => window.__cspViolations?.length ?? 0)).toBeGreaterThan(0);
  await expect(expectNoPayloadRan(page, 'injected on purpose')).rejects.toThrow(/onerror handler/);
});

test('the CSP of every document is strict: scripts only from our origin, nothing inline, no eval, no wildcard', async ({ page, request }) => {
  for (const path of ['/', '/scan', '/history?messageId=%3Cscript%3E', '/knowledge-base?article=x', `/${encodeURIComponent(byPayload('img-onerror').text)}`]) {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/html/);
    const policy = res.headers()['content-security-policy'] ?? '';
    const directives = new Map(
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...sources]) => [name!.toLowerCase(), sources.map((s) => s.toLowerCase())]),
    );
    const scripts = directives.get('script-src') ?? directives.get('default-src');
    expect(scripts, `${path}: ${policy}`).toBeDefined();
    for (const directive of ['script-src', 'script-src-elem', 'script-src-attr', 'default-src']) {
      for (const weak of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", 'data:', 'blob:', 'http:', 'https:']) {
        expect(directives.get(directive) ?? [], `${directive} of ${path}`).not.toContain(weak);
      }
    }
    expect([...directives.values()].flat().filter((source) => source.includes('*')), `wildcards in ${policy}`).toEqual([]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
  }
  // the document the browser gets carries the same policy, and the app runs under it
  const response = await page.goto('/');
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoPayloadRan(page, 'home');
});

test('pasted messages and their senders stay text: the result, Recent Alerts, the alerts, History, blocked senders and reports', async ({ page }) => {
  const messages = payloadMessages(3);
  const senders = [byPayload('attr-break-double'), byPayload('a-js-href'), byPayload('svg-onload')].map((p) => p.text);

  // through the Scan screen: the whole message and its highlighted parts, the reasons, the details
  await page.goto('/scan');
  await page.getByLabel('Message to scan').fill(messages[0]!);
  await page.getByLabel('Sender').fill(senders[0]!);
  await page.getByLabel('Message type').selectOption('sms');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/scan/text') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Scan Message' }).click();
  const first = (await (await answered).json()) as TextScanResponse;
  expect(first.analysis.content).toBe(messages[0]);
  const result = page.getByTestId('scan-result');
  await expect(result.getByRole('heading', { name: 'Phishing Detected' })).toBeVisible();
  const analysed = result.getByRole('region', { name: 'Analyzed message' });
  await analysed.getByRole('button', { name: 'Show full message' }).click();
  await expectShownAsText(analysed, messages[0]!);
  await expect(analysed.locator('mark').first()).toBeVisible();
  await expect(analysed.locator('a')).toHaveCount(0);
  await expectShownAsText(result, `from ${senders[0]}`);
  await result.getByRole('button', { name: /More details/ }).click();
  await result.getByRole('button', { name: 'Threat Intelligence Details' }).click();
  await result.getByRole('button', { name: 'Report' }).click();
  await expect(toasts(page).getByText('Message reported', { exact: true })).toBeVisible();
  await expectNoLinkToScannedSite(page);
  await expectNoPayloadRan(page, 'text scan result');

  // two more from other clients, then the dashboard: each alert with its sender and its whole text
  const seeded = [first, await seedText(page.request, messages[1]!, senders[1]), await seedText(page.request, messages[2]!, senders[2])];
  await page.goto('/');
  for (const [i, scan] of seeded.entries()) {
    const card = page.getByRole('main').locator(`[data-message-id="${scan.message.id}"]`);
    await expectShownAsText(card, `Message from ${senders[i]}`);
    await expectShownAsText(card, messages[i]!);
    await expect(card.locator('a')).toHaveCount(0);
  }
  await expectNoLinkToScannedSite(page);
  await expectNoPayloadRan(page, 'Recent Alerts');

  // the alerts about them, whose words name the sender
  await expectAlertsShownAsText(page, senders.map((s) => s.slice(0, 20)));

  // Block Sender on an alert, then Settings lists the sender, and unblocking names them in a toast
  await page.locator(`[data-message-id="${seeded[1]!.message.id}"]`).getByRole('button', { name: 'Block Sender' }).click();
  await expect(toasts(page).getByText('Sender blocked', { exact: true })).toBeVisible();
  await page.goto('/settings');
  const row = page.locator('[data-blocked-id]').filter({ has: page.getByRole('button', { name: `Unblock ${senders[1]}`, exact: true }) });
  await expectShownAsText(row, senders[1]!);
  await row.getByRole('button', { name: `Unblock ${senders[1]}`, exact: true }).click();
  await expectShownAsText(toasts(page).filter({ hasText: 'Sender unblocked' }), `Scans of messages from ${senders[1]} will no longer warn that you blocked them.`);
  await expectNoPayloadRan(page, 'blocked senders');

  // History: each entry, opened, with its highlighted text and reasons; then one opened by its link
  await page.goto('/history');
  for (const [i, scan] of seeded.entries()) {
    const entry = page.getByRole('main').locator(`[data-message-id="${scan.message.id}"]`);
    await expectShownAsText(entry, senders[i]!);
    await expectShownAsText(entry, messages[i]!);
    await entry.getByRole('button', { name: 'Show More' }).click();
    await entry.getByRole('button', { name: 'Show full message' }).click();
    await expectShownAsText(entry, messages[i]!);
    await expect(entry.locator('mark').first()).toBeVisible();
    await expect(entry.locator('a')).toHaveCount(0);
  }
  await expectNoLinkToScannedSite(page);
  await expectNoPayloadRan(page, 'History');
  await page.goto(`/history?messageId=${seeded[2]!.message.id}`);
  const opened = page.locator(`[data-message-id="${seeded[2]!.message.id}"]`);
  await expect(opened).toBeFocused();
  await opened.getByRole('button', { name: 'Show full message' }).click();
  await expectShownAsText(opened, messages[2]!);
  // a link to History whose id is itself a payload finds nothing, and says so in words
  await page.goto(`/history?messageId=${encodeURIComponent(byPayload('script').text)}`);
  await expect(page.getByRole('status').filter({ hasText: 'The message you opened is no longer in your history.' })).toBeVisible();
  await expectNoPayloadRan(page, 'History entry by link');

  // a report's note: kept as sent, and the API answers JSON (never a page a browser would render)
  const note = payloadsWithin(2_000);
  const reported = await page.request.post('/api/reports', { data: { content: messages[0], sender: senders[0], note } });
  expect(reported.status(), await reported.text()).toBe(201);
  expect(((await reported.json()) as Report).note).toBe(note);
  const listed = await page.goto('/api/reports');
  expect(listed!.headers()['content-type']).toMatch(/^application\/json/);
  expect(listed!.headers()['x-content-type-options']).toBe('nosniff');
  expect(((await listed!.json()) as Report[]).some((r) => r.note === note)).toBe(true);
  await expect(page.locator('body')).toContainText(byPayload('script').text.slice(0, 20));
  await expectNoPayloadRan(page, 'reports opened in the browser');
});

test('links with payloads stay text: a shared link, the URL result, its details, History and Recent Alerts; javascript: and data: are refused', async ({ page }) => {
  // a link to /scan?title&text&url (what sharing to the app opens) puts its words in the form, as words
  const shared = { title: byPayload('title-break').text, text: byPayload('img-onerror').text, url: URL_PAYLOADS[1]! };
  await page.goto(`/scan?${new URLSearchParams(shared).toString()}`);
  await expect(page.getByLabel('Message to scan')).toHaveValue([shared.title, shared.text, shared.url].join('\n'));
  await expectNoPayloadRan(page, 'shared to the Scan screen');

  await page.getByRole('tab', { name: 'URL' }).click();
  const field = page.getByLabel('URL to scan');
  for (const url of NOT_WEB_URLS) {
    await field.fill(url);
    await page.getByRole('button', { name: 'Scan URL' }).click();
    await expect(page.getByText('Please enter a valid URL starting with http:// or https://')).toBeVisible();
    expect((await page.request.post('/api/scan/url', { data: { url } })).status()).toBe(400);
  }
  await expect(page.getByTestId('scan-result')).toHaveCount(0);

  await field.fill(URL_PAYLOADS[0]!);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/scan/url') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Scan URL' }).click();
  const first = (await (await answered).json()) as UrlScanResponse;
  const result = page.getByTestId('scan-result');
  await expect(result.getByRole('heading', { name: 'Analyzed URL' })).toBeVisible();
  const analysed = result.getByRole('region', { name: 'Analyzed URL' });
  await expectShownAsText(analysed, URL_PAYLOADS[0]!);
  await expect(analysed.locator('a')).toHaveCount(0);
  await result.getByRole('button', { name: 'Threat Intelligence Details' }).click();
  await expectShownAsText(result, PHISHING_HOST);
  await expectNoLinkToScannedSite(page);
  await expectNoPayloadRan(page, 'URL scan result');

  const scans = [first, ...(await Promise.all(URL_PAYLOADS.slice(1).map((url) => seedUrl(page.request, url))))];
  await page.goto('/history');
  for (const [i, scan] of scans.entries()) {
    const entry = page.getByRole('main').locator(`[data-message-id="${scan.messageId}"]`);
    await entry.getByRole('button', { name: 'Show More' }).click();
    await expectShownAsText(entry, URL_PAYLOADS[i]!);
    await expect(entry.locator('a')).toHaveCount(0);
  }
  await expectNoLinkToScannedSite(page);
  await expectNoPayloadRan(page, 'History of links');

  // each is an alert on the dashboard (its five newest scans)
  expect(scans.map((s) => s.threatLevel)).not.toContain('safe');
  await page.goto('/');
  const alerts = page.getByRole('main').locator('[data-message-id]');
  for (const scan of scans) await expectShownAsText(page.getByRole('main').locator(`[data-message-id="${scan.messageId}"]`), scan.content);
  await expect(alerts.locator('a')).toHaveCount(0);
  await expectNoLinkToScannedSite(page);
  await expectNoPayloadRan(page, 'Recent Alerts of links');
});

/** Opens the Virtual Assistant tab; returns its conversation. */
async function openAssistant(page: Page): Promise<Locator> {
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Virtual Assistant' }).click();
  return page.getByRole('tabpanel', { name: 'Virtual Assistant' }).getByRole('log', { name: 'Conversation with the assistant' });
}

async function askAssistant(page: Page, log: Locator, question: string, answers: number) {
  const box = page.getByRole('textbox', { name: 'Message to the assistant' });
  await box.fill(question);
  await box.press('Enter');
  await expect(log.locator('[data-role="assistant"]')).toHaveCount(answers);
  return { asked: log.locator('[data-role="user"]').last(), answer: log.locator('[data-role="assistant"]').last() };
}

test('the assistant: a question full of payloads is echoed as text, and its answers, even hostile ones, stay text with only web links', async ({ page }) => {
  const log = await openAssistant(page);
  const question = [PHISHING_BAIT, ...PAYLOADS.map((p) => p.text)].join('\n');
  const { asked, answer } = await askAssistant(page, log, question, 2);
  await expectShownAsText(asked, question);
  await expect(answer.getByText('Phishing Detected')).toBeVisible();
  // the answer quotes what each reason saw, from the message
  const why = await askAssistant(page, log, 'why?', 3);
  await expect(why.answer).not.toBeEmpty();
  await expectNoLinkToScannedSite(page);
  await expectNoPayloadRan(page, 'assistant');

  // an answer as hostile as an answer can be (a language model repeating a scam): words stay words,
  // a source is a link only to a web page, a number only when it is one
  const hostile: AssistantChatResponse = {
    answer: [...PAYLOADS.map((p) => p.text), `- ${byPayload('markdown-link').text}`, `1. ${byPayload('img-onerror').text}`].join('\n'),
    timestamp: '"><img src=x onerror=alert(1)>',
    sources: [
      {
        id: 'x',
        title: byPayload('svg-onload').text,
        links: [
          { name: 'Verify here', url: NOT_WEB_URLS[0]! },
          { name: 'Open invoice', url: NOT_WEB_URLS[1]! },
          { name: 'Call now', url: `tel:+1555<script>` },
          { name: byPayload('a-js-href').text, url: 'https://www.ncsc.gov.uk/collection/phishing-scams' },
        ],
      },
    ],
    scan: { threatLevel: 'phishing', score: 99, reasons: PAYLOADS.slice(0, 3).map((p) => p.text) },
    mode: 'llm',
  };
  await page.route('**/api/assistant/chat', (route) => route.fulfill({ json: hostile }));
  const mocked = await askAssistant(page, log, 'Is this real?', 4);
  // (each line of an answer is shown without its trailing spaces)
  for (const { text } of PAYLOADS) await expectShownAsText(mocked.answer, text.trim());
  await expectShownAsText(mocked.answer, `Based on: ${byPayload('svg-onload').text}`);
  await expect(mocked.answer.getByRole('link')).toHaveCount(1);
  await expect(mocked.answer.getByRole('link')).toHaveAttribute('href', 'https://www.ncsc.gov.uk/collection/phishing-scams');
  await expectShownAsText(mocked.answer.getByRole('link'), byPayload('a-js-href').text);
  await expectNoPayloadRan(page, 'hostile assistant answer');
});

test('the Knowledge Base: a search is reflected as text; a hostile article keeps its words and only safe links', async ({ page }) => {
  await page.goto('/knowledge-base');
  const query = `smishing ${byPayload('img-onerror').text}`;
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(query);
  await page.keyboard.press('Enter');
  await expectShownAsText(page.getByRole('status').filter({ hasText: /articles? for/ }), `for “${query}”`);
  await expectNoPayloadRan(page, 'Knowledge Base search');

  // an article link whose id is a payload finds nothing
  await page.goto(`/knowledge-base?article=${encodeURIComponent(byPayload('svg-onload').text)}`);
  await expect(page.getByRole('heading', { name: 'We couldn’t find this article' })).toBeVisible();
  await expectNoPayloadRan(page, 'Knowledge Base article by a hostile link');

  // the articles are ours, checked by the server's loader; the renderer is safe whatever it is given
  const article: KnowledgeBaseArticle = {
    id: 'hostile-article',
    title: byPayload('title-break').text,
    category: 'Security',
    summary: byPayload('img-onerror').text,
    body: [
      '## <img src=x onerror=alert(1)> heading',
      ...PAYLOADS.map((p) => `${p.text}\n`),
      `[a javascript link](javascript:alert('${XSS_MARK} md'))`,
      `[a data link](data:text/html,<script>alert('${XSS_MARK} md-data')</script>)`,
      `<javascript:alert('${XSS_MARK} autolink')>`,
      `[a reference][ref]\n\n[ref]: javascript:alert('${XSS_MARK} ref')`,
      '[a protocol-relative link](//evil.example/phish) and [a backslash path](/\\evil.example)',
      `![an image](javascript:alert('${XSS_MARK} img'))`,
      `[an http link](http://${PHISHING_HOST}/login) and [a good one](https://www.ncsc.gov.uk/)`,
    ].join('\n\n'),
    sources: [
      { name: 'A javascript source', url: `javascript:alert('${XSS_MARK} source')` },
      { name: 'A data source', url: 'data:text/html,<script>alert(1)</script>' },
      { name: 'NCSC', url: 'https://www.ncsc.gov.uk/' },
    ],
    region: byPayload('svg-onload').text,
    votes: { helpful: 0, notHelpful: 0, yours: null },
  };
  await page.route('**/api/knowledge-base/articles/hostile-article', (route) => route.fulfill({ json: article }));
  await page.goto('/knowledge-base?article=hostile-article');
  const shown = page.getByRole('main').getByRole('article');
  await expect(shown.getByRole('heading', { level: 2 })).toHaveText(article.title);
  await expectShownAsText(shown, article.summary);
  await expectShownAsText(shown, `For ${article.region}`);
  for (const words of ['a javascript link', 'a data link', 'a reference', 'A javascript source', 'A data source', 'an http link']) {
    await expectShownAsText(shown, words);
  }
  // links only to https pages and the app's own paths ('//evil.example' and '/\\evil.example' are other sites)
  const hrefs = await shown.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  expect(hrefs.filter((href) => !(href.startsWith('https://') || /^\/[^/\\]/.test(href))), hrefs.join(' ')).toEqual([]);
  expect(hrefs).toContain('https://www.ncsc.gov.uk/');
  await expectNoLinkToScannedSite(page);
  await expectNoPayloadRan(page, 'hostile Knowledge Base article');
});

test('Contact Support and Live Chat: what was typed comes back as text, after a reload too', async ({ page }) => {
  await page.goto('/contact-support');
  const name = byPayload('attr-break-double').text;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(`hostile-${Date.now()}@example.com`);
  await page.getByLabel('Subject').fill(byPayload('svg-onload').text);
  await page.getByLabel('Message').fill(payloadsWithin(1_000));
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact-support') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByRole('heading', { level: 2, name: 'Support Request Received' })).toBeFocused();
  await expectNoPayloadRan(page, 'support request received');
  await page.getByRole('button', { name: 'Submit Another Request' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expectNoPayloadRan(page, 'support form again');

  await page.goto('/live-chat');
  await page.getByRole('button', { name: 'Start Chat' }).click();
  const said = payloadsWithin(1_000);
  await page.getByRole('textbox', { name: 'Message to Sam' }).fill(said);
  await page.getByRole('button', { name: 'Send message' }).click();
  const mine = page.locator('[data-sender="user"]');
  await expectShownAsText(mine.last(), said);
  await expect(page.locator('[data-sender="agent"]')).toHaveCount(2, { timeout: 15_000 });
  await expectNoPayloadRan(page, 'live chat');
  // the chat is kept for the tab and shown again from there
  await page.reload();
  await expectShownAsText(mine.last(), said);
  await expectNoPayloadRan(page, 'live chat restored');
});

/** A text from `from` to the server's Twilio number, signed with the auth token as Twilio signs its webhooks. */
async function smsArrives(page: Page, baseURL: string, from: string, body: string) {
  const path = '/api/plugins/sms/inbound';
  const form: Record<string, string> = { MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: 'AChostile', From: from, To: E2E_TWILIO_PHONE_NUMBER, Body: body, NumMedia: '0' };
  const signed = Object.entries(form)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => name + value)
    .join('');
  const signature = createHmac('sha1', E2E_TWILIO_AUTH_TOKEN).update(baseURL + path + signed, 'utf8').digest('base64');
  const res = await page.request.post(path, { headers: { 'X-Twilio-Signature': signature }, form });
  expect(res.status(), await res.text()).toBe(200);
}

test('plugins: a forwarded text full of payloads, Slack names and a mail server named as a payload stay text', async ({ page, baseURL }) => {
  await newAccount(page);
  const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const configured = (await (await page.request.post('/api/plugins/sms/configure', { data: { phoneNumber: phone } })).json()) as { plugins: PluginList };
  await smsArrives(page, baseURL!, phone, configured.plugins.sms!.status.confirmation!.code);
  const body = payloadMessages(1)[0]!.slice(0, 1_600);
  await smsArrives(page, baseURL!, phone, body);
  await expect
    .poll(async () => ((await (await page.request.get('/api/plugins/sms/messages')).json()) as PluginMessageList).messages.map((m) => m.status), { timeout: 20_000 })
    .toEqual(['scanned']);
  const slack = { workspaceName: byPayload('a-js-href').text, channelName: byPayload('img-onerror').text, manualMode: true };
  expect((await page.request.post('/api/plugins/slack/configure', { data: slack })).ok()).toBe(true);

  await page.goto('/settings?tab=plugins');
  const sms = page.locator('[data-testid="plugin-row"][data-plugin-id="sms"]');
  await sms.getByRole('button', { name: 'Show messages of SMS' }).click();
  const item = sms.getByTestId('plugin-message');
  await expectShownAsText(item, body);
  await expect(item.getByRole('link')).toHaveCount(1);
  await expectNoLinkToScannedSite(page);
  await expectNoPayloadRan(page, 'SMS plugin messages');

  // the Slack dialog holds the names as typed
  const slackRow = page.locator('[data-testid="plugin-row"][data-plugin-id="slack"]');
  await slackRow.getByRole('button', { name: 'Configure Slack' }).click();
  const slackDialog = page.getByRole('dialog', { name: 'Configure Slack' });
  await expect(slackDialog.getByLabel('Workspace name')).toHaveValue(slack.workspaceName);
  await expectNoPayloadRan(page, 'Slack dialog');
  await slackDialog.getByRole('button', { name: 'Cancel' }).click();

  // the server's sentence about a mail server it cannot find repeats the name as typed
  const host = `${byPayload('attr-break-double').text}.example`;
  await page.locator('[data-testid="plugin-row"][data-plugin-id="email"]').getByRole('button', { name: 'Configure Email inbox' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure Email inbox' });
  await dialog.getByLabel('Email address').fill('sam@example.com');
  await dialog.getByLabel('IMAP server').fill(host);
  await dialog.getByLabel('User name').fill(byPayload('svg-onload').text);
  await dialog.getByLabel('App password', { exact: true }).fill('abcd efgh ijkl mnop');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // (host names are said in lower case)
  await expectShownAsText(dialog.getByRole('alert'), `called ${host.toLowerCase()}.`);
  await expectNoPayloadRan(page, 'email plugin error');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // History has the text, with its source
  await sms.getByRole('link', { name: /^Open in History/ }).click();
  const entry = page.getByRole('main').getByRole('article').first();
  await expect(entry).toBeFocused();
  await entry.getByRole('button', { name: 'Show full message' }).click();
  await expectShownAsText(entry, body);
  await expect(entry.locator('a')).toHaveCount(0);
  await expectNoLinkToScannedSite(page);
  await expectNoPayloadRan(page, 'SMS in History');
});

/** Waits until the plugin has scanned `count` messages; returns them, newest first. */
async function scannedBy(page: Page, plugin: string, count: number) {
  const read = async () => ((await (await page.request.get(`/api/plugins/${plugin}/messages`)).json()) as PluginMessageList).messages;
  await expect.poll(async () => (await read()).filter((m) => m.status === 'scanned').length, { timeout: 30_000 }).toBe(count);
  return read();
}

test('an HTML email from a hostile display name, its payloads raw and escaped, shows as text in the inbox plugin, the alerts and History', async ({ page }) => {
  test.slow();
  const imap = await startImapServer();
  try {
    const user = `hostile${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await imap.addUser(user, 'abcd-efgh-ijkl-mnop');
    await newAccount(page);
    expect((await page.request.post('/api/plugins/email/configure', { data: { emailAddress: `${user}@example.com` } })).ok()).toBe(true);
    const signedIn = await page.request.post('/api/plugins/email/auth', { data: { host: imap.host, port: imap.port, secure: false, username: user, password: 'abcd-efgh-ijkl-mnop' } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const html = [
      `<html><head><title>${byPayload('title-break').text}</title></head><body>`,
      `<p>${PHISHING_BAIT}</p>`,
      `<p><a href="http://${PHISHING_HOST}/login">https://www.paypal.com/signin</a></p>`,
      ...PAYLOADS.map((p) => `<p>${p.text}</p><p>${escape(p.text)}</p>`),
      '</body></html>',
    ].join('\n');
    await imap.deliver(
      user,
      [
        `From: "${byPayload('svg-onload').text}" <security@${PHISHING_HOST}>`,
        `To: ${user}@example.com`,
        `Subject: ${byPayload('title-break').text}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <hostile-${Date.now()}@${PHISHING_HOST}>`,
        'MIME-Version: 1.0',
        'Content-Type: text/html; charset=utf-8',
        '',
        html,
      ].join('\r\n'),
    );
    const [email] = await scannedBy(page, 'email', 1);
    // the escaped payloads are words of the email: they must be there to be shown
    expect(email!.content).toContain(PAYLOADS[0]!.text);

    await page.goto('/settings?tab=plugins');
    const row = page.locator('[data-testid="plugin-row"][data-plugin-id="email"]');
    await row.getByRole('button', { name: 'Show messages of Email inbox' }).click();
    const item = row.getByTestId('plugin-message');
    await expectShownAsText(item, email!.sender.name);
    await expectShownAsText(item, email!.content);
    await expect(item.getByRole('link')).toHaveCount(1);
    await expectNoLinkToScannedSite(page);
    await expectNoPayloadRan(page, 'email plugin messages');
    await expectAlertsShownAsText(page, ['An email from']);

    await item.getByRole('link', { name: /^Open in History/ }).click();
    const entry = page.getByRole('main').getByRole('article').first();
    await expect(entry).toBeFocused();
    const whole = entry.getByRole('button', { name: 'Show full message' });
    if (await whole.count()) await whole.click();
    await expectShownAsText(entry, email!.content);
    await expect(entry.locator('a')).toHaveCount(0);
    await expectNoLinkToScannedSite(page);
    await expectNoPayloadRan(page, 'email in History');
  } finally {
    await imap.stop();
  }
});

/** A second person in a browser of their own, watched as the first is. */
async function secondPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await watchForPayloads(page);
  return page;
}

test('the family: addresses with quotes in them show as text to the manager and on the invitation', async ({ page, browser }) => {
  const manager = await newAccount(page, { plan: 'family', local: `o'neil'-alert'+x` });
  const invited = `'-confirm'+x-${Date.now()}@example.com`;
  await page.goto('/account');
  await expectShownAsText(page.getByRole('main'), manager);
  await page.getByRole('tab', { name: 'Family Dashboard' }).click();
  await page.getByLabel('Email of the person to invite').fill(invited);
  // the first invitation asks for the manager's word that they are an adult
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByRole('checkbox', { name: 'I am 18 or over, and I will manage this family' }).check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('heading', { name: `Invitation for ${invited}` })).toBeFocused();
  const link = await page.getByLabel('Invitation link').inputValue();
  await expectShownAsText(page.getByRole('main'), invited);
  await expectNoPayloadRan(page, 'family invitation');

  const member = await secondPerson(browser);
  try {
    await member.goto(link);
    await expect(member.getByRole('heading', { level: 2, name: /invited you to join their family on Baitcheck$/ })).toBeVisible();
    await expectShownAsText(member.getByRole('main'), manager);
    await expectNoPayloadRan(member, 'family invitation page');
  } finally {
    await member.context().close();
  }
});

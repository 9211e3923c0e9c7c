import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { Message, TextScanResponse, UrlScanResponse } from '@baitcheck/contracts';

/** Messages whose verdicts the detector is expected to get right. */
export const SAMPLES = {
  phishing: 'URGENT: your account is suspended. Click here http://paypa1-secure.com/login to verify within 24 hours',
  phishingSender: '+1 555 0100',
  safe: 'Hi Mum, are we still on for dinner on Sunday? I will bring dessert. Love, Sam',
  safeSender: 'Sam',
  suspicious: 'Your parcel could not be delivered. Reschedule here: http://dhl-redelivery.info',
  phishingUrl: 'http://192.168.4.20/paypal/login',
} as const;

export const SCREENSHOT_DIR = join(import.meta.dirname, 'screenshots');
mkdirSync(SCREENSHOT_DIR, { recursive: true });

/** Scans a message through the API as the page's visitor (same cookie jar as the page). */
export async function seedText(request: APIRequestContext, content: string, sender = ''): Promise<TextScanResponse> {
  const res = await request.post('/api/scan/text', { data: { content, sender, source: 'sms' } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as TextScanResponse;
}

export async function seedUrl(request: APIRequestContext, url: string): Promise<UrlScanResponse> {
  const res = await request.post('/api/scan/url', { data: { url, saveToHistory: true } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as UrlScanResponse;
}

export async function listMessages(request: APIRequestContext): Promise<Message[]> {
  const res = await request.get('/api/messages');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Message[];
}

/**
 * What axe reads of a page: its markup (attributes, text, where the focus is) and which elements
 * are shown. Two widths of one screen are usually the same state: only the layout differs, which
 * the screenshots at each width are for.
 */
const AXE_STATE_SCRIPT = `(() => {
  let h1 = 0x811c9dc5, h2 = 0x811c9dc5;
  const add = (s, h) => { for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619); return h; };
  // React's generated ids (useId: _r_1f_) follow the order parts were rendered in, not what they are
  const markup = (el) => el.outerHTML.replace(/_r_[0-9a-z]+_/g, '_r_');
  h1 = add(markup(document.documentElement), h1);
  h1 = add(document.activeElement ? markup(document.activeElement).slice(0, 200) : '', h1);
  let shown = '';
  for (const el of document.body.querySelectorAll('*')) shown += el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) ? '1' : '0';
  h2 = add(shown, h2);
  return (h1 >>> 0).toString(16) + ' ' + (h2 >>> 0).toString(16) + ' ' + shown.length;
})()`;

/** The states each page has already passed axe in (a loop over widths checks each state once). */
const axeClean = new WeakMap<Page, Set<string>>();

/**
 * Fails the test on any axe violation, listing each rule and where it fired. A state this page
 * already passed in (the same markup with the same elements shown, at another width) is not
 * checked again.
 */
export async function expectNoAxeViolations(page: Page) {
  const state = (await page.evaluate(AXE_STATE_SCRIPT)) as string;
  const clean = axeClean.get(page) ?? new Set<string>();
  axeClean.set(page, clean);
  if (clean.has(state)) return;
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(summary, summary.join('\n')).toEqual([]);
  clean.add(state);
}

/**
 * A whole-page screenshot with the sticky header and bottom navigation where a person sees them:
 * the viewport grows to the page's height first, since a `fullPage` capture would paint sticky
 * parts in the middle of the page.
 */
export async function screenshotWholePage(page: Page, path: string) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('No viewport');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

/**
 * Holds the first request for one of the build's chunks (`name`: the file's name before its hash,
 * 'history-page') until `fail` is called, then fails it as a dropped connection does (`fail`
 * resolves once it has failed); a later request for the same address fails at once. A retry's
 * address has a query of its own (lib/chunk-load.ts) and goes through.
 */
export async function holdChunk(page: Page, name: string): Promise<{ requested: Promise<void>; fail: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markFailed!: () => void;
  const failed = new Promise<void>((resolve) => (markFailed = resolve));
  let markRequested!: () => void;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(new RegExp(`/assets/${name}-[^/?]*\\.js$`), async (route) => {
    markRequested();
    await released;
    await route.abort('internetdisconnected');
    markFailed();
  });
  return {
    requested,
    fail: () => {
      release();
      return failed;
    },
  };
}

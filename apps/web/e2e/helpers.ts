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

/** Fails the test on any axe violation, listing each rule and where it fired. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(summary, summary.join('\n')).toEqual([]);
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

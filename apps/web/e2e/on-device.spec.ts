import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import type { MessageStats, ScanAnalysis, TextScanResponse, UrlScanResponse } from '@baitcheck/contracts';
import { SAMPLES, SCREENSHOT_DIR, screenshotWholePage } from './helpers';

// On-device scanning (issue 20): with the switch on, a scan runs in the browser's Web Worker, the
// message never leaves the page, the entry is kept in IndexedDB and only its verdict and date
// reach the server.

const PASSWORD = 'long enough password';

/** A new account on Premium (the server's own test checkout), signed in on this page. */
async function premiumAccount(page: Page): Promise<void> {
  const email = `ondevice-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up', { data: { email, password: PASSWORD } });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const checkout = await page.request.post('/api/create-checkout-session', { data: { priceId: 'premium' } });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const id = String(((await checkout.json()) as { url: string }).url).split('/').pop()!;
  expect((await page.request.post(`/api/test-checkout/${id}/complete`)).ok()).toBe(true);
}

/** Every request the page makes, with its body, to look for the message in. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}

function carries(request: Request, text: string): boolean {
  return request.url().includes(text) || request.url().includes(encodeURIComponent(text)) || (request.postData() ?? '').includes(text);
}

async function stats(page: Page): Promise<MessageStats> {
  return (await (await page.request.get('/api/message-stats?tz=UTC')).json()) as MessageStats;
}

async function turnOnOnDevice(page: Page) {
  await page.goto('/settings');
  const onDevice = page.getByRole('switch', { name: 'On-Device Scanning' });
  await expect(onDevice).not.toBeChecked();
  await onDevice.click();
  await expect(onDevice).toBeChecked();
  await expect(page.getByText('Settings updated').first()).toBeVisible();
}

test('Basic is offered the upgrade; on Premium the switch turns it on, and the scan form says where it checks', async ({ page }) => {
  await page.goto('/');
  const row = page.getByRole('main').getByText('Enhanced privacy (Premium)');
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Upgrade for On-Device Scanning' })).toHaveAttribute('href', '/subscription');

  await premiumAccount(page);
  await turnOnOnDevice(page);
  await page.goto('/scan');
  await expect(page.getByRole('note').filter({ hasText: 'this is checked on this device' })).toBeVisible();
  const enhanced = page.getByRole('switch', { name: 'Enhanced Threat Intelligence' });
  await expect(enhanced).toBeDisabled();
  await expect(enhanced).not.toBeChecked();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `on-device-form-${width}.png`));
  }
});

test('a scan on the device sends no content anywhere, shows "Checked on this device", is kept in History and counted', async ({ page }) => {
  await premiumAccount(page);
  await turnOnOnDevice(page);
  const before = await stats(page);
  const requests = recordRequests(page);
  // the switch's answer comes late: a scan made before it must still stay on the device
  let settingsAnswered = false;
  await page.route('**/api/protection-settings', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    settingsAnswered = true;
    await route.continue();
  });

  await page.goto('/scan');
  await page.getByLabel('Message to scan').fill(SAMPLES.phishing);
  await page.getByRole('button', { name: 'Scan Message' }).click();
  expect(settingsAnswered, 'the scan was made before the switch was known').toBe(false);
  const result = page.getByTestId('scan-result');
  // the first scan waits for the engine to load in its worker
  await expect(result).toHaveAttribute('data-level', 'phishing', { timeout: 30_000 });
  await expect(result.getByTestId('on-device-note')).toHaveText('Checked on this device');
  await expect(result).toContainText('kept in this device’s history');

  // the message is in no request: not the scan, not the sync, not a prefetch
  const distinctive = 'paypa1-secure.com';
  expect(requests.filter((r) => carries(r, distinctive)).map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  expect(requests.some((r) => r.url().includes('/api/scan/'))).toBe(false);
  // the verdict and its date, only, reached the server
  const sync = requests.find((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/device-scans');
  expect(sync, 'the verdict is sent').toBeDefined();
  const body = JSON.parse(sync!.postData()!) as { scans: Record<string, unknown>[] };
  expect(body.scans).toHaveLength(1);
  expect(Object.keys(body.scans[0]!).sort()).toEqual(['id', 'scannedAt', 'threatLevel']);
  expect(body.scans[0]!.threatLevel).toBe('phishing');
  await expect.poll(async () => (await stats(page)).phishing).toBe(before.phishing + 1);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await result.screenshot({ path: join(SCREENSHOT_DIR, `on-device-result-${width}.png`) });
  }

  // History lists it beside the server's entries, from this device; the server has no copy
  expect(((await (await page.request.get('/api/messages')).json()) as unknown[]).length).toBe(0);
  await page.getByRole('link', { name: 'History' }).first().click();
  const entry = page.getByRole('main').getByRole('listitem').filter({ hasText: 'On this device' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('paypa1-secure');
  // and the dashboard counts it
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const phishingCount = page.locator('dt:text-is("Phishing") + dd');
  await expect(phishingCount).toHaveText(String(before.phishing + 1));
});

test('with the network off, a scan still runs on the device; its verdict reaches the server once back online', async ({ page, context }) => {
  await premiumAccount(page);
  await turnOnOnDevice(page);
  await page.goto('/scan');
  // the first scan loads the engine
  await page.getByLabel('Message to scan').fill(SAMPLES.safe);
  await page.getByRole('button', { name: 'Scan Message' }).click();
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-level', 'safe', { timeout: 30_000 });
  await expect.poll(async () => { const s = await stats(page); return s.safe; }).toBe(1);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Scan New Content' }).click();
  await page.getByLabel('Message to scan').fill(SAMPLES.phishing);
  await page.getByRole('button', { name: 'Scan Message' }).click();
  const result = page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-level', 'phishing');
  await expect(result.getByTestId('on-device-note')).toBeVisible();
  // not counted yet by the server (it cannot be told), but by the dashboard on this device
  await context.setOffline(false);
  await expect.poll(async () => (await stats(page)).phishing, { timeout: 15_000 }).toBe(1);
});

/** The built engine worker, as the app ships it. */
function workerAsset(): string {
  const assets = join(import.meta.dirname, '..', 'dist', 'assets');
  const name = readdirSync(assets).find((f) => /^engine\.worker-.*\.js$/.test(f));
  if (!name) throw new Error(`no engine worker in ${assets}`);
  return `/assets/${name}`;
}

const SAME_VERDICT_SET = [
  { kind: 'text', content: SAMPLES.phishing, sender: SAMPLES.phishingSender, source: 'sms' },
  { kind: 'text', content: SAMPLES.safe, sender: SAMPLES.safeSender, source: 'sms' },
  { kind: 'text', content: SAMPLES.suspicious, sender: 'DHL', source: 'sms' },
  { kind: 'text', content: 'Your USPS package is on hold due to an unpaid $1.99 fee. Pay now: https://usps-redelivery-fee.com/pay', sender: '+1 202 555 0147', source: 'sms' },
  { kind: 'text', content: 'Hi, this is your bank. Reply with the 6-digit code we just sent you to stop the transfer.', sender: '', source: 'sms' },
  { kind: 'text', content: 'Your Amazon order #113-4411 has shipped and will arrive Tuesday. Track it in Your Orders.', sender: 'shipment-tracking@amazon.com', source: 'email' },
  { kind: 'text', content: 'Congratulations! You won a $1000 Walmart gift card. Claim at http://bit.ly/claim-now before it expires', sender: '', source: 'social' },
  { kind: 'text', content: 'Dad my phone broke, this is my new number. Can you send £400 for rent today? I will pay you back', sender: '+44 7700 900123', source: 'sms' },
  { kind: 'text', content: 'Team standup moved to 10:30 tomorrow, same room.', sender: 'Priya', source: 'slack' },
  { kind: 'text', content: 'Votre colis est en attente. Payez les frais de douane ici : https://laposte-suivi-colis.net', sender: '', source: 'sms' },
  { kind: 'url', content: SAMPLES.phishingUrl, sender: '', source: 'manual' },
  { kind: 'url', content: 'https://www.wikipedia.org/', sender: '', source: 'manual' },
  { kind: 'url', content: 'http://secure-login-microsoft365.com.verify-account.ru/auth', sender: '', source: 'manual' },
] as const;

test('the engine on the device gives the server’s verdict, score and reasons for the same messages', async ({ page }) => {
  await page.goto('/');
  const worker = workerAsset();
  const local = (await page.evaluate(
    async ({ url, inputs }) => {
      const w = new Worker(url, { type: 'module' });
      const answers = inputs.map(
        (input, i) =>
          new Promise((resolve, reject) => {
            const onMessage = (event: MessageEvent<{ seq: number; ok: boolean; analysis?: unknown; error?: string }>) => {
              if (event.data.seq !== i + 1) return;
              w.removeEventListener('message', onMessage);
              if (event.data.ok) resolve(event.data.analysis);
              else reject(new Error(event.data.error));
            };
            w.addEventListener('message', onMessage);
          }),
      );
      inputs.forEach((input, i) => w.postMessage({ seq: i + 1, input, blockedSenders: [], now: new Date().toISOString() }));
      const all = await Promise.all(answers);
      w.terminate();
      return all;
    },
    { url: worker, inputs: SAME_VERDICT_SET.map((m) => ({ ...m })) },
  )) as ScanAnalysis[];

  for (const [i, message] of SAME_VERDICT_SET.entries()) {
    const server =
      message.kind === 'text'
        ? ((await (await page.request.post('/api/scan/text', { data: { content: message.content, sender: message.sender, source: message.source, saveToHistory: false } })).json()) as TextScanResponse).analysis
        : ((await (await page.request.post('/api/scan/url', { data: { url: message.content, source: message.source, saveToHistory: false, enhancedAnalysis: false } })).json()) as UrlScanResponse);
    const mine = local[i]!;
    const what = `${message.kind}: ${message.content.slice(0, 40)}`;
    expect(mine.threatLevel, what).toBe(server.threatLevel);
    expect(mine.score, what).toBeCloseTo(server.score, 10);
    expect(mine.reasons, what).toEqual(server.reasons);
    expect(mine.highlights, what).toEqual(server.highlights);
    expect(mine.recommendations, what).toEqual(server.recommendations);
  }
});

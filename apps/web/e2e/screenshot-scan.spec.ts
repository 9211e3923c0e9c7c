import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { SCREENSHOT_DIR, expectNoAxeViolations } from './helpers';

// Scan a screenshot: the picture is read in the browser (jsQR, then tesseract.js from our own
// /ocr/ files), and nothing of it or its text leaves the page until the person presses Scan.

const FIXTURES = join(import.meta.dirname, '../src/features/scan/screenshot/fixtures');
const SHOTS = process.env.OCR_SHOTS_DIR ?? SCREENSHOT_DIR;
mkdirSync(SHOTS, { recursive: true });

const SCAM_TEXT = 'USPS: Your package is on hold because of an unpaid shipping fee of $1.99. Pay now to avoid return: https://usps-redelivery-fee.com/pay';
const QR_LINK = 'http://paypa1-secure-login.com/verify-account';

/** A text message as a phone shows it, as a PNG: what people screenshot. */
async function renderMessagePicture(browser: Browser, text: string): Promise<Buffer> {
  const art = await browser.newPage({ viewport: { width: 390, height: 420 }, deviceScaleFactor: 3 });
  await art.setContent(`<!doctype html><html><body style="margin:0;font-family:sans-serif;background:#fff">
    <div style="display:flex;justify-content:space-between;padding:10px 24px;font-weight:600;font-size:15px"><span>9:41</span><span>5G</span></div>
    <div style="text-align:center;color:#333;font-size:13px;padding:8px 0 16px;border-bottom:1px solid #ddd">+1 (555) 010-0199<br>Text Message · Today 9:40 AM</div>
    <div style="margin:16px 64px 0 14px;padding:10px 14px;border-radius:18px;background:#e9e9eb;color:#000;font-size:17px;line-height:1.3">${text}</div>
  </body></html>`);
  const png = await art.screenshot({ type: 'png' });
  await art.close();
  return png;
}

/** The QR code of a fixture (one line a row, '#' dark), drawn as a PNG with its quiet zone. */
async function renderQrPicture(browser: Browser, fixture: string): Promise<Buffer> {
  const rows = readFileSync(join(FIXTURES, fixture), 'utf8').trim().split('\n');
  const art = await browser.newPage({ viewport: { width: 600, height: 600 } });
  await art.setContent(`<!doctype html><html><body style="margin:0;background:#fff"><canvas id="qr"></canvas></body></html>`);
  await art.evaluate((matrix) => {
    const module = 8;
    const size = (matrix.length + 8) * module;
    const canvas = document.querySelector('canvas')!;
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.fillStyle = '#000';
    matrix.forEach((row, y) => [...row].forEach((cell, x) => cell === '#' && context.fillRect((x + 4) * module, (y + 4) * module, module, module)));
  }, rows);
  const png = await art.locator('canvas').screenshot({ type: 'png' });
  await art.close();
  return png;
}

/** Every request the page makes, to check where they go and what they carry. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

function expectAllLocal(requests: Request[]) {
  const outside = requests.map((r) => r.url()).filter((url) => !/^(https?:\/\/127\.0\.0\.1:\d+\/|data:|blob:)/.test(url));
  expect(outside, 'requests that left 127.0.0.1').toEqual([]);
}

function carrying(requests: Request[], words: string[]): string[] {
  return requests
    .filter((r) => words.some((word) => decodeURIComponent(r.url()).toLowerCase().includes(word) || (r.postData() ?? '').toLowerCase().includes(word)))
    .map((r) => `${r.method()} ${r.url()}`);
}

test('a screenshot of a scam text is read on the device, checked, then scanned', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const picture = await renderMessagePicture(browser, SCAM_TEXT);
  const requests = recordRequests(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/scan');
  const box = page.getByLabel('Message to scan');
  await box.fill('Got this today, is it real?');

  await page.getByRole('button', { name: 'Scan a screenshot' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'screenshot-button-390.png') });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Scan a screenshot' }).click();
  const started = Date.now();
  await (await chooser).setFiles({ name: 'message.png', mimeType: 'image/png', buffer: picture });

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('progressbar', { name: 'Reading your picture' })).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'screenshot-reading-390.png') });
  await expect(dialog.getByRole('heading', { name: 'Check the text' })).toBeVisible({ timeout: 90_000 });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  test.info().annotations.push({ type: 'ocr-seconds', description: seconds });
  console.log(`Reading the screenshot took ${seconds} s`);

  await expect(dialog.getByText('We read this from your picture. Check it, then scan.')).toBeVisible();
  const read = dialog.getByLabel('Text from your picture');
  await expect(read).toBeFocused();
  const text = (await read.inputValue()).toLowerCase();
  console.log(`Read: ${JSON.stringify(text)}`);
  for (const word of ['usps', 'package', 'unpaid', 'shipping fee', 'pay now', 'usps-redelivery-fee.com']) expect(text).toContain(word);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: join(SHOTS, 'screenshot-review-390.png') });
  // Tab reaches the buttons (Close aside) in the order they are seen: top to bottom on a phone,
  // left to right on a wide screen
  const buttonsAt = (edge: 'top' | 'left') => dialog.getByRole('button').evaluateAll((buttons, side) => buttons.slice(1).map((b) => b.getBoundingClientRect()[side]), edge);
  const ascending = (values: number[]) => values.every((value, i) => i === 0 || value > values[i - 1]!);
  expect(ascending(await buttonsAt('top')), 'buttons stacked in Tab order at 390').toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(SHOTS, 'screenshot-review-1280.png') });
  expect(ascending(await buttonsAt('left')), 'buttons in a row in Tab order at 1280').toBe(true);

  // the box already has the person's words: they are kept, the text comes after them
  await expect(dialog.getByText('Your message box already has text.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to my message' }).click();
  await expect(dialog).toBeHidden();
  await expect(box).toBeFocused();
  const content = await box.inputValue();
  expect(content.startsWith('Got this today, is it real?\n\n')).toBe(true);
  expect(content.toLowerCase()).toContain('unpaid shipping fee');
  await expect(page.getByText('The text from your picture is in the message box. Check it, then scan it.')).toBeVisible();

  // the reader came from our own origin, and nothing carried the picture's text before Scan
  const ocrFiles = requests.map((r) => new URL(r.url()).pathname).filter((path) => path.startsWith('/ocr/'));
  expect(ocrFiles).toEqual(expect.arrayContaining(['/ocr/worker.min.js', '/ocr/eng.traineddata.gz']));
  expect(ocrFiles.some((path) => /^\/ocr\/tesseract-core-[a-z-]*lstm\.js$/.test(path))).toBe(true);
  expect(ocrFiles.some((path) => /^\/ocr\/tesseract-core-[a-z-]*lstm\.wasm$/.test(path))).toBe(true);
  expect(carrying(requests, ['unpaid', 'usps-redelivery'])).toEqual([]);
  expect(requests.filter((r) => r.method() !== 'GET').map((r) => `${r.method()} ${r.url()}`)).toEqual([]);

  await page.getByRole('button', { name: 'Scan Message' }).click();
  const result = page.getByTestId('scan-result');
  await expect(result.getByRole('heading', { name: /Phishing Detected|Suspicious Content/ })).toBeVisible();
  // the scan is the one request that carries the text, to this server
  expect(carrying(requests, ['unpaid'])).toEqual([expect.stringMatching(/^POST http:\/\/127\.0\.0\.1:\d+\/api\/scan\/text$/)]);
  expectAllLocal(requests);
  // the worker and its WebAssembly ran under the CSP ('wasm-unsafe-eval', same-origin worker)
  expect(errors.filter((e) => /Content Security Policy|wasm|worker/i.test(e))).toEqual([]);
});

test('a QR code with a link moves the link to the URL form, without loading the text reader', async ({ page, browser }) => {
  const picture = await renderQrPicture(browser, 'qr-link.txt');
  const requests = recordRequests(page);
  await page.goto('/scan');
  await page.getByTestId('screenshot-file').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: picture });

  await expect(page.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true');
  const url = page.getByLabel('URL to scan');
  await expect(url).toHaveValue(QR_LINK);
  await expect(url).toBeFocused();
  await expect(page.getByText('Its link is ready to check on the URL tab.', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Scan URL' }).click();
  await expect(page.getByTestId('scan-result').getByRole('heading', { name: 'Phishing Detected' })).toBeVisible();
  expect(requests.filter((r) => new URL(r.url()).pathname.startsWith('/ocr/'))).toEqual([]);
  expectAllLocal(requests);
});

test('a QR code with text, a picture without text, and a file that is not a picture', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const qr = await renderQrPicture(browser, 'qr-text.txt');
  await page.goto('/scan');
  const file = page.getByTestId('screenshot-file');

  await file.setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: qr });
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('We read this from a QR code in your picture. Check it, then scan.')).toBeVisible();
  await expect(dialog.getByLabel('Text from your picture')).toHaveValue(/^Your parcel is waiting\. Pay the 1\.99 GBP redelivery fee/);
  await dialog.getByRole('button', { name: 'Use this text' }).click();
  await expect(page.getByLabel('Message to scan')).toHaveValue(/^Your parcel is waiting/);

  // a blank picture goes through the text reader and finds nothing
  const blank = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(400, 300);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#f4f4f5';
    context.fillRect(0, 0, 400, 300);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    return [...bytes];
  });
  await file.setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: Buffer.from(blank) });
  await expect(page.getByRole('alert')).toHaveText("We couldn't find any text in this picture. Type or paste the message instead.", { timeout: 60_000 });
  await expect(page.getByLabel('Message to scan')).toHaveValue(/^Your parcel is waiting/);

  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByRole('alert')).toHaveText('This file is not a picture. Choose a screenshot or a photo (PNG, JPEG, WebP or GIF).');
  await file.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(page.getByRole('alert')).toHaveText(/^This picture could not be opened\./);
  await expect(page.getByLabel('Message to scan')).toHaveValue(/^Your parcel is waiting/);
});

test('reading can be cancelled, and a picture pasted on the message box is read too', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const picture = await renderMessagePicture(browser, SCAM_TEXT);
  await page.goto('/scan');
  const box = page.getByLabel('Message to scan');
  await box.fill('My own words');
  await box.focus();
  await page.evaluate((bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, [...picture]);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Reading your picture' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // back where the picture came from, with the person's words as they were
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('My own words');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test.describe('shared to the installed app', () => {
  // the share target is the service worker's (POST /share): the suite blocks workers elsewhere
  test.use({ serviceWorkers: 'allow' });

  /** Shares to Baitcheck as the system does for an installed app: a form POST to the manifest's /share. */
  async function share(page: Page, fields: { text?: string; image?: Buffer }) {
    await page.evaluate((text) => {
      const form = document.createElement('form');
      form.id = 'system-share';
      form.method = 'post';
      form.action = '/share';
      form.enctype = 'multipart/form-data';
      const file = Object.assign(document.createElement('input'), { type: 'file', name: 'image' });
      const words = Object.assign(document.createElement('input'), { type: 'hidden', name: 'text', value: text });
      form.append(file, words);
      document.body.append(form);
    }, fields.text ?? '');
    if (fields.image) await page.locator('#system-share input[type="file"]').setInputFiles({ name: 'shared.png', mimeType: 'image/png', buffer: fields.image });
    await Promise.all([page.waitForURL(/\/scan/), page.evaluate(() => (document.getElementById('system-share') as HTMLFormElement).submit())]);
  }

  test('a picture shared from another app is read on this device, once; a shared text fills the message box', async ({ page, browser }) => {
    const picture = await renderQrPicture(browser, 'qr-link.txt');
    const requests = recordRequests(page);
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

    await share(page, { image: picture });
    await expect(page.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('URL to scan')).toHaveValue(QR_LINK);
    await expect(page.getByText('Its link is ready to check on the URL tab.', { exact: true })).toBeVisible();
    // out of the address and out of the cache: a reload reads nothing again
    await expect(page).toHaveURL(/\/scan$/);
    expect(await page.evaluate(async () => (await caches.match('/shared-image')) === undefined)).toBe(true);

    await share(page, { text: SCAM_TEXT });
    await expect(page.getByLabel('Message to scan')).toHaveValue(SCAM_TEXT);
    await expect(page).toHaveURL(/\/scan$/);
    expectAllLocal(requests);
  });

  test('a shared text reaches no server, not even in an address, and the focus waits after it in the box', async ({ browser, baseURL }) => {
    // every request the browser sends, the worker's included (page.on('request') does not see
    // those), goes through this proxy on loopback, which passes it on and notes it
    const seen: string[] = [];
    const proxy = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      const target = new URL(request.url ?? '/');
      const onward = httpRequest({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: request.method, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      onward.on('error', () => response.destroy());
      request.pipe(onward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const context = await browser.newContext({
      baseURL,
      serviceWorkers: 'allow',
      viewport: { width: 390, height: 844 },
      // '<-loopback>': Chromium sends loopback through the proxy too
      proxy: { server: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, bypass: '<-loopback>' },
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      expect(seen.length, 'the proxy sees the browser').toBeGreaterThan(0);
      seen.length = 0;
      await share(page, { text: SCAM_TEXT });
      const box = page.getByLabel('Message to scan');
      await expect(box).toHaveValue(SCAM_TEXT);
      await expect(box).toBeFocused();
      expect(await box.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual([SCAM_TEXT.length, SCAM_TEXT.length]);
      await expect(page).toHaveURL(/\/scan$/);
      // the form went to the worker, which answered it; the Scan screen came from its cache
      const carried = seen.filter((line) => /unpaid|usps-redelivery/i.test(decodeURIComponent(line)) || /\/share\b/.test(line));
      expect(carried).toEqual([]);
    } finally {
      await context.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Report } from '@baitcheck/contracts';
import { SAMPLES, expectNoAxeViolations, listMessages } from './helpers';

test('scan a phishing text: verdict, highlights, reasons, advice, report stored, saved to history', async ({ page }) => {
  await page.goto('/scan');
  await page.getByLabel('Message to scan').fill(SAMPLES.phishing);
  await page.getByLabel('Sender').fill(SAMPLES.phishingSender);
  await page.getByLabel('Message type').selectOption('sms');
  await page.getByRole('button', { name: 'Scan Message' }).click();

  const result = page.getByTestId('scan-result');
  await expect(result.getByRole('heading', { name: 'Phishing Detected' })).toBeVisible();
  await expect(result.locator('mark', { hasText: 'URGENT' })).toBeVisible();
  await expect(result.locator('mark', { hasText: 'http://paypa1-secure.com/login' })).toBeVisible();
  await result.getByRole('button', { name: /More details/ }).click();
  await expect(result.getByText('Urgency language detected')).toBeVisible();
  await expect(result.getByRole('heading', { name: 'Recommendations' })).toBeVisible();

  await result.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText(/^Thank you for reporting this message: .*7726/)).toBeVisible();
  const reports = (await (await page.request.get('/api/reports')).json()) as Report[];
  expect(reports).toHaveLength(1);
  expect(reports[0]).toMatchObject({ kind: 'report', content: SAMPLES.phishing, threatLevel: 'phishing' });

  const saved = await listMessages(page.request);
  expect(saved.map((m) => [m.content, m.sender, m.source, m.threatLevel])).toEqual([
    [SAMPLES.phishing, SAMPLES.phishingSender, 'sms', 'phishing'],
  ]);

  await result.getByRole('button', { name: 'Scan New Content' }).click();
  await expect(page.getByLabel('Message to scan')).toHaveValue('');
});

test('scan a safe text: safe header, no reasons, no report or recommendations', async ({ page }) => {
  await page.goto('/scan');
  await page.getByRole('button', { name: 'Scan Message' }).click();
  await expect(page.getByText('Please enter a message to scan.')).toBeVisible();

  await page.getByLabel('Message to scan').fill(SAMPLES.safe);
  await page.getByRole('button', { name: 'Scan Message' }).click();
  const result = page.getByTestId('scan-result');
  await expect(result.getByRole('heading', { name: 'Content Appears Safe' })).toBeVisible();
  await expect(result.getByText('No suspicious elements detected.')).toBeVisible();
  await expect(result.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await expect(result.getByRole('heading', { name: 'Recommendations' })).toHaveCount(0);
  await expect(result.locator('mark')).toHaveCount(0);
});

test('scan a URL: validation, paste-a-link, verdict and threat intelligence panel', async ({ page }) => {
  await page.goto('/scan');
  // Pasting a message with a link moves to the URL tab with the link filled in.
  await page.getByLabel('Message to scan').focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, `Your account is locked, see ${SAMPLES.phishingUrl}.`);
  await expect(page.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('URL to scan')).toHaveValue(SAMPLES.phishingUrl);

  await page.getByLabel('URL to scan').fill('paypal login');
  await page.getByRole('button', { name: 'Scan URL' }).click();
  await expect(page.getByText('Please enter a valid URL starting with http:// or https://')).toBeVisible();

  await page.getByLabel('URL to scan').fill(SAMPLES.phishingUrl);
  await expect(page.getByRole('switch', { name: 'Enhanced Threat Intelligence' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Save to Scan History' })).toBeChecked();
  await page.getByRole('button', { name: 'Scan URL' }).click();

  const result = page.getByTestId('scan-result');
  await expect(result.getByRole('heading', { name: 'Phishing Detected' })).toBeVisible();
  await expect(result.getByRole('heading', { name: 'Analyzed URL' })).toBeVisible();
  await expect(result.locator('mark', { hasText: SAMPLES.phishingUrl })).toBeVisible();
  const details = result.getByRole('button', { name: 'Threat Intelligence Details' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(result.getByText(/Domain|did not run/).first()).toBeVisible();

  const saved = await listMessages(page.request);
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ kind: 'url', sender: '', content: SAMPLES.phishingUrl, threatLevel: 'phishing' });
});

test('social media scan: platform, toasts, false-positive report, clear', async ({ page }) => {
  await page.goto('/scan');
  await page.getByRole('tab', { name: 'Social Media' }).click();
  const scan = page.getByRole('button', { name: 'Scan Message' });
  await expect(scan).toBeDisabled();
  await page.locator('label', { hasText: 'Instagram' }).click();
  await page.getByLabel('Message', { exact: true }).fill(SAMPLES.phishing);
  await scan.click();

  await expect(page.getByText('Scan Complete', { exact: true })).toBeVisible();
  const card = page.getByTestId('social-result');
  await expect(card.getByRole('heading', { name: 'Warning Indicators' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Reviewed Content' })).toBeVisible();
  // What to do now, under the verdict, as on the General Scan result.
  await expect(card.getByTestId('what-to-do')).toContainText(/^What to do now: Don't /);
  const [saved] = await listMessages(page.request);
  expect(saved).toMatchObject({ sender: 'Instagram message', source: 'social' });

  await card.getByRole('button', { name: 'Report Falsely Detected' }).click();
  await expect(page.getByText('Thanks for flagging this result', { exact: true })).toBeVisible();
  const reports = (await (await page.request.get('/api/reports')).json()) as Report[];
  expect(reports.map((r) => r.kind)).toEqual(['false_positive']);

  await card.getByRole('button', { name: 'Clear Results' }).click();
  await expect(page.getByTestId('social-result')).toHaveCount(0);
  // Focus waits in the message box for the next message (not lost to the page).
  await expect(page.getByLabel('Message', { exact: true })).toBeFocused();
  await page.keyboard.type('Next one');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Next one');
});

test('an enhanced scan checks the threat feeds a new install starts with, and names its sources', async ({ page }) => {
  // the first host of apps/server/feeds/starter-feed.txt; the server imports the feed just after it starts
  const url = 'https://ble.sharefile-passmanjones.in/';
  await expect
    .poll(async () => {
      const res = await page.request.post('/api/scan/url', { data: { url, enhancedAnalysis: true } });
      return ((await res.json()) as { reasonDetails: { id: string }[] }).reasonDetails.map((r) => r.id);
    }, { timeout: 30_000 })
    .toContain('known-phishing-host');

  await page.goto('/scan');
  await page.getByRole('tab', { name: 'URL' }).click();
  await page.getByLabel('URL to scan').fill(url);
  await page.getByRole('button', { name: 'Scan URL' }).click();
  const result = page.getByTestId('scan-result');
  await expect(result.getByRole('heading', { name: 'Phishing Detected' })).toBeVisible();
  await expect(result.getByText('Link is on a list of known phishing websites')).toBeVisible();
  await result.getByRole('button', { name: 'Threat Intelligence Details' }).click();
  await expect(result.getByText('Threat feed: baitcheck-starter', { exact: false })).toBeVisible();
  const sources = result.getByRole('region', { name: 'Sources checked' });
  await expect(sources.getByRole('listitem')).toHaveText([/Lists of known scam websites\s*Checked/]);
});

/** Pastes `text` into the focused element as a person's paste does (a real clipboard event). */
async function pasteInto(page: Page, label: string, text: string) {
  await page.getByLabel(label).focus();
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const DELIVERY = 'USPS: your parcel is on hold. Pay the $1.99 redelivery fee at https://usps-redelivery-fee.top/pay within 24 hours or it is returned.';

test('a pasted message with a link keeps the whole message, and can be scanned whole', async ({ page }) => {
  await page.goto('/scan');
  await pasteInto(page, 'Message to scan', DELIVERY);
  await expect(page.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('URL to scan')).toHaveValue('https://usps-redelivery-fee.top/pay');
  const notice = page.getByRole('region', { name: 'We found a link in your message' });
  await expect(notice.getByRole('heading')).toBeFocused();
  await expectNoAxeViolations(page);

  // back on the message tab the text is there, and pasting again does not move away
  await page.getByRole('tab', { name: 'Message' }).click();
  await expect(page.getByLabel('Message to scan')).toHaveValue(DELIVERY);
  await page.getByRole('tab', { name: 'URL' }).click();

  await notice.getByRole('button', { name: 'Scan the whole message instead' }).click();
  const result = page.getByTestId('scan-result');
  await expect(result.getByRole('heading', { name: 'Phishing Detected' })).toBeVisible();
  await expect(result.getByRole('heading', { name: 'Analyzed message' })).toBeVisible();
  const saved = await listMessages(page.request);
  expect(saved.map((m) => [m.kind, m.content])).toEqual([['text', DELIVERY]]);
});

test('a double click on Scan Message scans and saves once', async ({ page }) => {
  await page.goto('/scan');
  await page.getByLabel('Message to scan').fill(SAMPLES.suspicious);
  const scans: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/scan/text')) scans.push(r.headers()['idempotency-key'] ?? '');
  });
  await page.getByRole('button', { name: 'Scan Message' }).dblclick();
  await expect(page.getByTestId('scan-result')).toBeVisible();
  expect(scans).toHaveLength(1);
  expect(scans[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(await listMessages(page.request)).toHaveLength(1);

  // the server too stores a repeated request once, whichever copy arrives first
  const headers = { 'Idempotency-Key': 'e2e-repeat-1' };
  const answers = await Promise.all([1, 2, 3].map(() => page.request.post('/api/scan/text', { data: { content: SAMPLES.phishing }, headers })));
  const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { message: { id: string } }).message.id));
  expect(new Set(ids).size).toBe(1);
  expect(await listMessages(page.request)).toHaveLength(2);
  const reused = await page.request.post('/api/scan/text', { data: { content: SAMPLES.safe }, headers });
  expect(reused.status()).toBe(409);
  expect(((await reused.json()) as { error: { code: string } }).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
});

test('offline, a scan says it cannot reach Baitcheck, keeps the message, and Retry scans it once', async ({ page, context }) => {
  await page.goto('/scan');
  await page.getByLabel('Message to scan').fill(SAMPLES.phishing);
  await page.getByLabel('Sender').fill(SAMPLES.phishingSender);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Scan Message' }).click();
  const alert = page.getByRole('alert').filter({ hasText: "Can't reach Baitcheck — check your connection" });
  await expect(alert).toBeVisible();
  await expect(page.getByText('There was a problem scanning your message.')).toHaveCount(0);
  await expect(page.getByLabel('Message to scan')).toHaveValue(SAMPLES.phishing);
  await expect(page.getByLabel('Sender')).toHaveValue(SAMPLES.phishingSender);
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeFocused();
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('scan-result').getByRole('heading', { name: 'Phishing Detected' })).toBeVisible();
  expect(await listMessages(page.request)).toHaveLength(1);
});

test('a link written without http(s) is scanned with https:// added', async ({ page }) => {
  await page.goto('/scan');
  await page.getByRole('tab', { name: 'URL' }).click();
  await page.getByLabel('URL to scan').fill('amaz0n-refunds.top');
  await page.getByRole('button', { name: 'Scan URL' }).click();
  await expect(page.getByTestId('scan-result').getByRole('heading', { name: 'Analyzed URL' })).toBeVisible();
  const [saved] = await listMessages(page.request);
  expect(saved).toMatchObject({ kind: 'url', content: 'https://amaz0n-refunds.top' });
});

const toastWith = (page: Page, text: string) => page.getByRole('region', { name: /Notifications \(F8\)/ }).getByRole('listitem').filter({ hasText: text });

/** Whether an element's box overlaps `box` (a toast's, taken while it showed: it is fixed to the screen). */
async function overlaps(box: { x: number; y: number; width: number; height: number } | null, b: Locator): Promise<boolean> {
  const y = await b.boundingBox();
  if (!box || !y) throw new Error('not on screen');
  return box.x < y.x + y.width && y.x < box.x + box.width && box.y < y.y + y.height && y.y < box.y + box.height;
}

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Social Media result comes into view with its advice, and the toast covers none of its buttons', async ({ page }) => {
    await page.goto('/scan');
    await page.getByRole('tab', { name: 'Social Media' }).click();
    await page.getByLabel('Message', { exact: true }).fill(SAMPLES.phishing);
    await page.getByRole('button', { name: 'Scan Message' }).click();
    const toast = toastWith(page, 'Scan Complete');
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const card = page.getByTestId('social-result');
    const heading = card.getByRole('heading', { level: 2 });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    expect(await overlaps(toastBox, heading)).toBe(false);
    await expect(card.getByRole('heading', { name: 'Recommendations' })).toBeVisible();
    for (const name of ['Clear Results', 'Report Falsely Detected']) {
      const button = card.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      expect(await overlaps(toastBox, button), name).toBe(false);
    }
    await expectNoAxeViolations(page);
  });

  test("the toast after Report leaves the result's buttons free", async ({ page }) => {
    await page.goto('/scan');
    await page.getByLabel('Message to scan').fill(SAMPLES.phishing);
    await page.getByRole('button', { name: 'Scan Message' }).click();
    const result = page.getByTestId('scan-result');
    const report = result.getByRole('button', { name: 'Report' });
    await report.scrollIntoViewIfNeeded();
    await report.click();
    const toast = toastWith(page, 'Message reported');
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    for (const button of [result.getByRole('button', { name: 'Scan New Content' }), report]) {
      expect(await overlaps(toastBox, button)).toBe(false);
    }
  });
});

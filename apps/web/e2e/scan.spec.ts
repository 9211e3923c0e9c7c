import { expect, test } from '@playwright/test';
import type { Report } from '@baitcheck/contracts';
import { SAMPLES, listMessages } from './helpers';

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

  await page.getByLabel('URL to scan').fill('paypal.com.login');
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
  const [saved] = await listMessages(page.request);
  expect(saved).toMatchObject({ sender: 'Instagram message', source: 'social' });

  await card.getByRole('button', { name: 'Report Falsely Detected' }).click();
  await expect(page.getByText('Thanks for flagging this result', { exact: true })).toBeVisible();
  const reports = (await (await page.request.get('/api/reports')).json()) as Report[];
  expect(reports.map((r) => r.kind)).toEqual(['false_positive']);

  await card.getByRole('button', { name: 'Clear Results' }).click();
  await expect(page.getByTestId('social-result')).toHaveCount(0);
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

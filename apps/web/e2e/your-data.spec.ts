import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { MyDataExportSchema, revealHidden } from '@baitcheck/contracts';
import { SAMPLES, SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage, seedText } from './helpers';
import { PHISHING_HOST, XSS_TITLE, payloadMessages, payloadsWithin } from './xss-payloads';

// Issue 21, "Your data": 'Download my data' and 'Delete my account' on the Account page.

test.use({ reducedMotion: 'reduce' });

const PASSWORD = 'correct horse battery';

async function newAccount(page: Page): Promise<string> {
  const email = `yours-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post('/api/auth/sign-up', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

test('downloads the whole history as a file, then deletes the account after asking the password again', async ({ page }) => {
  const email = await newAccount(page);
  await seedText(page.request, SAMPLES.phishing, SAMPLES.phishingSender);
  await page.goto('/account');
  const card = page.getByRole('main').locator('section, div').filter({ has: page.getByRole('heading', { name: 'Your data' }) }).last();
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();

  // the readable copy first; the data file, pressed with Space as a button is (Space does not scroll the page)
  await expect(card.getByRole('button', { name: /^Download/ })).toHaveText(['Download a readable copy', 'Download a data file']);
  const dataFile = page.getByRole('button', { name: 'Download a data file' });
  await dataFile.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Space')]);
  expect(download.suggestedFilename()).toMatch(/^baitcheck-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = MyDataExportSchema.parse(JSON.parse(readFileSync((await download.path())!, 'utf8')));
  expect(data.account.email).toBe(email);
  expect(data.history.map((m) => m.content)).toEqual([SAMPLES.phishing]);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await card.scrollIntoViewIfNeeded();
    // 'Delete my account' on a line of its own, below the downloads
    const downloads = (await dataFile.boundingBox())!;
    expect((await page.getByRole('button', { name: 'Delete my account' }).boundingBox())!.y).toBeGreaterThan(downloads.y + downloads.height);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `your-data-${width}.png`));
  }
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await dialog.getByLabel('Password', { exact: true }).fill('not the password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your current password is not right.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'your-data-delete-1280.png') });

  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account and everything kept with it have been deleted.').first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Guest', exact: true })).toBeVisible();
  // gone: the history is empty and the account cannot be signed in to
  expect(await (await page.request.get('/api/messages')).json()).toEqual([]);
  expect((await page.request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })).status()).toBe(401);
});

test('a plan that still renews is to be cancelled first, with the way there', async ({ page }) => {
  await newAccount(page);
  const checkout = await page.request.post('/api/create-checkout-session', { data: { priceId: 'premium' } });
  const id = String(((await checkout.json()) as { url: string }).url).split('/').pop()!;
  expect((await page.request.post(`/api/test-checkout/${id}/complete`)).ok()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Cancel it on the Subscription page first');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'your-data-plan-390.png') });
  await alert.getByRole('link', { name: 'Go to the Subscription page' }).click();
  await expect(page).toHaveURL(/\/subscription\?manage=true$/);
});

test('downloads a readable copy that, opened from the file, shows a scam’s markup as text and runs or loads nothing', async ({ page, browser }, testInfo) => {
  await newAccount(page);
  const [message] = payloadMessages(1);
  const sender = `PayPal\u202Egnp.exe ${payloadsWithin(300)}`.slice(0, 320).trim();
  await seedText(page.request, message!, sender);
  await page.goto('/account');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download a readable copy' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^baitcheck-my-data-\d{4}-\d{2}-\d{2}\.html$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your download has started' })).toBeVisible();
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  // opened as a person opens it from their downloads: a file:// page of its own
  const reader = await browser.newPage();
  const seen: string[] = [];
  reader.on('dialog', (dialog) => {
    seen.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  reader.on('console', (line) => seen.push(`console: ${line.text()}`));
  reader.on('pageerror', (error) => seen.push(`error: ${error.message}`));
  reader.on('request', (request) => {
    if (request.url() !== pathToFileURL(file).href) seen.push(`request: ${request.url()}`);
  });
  await reader.goto(pathToFileURL(file).href);
  await expect(reader.getByRole('heading', { level: 1, name: 'Your Baitcheck data' })).toBeVisible();
  const scan = reader.locator('#scans article');
  await expect(scan).toHaveCount(1);
  // the message in full, every payload as its characters; the sender as typed, its hidden character shown
  expect(await scan.locator('blockquote').textContent()).toBe(revealHidden(message!));
  await expect(scan.locator('bdi')).toHaveText(revealHidden(sender));
  await expect(scan.getByRole('heading', { level: 3 })).toContainText('Phishing');
  await expect(reader.locator('#complete')).toHaveText(/^This copy is complete/);
  // nothing the payloads could have made: no script, image, frame, link, form, nor anything they would have done
  expect(await reader.locator('script, img, svg, iframe, object, embed, a, form, base, link, input, details, math').count()).toBe(0);
  expect(await reader.evaluate(() => ({ xss: (window as { __xss?: unknown }).__xss, title: document.title }))).toEqual({ xss: undefined, title: expect.stringMatching(/^Your Baitcheck data, /) });
  expect(await reader.title()).not.toContain(XSS_TITLE);
  // the scam's link is there, as words
  await expect(scan.locator('blockquote')).toContainText(`https://${PHISHING_HOST}/signin`);
  // no dialog, no error, no request but the file's own, and not even a script the policy blocked
  expect(seen).toEqual([]);

  for (const width of [390, 1280]) {
    await reader.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await screenshotWholePage(reader, join(SCREENSHOT_DIR, `your-data-readable-${width}.png`));
  }
  await reader.emulateMedia({ media: 'print' });
  await reader.screenshot({ path: join(SCREENSHOT_DIR, 'your-data-readable-print.png'), fullPage: true });
  await reader.close();
});

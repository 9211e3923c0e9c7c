import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MyDataExportSchema } from '@baitcheck/contracts';
import { SAMPLES, SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage, seedText } from './helpers';

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

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^baitcheck-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = MyDataExportSchema.parse(JSON.parse(readFileSync((await download.path())!, 'utf8')));
  expect(data.account.email).toBe(email);
  expect(data.history.map((m) => m.content)).toEqual([SAMPLES.phishing]);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await card.scrollIntoViewIfNeeded();
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

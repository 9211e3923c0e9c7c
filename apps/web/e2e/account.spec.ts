import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SAMPLES, SCREENSHOT_DIR, expectNoAxeViolations, listMessages, screenshotWholePage, seedText } from './helpers';

test.use({ reducedMotion: 'reduce' });

/** A fresh address per test and per run, so runs and parallel workers never share an account. */
function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

const profileHeading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { level: 2, name, exact: true });

/** Moves within the app (no reload), so the page's cached answers are the ones it shows. */
async function openFromNav(page: Page, label: 'History' | 'Account') {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
}

async function fillAuthForm(page: Page, mode: 'Create account' | 'Sign in', email: string, password: string) {
  await page.getByRole('tab', { name: mode }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: mode, exact: true }).click();
}

test("a guest's scan comes with a new account, leaves on sign-out and comes back on sign-in", async ({ page }) => {
  const email = uniqueEmail('keeper');
  const password = 'correct horse battery';
  await seedText(page.request, SAMPLES.phishing, SAMPLES.phishingSender);
  const history = page.getByRole('main').getByRole('article');

  await page.goto('/history');
  await expect(history).toHaveCount(1);

  await openFromNav(page, 'Account');
  await expect(profileHeading(page, 'Guest')).toBeVisible();
  await fillAuthForm(page, 'Create account', email, password);
  await expect(profileHeading(page, email)).toBeVisible();
  await expect(page.getByText(/^Member since [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();

  await openFromNav(page, 'History');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText(SAMPLES.phishingSender);

  await openFromNav(page, 'Account');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
  await expect(profileHeading(page, 'Guest')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);

  // the history seen before is not shown from the cache: this is a new, empty guest
  await openFromNav(page, 'History');
  await expect(page.getByRole('heading', { name: 'No Messages Found' })).toBeVisible();
  expect(await listMessages(page.request)).toEqual([]);

  await openFromNav(page, 'Account');
  await fillAuthForm(page, 'Sign in', email, password);
  await expect(profileHeading(page, email)).toBeVisible();
  await openFromNav(page, 'History');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText(SAMPLES.phishingSender);
});

test('a wrong password is refused with its message; a changed password is the one that signs in', async ({ page }) => {
  const email = uniqueEmail('changer');
  const oldPassword = 'old password 1';
  const newPassword = 'new password 2';
  expect((await page.request.post('/api/auth/sign-up', { data: { email, password: oldPassword } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/sign-out')).ok()).toBe(true);

  await page.goto('/account');
  await fillAuthForm(page, 'Sign in', email, 'not my password');
  await expect(page.getByRole('alert').filter({ hasText: 'The email or password is not right.' })).toBeVisible();
  await expect(profileHeading(page, 'Guest')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(oldPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(profileHeading(page, email)).toBeVisible();

  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current password', { exact: true }).fill('not it at all');
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Your current password is not right.')).toBeVisible();

  await dialog.getByLabel('Current password', { exact: true }).fill(oldPassword);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // this browser stays signed in
  await page.reload();
  await expect(profileHeading(page, email)).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(profileHeading(page, 'Guest')).toBeVisible();
  await fillAuthForm(page, 'Sign in', email, oldPassword);
  await expect(page.getByRole('alert').filter({ hasText: 'The email or password is not right.' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(profileHeading(page, email)).toBeVisible();
});

test('every tab opens; no axe violations as a guest or signed in; screenshots at 390 and 1280 px', async ({ page }) => {
  // axe on every tab at two widths, and whole-page screenshots: well over a minute on a busy 2-core machine
  test.slow();
  const email = uniqueEmail('looker');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.goto('/account');
    await expect(profileHeading(page, 'Guest')).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const tabs = page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab');
    await expect(tabs).toHaveText(['Account', 'Accessibility', 'Virtual Assistant']);
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `account-guest-${width}.png`));

    // the sign-in form, and a create-account attempt the server refuses field by field
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'current-password');
    await page.getByRole('tab', { name: 'Create account' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'new-password');
    await fillAuthForm(page, 'Create account', 'not-an-email', 'short');
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: 'Accessibility' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Accessibility' });
    await expect(panel.getByRole('switch', { name: /High Contrast/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `account-accessibility-${width}.png`));
    await page.getByRole('tab', { name: 'Account', exact: true }).click();
    await expect(profileHeading(page, 'Guest')).toBeVisible();
  }

  await fillAuthForm(page, 'Create account', email, 'long enough password');
  await expect(profileHeading(page, email)).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.goto('/account');
    await expect(profileHeading(page, email)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `account-signed-in-${width}.png`));

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Current password', { exact: true })).toBeFocused();
    await dialog.getByLabel('New password', { exact: true }).fill('one thing');
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('another');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('The new passwords do not match.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `account-change-password-${width}.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change Password' })).toBeFocused();

    await page.getByRole('tab', { name: 'Accessibility' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Accessibility' }).getByRole('switch', { name: /High Contrast/ })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

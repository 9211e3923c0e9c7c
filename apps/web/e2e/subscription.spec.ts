import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Subscription } from '@baitcheck/contracts';
import { SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage } from './helpers';

// Plans and payments through the server's own test checkout (no Stripe configured in e2e).
test.use({ reducedMotion: 'reduce' });

const WIDTHS = [390, 1280] as const;
const sizeFor = (width: number) => ({ width, height: width < 500 ? 844 : 900 });

/** A fresh address per test and per run, so runs and parallel workers never share an account. */
function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Makes the page's visitor an account (same cookie jar as the page). */
async function signUp(page: Page, label: string) {
  const res = await page.request.post('/api/auth/sign-up', { data: { email: uniqueEmail(label), password: 'long enough password' } });
  expect(res.status(), await res.text()).toBe(201);
}

async function readSubscription(page: Page): Promise<Subscription> {
  const res = await page.request.get('/api/subscription');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Subscription;
}

const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** A plan card on the Plan Cards tab, by the plan's name. */
const planCard = (page: Page, name: string) =>
  page.getByRole('tabpanel', { name: 'Plan Cards' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function openSubscription(page: Page, path = '/subscription') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade Your Protection' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Plan Cards' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Upgrades through the test checkout to `plan` and comes back; answers the checkout's address. */
async function upgradeThroughTestCheckout(page: Page, plan: 'Premium' | 'Family', outcome: 'Complete test payment' | 'Cancel test payment') {
  await planCard(page, plan).getByRole('button', { name: `Upgrade to ${plan}` }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/[^/?]+$/);
  const address = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 2, name: 'TEST checkout: no card is charged' })).toBeVisible();
  await page.getByRole('button', { name: outcome }).click();
  return address;
}

test('a guest is asked to create an account before paying', async ({ page }) => {
  await openSubscription(page);
  const notice = page.getByRole('region', { name: 'Create an account to upgrade' });
  await expect(notice).toContainText('A payment needs an account');
  await expect(page.getByRole('note').filter({ hasText: 'This server uses a test checkout: no card is charged.' })).toBeVisible();

  // pressing Upgrade anyway: the server's answer, with the way to the Account page
  await planCard(page, 'Premium').getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(toast(page, 'Create an account first')).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(planCard(page, 'Premium').getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();

  await notice.getByRole('link', { name: 'Create an account or sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Guest', exact: true })).toBeVisible();
});

test('a new account upgrades to Premium through the test checkout, then cancels with a refund', async ({ page }) => {
  test.slow();
  await signUp(page, 'upgrader');
  await openSubscription(page);
  await expect(page.getByRole('region', { name: 'Create an account to upgrade' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your subscription' })).toHaveCount(0);
  await expect(planCard(page, 'Basic').getByRole('button')).toHaveText('Current Plan');

  // the test checkout says what it is, and is looked at
  await planCard(page, 'Premium').getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'TEST checkout: no card is charged' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Premium plan' })).toBeVisible();
  await expect(page.getByText('$7.99', { exact: true })).toBeVisible();
  await expect(page.getByText(/Your Premium plan starts now/)).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize(sizeFor(width));
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `test-checkout-${width}.png`));
  }
  await page.getByRole('button', { name: 'Complete test payment' }).click();

  // back, with the toast, the query gone and the plan active
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(toast(page, 'Subscription successful!')).toBeVisible();
  const subscription = await readSubscription(page);
  expect(subscription).toMatchObject({ plan: 'premium', status: 'active', cancelAtPeriodEnd: false, provider: 'test' });
  const days = (new Date(subscription.currentPeriodEnd!).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(27);
  expect(days).toBeLessThan(32);
  const banner = page.getByRole('region', { name: 'Your subscription' });
  await expect(banner).toContainText('You are currently subscribed to the Premium plan');
  await expect(banner).toContainText(`Your subscription renews on ${longDate(subscription.currentPeriodEnd!)}`);
  await expect(planCard(page, 'Premium').getByRole('button')).toHaveText('Current Plan');
  await expect(planCard(page, 'Premium').getByRole('button')).toBeDisabled();
  await expect(planCard(page, 'Basic').getByRole('button')).toHaveText('Free Plan');
  await expect(planCard(page, 'Basic').getByRole('button')).toBeDisabled();
  await expect(planCard(page, 'Family').getByRole('button', { name: 'Upgrade to Family' })).toBeEnabled();

  for (const width of WIDTHS) {
    await page.setViewportSize(sizeFor(width));
    await page.getByRole('tab', { name: 'Plan Cards' }).click();
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `subscription-active-${width}.png`));
    await page.getByRole('tab', { name: 'Feature Comparison' }).click();
    await expect(page.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Upgrade to Family ($14.99/mo)' })).toBeEnabled();
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `subscription-active-comparison-${width}.png`));
  }
  await page.getByRole('tab', { name: 'Plan Cards' }).click();

  // the Account page shows the real plan
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByText('Premium · $7.99/month')).toBeVisible();
  await expect(page.getByText(`Renews on ${longDate(subscription.currentPeriodEnd!)}`)).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize(sizeFor(width));
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `account-premium-${width}.png`));
  }
  // the Account page's Manage Subscription opens the plans page with its dialog open
  await page.getByRole('link', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/subscription$/);

  // cancel within the money-back window: the plan ends now (a test payment: nothing was charged, nothing is said to be refunded)
  const dialog = page.getByRole('dialog', { name: 'Manage Subscription' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your plan ends now. This server took a test payment: no card was charged, so there is nothing to refund.');
  await expect(dialog).toContainText(/You can do this until [A-Z][a-z]+ \d{1,2}, \d{4}\./);
  await expect(dialog.getByRole('button', { name: 'Update card and invoices' })).toHaveCount(0);
  for (const width of WIDTHS) {
    await page.setViewportSize(sizeFor(width));
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `subscription-manage-${width}.png`) });
  }
  await expect(dialog.getByRole('heading', { name: 'End your test plan now' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel now' }).click();
  await expect(dialog.getByRole('heading', { name: 'Cancel your Premium plan now?' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'subscription-manage-confirm-1280.png') });
  await dialog.getByRole('button', { name: 'Yes, cancel now' }).click();

  await expect(toast(page, 'Plan canceled')).toBeVisible();
  await expect(toast(page, 'This was a test payment: no card was charged. You are now on the free Basic plan.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your subscription' })).toHaveCount(0);
  await expect(planCard(page, 'Basic').getByRole('button')).toHaveText('Current Plan');
  await expect(planCard(page, 'Premium').getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade Your Protection' })).toBeFocused();
  expect(await readSubscription(page)).toMatchObject({ plan: 'basic', status: 'canceled', refundableUntil: null });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByText('Basic · Free')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();
});

test('cancel at the end of the period keeps the plan until then, and Keep my plan takes it back', async ({ page }) => {
  await signUp(page, 'ender');
  await openSubscription(page);
  await upgradeThroughTestCheckout(page, 'Family', 'Complete test payment');
  await expect(toast(page, 'Subscription successful!')).toBeVisible();
  const end = longDate((await readSubscription(page)).currentPeriodEnd!);
  const banner = page.getByRole('region', { name: 'Your subscription' });
  await expect(banner).toContainText('You are currently subscribed to the Family plan');

  await banner.getByRole('button', { name: 'Manage Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Subscription' });
  await dialog.getByRole('button', { name: 'Cancel at the end of the period' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel at period end' }).click();
  await expect(toast(page, 'Cancellation scheduled')).toBeVisible();
  await expect(banner).toContainText(`Your subscription ends on ${end} and will not renew.`);
  await expect(banner.getByRole('button', { name: 'Manage Subscription' })).toBeFocused();
  expect(await readSubscription(page)).toMatchObject({ plan: 'family', status: 'active', cancelAtPeriodEnd: true });

  // the Account page's Manage Subscription opens the dialog itself, with the focus in it
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Manage Subscription' }).click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  await dialog.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(toast(page, 'Plan kept')).toBeVisible();
  await expect(banner).toContainText(`Your subscription renews on ${end}`);
  expect(await readSubscription(page)).toMatchObject({ plan: 'family', cancelAtPeriodEnd: false });
});

test('leaving the test checkout returns with the canceled toast, the query cleared and no plan', async ({ page }) => {
  await signUp(page, 'leaver');
  await openSubscription(page);
  const checkout = await upgradeThroughTestCheckout(page, 'Family', 'Cancel test payment');
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(toast(page, 'Subscription canceled')).toBeVisible();
  await expect(toast(page, 'Your subscription process was canceled.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your subscription' })).toHaveCount(0);
  await expect(planCard(page, 'Basic').getByRole('button')).toHaveText('Current Plan');
  expect(await readSubscription(page)).toMatchObject({ plan: 'basic' });

  // the closed checkout says so, with the way back
  await page.goto(checkout);
  await expect(page.getByRole('alert')).toContainText('This checkout was canceled.');
  await expect(page.getByRole('button', { name: 'Complete test payment' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to Upgrade Your Protection' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('an unknown test checkout says so and leads back', async ({ page }) => {
  await page.goto('/checkout/test/no-such-checkout');
  await expect(page.getByRole('alert')).toContainText('This checkout does not exist');
  await expectNoAxeViolations(page);
  await screenshotWholePage(page, join(SCREENSHOT_DIR, 'test-checkout-not-found-390.png'));
});

test('/subscription on Basic: both tabs pass axe; screenshots at 390 and 1280 px', async ({ page }) => {
  test.slow();
  for (const who of ['guest', 'account'] as const) {
    if (who === 'account') await signUp(page, 'looker');
    for (const width of WIDTHS) {
      await page.setViewportSize(sizeFor(width));
      await openSubscription(page);
      await expectNoAxeViolations(page);
      await screenshotWholePage(page, join(SCREENSHOT_DIR, `subscription-${who}-${width}.png`));
      await page.getByRole('tab', { name: 'Feature Comparison' }).click();
      await expect(page.getByRole('table', { name: 'What each plan includes' })).toBeVisible();
      await expectNoAxeViolations(page);
      if (who === 'account') {
        // the table fits: nothing scrolls sideways at a phone's width
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBe(0);
        await screenshotWholePage(page, join(SCREENSHOT_DIR, `subscription-comparison-${width}.png`));
        await page.getByRole('button', { name: 'Free Plan' }).click();
        await expect(toast(page, 'Already on the free plan')).toBeVisible();
      }
    }
  }
});

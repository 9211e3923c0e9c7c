import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { FamilyView, Subscription } from '@baitcheck/contracts';
import { SAMPLES, SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage } from './helpers';

// The Family plan end to end: a manager buys Family through the server's own test checkout,
// invites a second account with the copied link (no SMTP in e2e), sees them on the Family
// Dashboard, sets their parental controls and removes them.
test.use({ reducedMotion: 'reduce' });

const WIDTHS = [390, 1280] as const;
const sizeFor = (width: number) => ({ width, height: width < 500 ? 844 : 900 });
const PASSWORD = 'long enough password';

/** A fresh address per test and per run, so runs and parallel workers never share an account. */
function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Makes the page's visitor an account on the Family plan, through the test checkout as the Upgrade page does. */
async function becomeFamilyManager(page: Page): Promise<string> {
  const email = uniqueEmail('manager');
  const signUp = await page.request.post('/api/auth/sign-up', { data: { email, password: PASSWORD } });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const started = await page.request.post('/api/create-checkout-session', { data: { priceId: 'family' } });
  expect(started.ok(), await started.text()).toBe(true);
  const { url } = (await started.json()) as { url: string };
  const done = await page.request.post(`/api/test-checkout/${url.split('/').pop()}/complete`);
  expect(done.ok(), await done.text()).toBe(true);
  const subscription = (await (await page.request.get('/api/subscription')).json()) as Subscription;
  expect(subscription.plan).toBe('family');
  return email;
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function openFamilyDashboard(page: Page) {
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Family Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Family Dashboard' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('a manager invites with a copied link, a second account accepts, and the manager sees, controls and removes them', async ({ page, browser }) => {
  test.slow();
  await becomeFamilyManager(page);
  await page.setViewportSize(sizeFor(1280));
  await openFamilyDashboard(page);
  await expectNoAxeViolations(page);
  await screenshotWholePage(page, join(SCREENSHOT_DIR, 'family-start-1280.png'));

  // the first invitation needs the manager's statement that they are 18 or over
  const memberEmail = uniqueEmail('member');
  await page.getByLabel('Email of the person to invite').fill(memberEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Confirm that you are 18 or over: a family must be managed by an adult.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I am 18 or over, and I will manage this family' }).check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('heading', { name: `Invitation for ${memberEmail}` })).toBeFocused();
  await expect(page.getByText(/Email is not configured on this server, so no email was sent\./)).toBeVisible();
  const link = await page.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/family\/join#[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(`Link works until`)).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of WIDTHS) {
    await page.setViewportSize(sizeFor(width));
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `family-invitation-link-${width}.png`));
  }
  await page.setViewportSize(sizeFor(1280));

  // the second account, in a browser of its own: a guest, who creates the account on the invitation page
  const memberContext = await browser.newContext({ reducedMotion: 'reduce', viewport: sizeFor(390) });
  const member = await memberContext.newPage();
  try {
    await member.goto(link);
    const invitedHeading = member.getByRole('heading', { level: 2, name: /invited you to join their family on Baitcheck$/ });
    await expect(invitedHeading).toBeVisible();
    await expect(member.getByRole('heading', { level: 3, name: 'Sign in or create an account to accept' })).toBeVisible();
    await expectNoAxeViolations(member);
    for (const width of WIDTHS) {
      await member.setViewportSize(sizeFor(width));
      await screenshotWholePage(member, join(SCREENSHOT_DIR, `family-invitation-${width}.png`));
    }
    await member.getByLabel('Email').fill(memberEmail);
    await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await member.getByRole('button', { name: 'Create account', exact: true }).click();
    const accept = member.getByRole('button', { name: 'Accept invitation' });
    await expect(accept).toBeFocused();
    expect(new URL(member.url()).hash.length).toBe(44);
    await member.keyboard.press('Enter');
    await expect(member).toHaveURL(/\/account$/);
    await expect(member.getByRole('heading', { level: 2, name: 'Your family' })).toBeVisible();
    await expect(member.getByText(/You have the Family plan through this family/)).toBeVisible();
    await expect(member.getByText(/^Family · through manager-.*'s family$/)).toBeVisible();
    await expectNoAxeViolations(member);
    await screenshotWholePage(member, join(SCREENSHOT_DIR, 'family-member-account-390.png'));
    const view = (await (await member.request.get('/api/family')).json()) as FamilyView;
    expect(view.role).toBe('member');
    expect(((await (await member.request.get('/api/scan-usage')).json()) as { plan: string }).plan).toBe('family');
    // the link is used
    const again = await member.request.post('/api/family/join', { data: { token: new URL(link).hash.slice(1) } });
    expect(again.status()).toBe(409);

    // the member scans: the manager sees when and from where, not what
    const scan = await member.request.post('/api/scan/text', { data: { content: SAMPLES.phishing, sender: SAMPLES.phishingSender, source: 'sms' } });
    expect(scan.ok()).toBe(true);

    await openFamilyDashboard(page);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 4, name: memberEmail }) });
    await expect(card.getByText('Phishing', { exact: true }).first()).toBeVisible();
    await expect(card.locator('dd').first()).toHaveText('1');
    await expect(card.getByRole('list', { name: 'Threats found' }).getByRole('listitem')).toHaveCount(1);
    await expect(card.getByRole('list', { name: 'Threats found' })).toContainText('SMS');
    await expect(page.getByRole('main')).not.toContainText('paypa1');
    await expect(page.getByRole('main')).not.toContainText(SAMPLES.phishingSender);
    await expectNoAxeViolations(page);
    for (const width of WIDTHS) {
      await page.setViewportSize(sizeFor(width));
      await screenshotWholePage(page, join(SCREENSHOT_DIR, `family-dashboard-${width}.png`));
    }
    await page.setViewportSize(sizeFor(1280));

    // parental controls: SMS off, and only the manager may change them
    await card.getByRole('button', { name: `Parental controls for ${memberEmail}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Parental controls' });
    await dialog.getByRole('switch', { name: 'SMS Protection' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Only I can change these switches' })).toBeChecked();
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, 'family-parental-controls-1280.png'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Parental controls saved')).toBeVisible();
    await expect(card.getByText('Switches set by you')).toBeVisible();

    await member.goto('/settings');
    await expect(member.getByRole('note').filter({ hasText: 'Your family manager sets these switches.' })).toBeVisible();
    await expect(member.getByRole('switch', { name: 'SMS Protection' })).not.toBeChecked();
    await expect(member.getByRole('switch', { name: 'SMS Protection' })).toBeDisabled();
    await expectNoAxeViolations(member);
    await screenshotWholePage(member, join(SCREENSHOT_DIR, 'family-member-settings-390.png'));
    const flip = await member.request.patch('/api/protection-settings', { data: { smsProtection: true } });
    expect(flip.status()).toBe(403);

    // the manager removes the member: back on their own plan, their switches theirs again
    await card.getByRole('button', { name: `Remove ${memberEmail}` }).click();
    await page.getByRole('dialog', { name: `Remove ${memberEmail}?` }).getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Member removed')).toBeVisible();
    await expect(page.getByRole('heading', { level: 4, name: memberEmail })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 3, name: 'Members' })).toBeFocused();

    await member.goto('/account');
    await expect(member.getByRole('main').getByRole('heading', { level: 2, name: memberEmail })).toBeVisible();
    await expect(member.getByRole('heading', { level: 2, name: 'Your family' })).toHaveCount(0);
    await member.goto('/settings');
    await expect(member.getByRole('switch', { name: 'SMS Protection' })).toBeEnabled();
    expect(((await (await member.request.get('/api/scan-usage')).json()) as { plan: string }).plan).toBe('basic');
  } finally {
    await memberContext.close();
  }
});

test('an incomplete or used invitation link says what to do', async ({ page }) => {
  await page.goto('/family/join#not-a-whole-token');
  await expect(page.getByRole('alert')).toContainText('This invitation link is not complete.');
  await page.goto(`/family/join#${'A'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText('This invitation link is not valid');
  await expect(page.getByRole('link', { name: 'Go to Baitcheck' })).toBeVisible();
  await expectNoAxeViolations(page);
});

import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { BlockedSender, NotificationPreferences, TextScanResponse } from '@baitcheck/contracts';
import { SAMPLES, SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage, seedText } from './helpers';
import { SENSITIVITY_DEBOUNCE_MS } from '../src/features/settings/sensitivity';

test.use({ reducedMotion: 'reduce' });

const PREFS_PATH = '/api/notification-preferences';

async function readPrefs(page: Page): Promise<NotificationPreferences> {
  const res = await page.request.get(PREFS_PATH);
  expect(res.ok()).toBe(true);
  return (await res.json()) as NotificationPreferences;
}

/** Counts the PATCH requests the page sends to the preferences. */
function countPatches(page: Page) {
  const seen = { count: 0 };
  page.on('request', (req) => {
    if (req.method() === 'PATCH' && new URL(req.url()).pathname === PREFS_PATH) seen.count += 1;
  });
  return seen;
}

async function expectLoaded(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('every tab opens, by its tab and by its link, with no axe violations', async ({ page }) => {
  // axe on all four tabs: well over a minute on a busy 2-core machine
  test.slow();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Protection' })).toHaveAttribute('aria-selected', 'true');
  // a guest is on Basic: on-device scanning is offered with Upgrade, not switched
  await expect(page.getByText('Checks messages on this device, without sending them to Baitcheck. Part of the Premium and Family plans.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade for On-Device Scanning' })).toBeVisible();
  await expectLoaded(page);
  // Each switch says what it really does today (no plugin brings messages in).
  await expect(page.getByRole('switch', { name: 'Email Protection' })).toHaveAccessibleDescription(
    'Your inbox is checked once you connect it in Settings, Plugins. Emails you paste into Scan are always checked.',
  );
  await expectNoAxeViolations(page);

  const tabs = [
    { name: 'Accessibility', param: 'accessibility', ready: () => page.getByRole('switch', { name: 'High Contrast' }) },
    { name: 'Notifications', param: 'notifications', ready: () => page.getByRole('slider', { name: 'Sensitivity' }) },
    { name: 'Plugins', param: 'plugins', ready: () => page.getByRole('switch', { name: 'Enable SMS' }) },
  ] as const;
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab.name }).click();
    await expect(page.getByRole('tab', { name: tab.name })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(`/settings?tab=${tab.param}`);
    await expect(tab.ready()).toBeVisible();
    await expectLoaded(page);
    await expectNoAxeViolations(page);
  }

  // A link (the header's notifications button) opens the tab, and a reload stays on it.
  for (const tab of tabs) {
    await page.goto(`/settings?tab=${tab.param}`);
    await expect(page.getByRole('tab', { name: tab.name })).toHaveAttribute('aria-selected', 'true');
    await expect(tab.ready()).toBeVisible();
  }
  // The bottom navigation still marks Settings as the current page.
  await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveText('Settings');
});

test('notification types and channels are saved on the server and survive a reload', async ({ page }) => {
  await page.goto('/settings?tab=notifications');
  const tips = page.getByRole('switch', { name: 'Tips and Education' });
  await expect(tips).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Phishing Alerts' })).toHaveAttribute('aria-checked', 'true');

  await tips.click();
  await expect(page.getByText('Notification setting updated', { exact: true })).toBeVisible();
  await expect(tips).toHaveAttribute('aria-checked', 'true');
  expect((await readPrefs(page)).types.tips_and_education).toBe(true);

  const email = page.getByRole('switch', { name: 'Email' });
  await email.click();
  await expect(page.getByText('Notification channel updated', { exact: true })).toBeVisible();
  expect((await readPrefs(page)).channels).toEqual({ push: true, email: true, sms: false });

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Tips and Education' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Email' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'SMS' })).toHaveAttribute('aria-checked', 'false');
});

test('the sensitivity slider shows its label and sends one request per change', async ({ page }) => {
  const patches = countPatches(page);
  // The page's clock is ours: on a busy machine two key presses can be further apart than the
  // debounce, so the clock is held still while they are pressed and then moved on past it.
  await page.clock.install();
  await page.goto('/settings?tab=notifications');
  const slider = page.getByRole('slider', { name: 'Sensitivity' });
  const label = page.getByTestId('sensitivity-label');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Medium');
  await expect(label).toHaveText('Medium');

  // Keys: one step shows the next label at once; two quick steps send one request.
  await page.clock.pauseAt(Date.now() + 60_000);
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', 'High');
  await expect(label).toHaveText('High');
  expect(patches.count).toBe(0);
  await page.clock.runFor(SENSITIVITY_DEBOUNCE_MS + 100);
  await page.clock.resume();
  await expect(page.getByText('Sensitivity updated', { exact: true })).toBeVisible();
  await expect.poll(async () => (await readPrefs(page)).sensitivity).toBe(5);
  expect(patches.count).toBe(1);
  const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && new URL(res.url()).pathname === PREFS_PATH);
  await page.keyboard.press('ArrowLeft');
  await expect(label).toHaveText('Medium-High');
  expect(((await (await saved).json()) as NotificationPreferences).sensitivity).toBe(4);
  await expect(page.getByText('Sensitivity updated', { exact: true })).toBeVisible();
  expect(patches.count).toBe(2);

  // Pointer: a drag across the whole track to the low end, one request when released. The toast
  // is closed first: on a wide screen it sits over the right end of the track.
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByText('Sensitivity updated', { exact: true })).toBeHidden();
  await slider.scrollIntoViewIfNeeded();
  const thumb = await slider.boundingBox();
  const track = await page.getByTestId('sensitivity-slider').boundingBox();
  if (!thumb || !track) throw new Error('The slider is not laid out');
  await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
  await page.mouse.down();
  for (let x = thumb.x; x >= track.x - 10; x -= 20) await page.mouse.move(x, thumb.y + thumb.height / 2);
  await page.mouse.up();
  await expect(slider).toHaveAttribute('aria-valuetext', 'Low');
  await expect(label).toHaveText('Low');
  await expect.poll(async () => (await readPrefs(page)).sensitivity).toBe(1);
  expect(patches.count).toBe(3);

  await page.reload();
  await expect(page.getByRole('slider', { name: 'Sensitivity' })).toHaveAttribute('aria-valuetext', 'Low');
  await expect(page.getByTestId('sensitivity-label')).toHaveText('Low');
});

test('a refused change shows the error toast and the switch returns to the saved value', async ({ page }) => {
  await page.goto('/settings?tab=notifications');
  const sms = page.getByRole('switch', { name: 'SMS' });
  await expect(sms).toHaveAttribute('aria-checked', 'false');
  // The server is up; only this one request is made to fail, as a dropped connection would.
  await page.route(`**${PREFS_PATH}`, (route) => (route.request().method() === 'PATCH' ? route.abort('failed') : route.continue()));
  await sms.click();
  await expect(page.getByText('Failed to update settings.', { exact: true })).toBeVisible();
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(sms).toHaveAttribute('aria-checked', 'false');
  expect((await readPrefs(page)).channels.sms).toBe(false);
});

test("the Plugins tab lists the server's four plugins, and says 'No plugins found' for an empty list", async ({ page }) => {
  const res = await page.request.get('/api/plugins');
  expect(Object.keys(await res.json())).toEqual(['sms', 'email', 'slack', 'social-media']);
  await page.goto('/settings?tab=plugins');
  const panel = page.getByRole('tabpanel', { name: 'Plugins' });
  await expect(panel.getByTestId('plugin-row')).toHaveCount(4);
  await expect(panel.getByRole('heading', { name: 'No plugins found' })).toHaveCount(0);

  // a server with no plugins (this one has four): the spec's empty state
  await page.route('**/api/plugins', (route) => route.fulfill({ json: {} }));
  await page.reload();
  await expect(panel.getByRole('heading', { name: 'No plugins found' })).toBeVisible();
  await expect(panel.getByRole('switch')).toHaveCount(0);
});

test('screenshots of the Notifications tab at 390 and 1280 px', async ({ page }) => {
  // axe and whole-page screenshots at two widths: well over a minute on a busy 2-core machine
  test.slow();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.goto('/settings?tab=notifications');
    await expect(page.getByRole('slider', { name: 'Sensitivity' })).toBeVisible();
    // Where alerts go comes first, in view without scrolling, with which alerts leave the app.
    await expect(page.getByRole('heading', { name: 'Where alerts go' })).toBeInViewport();
    await expect(page.getByRole('tabpanel', { name: 'Notifications' })).toContainText(/^Where alerts go/);
    await expect(page.getByText(/Alerts about scans you make yourself show only in the app/)).toBeVisible();
    await expectLoaded(page);
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `settings-notifications-${width}.png`));
  }
});

const BLOCKED_LABEL = 'Sender is on your blocked list';
const MUM = 'Mum';
const MUM_TEXT = 'Hi love, are we still on for dinner on Sunday? I will bring dessert. Love, Mum';

async function listBlocked(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/blocked-senders');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as BlockedSender[]).map((b) => b.sender);
}

async function scanReasons(page: Page, content: string, sender: string): Promise<string[]> {
  const res = await page.request.post('/api/scan/text', { data: { content, sender, source: 'sms', saveToHistory: false } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as TextScanResponse).analysis.reasons;
}

function blockedEntry(page: Page, sender: string) {
  return page.locator('[data-blocked-id]').filter({ has: page.getByRole('button', { name: `Unblock ${sender}`, exact: true }) });
}

async function goByNavigation(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
}

test('a sender blocked by mistake is listed in Settings and unblocked there; the next scan from them is not called blocked', async ({ page }) => {
  // axe twice, and a scan through the Scan screen: well over a minute on a busy 2-core machine
  test.slow();
  // An older block, and an alert from Mum that the person blocks by mistake on Home.
  expect((await page.request.post('/api/blocked-senders', { data: { sender: SAMPLES.phishingSender } })).status()).toBe(201);
  await seedText(page.request, SAMPLES.phishing, MUM);

  await page.goto('/settings');
  await expect(blockedEntry(page, SAMPLES.phishingSender)).toContainText('Blocked today');
  await goByNavigation(page, 'Dashboard');
  const alert = page.getByRole('main').getByRole('article').filter({ hasText: `Message from ${MUM}` });
  await alert.getByRole('button', { name: 'Block Sender' }).click();
  await expect(page.getByText(/^Added to your blocked senders/)).toBeVisible();
  expect(await scanReasons(page, MUM_TEXT, MUM)).toContain(BLOCKED_LABEL);

  // Back in Settings (the list was read before the block): newest first, without a reload.
  await goByNavigation(page, 'Settings');
  const rows = page.locator('[data-blocked-id]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(MUM);
  await expect(rows.nth(0)).toContainText('Blocked today');
  await expect(rows.nth(1)).toContainText(SAMPLES.phishingSender);
  await expectNoAxeViolations(page);

  // By keyboard: Enter on Unblock, then focus is on the next sender and Tab reaches its button.
  await page.getByRole('button', { name: `Unblock ${MUM}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Sender unblocked', { exact: true })).toBeVisible();
  await expect(page.getByText(`Scans of messages from ${MUM} will no longer warn that you blocked them.`, { exact: true })).toBeVisible();
  await expect(blockedEntry(page, MUM)).toHaveCount(0);
  await expect(blockedEntry(page, SAMPLES.phishingSender)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Unblock ${SAMPLES.phishingSender}`, exact: true })).toBeFocused();
  expect(await listBlocked(page)).toEqual([SAMPLES.phishingSender]);
  await expectNoAxeViolations(page);

  // The next scan of Mum's text, from the Scan screen, no longer says she is blocked.
  await goByNavigation(page, 'Scan');
  await page.getByLabel('Message to scan').fill(MUM_TEXT);
  await page.getByLabel('Sender').fill(MUM);
  await page.getByRole('button', { name: 'Scan Message' }).click();
  await expect(page.getByRole('heading', { name: 'Content Appears Safe' })).toBeVisible();
  await expect(page.getByText(BLOCKED_LABEL)).toHaveCount(0);
  // The sender still blocked is still called blocked.
  expect(await scanReasons(page, MUM_TEXT, SAMPLES.phishingSender)).toContain(BLOCKED_LABEL);
});

test('a failed unblock says so and keeps the sender listed and the keyboard focus on its button', async ({ page }) => {
  expect((await page.request.post('/api/blocked-senders', { data: { sender: MUM } })).status()).toBe(201);
  await page.goto('/settings');
  const unblock = page.getByRole('button', { name: `Unblock ${MUM}`, exact: true });
  await page.route('**/api/blocked-senders/*', (route) => (route.request().method() === 'DELETE' ? route.abort('failed') : route.continue()));
  await unblock.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Failed to unblock sender. Please try again.', { exact: true })).toBeVisible();
  await expect(unblock).toBeFocused();
  await expect(blockedEntry(page, MUM)).toBeVisible();
  expect(await listBlocked(page)).toEqual([MUM]);
});

test('screenshots of the blocked senders at 390 and 1280 px, empty and listed, with no axe violations', async ({ page }) => {
  // axe and whole-page screenshots at two widths, empty and listed: well over a minute on a busy 2-core machine
  test.slow();
  await page.goto('/settings');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.reload();
    await expect(page.getByRole('heading', { name: "You haven't blocked anyone" })).toBeVisible();
    await expectLoaded(page);
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `settings-blocked-empty-${width}.png`));
  }
  for (const sender of ['+44 7700 900123', 'Parcel Desk <track@parcel-redelivery-support-centre.top>', MUM]) {
    expect((await page.request.post('/api/blocked-senders', { data: { sender } })).ok()).toBe(true);
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.reload();
    await expect(page.locator('[data-blocked-id]')).toHaveCount(3);
    // A long address wraps inside the card rather than pushing Unblock off the screen.
    const button = await page.getByRole('button', { name: /^Unblock Parcel Desk/ }).boundingBox();
    expect(button && button.x + button.width).toBeLessThanOrEqual(width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `settings-blocked-list-${width}.png`));
  }
});

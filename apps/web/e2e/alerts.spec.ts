import { expect, test, type Page } from '@playwright/test';
import type { NotificationList } from '@baitcheck/contracts';
import { SAMPLES, SCREENSHOT_DIR, expectNoAxeViolations, seedText } from './helpers';

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
// inside the "New alerts" region (its list is fixed on the screen, the region itself has no box)
const popup = (page: Page) => page.getByRole('region', { name: /New alerts/ }).getByTestId('notification-popup');

/**
 * Opens the app and waits for its live stream. With `session`, the visitor has one first (an
 * alert raised by another client reaches a stream only once the visitor has a session).
 */
async function openApp(page: Page, { session = true }: { session?: boolean } = {}) {
  if (session) expect((await page.request.patch('/api/notification-preferences', { data: { sensitivity: 3 } })).status()).toBe(200);
  const stream = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  expect((await stream).status()).toBe(200);
}

test('a scan that finds phishing raises the header count, its pop-up only from elsewhere; the list opens the History entry', async ({ page }) => {
  // a newcomer: their first scan makes their session, and its alert reaches them
  await openApp(page, { session: false });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scan' }).click();
  await page.getByLabel('Message to scan').fill(SAMPLES.phishing);
  await page.getByLabel('Sender').fill(SAMPLES.phishingSender);
  await page.getByRole('button', { name: 'Scan Message' }).click();
  await expect(page.getByTestId('scan-result').getByRole('heading', { name: 'Phishing Detected' })).toBeVisible();

  // the count in the header, live from the server's stream; no pop-up over the result being read
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await page.waitForTimeout(1_000);
  await expect(popup(page)).toHaveCount(0);
  // the same scan from another client of the same person (a plugin, another tab) pops up here,
  // and the pop-up goes by itself after 5 seconds
  await seedText(page.request, `${SAMPLES.phishing} Ref 3`, SAMPLES.phishingSender);
  await expect(popup(page).getByText('Phishing detected')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await expect(popup(page).getByText('Phishing detected')).toBeHidden({ timeout: 8_000 });

  await bell(page).click();
  const panel = page.getByRole('dialog');
  // the newest first: the one from the other client
  await expect(panel.getByRole('link', { name: /Phishing detected/ })).toHaveCount(2);
  const item = panel.getByRole('link', { name: /Phishing detected/ }).first();
  await expect(item).toBeVisible();
  await expect(panel.getByText(/that you scanned looks like phishing/).first()).toBeVisible();
  // the scam's link is never in the alert
  await expect(panel).not.toContainText('paypa1-secure.com');
  await item.click();

  await expect(page).toHaveURL(/\/history\?messageId=/);
  const id = new URL(page.url()).searchParams.get('messageId')!;
  const target = page.locator(`[data-message-id="${id}"]`);
  await expect(target).toBeFocused();
  await expect(target.getByRole('button', { name: 'Show Less' })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  const list = (await (await page.request.get('/api/notifications')).json()) as NotificationList;
  expect(list.unread).toBe(1);
  expect(list.notifications[0]).toMatchObject({ type: 'phishing_alert', messageId: id, url: `/history?messageId=${id}` });
});

test('an alert raised elsewhere (another tab, a plugin) arrives live; a second updates the pop-up in place; Mark all read', async ({ page }) => {
  await openApp(page);
  // the same person, another client: the page hears it over its open stream
  await seedText(page.request, SAMPLES.phishing, SAMPLES.phishingSender);
  await expect(popup(page).getByText('Phishing detected')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await seedText(page.request, `${SAMPLES.phishing} Ref 2`, SAMPLES.phishingSender);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  // the dashboard counts them without a reload
  await expect(page.locator('dl dt:text-is("Phishing") + dd').first()).toHaveText('2');
  // at most one pop-up, updated in place
  await expect(popup(page)).toHaveCount(1);
  await expect(popup(page)).toContainText('2 new alerts');

  await bell(page).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('link', { name: /Phishing detected/ })).toHaveCount(2);
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
});

test('closing the pop-up from the keyboard (Close, or Escape) gives the focus back to where it was', async ({ page }) => {
  await openApp(page);
  const scanLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scan' });
  for (const how of ['Enter on Close', 'Escape'] as const) {
    await seedText(page.request, `${SAMPLES.phishing} Ref ${how}`, SAMPLES.phishingSender);
    await expect(popup(page).getByText('Phishing detected')).toBeVisible();
    // where the person was, then into the pop-up as Tab brings them (it has no hotkey: F8 is the toasts')
    await scanLink.focus();
    const close = popup(page).getByRole('button', { name: 'Close alert' });
    await close.focus();
    await expect(close).toBeFocused();
    await page.keyboard.press(how === 'Escape' ? 'Escape' : 'Enter');
    await expect(popup(page)).toHaveCount(0);
    await expect(scanLink, how).toBeFocused();
    // and Tab goes on from there, not from the top of the page
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).not.toBeFocused();
  }
});

for (const { name, width, height } of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`the notifications panel and pop-up at ${name} width`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openApp(page);
    await seedText(page.request, SAMPLES.phishing, SAMPLES.phishingSender);
    await seedText(page.request, SAMPLES.suspicious, 'DHL');
    await expect(popup(page)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/alerts-popup-${name}.png` });
    await bell(page).click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('link', { name: /Phishing detected/ }).first()).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/alerts-panel-${name}.png` });
    // Escape closes it and gives the focus back to the bell
    await page.keyboard.press('Escape');
    await expect(bell(page)).toBeFocused();
  });
}

import { expect, test } from '@playwright/test';

test('the status banner follows the connection: offline, then active again', async ({ page, context }) => {
  await page.goto('/');
  const banner = page.locator('[role="status"][data-state]');
  await expect(banner).toHaveAttribute('data-state', 'active');
  await expect(banner).toContainText('Ready to check.');

  await context.setOffline(true);
  await expect(banner).toHaveAttribute('data-state', 'offline');
  await expect(banner).toContainText('Offline.');

  const stream = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
  await context.setOffline(false);
  await expect(banner).toHaveAttribute('data-state', 'active');
  // the live notifications start (or start again) once the connection is back
  expect((await stream).status()).toBe(200);
});

// The live notifications load in after-first-screen-*.js (this test named another chunk, which the
// build stopped making, and so passed while aborting nothing). A browser keeps a dynamic import that
// failed to fetch as failed: the shell's retry imports a fresh address (shell.tsx).
test('going offline while the live notifications load leaves the app running, and they start once back online', async ({ page, context }) => {
  // the chunk fails to load, as it does when the connection drops just then
  let fail = true;
  await page.route(/after-first-screen-.*\.js$/, (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/');
  const banner = page.locator('[role="status"][data-state]');
  await expect(banner).toHaveAttribute('data-state', 'active');
  await context.setOffline(true);
  await expect(banner).toHaveAttribute('data-state', 'offline');
  fail = false;
  const stream = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
  await context.setOffline(false);
  await expect(banner).toHaveAttribute('data-state', 'active');
  expect((await stream).status()).toBe(200);
});

test('one toast at a time, F8 moves focus to it, and it can be closed', async ({ page }) => {
  // two changes with different toasts (the Home push switch no longer toasts in a test browser: it cannot subscribe)
  await page.goto('/settings?tab=notifications');
  await page.getByRole('switch', { name: 'Tips and Education' }).click();
  await expect(page.getByText('Notification setting updated', { exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Email' }).click();
  await expect(page.getByText('Notification channel updated', { exact: true })).toBeVisible();
  // The new toast replaced the old one.
  const region = page.getByRole('region', { name: /Notifications \(F8\)/ });
  await expect(region.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Notification setting updated', { exact: true })).toHaveCount(0);

  await page.keyboard.press('F8');
  await expect(region.locator('ol')).toBeFocused();
  await region.getByRole('button', { name: 'Close notification' }).click();
  await expect(region.getByRole('listitem')).toHaveCount(0);
});

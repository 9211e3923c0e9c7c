import { expect, test, type Page } from '@playwright/test';

const isStream = (url: string) => url.includes('/api/notifications/stream');

test('the status banner follows the connection: offline, then active again', async ({ page, context }) => {
  // The live notifications start when the browser is idle after the first screen: under load that
  // can come after the offline below (it then proves nothing about starting again). Their stream
  // answering first is this test's precondition.
  const started = page.waitForResponse((r) => isStream(r.url()));
  await page.goto('/');
  const banner = page.locator('[role="status"][data-state]');
  await expect(banner).toHaveAttribute('data-state', 'active');
  await expect(banner).toContainText('Ready to check.');
  expect((await started).status()).toBe(200);

  await context.setOffline(true);
  await expect(banner).toHaveAttribute('data-state', 'offline');
  await expect(banner).toContainText('Offline.');

  // the stream starts again once the connection is back: at once, not at the browser's own next
  // try, which the server puts 15 s away for a newcomer (one more when a try fell in the offline
  // time: what timed this test out under load when it waited for that try)
  const again = page.waitForRequest((r) => isStream(r.url()), { timeout: 10_000 });
  await context.setOffline(false);
  await expect(banner).toHaveAttribute('data-state', 'active');
  expect((await (await again).response())?.status()).toBe(200);
});

/**
 * Holds the after-first-screen chunk's first request until `fail` is called, then fails it as a
 * dropped connection does (`fail` resolves once it has failed).
 */
async function holdLiveNotificationsChunk(page: Page): Promise<{ requested: Promise<void>; fail: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markFailed!: () => void;
  const failed = new Promise<void>((resolve) => (markFailed = resolve));
  let markRequested!: () => void;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  // the first request only: the retry's address has a query of its own (shell.tsx)
  await page.route(/after-first-screen-[^/?]*\.js$/, async (route) => {
    markRequested();
    await released;
    await route.abort('internetdisconnected');
    markFailed();
  });
  return {
    requested,
    fail: () => {
      release();
      return failed;
    },
  };
}

// The live notifications load in after-first-screen-*.js (this test named another chunk, which the
// build stopped making, and so passed while aborting nothing). A browser keeps a dynamic import that
// failed to fetch as failed: the shell's retry imports a fresh address (shell.tsx).
test('going offline while the live notifications load leaves the app running, and they start once back online', async ({ page, context }) => {
  // the chunk fails to load, as it does when the connection drops just then
  const chunk = await holdLiveNotificationsChunk(page);
  await page.goto('/');
  const banner = page.locator('[role="status"][data-state]');
  await expect(banner).toHaveAttribute('data-state', 'active');
  await chunk.requested;
  await context.setOffline(true);
  await expect(banner).toHaveAttribute('data-state', 'offline');
  await chunk.fail();
  const stream = page.waitForResponse((r) => isStream(r.url()));
  await context.setOffline(false);
  await expect(banner).toHaveAttribute('data-state', 'active');
  expect((await stream).status()).toBe(200);
});

test('when the connection is back before the failed load of the live notifications is told, they start at once', async ({ page, context }) => {
  // a fetch that hangs until the connection is back, then fails: the 'online' has gone by then
  const chunk = await holdLiveNotificationsChunk(page);
  await page.goto('/');
  const banner = page.locator('[role="status"][data-state]');
  await chunk.requested;
  await context.setOffline(true);
  await expect(banner).toHaveAttribute('data-state', 'offline');
  await context.setOffline(false);
  await expect(banner).toHaveAttribute('data-state', 'active');
  // well before the retry a minute later, which is not what this tests
  const stream = page.waitForResponse((r) => isStream(r.url()), { timeout: 20_000 });
  await chunk.fail();
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

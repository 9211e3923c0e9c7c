import { expect, test } from '@playwright/test';

test('the status banner follows the connection: offline, then active again', async ({ page, context }) => {
  await page.goto('/');
  const banner = page.locator('[role="status"][data-state]');
  await expect(banner).toHaveAttribute('data-state', 'active');
  await expect(banner).toContainText('Ready to check.');

  await context.setOffline(true);
  await expect(banner).toHaveAttribute('data-state', 'offline');
  await expect(banner).toContainText('Offline.');

  await context.setOffline(false);
  await expect(banner).toHaveAttribute('data-state', 'active');
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

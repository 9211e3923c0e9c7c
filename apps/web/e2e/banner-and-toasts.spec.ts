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
  await page.goto('/');
  const push = page.getByRole('switch', { name: 'Push Notifications' });
  await push.click();
  await expect(page.getByText('Notifications disabled', { exact: true })).toBeVisible();
  await push.click();
  await expect(page.getByText('Notifications enabled', { exact: true })).toBeVisible();
  // The new toast replaced the old one.
  const region = page.getByRole('region', { name: /Notifications \(F8\)/ });
  await expect(region.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Notifications disabled', { exact: true })).toHaveCount(0);

  await page.keyboard.press('F8');
  await expect(region.locator('ol')).toBeFocused();
  await region.getByRole('button', { name: 'Close notification' }).click();
  await expect(region.getByRole('listitem')).toHaveCount(0);
});

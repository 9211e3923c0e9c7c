import { expect, test } from '@playwright/test';
import { SAMPLES, seedText } from './helpers';

test('a second visitor sees nothing of the first', async ({ page, browser }) => {
  const first = await seedText(page.request, SAMPLES.phishing, SAMPLES.phishingSender);
  await page.goto('/history');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);

  const other = await browser.newContext();
  const second = await other.newPage();
  try {
    await second.goto('/');
    await expect(second.getByRole('heading', { name: 'No Threats Detected' })).toBeVisible();
    await expect(second.getByRole('status').filter({ hasText: 'Ready to check.' })).toBeVisible();
    await expect(second.locator('dd').first()).toHaveText('0');

    await second.goto('/history');
    await expect(second.getByRole('heading', { name: 'No Messages Found' })).toBeVisible();
    await second.goto(`/history?messageId=${first.message.id}`);
    await expect(second.getByText('The message you opened is no longer in your history.')).toBeVisible();

    const del = await second.request.delete(`/api/messages/${first.message.id}`);
    expect(del.status()).toBe(404);
  } finally {
    await other.close();
  }

  // The first visitor still has it.
  await page.reload();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
});

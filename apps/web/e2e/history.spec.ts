import { expect, test } from '@playwright/test';
import { SAMPLES, listMessages, seedText, seedUrl } from './helpers';

test('history: every entry, filters by verdict, delete, and the messageId deep link', async ({ page }) => {
  const phishing = await seedText(page.request, SAMPLES.phishing, SAMPLES.phishingSender);
  await seedText(page.request, SAMPLES.safe, SAMPLES.safeSender);
  await seedUrl(page.request, SAMPLES.phishingUrl);
  const all = await listMessages(page.request);
  const count = (level: string) => all.filter((m) => m.threatLevel === level).length;
  expect(count('phishing')).toBeGreaterThanOrEqual(2);
  expect(count('safe')).toBe(1);

  await page.goto('/history');
  const entries = page.getByRole('main').getByRole('article');
  await expect(entries).toHaveCount(3);
  await expect(entries.filter({ hasText: 'URL Scan' })).toHaveCount(1);
  await expect(entries.first().getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();

  await page.getByRole('tab', { name: 'Phishing' }).click();
  await expect(entries).toHaveCount(count('phishing'));
  await expect(entries.getByRole('heading', { name: 'Content Appears Safe' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Suspicious' }).click();
  if (count('suspicious') === 0) await expect(page.getByRole('heading', { name: 'No Suspicious Messages' })).toBeVisible();
  await page.getByRole('tab', { name: 'Safe' }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(SAMPLES.safeSender);

  // Show More reveals the highlighted content and reasons.
  await page.getByRole('tab', { name: 'All' }).click();
  const entry = entries.filter({ hasText: SAMPLES.phishingSender });
  await entry.getByRole('button', { name: 'Show More' }).click();
  await expect(entry.locator('mark', { hasText: 'URGENT' })).toBeVisible();
  await expect(entry.getByText('Urgency language detected')).toBeVisible();
  await entry.getByRole('button', { name: 'Show Less' }).click();
  await expect(entry.locator('mark')).toHaveCount(0);

  // Delete the safe one.
  await page.getByRole('tab', { name: 'Safe' }).click();
  await entries.first().getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The message has been removed from your history.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Safe Messages' })).toBeVisible();
  expect((await listMessages(page.request)).some((m) => m.threatLevel === 'safe')).toBe(false);
  await page.reload();
  await expect(entries).toHaveCount(2);

  // A phishing-alert push opens the entry directly.
  await page.goto(`/history?messageId=${phishing.message.id}`);
  const target = page.locator(`[data-message-id="${phishing.message.id}"]`);
  await expect(target).toBeFocused();
  await expect(target.getByRole('button', { name: 'Show Less' })).toBeVisible();
  await expect(target.locator('mark', { hasText: 'URGENT' })).toBeVisible();
});

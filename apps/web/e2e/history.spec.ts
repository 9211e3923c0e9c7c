import { expect, test, type Page } from '@playwright/test';
import { SAMPLES, expectNoAxeViolations, listMessages, seedText, seedUrl } from './helpers';

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
  // The word-list reasons wait behind 'More details', as on the scan result.
  await entry.getByRole('button', { name: /More details/ }).click();
  await expect(entry.getByText('Urgency language detected')).toBeVisible();
  await entry.getByRole('button', { name: 'Show Less' }).click();
  await expect(entry.locator('mark')).toHaveCount(0);
  // A safe entry shows its text with no highlights and no warning reasons.
  const safeEntry = entries.filter({ hasText: SAMPLES.safeSender });
  await safeEntry.getByRole('button', { name: 'Show More' }).click();
  await expect(safeEntry).toContainText(SAMPLES.safe);
  await expect(safeEntry.getByText('No suspicious elements detected.', { exact: true })).toBeVisible();
  await expect(safeEntry.locator('mark')).toHaveCount(0);
  await expect(safeEntry.getByRole('button', { name: /More details/ })).toHaveCount(0);
  await expect(safeEntry.locator('li')).toHaveCount(0);
  await safeEntry.getByRole('button', { name: 'Show Less' }).click();

  // Delete the safe one: gone from the list at once, focus on the heading (the list is empty).
  await page.getByRole('tab', { name: 'Safe' }).click();
  await entries.first().getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The message has been removed from your history.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Safe Messages' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scan History', level: 1 })).toBeFocused();
  // Sent when the toast has shown its 10 seconds (a toast with Undo stays twice the usual 5).
  await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden({ timeout: 15_000 });
  await expect.poll(async () => (await listMessages(page.request)).some((m) => m.threatLevel === 'safe')).toBe(false);
  await page.reload();
  await expect(entries).toHaveCount(2);

  // A phishing-alert push opens the entry directly.
  await page.goto(`/history?messageId=${phishing.message.id}`);
  const target = page.locator(`[data-message-id="${phishing.message.id}"]`);
  await expect(target).toBeFocused();
  await expect(target.getByRole('button', { name: 'Show Less' })).toBeVisible();
  await expect(target.locator('mark', { hasText: 'URGENT' })).toBeVisible();
});

test('history: a text without sender is a message, not a URL scan', async ({ page }) => {
  await seedText(page.request, SAMPLES.suspicious);
  await seedUrl(page.request, SAMPLES.phishingUrl);
  await page.goto('/history');
  const entries = page.getByRole('main').getByRole('article');
  await expect(entries).toHaveCount(2);
  await expect(entries.filter({ hasText: 'Message · no sender given' })).toContainText('Your parcel could not be delivered');
  await expect(entries.filter({ hasText: 'URL Scan' })).toContainText(SAMPLES.phishingUrl);
});

test('history: a safe entry whose message has a weak sign ("20 mins") shows no highlight and no warning', async ({ page }) => {
  const text = 'Running 20 mins late, order me a flat white please! See you at the cafe';
  const seeded = await seedText(page.request, text, 'Anna');
  // The engine's weakest sign is there, and the verdict is safe: the case this is about.
  expect(seeded.analysis.threatLevel).toBe('safe');
  expect(seeded.analysis.highlights.length).toBeGreaterThan(0);
  await page.goto('/history');
  const entry = page.getByRole('main').getByRole('article').filter({ hasText: 'Anna' });
  await entry.getByRole('button', { name: 'Show More' }).click();
  await expect(entry).toContainText(text);
  await expect(entry.getByText('No suspicious elements detected.', { exact: true })).toBeVisible();
  await expect(entry.locator('mark')).toHaveCount(0);
  for (const reason of seeded.analysis.reasons) await expect(entry.getByText(reason, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

/** Three entries (newest first: Cat, Ben, Ann); Ben's deleted by keyboard, focus on to Ann's. */
async function deleteBensByKeyboard(page: Page) {
  await seedText(page.request, 'First: lunch on Friday?', 'Ann');
  await seedText(page.request, 'Second: the gate code is 4411', 'Ben');
  await seedText(page.request, 'Third: see you at the match', 'Cat');
  await page.goto('/history');
  const entries = page.getByRole('main').getByRole('article');
  await expect(entries).toHaveCount(3);
  const ids = await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-message-id')));
  await entries.nth(1).getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(entries).toHaveCount(2);
  await expect(page.locator(`[data-message-id="${ids[2]}"]`)).toBeFocused();
  return { entries, ids };
}

test('history by keyboard: Delete moves focus to the next entry, Undo puts the entry back, and leaving the page still deletes', async ({ page }) => {
  const { entries, ids } = await deleteBensByKeyboard(page);

  // F8 reaches the toasts (the spec's hotkey); Tab goes into the toast, then to Undo.
  const undo = page.getByRole('button', { name: 'Undo' });
  await page.keyboard.press('F8');
  let tabs = 0;
  while (tabs < 3 && !(await undo.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab');
    tabs += 1;
  }
  await expect(undo).toBeFocused();
  expect(tabs).toBeLessThanOrEqual(2);
  // The toast with its Undo button passes axe too (it stays open while focus is in it).
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  await expect(entries).toHaveCount(3);
  await expect(page.locator(`[data-message-id="${ids[1]}"]`)).toBeFocused();
  await page.waitForTimeout(500);
  expect((await listMessages(page.request)).map((m) => m.id)).toContain(ids[1]);

  // Delete again, and leave at once: the delete is not lost.
  await entries.nth(0).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect.poll(async () => (await listMessages(page.request)).map((m) => m.id)).toEqual([ids[1], ids[2]]);
  // the 404 page is a route of its own, loaded on demand: check it once it is there
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('history by keyboard: Ctrl+Z undoes the latest delete while its Undo is on offer, and the toast says so', async ({ page }) => {
  // Deleted by keyboard: the toast names the key.
  const { entries, ids } = await deleteBensByKeyboard(page);
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  await expect(toast).toContainText('Press Ctrl+Z to undo.');
  await expect(toast.getByRole('button', { name: 'Undo' })).toHaveAttribute('aria-keyshortcuts', 'Control+Z');
  await expectNoAxeViolations(page);

  // The key, from where focus is: Ben's entry is back, focused, and the toast is gone.
  await page.keyboard.press('Control+z');
  await expect(entries).toHaveCount(3);
  await expect(page.locator(`[data-message-id="${ids[1]}"]`)).toBeFocused();
  await expect(toast).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect((await listMessages(page.request)).map((m) => m.id)).toContain(ids[1]);
  await page.reload();
  await expect(entries).toHaveCount(3);
});

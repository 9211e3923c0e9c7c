import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SAMPLES, SCREENSHOT_DIR, expectNoAxeViolations, seedText } from './helpers';

// What a worried person met on Home (issue 14): a long link that made the whole phone page wider
// than the screen, and buttons and switches that dropped the keyboard focus. (Report on the scan
// result: result.spec.ts.)

test.use({ reducedMotion: 'reduce' });

const LONG_LINK_TEXT =
  'Royal Mail: your parcel is held, pay £1.99 at https://royalmail-redelivery-fee.top/pay?ref=ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnop';
const LONG_SENDER = 'royal.mail.delivery.notifications-service-centre@royalmail-redelivery-fee.top';

/** What has the keyboard focus: its role and accessible name as the page says them, or 'BODY'. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const labelledBy = el.getAttribute('aria-labelledby');
    const name = labelledBy ? document.getElementById(labelledBy)?.textContent : el.textContent;
    return `${role}: ${(name ?? '').trim()}`;
  });
}

test.describe('Home at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const largeText of [false, true]) {
    test(`a long link and sender in a Recent Alert wrap inside the screen${largeText ? ', with Large Text' : ''}`, async ({ page }) => {
      if (largeText) {
        await page.addInitScript(() => localStorage.setItem('baitcheck.accessibility', JSON.stringify({ largeText: true })));
      }
      await seedText(page.request, LONG_LINK_TEXT, LONG_SENDER);
      await page.goto('/');
      const alert = page.getByRole('main').getByRole('article');
      await expect(alert.getByRole('heading', { name: 'Phishing Detected' })).toBeVisible();
      await expect(alert.locator('mark', { hasText: 'royalmail-redelivery-fee.top' })).toBeVisible();
      if (largeText) await expect(page.locator('html')).toHaveAttribute('data-text', 'large');

      // Nothing is wider than the screen: no sideways scrolling, every counter and the whole alert in view.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      for (const box of [await alert.boundingBox(), await page.getByRole('term').filter({ hasText: 'Safe' }).boundingBox()]) {
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
      await page.screenshot({ path: join(SCREENSHOT_DIR, `home-long-link${largeText ? '-large' : ''}-390.png`) });
      await expectNoAxeViolations(page);
    });
  }
});

test('Report and Block Sender on a Recent Alert keep the keyboard focus', async ({ page }) => {
  await seedText(page.request, SAMPLES.phishing, SAMPLES.phishingSender);
  await page.goto('/');
  const alert = page.getByRole('main').getByRole('article');
  await alert.getByRole('button', { name: 'Report' }).focus();
  await page.keyboard.press('Enter');
  await expect(alert.getByRole('button', { name: 'Reported' })).toBeFocused();
  expect(await focused(page)).toBe('button: Reported');

  await page.keyboard.press('Tab');
  await expect(alert.getByRole('button', { name: 'Block Sender' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(alert.getByRole('button', { name: 'Blocked' })).toBeFocused();
  expect(await focused(page)).toBe('button: Blocked');
  await expect(alert.getByRole('button', { name: 'Blocked' })).toHaveAttribute('aria-disabled', 'true');
  await expectNoAxeViolations(page);
});

for (const [where, path] of [
  ['Home, Protection Status', '/'],
  ['Settings, Protection', '/settings'],
] as const) {
  test(`Space on a protection switch keeps the focus on it (${where})`, async ({ page }) => {
    await page.goto(path);
    const sms = page.getByRole('main').getByRole('switch', { name: 'SMS Protection' });
    await expect(sms).toBeChecked();
    await sms.focus();
    await page.keyboard.press('Space');
    await expect(sms).not.toBeChecked();
    await expect(page.getByText('Your protection settings have been updated.', { exact: true })).toBeVisible();
    await expect(sms).toBeFocused();
    expect(await focused(page)).toBe('switch: SMS Protection');
    // And it answers the keyboard again at once.
    await page.keyboard.press('Space');
    await expect(sms).toBeChecked();
    await expect(sms).toBeFocused();
    await expect.poll(async () => ((await (await page.request.get('/api/protection-settings')).json()) as { smsProtection: boolean }).smsProtection).toBe(true);
  });
}

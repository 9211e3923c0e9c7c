import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SCREENSHOT_DIR, expectNoAxeViolations, seedText } from './helpers';

// What a worried person met on Home (issue 14): a long link that made the whole phone page wider
// than the screen.

test.use({ reducedMotion: 'reduce' });

const LONG_LINK_TEXT =
  'Royal Mail: your parcel is held, pay £1.99 at https://royalmail-redelivery-fee.top/pay?ref=ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnop';
const LONG_SENDER = 'royal.mail.delivery.notifications-service-centre@royalmail-redelivery-fee.top';

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

import { expect, test, type Page } from '@playwright/test';
import { SAMPLES, expectNoAxeViolations, seedText } from './helpers';

/*
 * What has keyboard focus is never hidden under the sticky header or a toast (WCAG 2.4.11), and
 * a tab panel with controls in it is no extra Tab stop before them.
 */

/**
 * What hides the focused element, if anything: the sticky header, or a toast. With `toastText`,
 * that toast must be showing too (a check made after it ended proves nothing).
 */
async function whatHidesFocus(page: Page, toastText?: string): Promise<string | null> {
  return page.evaluate((toastText) => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing has focus';
    const r = el.getBoundingClientRect();
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const covers = (b: DOMRect) => b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom;
    const header = document.querySelector('header');
    if (header && !header.contains(el) && covers(header.getBoundingClientRect())) return `${name} is under the header`;
    const region = document.querySelector('[role="region"][aria-label^="Notifications"]');
    const toasts = [...(region?.querySelectorAll('li') ?? [])];
    if (toastText && !toasts.some((t) => t.textContent?.includes(toastText))) return `the toast "${toastText}" is not showing`;
    if (region?.contains(el)) return null;
    for (const toast of toasts) {
      if (covers(toast.getBoundingClientRect())) return `${name} is under the toast "${toast.textContent?.slice(0, 30)}"`;
    }
    return null;
  }, toastText);
}

/*
 * Tests that look at a toast hold the page's clock (page.clock.install, then pauseAt) before the
 * toast is asked for, so it cannot end while a busy machine works through the checks; each look
 * moves the page on by a few frames, enough for a toast to step aside.
 */
const FRAMES_MS = 50;

async function holdClock(page: Page) {
  await page.clock.pauseAt(Date.now() + 1000);
}

/** Waits for a toast saying `text` (moving the held clock on, so the page's work gets done). */
async function expectToast(page: Page, text: string | RegExp) {
  const region = page.getByRole('region', { name: /Notifications/ });
  await expect
    .poll(async () => {
      await page.clock.runFor(FRAMES_MS);
      return (await region.getByRole('listitem').allTextContents()).join(' ');
    })
    .toMatch(text);
}

/** Asserts focus is in view within a few frames (a toast steps aside on the next one), `toastText` still showing. */
async function expectFocusInView(page: Page, toastText?: string) {
  await expect
    .poll(async () => {
      if (toastText) await page.clock.runFor(FRAMES_MS);
      return whatHidesFocus(page, toastText);
    })
    .toBeNull();
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the toast after Report steps off the alert's buttons and the switches as Tab reaches them", async ({ page }) => {
    await seedText(page.request, SAMPLES.phishing, SAMPLES.phishingSender);
    await seedText(page.request, 'Your Netflix payment failed. Update your card at http://netflix-billing-help.com now or lose access', 'Netflix');
    await page.clock.install();
    await page.goto('/');
    const alert = page.getByRole('main').getByRole('article').first();
    await alert.getByRole('button', { name: /^Report/ }).focus();
    await holdClock(page);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Message reported');
    // Each control after it, through the next alert: none is under the toast while it shows.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      await expectFocusInView(page, 'Message reported');
    }
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a toast hides none of the controls Tab reaches, up to the header', async ({ page }) => {
    await page.clock.install();
    await page.goto('/settings');
    const sms = page.getByRole('switch', { name: 'SMS Protection' });
    await sms.focus();
    await holdClock(page);
    await page.keyboard.press('Space');
    await expectToast(page, 'Settings updated');
    await expectFocusInView(page, 'Settings updated');
    // Back up to the header's buttons.
    for (const name of ['Open settings', 'Notifications', 'Accessibility settings']) {
      const button = page.getByRole('banner').getByRole(name === 'Open settings' ? 'link' : 'button', { name, exact: name !== 'Notifications' });
      for (let i = 0; i < 12 && !(await button.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Shift+Tab');
      await expect(button).toBeFocused();
      await expectFocusInView(page, 'Settings updated');
    }
  });

  test('the email heading after a keyboard sign-up is below the header, on a short screen (keyboard open)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 450 });
    await page.clock.install();
    await page.goto('/account');
    await page.getByLabel('Email').focus();
    const email = `focus-${Date.now()}@example.com`;
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('a long enough password');
    await page.keyboard.press('Tab'); // Show password
    await page.keyboard.press('Tab'); // Create account
    await expect(page.getByRole('button', { name: 'Create account' })).toBeFocused();
    await holdClock(page);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Account created');
    await expect(page.getByRole('heading', { level: 2, name: email })).toBeFocused();
    // Neither under the header nor under the toast.
    await expectFocusInView(page, 'Account created');
  });

  test('a tab panel with controls is no extra Tab stop; one with none keeps its stop, below the header', async ({ page }) => {
    await page.goto('/settings');
    // the panel's switches come with the settings' data: Tab before they are drawn goes past them
    await expect(page.getByRole('switch', { name: 'SMS Protection' })).toBeVisible();
    await page.getByRole('tab', { name: 'Protection' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('switch', { name: 'SMS Protection' })).toBeFocused();

    await page.goto('/account');
    await page.getByRole('tab', { name: 'Accessibility' }).click();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Accessibility' })).not.toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Accessibility' }).locator(':focus')).toHaveCount(1);

    // History with nothing in it: the empty panel is the stop (as WAI-ARIA says), in view.
    await page.goto('/history');
    await page.getByRole('tab', { name: 'Safe' }).click();
    await expect(page.getByRole('heading', { name: 'No Safe Messages' })).toBeVisible();
    await page.keyboard.press('Tab');
    const panel = page.getByRole('tabpanel', { name: 'Safe' });
    await expect(panel).toBeFocused();
    await expectFocusInView(page);
    await expectNoAxeViolations(page);
  });
});

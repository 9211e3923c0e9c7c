import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage } from './helpers';

const STORAGE_KEY = 'baitcheck.accessibility';

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Recent Alerts' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

function computed(locator: Locator, property: 'fontSize' | 'filter' | 'transitionDuration' | 'textDecorationLine') {
  return locator.evaluate((el, p) => getComputedStyle(el)[p], property);
}

async function htmlAttributes(page: Page) {
  return page.evaluate(() => {
    const html = document.documentElement;
    return {
      contrast: html.getAttribute('data-contrast'),
      text: html.getAttribute('data-text'),
      motion: html.getAttribute('data-motion'),
      colorblind: html.getAttribute('data-colorblind'),
    };
  });
}

/** Whether the focused element is inside the open dialog. */
function focusInDialog(page: Page) {
  return page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
}

test('the header dialog: choices apply at once, survive a reload and change what is drawn', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHome(page);
  // 'Last 7 days' for a guest: the dashboard counts the Basic plan's 7 days of history
  const bodyText = page.getByText(/^Last \d+ days$/);
  const badge = page.getByText('No phishing found', { exact: true });
  const fontBefore = parseFloat(await computed(bodyText, 'fontSize'));
  expect(await computed(badge, 'filter')).toBe('none');
  expect(await htmlAttributes(page)).toEqual({ contrast: null, text: null, motion: null, colorblind: null });

  const button = page.getByRole('button', { name: 'Accessibility settings' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Accessibility' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'High Contrast' })).toBeVisible();
  await screenshotWholePage(page, join(SCREENSHOT_DIR, 'accessibility-dialog-1280.png'));

  // Focus stays inside the dialog however far one tabs.
  expect(await focusInDialog(page)).toBe(true);
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page)).toBe(true);
  }

  await dialog.getByRole('switch', { name: 'High Contrast' }).click();
  await dialog.getByRole('switch', { name: 'Large Text' }).click();
  await dialog.getByRole('radio', { name: 'Deuteranopia' }).click();
  // Applied at once, behind the dialog too.
  expect(await htmlAttributes(page)).toEqual({ contrast: 'high', text: 'large', motion: null, colorblind: 'deuteranopia' });
  expect(parseFloat(await computed(bodyText, 'fontSize'))).toBeGreaterThan(fontBefore * 1.1);

  // Escape closes and gives focus back to the header button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Recent Alerts' })).toBeVisible();
  expect(await htmlAttributes(page)).toEqual({ contrast: 'high', text: 'large', motion: null, colorblind: 'deuteranopia' });
  const fontAfter = parseFloat(await computed(bodyText, 'fontSize'));
  expect(fontAfter).toBeGreaterThanOrEqual(fontBefore * 1.12);
  // The threat colours are drawn through the colour-vision filter, then the high-contrast one.
  const filter = await computed(badge, 'filter');
  expect(filter).toContain('#deuteranopia');
  expect(filter).toContain('#high-contrast-threat');
  // The filters it points at exist in the page.
  expect(await page.locator('svg[aria-hidden="true"] filter#deuteranopia feColorMatrix').count()).toBe(1);
  // High contrast underlines links in the content.
  expect(await computed(page.getByRole('main').getByRole('link', { name: 'View All' }), 'textDecorationLine')).toBe('underline');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotWholePage(page, join(SCREENSHOT_DIR, 'accessibility-home-high-contrast-390.png'));
  await page.setViewportSize({ width: 1280, height: 800 });

  await button.click();
  await expect(dialog.getByRole('switch', { name: 'High Contrast' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByRole('switch', { name: 'Large Text' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByRole('switch', { name: 'Reduced Motion' })).toHaveAttribute('aria-checked', 'false');
  await expect(dialog.getByRole('radio', { name: 'Deuteranopia' })).toBeChecked();
  await screenshotWholePage(page, join(SCREENSHOT_DIR, 'accessibility-dialog-high-contrast-1280.png'));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'accessibility-dialog-high-contrast-390.png') });

  // Back to none: the filter goes, the saved choice with it.
  await dialog.getByRole('radio', { name: 'None' }).click();
  await dialog.getByRole('switch', { name: 'High Contrast' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-colorblind');
  expect(await computed(badge, 'filter')).toBe('none');
  expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY)) ?? '{}')).toEqual({
    highContrast: false,
    largeText: true,
    colorBlindMode: 'none',
  });
});

test('the dialog at phone width, and the close button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHome(page);
  const button = page.getByRole('button', { name: 'Accessibility settings' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Accessibility' });
  await expect(dialog.getByTestId('accessibility-preview')).toBeVisible();
  // Nothing sticks out sideways at 390 px.
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'accessibility-dialog-390.png') });
  await screenshotWholePage(page, join(SCREENSHOT_DIR, 'accessibility-dialog-whole-390.png'));
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('reduced motion chosen in the app turns transitions off', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ reducedMotion: true })), STORAGE_KEY);
  await openHome(page);
  await expect(page.locator('html')).toHaveAttribute('data-motion', 'reduced');
  const duration = await computed(page.getByRole('switch', { name: 'SMS Protection' }), 'transitionDuration');
  expect(parseFloat(duration)).toBeLessThan(0.001);
});

test('no axe violations on / with high contrast on', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ highContrast: true })), STORAGE_KEY);
  await openHome(page);
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  await expectNoAxeViolations(page);
});

for (const [path, tabs] of [
  ['/account', ['Account', 'Accessibility']],
  ['/settings', ['Protection', 'Accessibility', 'Notifications', 'Plugins']],
] as const) {
  test(`no axe violations on ${path}, every tab, with high contrast on`, async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ highContrast: true })), STORAGE_KEY);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: tab, exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}

test('a corrupt saved value does not break the app', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, '{"largeText":tru'), STORAGE_KEY);
  await openHome(page);
  expect(await htmlAttributes(page)).toEqual({ contrast: null, text: null, motion: null, colorblind: null });
  await page.getByRole('button', { name: 'Accessibility settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Accessibility' }).getByRole('switch', { name: 'Large Text' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});

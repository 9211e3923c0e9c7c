import { expect, test, type Page } from '@playwright/test';
import { SAMPLES } from './helpers';

/** Describes the focused element and whether its focus is visibly drawn. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const visible = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40),
      visible,
    };
  });
}

async function tabUntil(page: Page, match: (f: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f && match(f)) return f;
  }
  throw new Error('Never reached the element by keyboard');
}

test('every stop of the home page keyboard path shows a visible focus indicator', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('switch', { name: 'SMS Protection' })).toBeVisible();
  const stops = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f) stops.push(f);
  }
  expect(stops.length).toBeGreaterThan(10);
  expect(stops.filter((s) => !s.visible)).toEqual([]);
  // The switches are on the path, as switches.
  expect(stops.some((s) => s.role === 'switch')).toBe(true);
});

test('a message can be scanned with the keyboard alone', async ({ page }) => {
  await page.goto('/scan');
  await tabUntil(page, (f) => f.tag === 'textarea');
  await page.keyboard.type(SAMPLES.phishing);
  const button = await tabUntil(page, (f) => f.tag === 'button' && f.name === 'Scan Message');
  expect(button.visible).toBe(true);
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: 'Phishing Detected' });
  await expect(heading).toBeVisible();
  // Focus moves to the verdict so a screen reader hears it first.
  await expect(heading).toBeFocused();
});

import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage } from './helpers';

// The Privacy Policy, the Terms of Service and the FAQ: Markdown from content/pages, served by
// GET /api/help-pages/:id and rendered by the app's one Markdown renderer.
test.use({ reducedMotion: 'reduce' });

const WIDTHS = [390, 1280] as const;
const sizeFor = (width: number) => ({ width, height: width < 500 ? 844 : 900 });

const PAGES = [
  { path: '/privacy-policy', title: 'Privacy Policy', firstSection: 'The short version' },
  { path: '/terms-of-service', title: 'Terms of Service', firstSection: 'The service' },
  { path: '/faq', title: 'FAQ', firstSection: 'Scanning and verdicts' },
] as const;

/** Opens a help page and waits for its text (no placeholder left). */
async function openHelpPage(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
}

/** Whether `selector` is in view between the sticky header and the bottom navigation. */
async function isInView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)?.getBoundingClientRect();
    const header = document.querySelector('[data-sticky-bar="top"]')?.getBoundingClientRect();
    const nav = document.querySelector('[data-sticky-bar="bottom"]')?.getBoundingClientRect();
    if (!el || !header || !nav) return false;
    return el.top >= header.bottom - 1 && el.bottom <= nav.top + 1;
  }, selector);
}

for (const help of PAGES) {
  test(`${help.path} loads its text, is axe clean at 390 and 1280 px, and Back to Home goes home`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    for (const width of WIDTHS) {
      await page.setViewportSize(sizeFor(width));
      await openHelpPage(page, help.path, help.title);
      await expect(page).toHaveTitle(`${help.title} · Baitcheck`);
      await expect(page.getByRole('heading', { level: 2, name: help.firstSection, exact: true })).toBeVisible();
      // nothing wider than the screen but a table's own scrolling frame
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `help${help.path.replace('/', '-')}-${width}.png`) });
      await screenshotWholePage(page, join(SCREENSHOT_DIR, `help${help.path.replace('/', '-')}-${width}-whole.png`));
    }
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('the legal pages are dated, the Privacy Policy when it last changed', async ({ page }) => {
  await openHelpPage(page, '/privacy-policy', 'Privacy Policy');
  await expect(page.getByText('Last updated: November 28, 2026')).toBeVisible();
  await openHelpPage(page, '/terms-of-service', 'Terms of Service');
  await expect(page.getByText(/^Last updated: \w+ \d{1,2}, \d{4}$/)).toBeVisible();
});

for (const legal of [PAGES[0], PAGES[1]]) {
  test(`${legal.path}: each table of contents link jumps to its section`, async ({ page }) => {
    await page.setViewportSize(sizeFor(390));
    await openHelpPage(page, legal.path, legal.title);
    const toc = page.getByRole('navigation', { name: 'Contents' });
    const links = toc.getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(8);
    // every '##' section is listed, in order
    const sections = page.getByRole('main').locator('h2:not(#toc-heading)');
    expect(await links.allTextContents()).toEqual(await sections.allTextContents());
    for (const index of [count - 1, Math.floor(count / 2), 1]) {
      const link = links.nth(index);
      const id = (await link.getAttribute('href'))!.slice(1);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`h2#${id}`)).toBeFocused();
      expect(await isInView(page, `h2#${id}`), id).toBe(true);
    }
  });
}

test('a link to a section from another page lands on it once the text has loaded', async ({ page }) => {
  await page.setViewportSize(sizeFor(390));
  await page.goto('/privacy-policy#cookies-and-browser-storage');
  const heading = page.getByRole('heading', { level: 2, name: 'Cookies and browser storage' });
  await expect(heading).toBeFocused();
  expect(await isInView(page, '#cookies-and-browser-storage')).toBe(true);

  // in the app: the Terms' link to the Privacy Policy's section on families, without a page load
  await openHelpPage(page, '/terms-of-service', 'Terms of Service');
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  await page.locator('main a[href="/privacy-policy#children-and-families"]').click();
  await expect(page).toHaveURL(/\/privacy-policy#children-and-families$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Children and families' })).toBeFocused();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('FAQ: questions open and close from the keyboard, Expand all opens every one', async ({ page }) => {
  await page.setViewportSize(sizeFor(390));
  await openHelpPage(page, '/faq', 'FAQ');
  const questions = page.getByRole('main').locator('h3 > button');
  const count = await questions.count();
  expect(count).toBeGreaterThanOrEqual(20);
  // every answer closed at first
  await expect(page.getByRole('main').locator('h3 > button[aria-expanded="true"]')).toHaveCount(0);

  const question = page.getByRole('button', { name: 'How accurate is Baitcheck?' });
  const answer = page.locator(`#${await question.getAttribute('aria-controls')}`);
  await expect(answer).toBeHidden();
  // Tab from the question before it, as a keyboard user goes down the list
  await page.getByRole('button', { name: 'What do safe, suspicious and phishing mean?' }).focus();
  await page.keyboard.press('Tab');
  await expect(question).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('No detector is perfect.');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Space');
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();

  const toggleAll = page.getByRole('button', { name: 'Expand all' });
  await toggleAll.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').locator('h3 > button[aria-expanded="true"]')).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Collapse all' })).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshotWholePage(page, join(SCREENSHOT_DIR, 'help-faq-expanded-390-whole.png'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').locator('h3 > button[aria-expanded="true"]')).toHaveCount(0);
});

test("FAQ: a link to a question opens it and goes to it", async ({ page }) => {
  await page.setViewportSize(sizeFor(390));
  await page.goto('/faq#how-do-i-delete-my-account-and-all-my-data');
  const question = page.getByRole('button', { name: 'How do I delete my account and all my data?' });
  await expect(question).toBeFocused();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator(`#${await question.getAttribute('aria-controls')}`)).toContainText('Delete my account');
  expect(await isInView(page, '#how-do-i-delete-my-account-and-all-my-data')).toBe(true);
  // only that one
  await expect(page.getByRole('main').locator('h3 > button[aria-expanded="true"]')).toHaveCount(1);
});

test("FAQ: links to the pages the spec names, in view without opening a question", async ({ page }) => {
  await openHelpPage(page, '/faq', 'FAQ');
  for (const path of ['/privacy-policy', '/subscription', '/terms-of-service', '/account']) {
    await expect(page.getByRole('main').locator(`a[href="${path}"]:visible`).first(), path).toBeVisible();
  }
  // and they lead there, inside the app
  await page.getByRole('main').locator('a[href="/subscription"]:visible').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade Your Protection' })).toBeVisible();
});

test('the help pages API serves the pages and answers 404 for others', async ({ request }) => {
  const faq = await request.get('/api/help-pages/faq');
  expect(faq.status()).toBe(200);
  expect(faq.headers()['cache-control']).toBe('public, max-age=300');
  expect(await faq.json()).toMatchObject({ id: 'faq', title: 'FAQ' });
  const missing = await request.get('/api/help-pages/cookie-policy');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error.code).toBe('HELP_PAGE_NOT_FOUND');
});

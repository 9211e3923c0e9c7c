import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { join } from 'node:path';
import { SCREENSHOT_DIR, expectNoAxeViolations, holdChunk } from './helpers';

const banner = (page: Page) => page.locator('[role="status"][data-state]');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Counts the requests for the build's code in flight, but for `held`'s: a page's chunk comes with
 * chunks it needs, and one of those still loading when the connection drops fails too, which is not
 * what these tests are about.
 */
function watchOtherChunks(page: Page, held: string) {
  const inFlight = new Set<Request>();
  const isOther = (request: Request) => /\/assets\/[^/]+\.js/.test(request.url()) && !request.url().includes(`/assets/${held}-`);
  page.on('request', (request) => {
    if (isOther(request)) inFlight.add(request);
  });
  const done = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { settled: () => expect.poll(() => inFlight.size).toBe(0) };
}

/** Opens the home page and waits until it is drawn. */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveAttribute('data-state', 'active');
}

/**
 * Does `open` with the chunk `name` held (holdChunk), and returns once it is asked for and every
 * other chunk asked for meanwhile has loaded.
 */
async function openWithChunkHeld(page: Page, name: string, open: () => Promise<void>) {
  const others = watchOtherChunks(page, name);
  const chunk = await holdChunk(page, name);
  await open();
  await chunk.requested;
  await others.settled();
  return chunk;
}

/** Opens the home page, then a page of the navigation with its chunk held. */
async function openPageWithItsChunkHeld(page: Page, link: 'History' | 'Scan' = 'History') {
  await openHome(page);
  return openWithChunkHeld(page, link === 'History' ? 'history-page' : 'scan-page', () => mainNav(page).getByRole('link', { name: link }).click());
}

/** Opens the History page with its chunk held, drops the connection, and fails the chunk. */
async function failHistoryOffline(page: Page, context: BrowserContext) {
  const chunk = await openPageWithItsChunkHeld(page);
  await context.setOffline(true);
  await expect(banner(page)).toHaveAttribute('data-state', 'offline');
  await chunk.fail();
}

test('a page whose code fails to load as the connection drops leaves the app up, and loads once back online', async ({ page, context }) => {
  await failHistoryOffline(page, context);

  // the app is still there: header, banner, navigation, and in place of the page a message
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toBeVisible();
  expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBeGreaterThan(0);
  await expect(alert.getByRole('heading', { name: 'This page could not load' })).toBeVisible();
  await expect(alert).toContainText('Check your connection and try again.');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Baitcheck');
  await expect(banner(page)).toHaveAttribute('data-state', 'offline');
  await expect(mainNav(page).getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');

  // back online: the page loads by itself, from an address of its own
  const retry = page.waitForResponse((r) => /\/assets\/history-page-[^/?]*\.js\?/.test(r.url()));
  await context.setOffline(false);
  expect((await retry).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan History' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});

test('Try again while still offline keeps the focus on Try again and says so; the page then loads by itself with the focus on its heading', async ({ page, context }) => {
  await failHistoryOffline(page, context);
  const alert = page.getByRole('main').getByRole('alert');
  await alert.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await expect(alert).toContainText("Still no connection. This page will load by itself when you're back online.");
  // the new message's button, not the page
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeFocused();

  await context.setOffline(false);
  const heading = page.getByRole('heading', { level: 1, name: 'Scan History' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
});

test('a page that loads by itself once back online leaves the focus where the person moved it', async ({ page, context }) => {
  await failHistoryOffline(page, context);
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  const bell = page.getByRole('banner').getByRole('button', { name: /Notifications/ });
  await bell.focus();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan History' })).toBeVisible();
  // a moment for the focus to be moved, as it would be
  await page.waitForTimeout(300);
  await expect(bell).toBeFocused();
});

test('Try again, from the keyboard, loads a page whose code failed to load', async ({ page }) => {
  // a chunk that fails with the browser online (a flaky connection): no 'online' to wait for. The
  // Scan page's chunk is one whose exports the bundler renamed (other chunks import from it)
  const chunk = await openPageWithItsChunkHeld(page, 'Scan');
  await chunk.fail();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'This page could not load' })).toBeVisible();
  await alert.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: 'Scan for Threats' });
  await expect(heading).toBeVisible();
  // where the button was: the page's heading, not the top of the document
  await expect(heading).toBeFocused();
});

test('after a page failed to load, the other pages open, and it loads when opened again', async ({ page }) => {
  const chunk = await openPageWithItsChunkHeld(page);
  await chunk.fail();
  await expect(page.getByRole('main').getByRole('alert').getByRole('heading', { name: 'This page could not load' })).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

  await mainNav(page).getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan History' })).toBeVisible();
});

test('the message fits a phone and a desktop, is keyboard reachable, and axe finds nothing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const chunk = await openPageWithItsChunkHeld(page);
  await chunk.fail();
  const alert = page.getByRole('main').getByRole('alert');
  const button = alert.getByRole('button', { name: 'Try again' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expect(button).toBeVisible();
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `page-load-failure-${width}.png`) });
  }
  // reached with Tab from the page's top, after the header and the banner
  await page.getByRole('main').focus();
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
});

test("the accessibility settings' code failing to load leaves the dialog with Try again, which loads them", async ({ page }) => {
  await openHome(page);
  const chunk = await openWithChunkHeld(page, 'accessibility-panel', () => page.getByRole('button', { name: 'Accessibility settings' }).click());
  await chunk.fail();
  const dialog = page.getByRole('dialog', { name: 'Accessibility' });
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('This could not load. Check your connection and try again.');
  // the page behind the dialog (hidden from the accessibility tree while it is open) is still there
  await expect(page.locator('#main h1')).toBeAttached();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'accessibility-dialog-load-failure-1280.png') });
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('switch', { name: 'High Contrast' })).toBeVisible();
});

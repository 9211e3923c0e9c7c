import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOT_DIR, screenshotWholePage } from './helpers';

// the service worker is what this spec tests (the suite blocks it elsewhere: playwright.config.ts)
test.use({ serviceWorkers: 'allow' });

/*
 * The installable app (issue 20): the manifest, the service worker's offline app shell and
 * updates, and the share target. Against the real server and a production build (the worker is
 * registered only there).
 */

const SHOTS = process.env.PWA_SCREENSHOT_DIR ?? SCREENSHOT_DIR;
mkdirSync(SHOTS, { recursive: true });

const SMS = 'Royal Mail: your parcel is held at the depot. Pay the £1.99 redelivery fee within 24 hours or it is returned.';
const LINK = 'https://royalmail-redelivery.info/pay';

interface ManifestIcon {
  src: string;
  sizes?: string;
  type?: string;
  purpose?: string;
}

/** Width and height of a PNG, from its IHDR chunk (bytes 16 to 23). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex'), 'a PNG signature').toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until a service worker controls the page (it takes over the first visit by itself: claim). */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Waits until every file of ours the page loaded so far is in the worker's cache. */
async function waitUntilKept(page: Page) {
  await page.waitForFunction(
    async () => {
      const loaded = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'));
      const kept = await Promise.all(loaded.map((url) => caches.match(url.pathname)));
      return loaded.length > 0 && kept.every(Boolean);
    },
    undefined,
    { timeout: 30_000, polling: 250 },
  );
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

test('installable: the manifest meets the installability criteria, with real icons, and a worker with a fetch handler controls the page', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifestUrl = new URL(href!, page.url());
  const res = await request.get(manifestUrl.href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };

  // a name to show; a start page inside the scope, on this site; an app window of its own
  expect(manifest.name).toBe('Baitcheck');
  expect(typeof manifest.short_name === 'string' && manifest.short_name.length > 0 && manifest.short_name.length <= 12).toBe(true);
  const scope = new URL(String(manifest.scope ?? '.'), manifestUrl);
  const start = new URL(String(manifest.start_url), manifestUrl);
  expect(start.origin).toBe(manifestUrl.origin);
  expect(start.href.startsWith(scope.href)).toBe(true);
  expect(new URL(String(manifest.id), start).href).toBe(start.href);
  expect(['standalone', 'fullscreen', 'minimal-ui']).toContain(manifest.display);
  expect(manifest.prefer_related_applications ?? false).toBe(false);
  // the theme colour, the same as the page's
  expect(manifest.theme_color).toBe('#4f46e5');
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#4f46e5');
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  // every icon is a PNG that is fetched, whose real size is the one it claims
  const sizes: Record<string, number[]> = { any: [], maskable: [] };
  for (const icon of manifest.icons) {
    const iconRes = await request.get(new URL(icon.src, manifestUrl).href);
    expect(iconRes.status(), icon.src).toBe(200);
    expect(iconRes.headers()['content-type'], icon.src).toBe('image/png');
    expect(icon.type).toBe('image/png');
    const { width, height } = pngSize(await iconRes.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    for (const purpose of (icon.purpose ?? 'any').split(' ')) sizes[purpose]?.push(width);
  }
  expect(Math.max(...sizes.any!)).toBeGreaterThanOrEqual(512);
  expect(sizes.any!.some((size) => size >= 192 && size < 512)).toBe(true);
  expect(sizes.maskable).toContain(512);

  // the maskable icon keeps its drawing inside the safe zone (the middle circle of 80%): outside
  // it, only the background; the phone's mask can cut there without cutting the shield
  const maskable = manifest.icons.find((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')!;
  const zone = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    let outsideNotBackground = 0;
    let insideWhite = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
        const inSafeZone = Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) <= width * 0.4;
        const background = a === 255 && Math.abs(r - 0x4f) <= 2 && Math.abs(g - 0x46) <= 2 && Math.abs(b - 0xe5) <= 2;
        if (!inSafeZone && !background) outsideNotBackground++;
        if (inSafeZone && r > 240 && g > 240 && b > 240) insideWhite++;
      }
    }
    return { outsideNotBackground, insideWhite };
  }, new URL(maskable.src, manifestUrl).pathname);
  expect(zone.outsideNotBackground).toBe(0);
  expect(zone.insideWhite).toBeGreaterThan(1000);

  // iOS: the home-screen icon, 180 px and without transparency (iOS shows it as black)
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const appleRes = await request.get(new URL(apple!, page.url()).href);
  expect(pngSize(await appleRes.body())).toEqual({ width: 180, height: 180 });
  expect((await appleRes.body())[25], 'colour type 2: RGB, no alpha').toBe(2);

  // the share target: POST /share with the title, text, link and a picture (the worker takes it:
  // screenshot-scan.spec.ts shares to it)
  expect(manifest.share_target).toEqual({
    action: '/share',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'image', accept: ['image/*', '.png', '.jpg', '.jpeg', '.webp', '.gif'] }] },
  });

  // Chromium's own verdict on the manifest
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send('Page.getAppManifest')) as { errors: Array<{ message: string }> };
  expect(parsed.errors).toEqual([]);

  // a worker with a fetch handler controls the page: the page reloaded is its answer
  await waitForWorker(page);
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return { scope: r?.scope, script: r?.active?.scriptURL };
  });
  expect(registration).toEqual({ scope: new URL('/', page.url()).href, script: new URL('/sw.js', page.url()).href });
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  // a test browser's profile is never installable into ('in-incognito'); nothing else may be said
  expect(installability.installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('offline: the app opens without a connection, says it is offline, and a screen opened before opens again', async ({ page, context }) => {
  await page.goto('/');
  const banner = page.locator('[role="status"][data-state]');
  await expect(banner).toHaveAttribute('data-state', 'active');
  await waitForWorker(page);
  // the Scan screen, opened once while online
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan for Threats' })).toBeVisible();
  await waitUntilKept(page);

  await context.setOffline(true);
  const offlinePage = await page.reload();
  expect(offlinePage?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan for Threats' })).toBeVisible();
  // truthful: the API is not answered by the worker, so the app sees it unreachable
  await expect(banner).toHaveAttribute('data-state', 'offline');
  await expect(banner).toContainText("Offline. Baitcheck can't be reached");
  expect(await page.evaluate(() => fetch('/api/health').then(() => 'answered', () => 'failed'))).toBe('failed');
  // the first screen (Home, loaded before the worker was in charge) opens too
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  // the worker itself is offline too (so the pages above came from its cache): a page it would
  // ask the network for first, /sw.js, is answered with the kept index.html
  const probe = await page.goto('/sw.js');
  expect(probe?.headers()['content-type']).toContain('text/html');
  // and a page opened from the address bar
  await page.goto('/scan');
  await expect(page.getByRole('heading', { level: 1, name: 'Scan for Threats' })).toBeVisible();
  await expect(banner).toHaveAttribute('data-state', 'offline');

  // back online: the banner's next check of the API (every 10 s) finds it again
  await context.setOffline(false);
  await expect(banner).toHaveAttribute('data-state', 'active', { timeout: 15_000 });
});

test('update: a new deploy’s worker takes over, the old cache goes, and an open page loads the new build at its next screen', async ({ page, context }) => {
  await page.goto('/');
  await waitForWorker(page);
  await waitUntilKept(page);
  const [first] = await cacheNames(page);
  expect(first).toMatch(/^baitcheck-[0-9a-f]{16}$/);
  const styles = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!.getAttribute('href')!);

  // The next deploy, as the browser sees it: sw.js with other bytes. Its build has another version
  // and the page's styles changed (their file is not in its shell any more), so this page is older.
  // (Chromium's periodic update check of the same address cannot be routed; a new address for the
  // same scope goes through the same update: install, skipWaiting, activate, claim.)
  await context.route('**/sw.js?deploy=next', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/"version":"[0-9a-f]{16}"/, '"version":"0123456789abcdef"').replace(`"${styles}",`, '').replace(`,"${styles}"`, '');
    expect(body).toContain('"version":"0123456789abcdef"');
    expect(body).not.toContain(`"${styles}"`);
    await route.fulfill({ response, body });
  });
  await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage = true);
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?deploy=next', { scope: '/' }));
  await expect.poll(() => cacheNames(page), { timeout: 30_000 }).toEqual(['baitcheck-0123456789abcdef']);
  // the hashed files the new build still has came along
  expect(await page.evaluate(() => caches.open('baitcheck-0123456789abcdef').then((c) => c.keys()).then((k) => k.length))).toBeGreaterThan(3);

  // nothing happens under the person's hands…
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  // …and their next move to another screen loads the new build whole
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan History' })).toBeVisible();
  expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBeUndefined();
});

test('share: /scan?title=…&text=…&url=… fills the Message form, scans nothing, and leaves the address bar clean', async ({ page }) => {
  const scans: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/scan/')) scans.push(r.url());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/scan?${new URLSearchParams({ title: 'Royal Mail', text: SMS, url: LINK })}`);
  const box = page.getByLabel('Message to scan');
  // "Royal Mail" is in the text already: the title adds nothing
  await expect(box).toHaveValue(`${SMS}\n${LINK}`);
  await expect(page).toHaveURL(/\/scan$/);
  await expect(page.getByRole('tab', { name: 'Message', selected: true })).toBeVisible();
  await screenshotWholePage(page, join(SHOTS, 'share-target-390.png'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshotWholePage(page, join(SHOTS, 'share-target-1280.png'));

  // what they add stays through a reload: the share is not put back over it
  await page.getByLabel(/Sender/).fill('+44 7700 900123');
  await box.press('Control+End');
  await box.pressSequentially(' (third one this week)');
  await page.reload();
  await expect(box).toHaveValue(`${SMS}\n${LINK} (third one this week)`);
  await expect(page.getByLabel(/Sender/)).toHaveValue('+44 7700 900123');
  expect(scans).toEqual([]);
});

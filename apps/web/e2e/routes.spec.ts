import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SAMPLES, SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage, seedText, seedUrl } from './helpers';

const ROUTES = [
  { name: 'home', path: '/', ready: 'Recent Alerts', title: 'Baitcheck' },
  { name: 'scan', path: '/scan', ready: 'Scan for Threats', title: 'Scan for Threats · Baitcheck' },
  { name: 'history', path: '/history', ready: 'Scan History', title: 'Scan History · Baitcheck' },
  // their own specs check these screens as they open, at both widths, with axe (account.spec as a
  // guest and signed in, settings.spec every tab, subscription.spec both tabs): screenshots only here
  { name: 'account', path: '/account', ready: 'Account', title: 'Account · Baitcheck', axeElsewhere: true },
  { name: 'settings', path: '/settings', ready: 'Settings', title: 'Settings · Baitcheck', axeElsewhere: true },
  { name: 'subscription', path: '/subscription', ready: 'Upgrade Your Protection', title: 'Upgrade Your Protection · Baitcheck', axeElsewhere: true },
  { name: 'privacy-policy', path: '/privacy-policy', ready: 'Privacy Policy', title: 'Privacy Policy · Baitcheck', help: true },
  { name: 'terms-of-service', path: '/terms-of-service', ready: 'Terms of Service', title: 'Terms of Service · Baitcheck', help: true },
  { name: 'faq', path: '/faq', ready: 'FAQ', title: 'FAQ · Baitcheck', help: true },
  { name: 'contact-support', path: '/contact-support', ready: 'Contact Support', title: 'Contact Support · Baitcheck', help: true },
  { name: 'live-chat', path: '/live-chat', ready: 'Live Chat', title: 'Live Chat · Baitcheck', help: true },
  { name: 'knowledge-base', path: '/knowledge-base', ready: 'Knowledge Base', title: 'Knowledge Base · Baitcheck', help: true },
  { name: 'not-found', path: '/no-such-page', ready: '404 Page Not Found', title: 'Page not found · Baitcheck' },
] as const;

const WIDTHS = [390, 1280] as const;

test.use({ reducedMotion: 'reduce' });

for (const withData of [false, true]) {
  test.describe(withData ? 'every route with data' : 'every route, new visitor', () => {
    // the help pages show no one's data: once, as a new visitor
    for (const route of ROUTES.filter((r) => !withData || !('help' in r))) {
      const checks = 'help' in route ? 'its title, Back to Home and no console errors' : 'axeElsewhere' in route ? 'screenshots, no console errors' : 'no axe violations, screenshots';
      test(`${route.path}: ${checks} at ${WIDTHS.join(' and ')} px`, async ({ page }) => {
        // Console errors include Content-Security-Policy violations (the server allows scripts from 'self' only).
        const errors: string[] = [];
        page.on('console', (msg) => {
          if (msg.type() === 'error') errors.push(msg.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        if (withData) {
          await seedText(page.request, SAMPLES.phishing, SAMPLES.phishingSender);
          await seedText(page.request, SAMPLES.suspicious, 'DHL');
          await seedText(page.request, SAMPLES.safe, SAMPLES.safeSender);
          await seedUrl(page.request, SAMPLES.phishingUrl);
        }
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
          await page.goto(route.path);
          await expect(page.getByRole('heading', { name: route.ready, exact: true }).first()).toBeAttached();
          await expect(page).toHaveTitle(route.title);
          // Nothing is still loading.
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          // Back to Home on every help page (spec section 2); no bottom-navigation item is theirs
          if ('help' in route) await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
          else if (route.name !== 'not-found' && route.name !== 'subscription') {
            await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveCount(1);
          }
          // the help pages' own specs (help-pages, live-chat, contact-support, knowledge-base) run axe
          // and take their screenshots at both widths: not twice (the suite's time)
          if ('help' in route) continue;
          if (!('axeElsewhere' in route)) await expectNoAxeViolations(page);
          await screenshotWholePage(page, join(SCREENSHOT_DIR, `${route.name}${withData ? '-data' : ''}-${width}.png`));
        }
        expect(errors).toEqual([]);
      });
    }
  });
}

test('the scan result view has no axe violations (screenshots at both widths)', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/scan');
    await page.getByLabel('Message to scan').fill(SAMPLES.phishing);
    await page.getByRole('button', { name: 'Scan Message' }).click();
    await expect(page.getByRole('heading', { name: 'Phishing Detected' })).toBeVisible();
    await page.getByRole('button', { name: 'Threat Intelligence Details' }).click();
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `scan-result-${width}.png`));
  }
});

test('the social media result card has no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/scan');
  await page.getByRole('tab', { name: 'Social Media' }).click();
  await page.locator('label', { hasText: 'WhatsApp' }).click();
  await expect(page.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
  await page.getByLabel('Message', { exact: true }).fill(SAMPLES.suspicious);
  await page.getByRole('button', { name: 'Scan Message' }).click();
  await expect(page.getByRole('heading', { name: 'Warning Indicators' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotWholePage(page, join(SCREENSHOT_DIR, 'scan-social-390.png'));
});

test('an unknown address says the page does not exist, without blaming the reader, and leads home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText("This page doesn't exist. The link may be old or mistyped.")).toBeVisible();
  await expect(page.getByText(/router/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Recent Alerts' })).toBeVisible();
});

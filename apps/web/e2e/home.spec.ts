import { expect, test, type Page } from '@playwright/test';
import type { BlockedSender, MessageStats, ProtectionSettings, TextScanResponse } from '@baitcheck/contracts';
import { SAMPLES, expectNoAxeViolations, listMessages, seedText } from './helpers';

async function counters(page: Page) {
  const values: Record<string, string> = {};
  for (const label of ['Phishing', 'Suspicious', 'Safe']) {
    const dd = page.locator('dl').filter({ has: page.getByText(label, { exact: true }) }).locator(`dt:text-is("${label}") + dd`);
    values[label] = (await dd.textContent())?.trim() ?? '';
  }
  return values;
}

test('home: counters, seven real bars, recent alerts, delete, report, block, protection switches, banner', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'No Threats Detected' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ready to check.' })).toBeVisible();
  await expect.poll(() => counters(page)).toEqual({ Phishing: '0', Suspicious: '0', Safe: '0' });

  await seedText(page.request, SAMPLES.phishing, SAMPLES.phishingSender);
  await seedText(page.request, SAMPLES.safe, SAMPLES.safeSender);
  await seedText(page.request, SAMPLES.safe, SAMPLES.safeSender);
  await page.reload();

  const stats = (await (await page.request.get(`/api/message-stats?tz=UTC`)).json()) as MessageStats;
  await expect.poll(() => counters(page)).toEqual({
    Phishing: String(stats.phishing),
    Suspicious: String(stats.suspicious),
    Safe: String(stats.safe),
  });
  expect(stats.phishing).toBe(1);
  expect(stats.safe).toBe(2);

  // Seven bars, today's (the last) carries the real count in its name.
  const bars = page.getByTestId('day-bar');
  await expect(bars).toHaveCount(7);
  await expect(bars.last()).toHaveAttribute('aria-label', /: 3 scans \(1 phishing, 0 suspicious, 2 safe\)$/);

  // The banner says phishing was found today.
  await expect(page.getByRole('status').filter({ hasText: '1 phishing message found in the last 24 hours' })).toBeVisible();

  // Recent alerts hide safe messages.
  const alerts = page.getByRole('main').getByRole('article');
  await expect(alerts).toHaveCount(1);
  const alert = alerts.first();
  await expect(alert.getByRole('heading', { name: 'Phishing Detected' })).toBeVisible();
  await expect(alert.getByText('Today')).toBeVisible();
  await expect(alert.getByText(`Message from ${SAMPLES.phishingSender}`)).toBeVisible();
  await expect(alert.locator('mark', { hasText: 'URGENT' })).toBeVisible();

  await alert.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText(/^Thank you for reporting this message: /)).toBeVisible();
  // The alert came by text: the toast names 7726, not the email addresses.
  await expect(page.getByText(/^Thank you for reporting this message: /)).toContainText('forward the text to 7726');
  await expect(page.getByText(/^Thank you for reporting this message: /)).not.toContainText('report@phishing.gov.uk');

  await alert.getByRole('button', { name: 'Block Sender' }).click();
  await expect(page.getByText(/^Added to your blocked senders: future scans of their messages will warn you\./)).toBeVisible();
  const blocked = (await (await page.request.get('/api/blocked-senders')).json()) as BlockedSender[];
  expect(blocked.map((b) => b.sender)).toEqual([SAMPLES.phishingSender]);
  const again = (await (
    await page.request.post('/api/scan/text', { data: { content: 'hello again', sender: SAMPLES.phishingSender, saveToHistory: false } })
  ).json()) as TextScanResponse;
  expect(again.analysis.reasons.join(' ')).toMatch(/block/i);

  // Delete takes the alert away at once and offers Undo; focus goes to the list's heading, the last alert gone.
  await alert.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The message has been removed from your history.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Threats Detected' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Alerts' })).toBeFocused();
  // Nothing is deleted while Undo is on offer, and Undo brings the same alert back, focused.
  expect((await listMessages(page.request)).filter((m) => m.threatLevel === 'phishing')).toHaveLength(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(alerts).toHaveCount(1);
  await expect(alerts.first()).toBeFocused();
  // Deleted for real when the toast ends (here: closed); the counters follow.
  await alerts.first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect.poll(async () => (await listMessages(page.request)).filter((m) => m.threatLevel === 'phishing').length).toBe(0);
  await expect.poll(() => counters(page)).toEqual({ Phishing: '0', Suspicious: '0', Safe: '2' });

  // Protection switches are saved on the server, and say what they cover today.
  const sms = page.getByRole('switch', { name: 'SMS Protection' });
  await expect(sms).toHaveAccessibleDescription('Incoming texts are checked once you connect SMS in Settings, Plugins. Texts you paste into Scan are always checked.');
  await expect(page.getByRole('main').getByText('Active', { exact: true })).toHaveCount(0);
  const before = await sms.getAttribute('aria-checked');
  await sms.click();
  await expect(page.getByText('Your protection settings have been updated.', { exact: true })).toBeVisible();
  const settings = (await (await page.request.get('/api/protection-settings')).json()) as ProtectionSettings;
  expect(String(settings.smsProtection)).toBe(before === 'true' ? 'false' : 'true');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'SMS Protection' })).toHaveAttribute('aria-checked', String(settings.smsProtection));

  // Push notifications are real web push (issue 19): off until this browser subscribes, and a
  // refusal (no permission in a test browser, no push on the server) leaves it off, saying why.
  const push = page.getByRole('switch', { name: 'Push Notifications' });
  await expect(push).toHaveAttribute('aria-checked', 'false');
  await push.click();
  await expect(push).toHaveAttribute('aria-checked', 'false');
  await expect(push).toHaveAccessibleDescription(
    /^(Real-time phishing alerts|Blocked in this browser's settings|This browser can't receive push alerts|Push alerts are not set up on this server|.*push service.*)$/,
  );
  await expect(page.getByText('Notifications enabled', { exact: true })).toHaveCount(0);

  // On-Device Scanning on Basic: the spec's 'Enhanced privacy (Premium)' with Upgrade
  await expect(page.getByRole('main').getByText('Enhanced privacy (Premium)', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Upgrade for On-Device Scanning' })).toHaveAttribute('href', '/subscription');
});

test('navigation: tiles and bottom navigation reach every screen', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /Scan Message/ }).click();
  await expect(page.getByRole('heading', { name: 'Scan for Threats' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, heading] of [
    ['History', 'Scan History'],
    ['Account', 'Account'],
    ['Settings', 'Settings'],
    ['Dashboard', 'Your Protection'],
  ] as const) {
    await nav.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }
  await page.getByRole('link', { name: 'Open settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  // a guest is on Basic: on-device scanning is offered, not switched
  await expect(page.getByRole('link', { name: 'Upgrade for On-Device Scanning' })).toBeVisible();
});

test('home: a newcomer first reads what Baitcheck does, and the Scan button is the first thing Tab reaches in the page', async ({ page }) => {
  await page.goto('/');
  const intro = page.getByRole('heading', { level: 1 });
  await expect(intro).toHaveText("Paste a message or link — we'll tell you if it's a scam");
  const scan = page.getByRole('main').getByRole('link', { name: 'Scan a message or link' });
  await expect(scan).toBeVisible();
  // Above the tiles on the screen.
  const scanBox = (await scan.boundingBox())!;
  const tileBox = (await page.getByRole('navigation', { name: 'Shortcuts' }).boundingBox())!;
  expect(scanBox.y + scanBox.height).toBeLessThanOrEqual(tileBox.y);
  // Keyboard: skip link, then into the page: the Scan button comes before any tile.
  await page.getByRole('link', { name: 'Skip to main content' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(scan).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Scan for Threats' })).toBeVisible();
});

test('home offline: no counts and no badge, a plain sentence and a Retry that brings the dashboard back', async ({ page }) => {
  await seedText(page.request, SAMPLES.phishing, SAMPLES.phishingSender);
  // Baitcheck cannot be reached: every API request fails at the network.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const dashboard = page.locator('section[aria-labelledby="your-protection"]');
  await expect(dashboard.getByRole('alert')).toContainText("Can't reach Baitcheck — check your connection");
  await expect.poll(() => counters(page)).toEqual({ Phishing: '—not known', Suspicious: '—not known', Safe: '—not known' });
  await expect(page.getByText(/^(No )?[Pp]hishing found$/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.unroute('**/api/**');
  await dashboard.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => counters(page)).toEqual({ Phishing: '1', Suspicious: '0', Safe: '0' });
  await expect(page.getByText('Phishing found', { exact: true })).toBeVisible();
  // The other parts that had failed came back with it.
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('switch', { name: 'SMS Protection' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 phishing message found' })).toBeVisible();
});

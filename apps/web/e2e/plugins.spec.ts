import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PluginList, Subscription } from '@baitcheck/contracts';
import { SCREENSHOT_DIR, expectNoAxeViolations, screenshotWholePage } from './helpers';
import { E2E_TWILIO_AUTH_TOKEN, E2E_TWILIO_PHONE_NUMBER } from './plugin-env';
import { startImapServer, type ImapTestServer } from './imap-server';

// The source plugins end to end against the real server (issue 18): SMS through a Twilio webhook
// signed here as Twilio signs it, Slack in manual mode (no Slack app on the e2e server), the
// simulated social feed on Premium, and the email sign-in refused by a wrong server.
test.use({ reducedMotion: 'reduce' });

const INBOUND = '/api/plugins/sms/inbound';
const PASSWORD = 'long enough password';
const SCAM_TEXT = 'USPS: your parcel is on hold for an unpaid fee of $1.99. Pay now at https://usps-redelivery-fee.example/track to avoid return.';

/** Twilio's signature as its documentation gives it: HMAC-SHA1 (auth token) of the URL, then each field's name and value sorted by name, in base64. */
function twilioSignature(url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((acc, name) => acc + name + fields[name], url);
  return createHmac('sha1', E2E_TWILIO_AUTH_TOKEN).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** A text arriving at the server's Twilio number from `from`, posted as Twilio posts it. */
async function textArrives(page: Page, baseURL: string, from: string, body: string) {
  const fields = { MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: 'ACe2e', From: from, To: E2E_TWILIO_PHONE_NUMBER, Body: body, NumMedia: '0' };
  const res = await page.request.post(INBOUND, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilioSignature(`${baseURL}${INBOUND}`, fields) },
    data: new URLSearchParams(fields).toString(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A fictional mobile number of its own for each test (one number belongs to one account). */
function newPhoneNumber() {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { typed: `+1 (555) ${digits.slice(0, 3)}-${digits.slice(3)}`, e164: `+1555${digits}`, shown: `+1 555 ${digits.slice(0, 3)} ${digits.slice(3)}` };
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
/** A toast shown while a dialog is open: the dialog hides the rest of the page, the toasts' region too, from the accessibility tree. */
const toastBehindDialog = (page: Page, text: string) => page.locator('.toast-root').getByText(text, { exact: true });
const pluginRow = (page: Page, id: string) => page.locator(`[data-testid="plugin-row"][data-plugin-id="${id}"]`);

async function openPlugins(page: Page) {
  await page.goto('/settings?tab=plugins');
  await expect(page.getByRole('tab', { name: 'Plugins' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('plugin-row')).toHaveCount(4);
}

/** Clicks Refresh in an open messages list until `check` passes (a text is scanned a moment after it arrives). */
async function untilListed(list: Locator, check: () => Promise<void>) {
  await expect(async () => {
    await list.getByRole('button', { name: /^Refresh/ }).click();
    await check();
  }).toPass({ timeout: 20_000 });
}

/** Makes the page's visitor an account (on Basic). */
async function signUp(page: Page) {
  const email = `plugins-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post('/api/auth/sign-up', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
}

/** Upgrades the account to Premium through the server's test checkout, as the Upgrade page does. */
async function upgradeToPremium(page: Page) {
  const started = await page.request.post('/api/create-checkout-session', { data: { priceId: 'premium' } });
  expect(started.ok(), await started.text()).toBe(true);
  const { url } = (await started.json()) as { url: string };
  const done = await page.request.post(`/api/test-checkout/${url.split('/').pop()}/complete`);
  expect(done.ok(), await done.text()).toBe(true);
  expect(((await (await page.request.get('/api/subscription')).json()) as Subscription).plan).toBe('premium');
}

test('the Plugins tab lists the four plugins, each saying whether it can run here; a guest is told to make an account first', async ({ page }) => {
  const plugins = (await (await page.request.get('/api/plugins')).json()) as PluginList;
  expect(Object.keys(plugins)).toEqual(['sms', 'email', 'slack', 'social-media']);
  await openPlugins(page);
  await expect(page.getByRole('heading', { name: 'No plugins found' })).toHaveCount(0);
  for (const id of ['sms', 'email', 'slack', 'social-media']) {
    const row = pluginRow(page, id);
    await expect(row.getByRole('switch')).toBeDisabled();
    // a guest is not invited to fill in a form the server will refuse
    await expect(row.getByRole('button', { name: /^Configure / })).toHaveCount(0);
  }
  await expect(pluginRow(page, 'sms').getByText('Not connected', { exact: true })).toBeVisible();
  await expect(pluginRow(page, 'slack').getByText(/^Slack is not set up on this server/)).toBeVisible();
  // a guest is on Basic: the feed is Premium's, and the row says where to get it
  await expect(pluginRow(page, 'social-media').getByText('Social media protection is part of the Premium and Family plans.')).toBeVisible();
  await expect(pluginRow(page, 'social-media').getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscription');
  await expect(pluginRow(page, 'social-media').getByText('Simulated feed', { exact: true })).toBeVisible();
  // a guest can look, not connect: the server wants an account, and the tab says so first
  const notice = page.getByRole('region', { name: 'Create an account to connect a source' });
  await expect(notice.getByRole('link', { name: 'Create an account or sign in' })).toHaveAttribute('href', '/account');
  await expectNoAxeViolations(page);
  // and the server refuses a guest in any case
  const refused = await page.request.post('/api/plugins/slack/configure', { data: { manualMode: true, workspaceName: 'Acme', channelName: 'general' } });
  expect(refused.status()).toBe(401);

  await signUp(page);
  await page.reload();
  await expect(page.getByTestId('plugin-row')).toHaveCount(4);
  await expect(notice).toHaveCount(0);
  await expect(pluginRow(page, 'slack').getByRole('button', { name: 'Configure Slack' })).toBeVisible();
});

test('SMS: the number is confirmed by texting the code, a forwarded scam is checked and shows in History as SMS; off and on again', async ({ page, baseURL }) => {
  test.slow();
  const phone = newPhoneNumber();
  await signUp(page);
  await openPlugins(page);
  const row = pluginRow(page, 'sms');
  await expect(row.getByRole('switch', { name: 'Enable SMS' })).toBeDisabled();

  // configure by keyboard: the dialog opens in its field
  await row.getByRole('button', { name: 'Configure SMS' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Configure SMS' });
  await expect(dialog.getByLabel('Your mobile number')).toBeFocused();
  await page.keyboard.type(phone.typed);
  await page.keyboard.press('Enter');
  await expect(toastBehindDialog(page, 'Plugin configured')).toBeVisible();
  const step = dialog.getByTestId('sms-confirmation');
  await expect(step).toHaveText(new RegExp(`^Text “Baitcheck \\d{6}” to \\+1 555 010 0100 from \\${phone.shown}\\. Text the code now$`));
  const code = /“(Baitcheck \d{6})”/.exec((await step.textContent()) ?? '')![1]!;
  await expect(row.getByText('Waiting for your text', { exact: true })).toBeAttached();
  await expectNoAxeViolations(page);
  const viewport = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `settings-plugins-dialog-sms-code-${width}.png`) });
  }
  await page.setViewportSize(viewport);

  // Check again before the text: not yet; then the text comes from the phone
  await dialog.getByRole('button', { name: 'Check again' }).click();
  await expect(dialog.getByText('Your code has not arrived yet. It can take a minute.')).toBeVisible();
  await textArrives(page, baseURL!, phone.e164, code);
  await dialog.getByRole('button', { name: 'Check again' }).click();
  await expect(dialog.getByText('Forward texts you want checked to +1 555 010 0100')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();
  const toggle = row.getByRole('switch', { name: 'Enable SMS' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  // a scam forwarded from the phone is kept, checked, listed under Show messages
  await textArrives(page, baseURL!, phone.e164, SCAM_TEXT);
  await row.getByRole('button', { name: 'Show messages of SMS' }).click();
  const list = row.getByRole('region', { name: 'SMS messages' });
  const item = list.getByTestId('plugin-message');
  await untilListed(list, async () => {
    await expect(item).toHaveCount(1);
    await expect(item.getByText(/^(Phishing|Suspicious)$/)).toBeVisible({ timeout: 1000 });
  });
  await expect(item.getByText(SCAM_TEXT, { exact: true })).toBeVisible();
  // the scam's address is text, not a link: the only link is the one to History
  await expect(item.getByRole('link')).toHaveCount(1);
  await expect(item.getByRole('link', { name: /^Open in History/ })).toHaveAttribute('href', /^\/history\?messageId=/);
  await expect(row.getByTestId('plugin-activity')).toHaveText(/^Last message just now · 1 scanned$/);
  await expectNoAxeViolations(page);

  // History shows it, with its source
  await item.getByRole('link', { name: /^Open in History/ }).click();
  await expect(page).toHaveURL(/\/history\?messageId=/);
  const entry = page.getByRole('main').getByRole('article').filter({ hasText: 'usps-redelivery-fee.example' });
  await expect(entry).toBeFocused();
  await expect(entry.getByTestId('message-source')).toHaveText('Source: SMS');
  await expect(entry).toContainText(SCAM_TEXT);

  // off and on again, by keyboard, with the spec's toasts
  await openPlugins(page);
  const again = pluginRow(page, 'sms').getByRole('switch', { name: 'Enable SMS' });
  await again.focus();
  await page.keyboard.press('Space');
  await expect(toast(page, 'Plugin disabled')).toBeVisible();
  await expect(again).toHaveAttribute('aria-checked', 'false');
  await expect(again).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toast(page, 'Plugin enabled')).toBeVisible();
  await expect(again).toHaveAttribute('aria-checked', 'true');
  const { sms } = (await (await page.request.get('/api/plugins')).json()) as PluginList;
  expect(sms!.status).toMatchObject({ connected: true, enabled: true });
});

test('Slack: manual mode keeps both names; on a server without Slack turning it on is refused, and the row says why', async ({ page }) => {
  await signUp(page);
  await openPlugins(page);
  const row = pluginRow(page, 'slack');
  await row.getByRole('button', { name: 'Configure Slack' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure Slack' });
  await expect(dialog.getByRole('link', { name: 'Add to Slack' })).toHaveCount(0);
  await dialog.getByRole('switch', { name: 'Manual mode' }).click();
  await dialog.getByLabel('Workspace name').fill('Acme');
  await dialog.getByLabel('Channel name').fill('#general');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Plugin configured')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText(/^Slack is not set up on this server/)).toBeVisible();

  // the server cannot run Slack: it refuses to turn it on with a sentence, which the row shows
  const refused = await page.request.post('/api/plugins/slack/enable');
  expect(refused.status()).toBe(409);
  const { error } = (await refused.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe('PLUGIN_UNAVAILABLE');
  await expect(row.getByText(error.message, { exact: true })).toBeVisible();
  const toggle = row.getByRole('switch', { name: 'Enable Slack' });
  await expect(toggle).toBeDisabled();
  await expect(toggle).toHaveAccessibleDescription(new RegExp(error.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

  // saved: the dialog opens on what was saved
  await row.getByRole('button', { name: 'Configure Slack' }).click();
  await expect(dialog.getByLabel('Channel name')).toHaveValue('general');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('Social media: Basic is told it is Premium’s; on Premium a platform starts the simulated feed, whose messages are labelled and kept out of History', async ({ page }) => {
  test.slow();
  await signUp(page);
  await openPlugins(page);
  const row = pluginRow(page, 'social-media');
  await expect(row.getByText('Social media protection is part of the Premium and Family plans.')).toBeVisible();
  await expect(row.getByRole('switch', { name: 'Enable Social media' })).toBeDisabled();

  await upgradeToPremium(page);
  await openPlugins(page);
  await expect(row.getByText('Social media protection is part of the Premium and Family plans.')).toHaveCount(0);
  await row.getByRole('button', { name: 'Configure Social media' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure Social media' });
  await expect(dialog.getByText('Simulated feed', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/^No real account is read/)).toBeVisible();
  await dialog.getByLabel('Platform').selectOption('instagram');
  await dialog.getByLabel('User name').fill('@ann.lee');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Plugin configured')).toBeVisible();
  await expect(dialog).toBeHidden();

  // on a plan that has it, picking a platform starts the feed, as the other plugins start once connected
  const toggle = row.getByRole('switch', { name: 'Enable Social media' });
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toast(page, 'Plugin disabled')).toBeVisible();
  await toggle.click();
  await expect(toast(page, 'Plugin enabled')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  await row.getByRole('button', { name: 'Show messages of Social media' }).click();
  const list = row.getByRole('region', { name: 'Social media messages' });
  const items = list.getByTestId('plugin-message');
  await untilListed(list, async () => {
    await expect(items).toHaveCount(3, { timeout: 1000 });
    await expect(items.getByText(/^(Phishing|Suspicious|Safe)$/)).toHaveCount(3, { timeout: 1000 });
  });
  for (const item of await items.all()) await expect(item.getByText('Simulated feed', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // made-up scams never pass for the person's own alerts: History stays empty
  await expect(items.getByRole('link', { name: /Open in History/ })).toHaveCount(0);
  await page.goto('/history');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
});

test("Email: a server that does not answer is refused, and the dialog says so in the server's words", async ({ page }) => {
  await signUp(page);
  await openPlugins(page);
  const row = pluginRow(page, 'email');
  await row.getByRole('button', { name: 'Configure Email inbox' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure Email inbox' });
  await expect(dialog.getByLabel('Port')).toHaveValue('993');
  await expect(dialog.getByRole('switch', { name: 'Use TLS' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByLabel('App password', { exact: true })).toHaveAttribute('type', 'password');
  await dialog.getByLabel('Email address').fill('sam@example.com');
  // nothing listens on port 1 of this machine (loopback inboxes are allowed on the e2e server)
  await dialog.getByLabel('IMAP server').fill('127.0.0.1');
  await dialog.getByLabel('Port').fill('1');
  await dialog.getByRole('switch', { name: 'Use TLS' }).click();
  await dialog.getByLabel('User name').fill('sam@example.com');
  await dialog.getByLabel('App password', { exact: true }).fill('abcd efgh ijkl mnop');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^We could not reach the mail server 127\.0\.0\.1/);
  await expect(toastBehindDialog(page, 'Failed to configure the plugin.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByText('Not connected', { exact: true })).toBeVisible();
});

test.describe('Email, with a real IMAP server', () => {
  // Dovecot on loopback, as the server's own IMAP tests run it (.ci/run installs it; without it the harness fails, saying so)
  let imap: ImapTestServer;
  test.beforeAll(async () => {
    imap = await startImapServer();
  });
  test.afterAll(async () => {
    await imap?.stop();
  });

  test('signs in with an app password, then a phishing email arriving in the inbox is checked and shows in History as Email', async ({ page }) => {
    test.slow();
    const user = `sam${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await imap.addUser(user, 'abcd-efgh-ijkl-mnop');
    await signUp(page);
    await openPlugins(page);
    const row = pluginRow(page, 'email');
    await row.getByRole('button', { name: 'Configure Email inbox' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure Email inbox' });
    await dialog.getByLabel('Email address').fill(`${user}@example.com`);
    await dialog.getByLabel('IMAP server').fill(imap.host);
    await dialog.getByLabel('Port').fill(String(imap.port));
    // the test server speaks plain IMAP on loopback
    await dialog.getByRole('switch', { name: 'Use TLS' }).click();
    await dialog.getByLabel('User name').fill(user);
    await dialog.getByLabel('App password', { exact: true }).fill('abcd-efgh-ijkl-mnop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Plugin configured')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Connected', { exact: true })).toBeVisible();
    await expect(row.getByRole('switch', { name: 'Enable Email inbox' })).toHaveAttribute('aria-checked', 'true');

    // opened again: what was saved, never the password
    await row.getByRole('button', { name: 'Configure Email inbox' }).click();
    await expect(dialog.getByLabel('IMAP server')).toHaveValue(imap.host);
    await expect(dialog.getByLabel('App password', { exact: true })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await imap.deliver(
      user,
      [
        'From: PayPal Security <security@paypa1-account-review.example>',
        `To: ${user}@example.com`,
        'Subject: Your account is suspended',
        `Date: ${new Date().toUTCString()}`,
        'Message-ID: <e2e-' + Date.now() + '@paypa1-account-review.example>',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'URGENT: your PayPal account is suspended. Verify your identity within 24 hours at http://paypa1-secure.com/login or it will be closed.',
      ].join('\r\n'),
    );
    await row.getByRole('button', { name: 'Show messages of Email inbox' }).click();
    const list = row.getByRole('region', { name: 'Email inbox messages' });
    const item = list.getByTestId('plugin-message');
    await untilListed(list, async () => {
      await expect(item).toHaveCount(1, { timeout: 1000 });
      await expect(item.getByText(/^(Phishing|Suspicious)$/)).toBeVisible({ timeout: 1000 });
    });
    await expect(item).toContainText('paypa1-secure.com/login');
    await expect(item.getByRole('link')).toHaveCount(1);
    await item.getByRole('link', { name: /^Open in History/ }).click();
    const entry = page.getByRole('main').getByRole('article').filter({ hasText: 'paypa1-secure.com' });
    await expect(entry).toBeFocused();
    await expect(entry.getByTestId('message-source')).toHaveText('Source: Email');
  });
});

test('screenshots of the Plugins tab, each dialog and a messages list at 390 and 1280 px', async ({ page, baseURL }) => {
  test.slow();
  await signUp(page);
  await upgradeToPremium(page);
  const phone = newPhoneNumber();
  // an SMS plugin with one checked scam, a social feed with its first posts
  const configured = await page.request.post('/api/plugins/sms/configure', { data: { phoneNumber: phone.e164 } });
  const code = ((await configured.json()) as { plugins: PluginList }).plugins.sms!.status.confirmation!.code;
  await textArrives(page, baseURL!, phone.e164, code);
  await textArrives(page, baseURL!, phone.e164, SCAM_TEXT);
  expect((await page.request.post('/api/plugins/social-media/configure', { data: { platform: 'reddit', username: 'sam' } })).ok()).toBe(true);
  expect((await page.request.post('/api/plugins/social-media/enable')).ok()).toBe(true);
  await expect.poll(async () => ((await (await page.request.get('/api/plugins')).json()) as PluginList)['social-media']!.activity.scanned, { timeout: 20_000 }).toBe(3);
  await expect.poll(async () => ((await (await page.request.get('/api/plugins')).json()) as PluginList).sms!.activity.scanned, { timeout: 20_000 }).toBe(1);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await openPlugins(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `settings-plugins-${width}.png`));
    for (const [id, name] of [
      ['sms', 'SMS'],
      ['email', 'Email inbox'],
      ['slack', 'Slack'],
      ['social-media', 'Social media'],
    ] as const) {
      await pluginRow(page, id).getByRole('button', { name: `Configure ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Configure ${name}` });
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `settings-plugins-dialog-${id}-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    for (const [id, name] of [
      ['sms', 'SMS'],
      ['social-media', 'Social media'],
    ] as const) {
      const row = pluginRow(page, id);
      await row.getByRole('button', { name: `Show messages of ${name}` }).click();
      await expect(row.getByTestId('plugin-message').first()).toBeVisible();
      await row.scrollIntoViewIfNeeded();
    }
    await expectNoAxeViolations(page);
    await screenshotWholePage(page, join(SCREENSHOT_DIR, `settings-plugins-messages-${width}.png`));
  }
});

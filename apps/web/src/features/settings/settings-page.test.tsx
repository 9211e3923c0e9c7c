import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type Plugin, type PluginList } from '@baitcheck/contracts';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { ACCOUNT, BASIC_SUBSCRIPTION, SETTINGS, failWith } from '@/testing/fixtures';

const MEMBER_FAMILY = { role: 'member', manager: 'mum@example.com', joinedAt: '2026-03-01T12:00:00.000Z', planActive: true, planEndsAt: null, protectionManaged: false } as const;
import { NOTHING_SET_UP, VAPID_PUBLIC_KEY, installFakePush, makeChannels, removeFakePush } from '@/testing/notifications';
import { applyNotificationPatch } from '@/lib/api/notifications';
import type { AlertChannels } from '@baitcheck/contracts';
import SettingsPage, { readTabParam } from './settings-page';
import { SENSITIVITY_DEBOUNCE_MS, describeSensitivity, labelSensitivity } from './sensitivity';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  removeFakePush();
});

const PREFS: NotificationPreferences = DEFAULT_NOTIFICATION_PREFERENCES;

/** A server that keeps the preferences and answers each PATCH with the whole, updated object. */
function mockPreferencesServer(
  initial: NotificationPreferences = PREFS,
  { failPatch = false, channels = makeChannels() }: { failPatch?: boolean; channels?: AlertChannels } = {},
) {
  let current = initial;
  return mockApi({
    'GET /api/notifications/channels': { body: channels },
    'GET /api/notification-preferences': () => ({ body: current }),
    'PATCH /api/notification-preferences': (call: RecordedCall) => {
      if (failPatch) return { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } };
      current = applyNotificationPatch(current, call.body as object);
      return { body: current };
    },
  });
}

function makePlugin(overrides: Partial<Plugin> & Pick<Plugin, 'id' | 'name' | 'type'>): Plugin {
  return {
    description: `${overrides.name} messages are checked as they arrive`,
    icon: 'plug',
    status: { connected: false, enabled: false, available: true, requiresAuth: false },
    configuration: {},
    activity: { lastMessageAt: null, scanned: 0, waiting: 0 },
    ...overrides,
  };
}

describe('SettingsPage', () => {
  it('shows the three channel switches and On-Device Scanning, Premium on social and on-device, and saves one change', async () => {
    const { calls } = mockApi({
      'GET /api/protection-settings': { body: SETTINGS },
      'PATCH /api/protection-settings': (call) => ({ body: { ...SETTINGS, ...(call.body as object) } }),
      'GET /api/subscription': { body: { ...BASIC_SUBSCRIPTION, plan: 'premium', status: 'active' } },
      'GET /api/auth/me': { body: { user: ACCOUNT } },
    });
    renderWithApp(<SettingsPage />);
    expect(screen.getByRole('tab', { name: 'Protection' })).toHaveAttribute('aria-selected', 'true');
    const onDevice = await screen.findByRole('switch', { name: 'On-Device Scanning' });
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    for (const name of ['Social Media Protection', 'On-Device Scanning']) {
      const row = screen.getByRole('switch', { name }).closest('div.flex') as HTMLElement;
      expect(within(row).getByText('Premium')).toBeInTheDocument();
    }
    const smsRow = screen.getByRole('switch', { name: 'SMS Protection' }).closest('div.flex') as HTMLElement;
    expect(within(smsRow).queryByText('Premium')).not.toBeInTheDocument();
    // Each switch says what it really does today: nothing comes in without a plugin
    expect(screen.getByRole('switch', { name: 'Social Media Protection' })).toHaveAccessibleDescription(
      'Social media messages are checked once you connect the social feed in Settings, Plugins. Messages you paste into Scan are always checked.',
    );
    expect(onDevice).toHaveAccessibleDescription('Check messages on this device, without sending them to Baitcheck.');

    await userEvent.click(onDevice);
    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ onDeviceScanning: true });
    expect(onDevice).toBeChecked();
    expect(onDevice).toHaveAccessibleDescription('On: messages you scan are checked on this device and kept in its history. Only each verdict and its date reach Baitcheck, unless you report a message.');
  });

  it('on Basic, On-Device Scanning says it is part of the paid plans, with Upgrade, and is no switch', async () => {
    mockApi({ 'GET /api/protection-settings': { body: SETTINGS }, 'GET /api/subscription': { body: BASIC_SUBSCRIPTION }, 'GET /api/auth/me': { body: { user: ACCOUNT } } });
    renderWithApp(<SettingsPage />);
    expect(await screen.findByText('Checks messages on this device, without sending them to Baitcheck. Part of the Premium and Family plans.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade for On-Device Scanning' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('switch', { name: 'On-Device Scanning' })).not.toBeInTheDocument();
  });

  it('a family member, covered by the family, can turn it on; a refusal says the server\'s sentence', async () => {
    mockApi({
      'GET /api/protection-settings': { body: SETTINGS },
      'GET /api/subscription': { body: BASIC_SUBSCRIPTION },
      'GET /api/family': { body: MEMBER_FAMILY },
      'GET /api/auth/me': { body: { user: ACCOUNT } },
      'PATCH /api/protection-settings': failWith(403, 'ON_DEVICE_PLAN_REQUIRED', 'On-device scanning is part of the Premium and Family plans.'),
    });
    renderWithApp(<SettingsPage />);
    const onDevice = await screen.findByRole('switch', { name: 'On-Device Scanning' });
    await userEvent.click(onDevice);
    expect(await screen.findByText('On-device scanning is part of the Premium and Family plans.')).toBeInTheDocument();
    await waitFor(() => expect(onDevice).not.toBeChecked());
  });

  it('has the four tabs in the spec order and keeps the open tab in the address', async () => {
    mockPreferencesServer();
    const { location } = renderWithApp(<SettingsPage />, { path: '/settings' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Protection', 'Accessibility', 'Notifications', 'Plugins']);

    await userEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    expect(location.history?.at(-1)).toBe('/settings?tab=notifications');
    // Switching tabs replaces the entry rather than piling up history.
    expect(location.history).toHaveLength(1);

    await userEvent.click(screen.getByRole('tab', { name: 'Protection' }));
    expect(location.history?.at(-1)).toBe('/settings');
  });

  it('opens the tab named in ?tab= and follows a link to another tab while open', async () => {
    mockPreferencesServer();
    const { location } = renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('switch', { name: 'Phishing Alerts' })).toBeInTheDocument();

    act(() => location.navigate('/settings?tab=plugins'));
    expect(screen.getByRole('tab', { name: 'Plugins' })).toHaveAttribute('aria-selected', 'true');

    expect(readTabParam('tab=nonsense')).toBe('protection');
    expect(readTabParam('')).toBe('protection');
    expect(readTabParam('?tab=accessibility')).toBe('accessibility');
  });

  it('the Accessibility tab shows the accessibility panel', async () => {
    mockApi({});
    renderWithApp(<SettingsPage />, { path: '/settings?tab=accessibility' });
    const panel = screen.getByRole('tabpanel', { name: 'Accessibility' });
    expect(within(panel).getByTestId('accessibility-panel')).toBeInTheDocument();
    for (const name of ['High Contrast', 'Large Text', 'Reduced Motion']) expect(within(panel).getByRole('switch', { name })).toBeInTheDocument();
    expect(within(panel).getByRole('radiogroup', { name: 'Colour-Blind Mode' })).toBeInTheDocument();
  });
});

describe('SettingsPage, Notifications tab', () => {
  const TYPE_SWITCHES = ['Phishing Alerts', 'Security Updates', 'Suspicious Content', 'Tips and Education'];
  const CHANNEL_SWITCHES = ['Push Notifications', 'Email', 'SMS'];

  it("shows the server's types, channels and sensitivity", async () => {
    mockPreferencesServer({ ...PREFS, channels: { push: true, email: true, sms: false }, sensitivity: 2 });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    expect(screen.getByLabelText('Loading notification settings')).toHaveAttribute('aria-busy', 'true');

    await screen.findByRole('switch', { name: 'Phishing Alerts' });
    const panel = screen.getByRole('tabpanel', { name: 'Notifications' });
    expect(within(panel).getAllByRole('switch').map((s) => s.getAttribute('aria-checked'))).toEqual([
      'true',
      'true',
      'true',
      'false',
      'true',
      'true',
      'false',
    ]);
    for (const name of [...TYPE_SWITCHES, ...CHANNEL_SWITCHES]) expect(screen.getByRole('switch', { name })).toHaveAccessibleDescription();
    expect(screen.getByRole('switch', { name: 'Tips and Education' })).toHaveAccessibleDescription('Advice on spotting scams and staying safe');

    const slider = screen.getByRole('slider', { name: 'Sensitivity' });
    expect(slider).toHaveAttribute('aria-valuemin', '1');
    expect(slider).toHaveAttribute('aria-valuemax', '5');
    expect(slider).toHaveAttribute('aria-valuenow', '2');
    expect(slider).toHaveAttribute('aria-valuetext', 'Medium-Low');
    expect(screen.getByTestId('sensitivity-label')).toHaveTextContent('Medium-Low');
  });

  it('says first where alerts go, before and after the preferences load, and that scans made in the app are alerted only in it', async () => {
    mockPreferencesServer();
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    const panel = screen.getByRole('tabpanel', { name: 'Notifications' });
    const heading = within(panel).getByRole('heading', { name: 'Where alerts go' });
    expect(screen.getByLabelText('Loading notification settings')).toBeInTheDocument();

    await screen.findByRole('switch', { name: 'Phishing Alerts' });
    // Above every switch: the first card of the tab.
    expect(panel.textContent?.startsWith('Where alerts go')).toBe(true);
    expect(heading.compareDocumentPosition(within(panel).getByRole('heading', { name: 'Alert Types' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(panel).getByText(/Alerts about scans you make yourself show only in the app/)).toBeInTheDocument();
    expect(within(panel).getByText(/^Push, email and SMS alerts go out for messages that arrive through a connected source \(SMS, email inbox, Slack\)/)).toBeInTheDocument();
    // the old "not sent yet" note is gone
    expect(within(panel).queryByText(/send alerts yet/)).not.toBeInTheDocument();
    for (const name of ['In the app', 'Push on this device', 'Email', 'SMS']) expect(within(panel).getByRole('heading', { name, level: 3 })).toBeInTheDocument();
    expect(within(panel).getByText('Always: the bell and pop-ups while Baitcheck is open.')).toBeInTheDocument();
  });

  it('names where email and SMS alerts go when the server can send them, and how this browser stands', async () => {
    mockPreferencesServer(PREFS, { channels: makeChannels({ nativePush: { available: true, devices: 2 }, webPush: { available: true, publicKey: VAPID_PUBLIC_KEY, devices: 1 } }) });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    await waitFor(() => expect(screen.getByTestId('email-status')).toHaveTextContent('Sends to sam@example.com.'));
    expect(screen.getByTestId('sms-status')).toHaveTextContent('Sends to +15551234567.');
    // jsdom has no push: said so, and no button that could not work
    expect(screen.getByTestId('push-status')).toHaveTextContent('Not supported by this browser.');
    expect(screen.queryByRole('button', { name: /^Turn (on|off) push$/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('native-push-status')).toHaveTextContent('The Baitcheck phone app: on 2 phones. Browsers getting push alerts: 1.');
  });

  it("gives the server's reason for each channel it cannot use, under the card and under a channel switched on", async () => {
    mockPreferencesServer({ ...PREFS, channels: { push: true, email: true, sms: false } }, { channels: NOTHING_SET_UP });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    await waitFor(() => expect(screen.getByTestId('email-status')).toHaveTextContent('Email alerts are not available on this server: no mail server is set up.'));
    expect(screen.getByTestId('sms-status')).toHaveTextContent('Text alerts are not available on this server: no SMS service is set up.');
    expect(screen.getByTestId('native-push-status')).toHaveTextContent(/^Alerts to the iPhone and Android apps are not set up on this server/);

    // switched on, sending nothing: the switch's own row says so plainly
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Email' })).toHaveAccessibleDescription(
        'Not available: Email alerts are not available on this server: no mail server is set up.',
      ),
    );
    expect(screen.getByRole('switch', { name: 'Push Notifications' })).toHaveAccessibleDescription('Not available: Push alerts are not set up on this server.');
    // switched off: its usual description
    expect(screen.getByRole('switch', { name: 'SMS' })).toHaveAccessibleDescription('Alerts sent as text messages');
  });

  it('tells a person with push switched on but no device subscribed to turn it on here', async () => {
    mockPreferencesServer(PREFS);
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Push Notifications' })).toHaveAccessibleDescription(
        'No device gets push alerts yet: turn on Push on this device above.',
      ),
    );
    expect(screen.getByRole('switch', { name: 'Email' })).toHaveAccessibleDescription('Alerts sent to your email address');
  });

  it('turns push on for this browser from the card, as the Home switch does', async () => {
    const push = installFakePush({ permission: 'default', answer: 'granted' });
    let channels = makeChannels();
    const { calls } = mockApi({
      'GET /api/notifications/channels': () => ({ body: channels }),
      'GET /api/notification-preferences': { body: PREFS },
      'POST /api/push-subscriptions': () => {
        channels = makeChannels({ webPush: { available: true, publicKey: VAPID_PUBLIC_KEY, devices: 1 } });
        return { body: channels };
      },
      'DELETE /api/push-subscriptions': () => ({ body: makeChannels() }),
    });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    await waitFor(() => expect(screen.getByTestId('push-status')).toHaveTextContent('Off in this browser.'));
    expect(await screen.findByRole('button', { name: 'Turn on push' })).toHaveAccessibleDescription('Off in this browser.');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on push' }));
    expect(await screen.findByText('Notifications enabled')).toBeInTheDocument();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('push-status')).toHaveTextContent('On in this browser.');
    expect(screen.getByTestId('native-push-status')).toHaveTextContent('Browsers getting push alerts: 1.');

    await userEvent.click(screen.getByRole('button', { name: 'Turn off push' }));
    expect(await screen.findByText('Notifications disabled')).toBeInTheDocument();
    expect(push.subscription.unsubscribe).toHaveBeenCalled();
    expect(screen.getByTestId('push-status')).toHaveTextContent('Off in this browser.');
    expect(calls.filter((c) => c.path === '/api/push-subscriptions').map((c) => `${c.method} ${JSON.stringify(c.body)}`)).toEqual([
      `POST ${JSON.stringify(push.subscription.toJSON())}`,
      `DELETE {"endpoint":"${push.endpoint}"}`,
    ]);
  });

  it('says what each sensitivity level alerts about, under the slider', async () => {
    mockPreferencesServer({ ...PREFS, sensitivity: 1 });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    const slider = await screen.findByRole('slider', { name: 'Sensitivity' });
    expect(screen.getByTestId('sensitivity-meaning')).toHaveTextContent('Low: Only messages that are almost certainly phishing.');
    expect(slider).toHaveAccessibleDescription(/Only messages that are almost certainly phishing\.$/);
    act(() => slider.focus());
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByTestId('sensitivity-meaning')).toHaveTextContent('Medium: Phishing, and messages that look suspicious (as Suspicious Content).');
    expect(await screen.findByText('Sensitivity updated', {}, { timeout: SENSITIVITY_DEBOUNCE_MS * 4 })).toBeInTheDocument();
    expect([1, 2, 3, 4, 5].map(describeSensitivity)).toEqual([
      'Only messages that are almost certainly phishing.',
      'Every message found to be phishing.',
      'Phishing, and messages that look suspicious (as Suspicious Content).',
      'Phishing, and suspicious messages told as urgently as phishing.',
      'All of the above, and messages that are probably safe but a little odd.',
    ]);
  });

  it('labels the five sensitivity values as the spec does', () => {
    expect([1, 2, 3, 4, 5].map(labelSensitivity)).toEqual(['Low', 'Medium-Low', 'Medium', 'Medium-High', 'High']);
  });

  it('a type sends only that type and shows its toast', async () => {
    const { calls } = mockPreferencesServer();
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    const tips = await screen.findByRole('switch', { name: 'Tips and Education' });
    expect(tips).toHaveAttribute('aria-checked', 'false');

    await userEvent.click(tips);
    expect(tips).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByText('Notification setting updated')).toBeInTheDocument();
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches.map((c) => `${c.path} ${JSON.stringify(c.body)}`)).toEqual([
      '/api/notification-preferences {"types":{"tips_and_education":true}}',
    ]);
    expect(tips).toHaveAttribute('aria-checked', 'true');
  });

  it('a channel sends only that channel and shows its toast', async () => {
    const { calls } = mockPreferencesServer();
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    const email = await screen.findByRole('switch', { name: 'Email' });

    await userEvent.click(email);
    expect(await screen.findByText('Notification channel updated')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ channels: { email: true } }]);
    expect(email).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(screen.getByRole('switch', { name: 'Push Notifications' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ channels: { email: true } }, { channels: { push: false } }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Push Notifications' })).toHaveAttribute('aria-checked', 'false'));
  });

  it('the slider sends one request after the keys are released, with its label, and shows its toast', async () => {
    const { calls } = mockPreferencesServer();
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    const slider = await screen.findByRole('slider', { name: 'Sensitivity' });
    expect(slider).toHaveAttribute('aria-valuetext', 'Medium');

    act(() => slider.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', 'Medium-High');
    await userEvent.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    expect(slider).toHaveAttribute('aria-valuetext', 'High');
    expect(screen.getByTestId('sensitivity-label')).toHaveTextContent('High');
    // Nothing is sent while the person is still adjusting.
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    expect(await screen.findByText('Sensitivity updated', {}, { timeout: SENSITIVITY_DEBOUNCE_MS * 4 })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ sensitivity: 5 }]);
    expect(slider).toHaveAttribute('aria-valuenow', '5');
  });

  it('a slider change still saves when the tab is left before it was sent', async () => {
    const { calls } = mockPreferencesServer();
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    const slider = await screen.findByRole('slider', { name: 'Sensitivity' });
    act(() => slider.focus());
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.click(screen.getByRole('tab', { name: 'Plugins' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ sensitivity: 2 }]));
    expect(await screen.findByText('Sensitivity updated')).toBeInTheDocument();
  });

  it('a failed change shows the error toast and the switch returns to the server value', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockPreferencesServer(PREFS, { failPatch: true });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    const sms = await screen.findByRole('switch', { name: 'SMS' });

    await userEvent.click(sms);
    expect(await screen.findByText('Failed to update settings.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(sms).toHaveAttribute('aria-checked', 'false');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ channels: { sms: true } }]);
    expect(screen.queryByText('Notification channel updated')).not.toBeInTheDocument();
  });

  it('a failed sensitivity change returns the slider to the server value', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockPreferencesServer(PREFS, { failPatch: true });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    const slider = await screen.findByRole('slider', { name: 'Sensitivity' });
    act(() => slider.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '4');

    expect(await screen.findByText('Failed to update settings.', {}, { timeout: SENSITIVITY_DEBOUNCE_MS * 4 })).toBeInTheDocument();
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '3'));
    expect(slider).toHaveAttribute('aria-valuetext', 'Medium');
  });

  it('says so when the preferences cannot be loaded', async () => {
    mockApi({
      'GET /api/notifications/channels': { body: makeChannels() },
      'GET /api/notification-preferences': { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } },
    });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your notification settings.');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    // where alerts go is still told
    await waitFor(() => expect(screen.getByTestId('email-status')).toHaveTextContent('Sends to sam@example.com.'));
  });
});

describe('SettingsPage, Plugins tab', () => {
  it("shows 'No plugins found' when the server has none", async () => {
    const { calls } = mockApi({ 'GET /api/plugins': { body: {} } });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=plugins' });
    expect(screen.getByLabelText('Loading plugins')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('heading', { name: 'No plugins found' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    // the list, and who is looking (a guest is told to make an account before connecting)
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET /api/auth/me', 'GET /api/plugins']);
  });

  it('lists the plugins with name, type and a switch usable only when connected', async () => {
    const plugins: PluginList = {
      slack: makePlugin({
        id: 'slack',
        name: 'Slack',
        type: 'slack',
        status: { connected: true, enabled: true, available: true, requiresAuth: true },
      }),
      email: makePlugin({ id: 'email', name: 'Email Inbox', type: 'email' }),
    };
    mockApi({ 'GET /api/plugins': { body: plugins } });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=plugins' });

    const rows = await screen.findAllByTestId('plugin-row');
    expect(rows).toHaveLength(2);
    const [slackRow, emailRow] = rows as [HTMLElement, HTMLElement];
    expect(within(slackRow).getByRole('heading', { name: 'Slack' })).toBeInTheDocument();
    expect(within(slackRow).getByText('Connected')).toBeInTheDocument();
    const slack = within(slackRow).getByRole('switch', { name: 'Enable Slack' });
    expect(slack).toBeEnabled();
    expect(slack).toHaveAttribute('aria-checked', 'true');
    expect(slack).toHaveAccessibleDescription('Slack messages are checked as they arrive');

    expect(within(emailRow).getByRole('heading', { name: 'Email Inbox' })).toBeInTheDocument();
    expect(within(emailRow).getByText('Email')).toBeInTheDocument();
    expect(within(emailRow).getByText('Not connected')).toBeInTheDocument();
    const email = within(emailRow).getByRole('switch', { name: 'Enable Email Inbox' });
    expect(email).toBeDisabled();
    expect(email).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText('No plugins found')).not.toBeInTheDocument();
  });

  it('says so when the plugins cannot be loaded, and Retry loads them', async () => {
    let down = true;
    mockApi({ 'GET /api/plugins': () => (down ? { status: 500, body: { error: { code: 'INTERNAL', message: 'broken' } } } : { body: {} }) });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=plugins' });
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Could not load your plugins.');
    expect(screen.queryByText('No plugins found')).not.toBeInTheDocument();
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No plugins found')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

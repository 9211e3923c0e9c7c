import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plugin, PluginId, PluginList, PluginMessage } from '@baitcheck/contracts';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { ACCOUNT, GUEST, failWith } from '@/testing/fixtures';
import { PluginsTab } from './plugins-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NOW = Date.now();
const minutesAgo = (n: number) => new Date(NOW - n * 60_000).toISOString();

const base = (id: PluginId, name: string, type: Plugin['type'], overrides: Partial<Plugin> = {}): Plugin => ({
  id,
  name,
  type,
  description: `${name} description`,
  icon: 'plug',
  status: { connected: false, enabled: false, available: true, requiresAuth: false },
  configuration: {},
  activity: { lastMessageAt: null, scanned: 0, waiting: 0 },
  ...overrides,
});

/** The server's four plugins as a new person sees them on a server with Twilio and no Slack, on Premium. */
function fourPlugins(): PluginList {
  return {
    sms: base('sms', 'SMS', 'sms', { configuration: { forwardTo: '+15550100100' } }),
    email: base('email', 'Email inbox', 'email', { status: { connected: false, enabled: false, available: true, requiresAuth: true } }),
    slack: base('slack', 'Slack', 'slack', {
      status: { connected: false, enabled: false, available: false, requiresAuth: false, unavailableReason: 'Slack is not set up on this server.' },
    }),
    'social-media': base('social-media', 'Social media', 'social-media', { status: { connected: false, enabled: false, available: true, requiresAuth: false, simulated: true } }),
  };
}

type Plugins = PluginList;
const changed = (plugins: Plugins) => ({ body: { success: true, plugins } });

/**
 * A plugins server that keeps its list: `on` answers each POST by plugin and action (the
 * default: the change as the server makes it), GET lists what it holds.
 */
function mockPluginsServer(initial: Plugins, on: Record<string, (call: RecordedCall, plugins: Plugins) => { status?: number; body?: unknown }> = {}, extra: Record<string, unknown> = {}) {
  const state = { plugins: structuredClone(initial) };
  const set = (id: PluginId, patch: Partial<Plugin['status']>, configuration?: Plugin['configuration']) => {
    const p = state.plugins[id]!;
    state.plugins = { ...state.plugins, [id]: { ...p, status: { ...p.status, ...patch }, configuration: configuration ?? p.configuration } };
    return changed(state.plugins);
  };
  const post = (action: string, fallback: (call: RecordedCall, id: PluginId) => { status?: number; body?: unknown }) => (call: RecordedCall) => {
    const id = call.path.split('/')[3] as PluginId;
    const handler = on[`${id} ${action}`];
    if (handler) {
      const answer = handler(call, state.plugins);
      if ((answer.status ?? 200) === 200 && answer.body && typeof answer.body === 'object' && 'plugins' in answer.body) state.plugins = (answer.body as { plugins: Plugins }).plugins;
      return answer;
    }
    return fallback(call, id);
  };
  const api = mockApi({
    'GET /api/auth/me': { body: { user: ACCOUNT } },
    'GET /api/plugins': () => ({ body: state.plugins }),
    'POST /api/plugins/sms/enable': post('enable', (_c, id) => set(id, { enabled: true })),
    'POST /api/plugins/email/enable': post('enable', (_c, id) => set(id, { enabled: true })),
    'POST /api/plugins/slack/enable': post('enable', (_c, id) => set(id, { enabled: true })),
    'POST /api/plugins/social-media/enable': post('enable', (_c, id) => set(id, { enabled: true })),
    'POST /api/plugins/sms/disable': post('disable', (_c, id) => set(id, { enabled: false })),
    'POST /api/plugins/email/disable': post('disable', (_c, id) => set(id, { enabled: false })),
    'POST /api/plugins/slack/disable': post('disable', (_c, id) => set(id, { enabled: false })),
    'POST /api/plugins/social-media/disable': post('disable', (_c, id) => set(id, { enabled: false })),
    'POST /api/plugins/sms/configure': post('configure', (c, id) => set(id, {}, c.body as Plugin['configuration'])),
    'POST /api/plugins/slack/configure': post('configure', (c, id) => set(id, { connected: true }, c.body as Plugin['configuration'])),
    'POST /api/plugins/social-media/configure': post('configure', (c, id) => set(id, { connected: true }, c.body as Plugin['configuration'])),
    'POST /api/plugins/email/auth': post('auth', (c, id) => {
      const { password: _password, ...settings } = c.body as Record<string, string | number | boolean>;
      return set(id, { connected: true, enabled: true }, settings);
    }),
    'POST /api/plugins/sms/disconnect': post('disconnect', (_c, id) => set(id, { connected: false, enabled: false }, {})),
    'POST /api/plugins/email/disconnect': post('disconnect', (_c, id) => set(id, { connected: false, enabled: false }, {})),
    ...(extra as Record<string, { body: unknown }>),
  });
  return { ...api, state };
}

const row = async (name: string) => {
  const rows = await screen.findAllByTestId('plugin-row');
  const found = rows.find((r) => within(r).queryByRole('heading', { name }));
  if (!found) throw new Error(`No row for ${name}`);
  return found;
};
/** A paragraph by its whole text, however many elements it is made of. */
const paragraph = (text: string) => (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;
const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST').map((c) => `${c.path} ${JSON.stringify(c.body ?? null)}`);

describe('Settings → Plugins', () => {
  it('lists each plugin with its name, type, state in words, what it received, and a switch usable only once connected', async () => {
    const plugins = fourPlugins();
    plugins.sms = base('sms', 'SMS', 'sms', {
      status: { connected: true, enabled: true, available: true, requiresAuth: false },
      configuration: { phoneNumber: '+15550100199', forwardTo: '+15550100100' },
      activity: { lastMessageAt: minutesAgo(5), scanned: 12, waiting: 1 },
    });
    plugins.email = base('email', 'Email inbox', 'email', {
      status: { connected: false, enabled: false, available: true, requiresAuth: true, problem: 'The inbox refused the password.' },
    });
    mockPluginsServer(plugins);
    renderWithApp(<PluginsTab />);

    const sms = await row('SMS');
    expect(within(sms).getByText('Connected')).toBeInTheDocument();
    expect(within(sms).getByText('Last message 5 minutes ago · 12 scanned · 1 waiting')).toBeInTheDocument();
    expect(within(sms).getByText(paragraph('Forward texts you want checked to +1 555 010 0100'))).toBeInTheDocument();
    const smsSwitch = within(sms).getByRole('switch', { name: 'Enable SMS' });
    expect(smsSwitch).toBeEnabled();
    expect(smsSwitch).toHaveAttribute('aria-checked', 'true');

    const email = await row('Email inbox');
    expect(within(email).getByText('Email')).toBeInTheDocument();
    expect(within(email).getByText('Not connected')).toBeInTheDocument();
    expect(within(email).getByText('The inbox refused the password.')).toBeInTheDocument();
    expect(within(email).getByRole('switch', { name: 'Enable Email inbox' })).toBeDisabled();
    expect(within(email).queryByTestId('plugin-activity')).not.toBeInTheDocument();

    // connected is not enough where the server cannot run it: the reason is said and read with the switch
    const slack = await row('Slack');
    expect(within(slack).getByText('Not available')).toBeInTheDocument();
    const slackSwitch = within(slack).getByRole('switch', { name: 'Enable Slack' });
    expect(slackSwitch).toBeDisabled();
    expect(slackSwitch).toHaveAccessibleDescription('Slack description Slack is not set up on this server.');

    const social = await row('Social media');
    expect(within(social).getByText('Simulated feed')).toBeInTheDocument();
    expect(within(social).getByRole('switch', { name: 'Enable Social media' })).toBeDisabled();
  });

  it('tells a guest that connecting a source needs an account, with the way to make one', async () => {
    mockPluginsServer(fourPlugins(), {}, { 'GET /api/auth/me': { body: { user: GUEST } } });
    renderWithApp(<PluginsTab />);
    const notice = await screen.findByRole('region', { name: 'Create an account to connect a source' });
    expect(within(notice).getByRole('link', { name: 'Create an account or sign in' })).toHaveAttribute('href', '/account');
    expect(await screen.findAllByTestId('plugin-row')).toHaveLength(4);
    // no form the server would refuse
    expect(screen.queryByRole('button', { name: /^Configure / })).not.toBeInTheDocument();
  });

  it('shows no guest notice to an account', async () => {
    mockPluginsServer(fourPlugins());
    renderWithApp(<PluginsTab />);
    expect(await screen.findAllByTestId('plugin-row')).toHaveLength(4);
    await waitFor(() => expect(screen.queryByText('Create an account to connect a source')).not.toBeInTheDocument());
  });

  it("says 'Waiting for your text' with the code while the SMS plugin waits for its confirming text", async () => {
    const plugins = fourPlugins();
    plugins.sms = base('sms', 'SMS', 'sms', {
      status: { connected: false, enabled: false, available: true, requiresAuth: false, confirmation: { code: 'Baitcheck 123456', sendTo: '+15550100100', expiresAt: minutesAgo(-30) } },
      configuration: { phoneNumber: '+15550100199', forwardTo: '+15550100100' },
    });
    mockPluginsServer(plugins);
    renderWithApp(<PluginsTab />);
    const sms = await row('SMS');
    expect(within(sms).getByText('Waiting for your text')).toBeInTheDocument();
    expect(within(sms).getByText('Text “Baitcheck 123456” to +1 555 010 0100 from +1 555 010 0199.')).toBeInTheDocument();
    expect(within(sms).getByRole('switch', { name: 'Enable SMS' })).toBeDisabled();
  });

  it('turns a plugin off and on with the spec toasts, showing what the server answered', async () => {
    const plugins = fourPlugins();
    plugins.email = base('email', 'Email inbox', 'email', { status: { connected: true, enabled: true, available: true, requiresAuth: true } });
    const { calls } = mockPluginsServer(plugins);
    renderWithApp(<PluginsTab />);
    const email = await row('Email inbox');
    const toggle = within(email).getByRole('switch', { name: 'Enable Email inbox' });

    await userEvent.click(toggle);
    expect(await screen.findByText('Plugin disabled')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(await screen.findByText('Plugin enabled')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(posts(calls)).toEqual(['/api/plugins/email/disable null', '/api/plugins/email/enable null']);
  });

  it("a refused enable gives the spec's error toast and shows the server's sentence beside the switch", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const plugins = fourPlugins();
    // the list said connected; the server knows better (the inbox was disconnected elsewhere)
    plugins.email = base('email', 'Email inbox', 'email', { status: { connected: true, enabled: false, available: true, requiresAuth: true } });
    const sentence = 'Connect your inbox first: open Configure and sign in with an app password.';
    mockPluginsServer(plugins, { 'email enable': () => failWith(409, 'PLUGIN_NOT_CONNECTED', sentence) });
    renderWithApp(<PluginsTab />);
    const email = await row('Email inbox');
    const toggle = within(email).getByRole('switch', { name: 'Enable Email inbox' });
    await userEvent.click(toggle);

    expect(await screen.findByText('Failed to enable the plugin.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(within(email).getByRole('alert')).toHaveTextContent(sentence);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(`Email inbox description ${sentence}`);
    expect(screen.queryByText('Plugin enabled')).not.toBeInTheDocument();
  });

  it("a failed disable gives 'Failed to disable the plugin.' and the switch stays on", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const plugins = fourPlugins();
    plugins.sms = base('sms', 'SMS', 'sms', { status: { connected: true, enabled: true, available: true, requiresAuth: false } });
    mockPluginsServer(plugins, { 'sms disable': () => failWith(500, 'INTERNAL', 'Something went wrong on our side.') });
    renderWithApp(<PluginsTab />);
    const toggle = within(await row('SMS')).getByRole('switch', { name: 'Enable SMS' });
    await userEvent.click(toggle);
    expect(await screen.findByText('Failed to disable the plugin.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('SMS: saves the number, then shows the code to text; Check again reads the list again and shows where to forward texts', async () => {
    const plugins = fourPlugins();
    const confirmation = { code: 'Baitcheck 482913', sendTo: '+15550100100', expiresAt: minutesAgo(-30) };
    const { calls, state } = mockPluginsServer(plugins, {
      'sms configure': (call, current) => {
        const sms = current.sms!;
        return changed({ ...current, sms: { ...sms, status: { ...sms.status, confirmation }, configuration: { ...sms.configuration, phoneNumber: '+15550100199' } } });
      },
    });
    renderWithApp(<PluginsTab />);
    await userEvent.click(within(await row('SMS')).getByRole('button', { name: 'Configure SMS' }));
    const dialog = screen.getByRole('dialog', { name: 'Configure SMS' });
    const phone = within(dialog).getByLabelText('Your mobile number');
    expect(phone).toHaveFocus();
    await userEvent.type(phone, '+1 555 010 0199');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Plugin configured')).toBeInTheDocument();
    expect(posts(calls)).toEqual(['/api/plugins/sms/configure {"phoneNumber":"+1 555 010 0199"}']);
    // the dialog stays open on the step: the code is what the person needs now
    expect(within(dialog).getByRole('heading', { name: 'Confirm your number' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('sms-confirmation')).toHaveTextContent('Text “Baitcheck 482913” to +1 555 010 0100 from +1 555 010 0199. Text the code now');
    // on the phone, one tap opens the messages app with the number and the code
    expect(within(dialog).getByRole('link', { name: 'Text the code now' })).toHaveAttribute('href', 'sms:+15550100100?&body=Baitcheck%20482913');
    expect(within(dialog).getByText(/^The code works until .* \(in (29|30) minutes\)\./)).toBeInTheDocument();

    const gets = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/plugins').length;
    const before = gets();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(gets()).toBe(before + 1));
    expect(await within(dialog).findByText('Your code has not arrived yet. It can take a minute.')).toBeInTheDocument();

    // the text arrives: the server now says connected
    const sms = state.plugins.sms!;
    state.plugins = { ...state.plugins, sms: { ...sms, status: { connected: true, enabled: true, available: true, requiresAuth: false } } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check again' }));
    expect(await within(dialog).findByText(paragraph('Forward texts you want checked to +1 555 010 0100'))).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Confirm your number' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(await row('SMS')).getByText('Connected')).toBeInTheDocument();
  });

  it("SMS: a number the server refuses is said under the field, with the spec's toast", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'Enter your mobile number with its country code, such as +1 555 010 0199.';
    mockPluginsServer(fourPlugins(), { 'sms configure': () => failWith(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', [{ field: 'phoneNumber', message }]) });
    renderWithApp(<PluginsTab />);
    await userEvent.click(within(await row('SMS')).getByRole('button', { name: 'Configure SMS' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Your mobile number'), '555 0100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to configure the plugin.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your mobile number')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("Email: a known provider's IMAP server is filled in from the address, never over what the person typed", async () => {
    mockPluginsServer(fourPlugins());
    renderWithApp(<PluginsTab />);
    await userEvent.click(within(await row('Email inbox')).getByRole('button', { name: 'Configure Email inbox' }));
    const dialog = screen.getByRole('dialog', { name: 'Configure Email inbox' });
    await userEvent.type(within(dialog).getByLabelText('Email address'), 'Grandma.Rose@Gmail.com');
    await userEvent.tab();
    expect(within(dialog).getByLabelText('IMAP server')).toHaveValue('imap.gmail.com');
    expect(within(dialog).getByLabelText('User name')).toHaveValue('Grandma.Rose@Gmail.com');
    await userEvent.clear(within(dialog).getByLabelText('IMAP server'));
    await userEvent.type(within(dialog).getByLabelText('IMAP server'), 'mail.example.net');
    await userEvent.click(within(dialog).getByLabelText('Email address'));
    await userEvent.tab();
    expect(within(dialog).getByLabelText('IMAP server')).toHaveValue('mail.example.net');
  });

  it('Email: a refused save puts the focus on the first field it marks wrong', async () => {
    const { fetchMock } = mockPluginsServer(fourPlugins());
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input).endsWith('/auth')) {
        const body = { error: { code: 'VALIDATION_FAILED', message: 'Some of the information sent is not valid.', details: [{ field: 'host', message: 'Enter the IMAP server, such as imap.gmail.com.' }] } };
        return new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } });
      }
      return real(input, init);
    });
    renderWithApp(<PluginsTab />);
    await userEvent.click(within(await row('Email inbox')).getByRole('button', { name: 'Configure Email inbox' }));
    const dialog = screen.getByRole('dialog', { name: 'Configure Email inbox' });
    await userEvent.type(within(dialog).getByLabelText('App password'), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText('IMAP server')).toHaveFocus());
  });

  it('Email: starts with port 993, TLS on and an empty app password; Save signs in with every field and closes', async () => {
    let release: () => void = () => {};
    const { calls, fetchMock } = mockPluginsServer(fourPlugins());
    // hold the answer to see the button say what is happening
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input).endsWith('/auth')) await new Promise<void>((resolve) => (release = resolve));
      return real(input, init);
    });
    renderWithApp(<PluginsTab />);
    await userEvent.click(within(await row('Email inbox')).getByRole('button', { name: 'Configure Email inbox' }));
    const dialog = screen.getByRole('dialog', { name: 'Configure Email inbox' });
    expect(within(dialog).getByLabelText('Port')).toHaveValue('993');
    expect(within(dialog).getByRole('switch', { name: 'Use TLS' })).toHaveAttribute('aria-checked', 'true');
    const password = within(dialog).getByLabelText('App password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('');
    expect(within(dialog).getByText(/^Not your normal email password/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'How to make an app password, step by step' })).toHaveAttribute('href', '/knowledge-base?article=connect-your-email-inbox');

    await userEvent.type(within(dialog).getByLabelText('Email address'), 'sam@example.com');
    // leaving the address fills in the user name (an unknown provider's server is left to the person)
    await userEvent.type(within(dialog).getByLabelText('IMAP server'), 'imap.example.com');
    expect(within(dialog).getByLabelText('User name')).toHaveValue('sam@example.com');
    await userEvent.type(password, 'abcd efgh ijkl mnop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: 'Connecting…' })).toBeInTheDocument();
    release();

    expect(await screen.findByText('Plugin configured')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/plugins/email/auth', { emailAddress: 'sam@example.com', host: 'imap.example.com', port: 993, secure: true, username: 'sam@example.com', password: 'abcd efgh ijkl mnop' }],
    ]);
    const email = await row('Email inbox');
    expect(within(email).getByText('Connected')).toBeInTheDocument();
    expect(within(email).getByRole('switch', { name: 'Enable Email inbox' })).toHaveAttribute('aria-checked', 'true');

    // opened again: the saved settings, never the password
    await userEvent.click(within(email).getByRole('button', { name: 'Configure Email inbox' }));
    const again = screen.getByRole('dialog');
    expect(within(again).getByLabelText('IMAP server')).toHaveValue('imap.example.com');
    expect(within(again).getByLabelText('App password')).toHaveValue('');
  });

  it("Email: a refused sign-in shows the server's sentence in the dialog, which stays open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sentence = 'The inbox at imap.example.com refused the user name or app password. Check both, and that IMAP is turned on for the account.';
    mockPluginsServer(fourPlugins(), { 'email auth': () => failWith(422, 'PLUGIN_AUTH_FAILED', sentence) });
    renderWithApp(<PluginsTab />);
    await userEvent.click(within(await row('Email inbox')).getByRole('button', { name: 'Configure Email inbox' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('IMAP server'), 'imap.example.com');
    await userEvent.type(within(dialog).getByLabelText('User name'), 'sam');
    await userEvent.type(within(dialog).getByLabelText('App password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.getByText('Failed to configure the plugin.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Email: a port that is not a number is refused before anything is sent', async () => {
    const { calls } = mockPluginsServer(fourPlugins());
    renderWithApp(<PluginsTab />);
    await userEvent.click(within(await row('Email inbox')).getByRole('button', { name: 'Configure Email inbox' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText('Port'));
    await userEvent.type(within(dialog).getByLabelText('Port'), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Port')).toHaveAccessibleDescription('The port is between 1 and 65535.');
    expect(posts(calls)).toEqual([]);
  });

  it('Slack: manual mode with both names is saved to configure and the dialog closes; Add to Slack shows when the server offers it', async () => {
    const plugins = fourPlugins();
    plugins.slack = base('slack', 'Slack', 'slack', { status: { connected: false, enabled: false, available: true, requiresAuth: true, authUrl: 'https://slack.com/oauth/v2/authorize?client_id=1' } });
    const { calls } = mockPluginsServer(plugins);
    renderWithApp(<PluginsTab />);
    await userEvent.click(within(await row('Slack')).getByRole('button', { name: 'Configure Slack' }));
    const dialog = screen.getByRole('dialog', { name: 'Configure Slack' });
    expect(within(dialog).getByRole('link', { name: 'Add to Slack' })).toHaveAttribute('href', 'https://slack.com/oauth/v2/authorize?client_id=1');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Manual mode' }));
    await userEvent.type(within(dialog).getByLabelText('Workspace name'), 'Acme');
    await userEvent.type(within(dialog).getByLabelText('Channel name'), '#general');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Plugin configured')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual(['/api/plugins/slack/configure {"workspaceName":"Acme","channelName":"#general","manualMode":true}']);
    expect(within(await row('Slack')).getByText('Connected')).toBeInTheDocument();
  });

  it('Cancel closes a dialog and saves nothing', async () => {
    const { calls } = mockPluginsServer(fourPlugins());
    renderWithApp(<PluginsTab />);
    for (const name of ['SMS', 'Email inbox', 'Slack', 'Social media']) {
      const trigger = within(await row(name)).getByRole('button', { name: `Configure ${name}` });
      await userEvent.click(trigger);
      expect(screen.getByRole('dialog', { name: `Configure ${name}` })).toBeInTheDocument();
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(trigger).toHaveFocus();
    }
    expect(posts(calls)).toEqual([]);
  });

  it('Social media: says the feed is simulated, offers the six platforms, saves platform, user name and manual mode', async () => {
    const { calls } = mockPluginsServer(fourPlugins());
    renderWithApp(<PluginsTab />);
    await userEvent.click(within(await row('Social media')).getByRole('button', { name: 'Configure Social media' }));
    const dialog = screen.getByRole('dialog', { name: 'Configure Social media' });
    expect(within(dialog).getByText('Simulated feed')).toBeInTheDocument();
    expect(within(dialog).getByText(/^No real account is read/)).toBeInTheDocument();
    const platform = within(dialog).getByLabelText('Platform');
    expect(within(platform).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a platform', 'Facebook', 'Twitter', 'Instagram', 'LinkedIn', 'TikTok', 'Reddit']);
    await userEvent.selectOptions(platform, 'instagram');
    await userEvent.type(within(dialog).getByLabelText('User name'), '@ann.lee');
    expect(within(dialog).getByRole('switch', { name: 'Manual mode' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Plugin configured')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual(['/api/plugins/social-media/configure {"platform":"instagram","username":"@ann.lee","manualMode":true}']);
    const social = await row('Social media');
    expect(within(social).getByRole('switch', { name: 'Enable Social media' })).toBeEnabled();
  });

  it('Social media on Basic: says why it is unavailable, with the way to the plans', async () => {
    const plugins = fourPlugins();
    const reason = 'Social media protection is part of the Premium and Family plans.';
    plugins['social-media'] = base('social-media', 'Social media', 'social-media', { status: { connected: false, enabled: false, available: false, requiresAuth: false, simulated: true, unavailableReason: reason } });
    mockPluginsServer(plugins);
    renderWithApp(<PluginsTab />);
    const social = await row('Social media');
    expect(within(social).getByText(reason)).toBeInTheDocument();
    expect(within(social).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscription');
    await userEvent.click(within(social).getByRole('button', { name: 'Configure Social media' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(reason)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscription');
  });

  it('Show messages: each with sender, time, verdict, the text as plain text, and the way to its History entry', async () => {
    const plugins = fourPlugins();
    plugins.sms = base('sms', 'SMS', 'sms', { status: { connected: true, enabled: true, available: true, requiresAuth: false } });
    const scam = 'USPS: pay the <b>fee</b> at https://usps-redelivery-fee.example/track now';
    const message = (overrides: Partial<PluginMessage>): PluginMessage => ({
      id: 'pm1',
      externalId: 'SM1',
      content: scam,
      sender: { id: '+15550100199', name: 'Forwarded from your phone', handle: '+15550100199' },
      timestamp: minutesAgo(2),
      metadata: {},
      urls: ['https://usps-redelivery-fee.example/track'],
      status: 'scanned',
      threatLevel: 'phishing',
      messageId: 'msg-1',
      note: null,
      ...overrides,
    });
    const { calls } = mockPluginsServer(plugins, {}, {
      'GET /api/plugins/sms/messages': {
        body: { messages: [message({}), message({ id: 'pm2', content: 'Hi, running late', status: 'waiting', threatLevel: null, messageId: null, note: "Today's scans are used up: it is checked when they are back." })] },
      },
    });
    renderWithApp(<PluginsTab />);
    const sms = await row('SMS');
    const toggle = within(sms).getByRole('button', { name: 'Show messages of SMS' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = within(sms).getByRole('region', { name: 'SMS messages' });
    const items = await within(list).findAllByTestId('plugin-message');
    expect(calls.map((c) => c.path)).toContain('/api/plugins/sms/messages?limit=20');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Forwarded from your phone')).toBeInTheDocument();
    expect(within(first).getByText('Phishing')).toBeInTheDocument();
    // the text as it came, tags and all, and no link but the one to History
    expect(within(first).getByText(scam)).toBeInTheDocument();
    expect(first.querySelector('b')).toBeNull();
    expect(within(first).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/history?messageId=msg-1']);
    expect(within(first).getByRole('link', { name: /^Open in History/ })).toBeInTheDocument();
    expect(within(second).getByText('Waiting')).toBeInTheDocument();
    expect(within(second).getByText("Today's scans are used up: it is checked when they are back.")).toBeInTheDocument();
    expect(within(second).queryByRole('link')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(within(sms).queryByRole('region', { name: 'SMS messages' })).not.toBeInTheDocument();
  });

  it('Disconnect asks first, then forgets the plugin: it is not connected any more', async () => {
    const plugins = fourPlugins();
    plugins.email = base('email', 'Email inbox', 'email', {
      status: { connected: true, enabled: true, available: true, requiresAuth: true },
      configuration: { emailAddress: 'sam@example.com', host: 'imap.example.com' },
    });
    const { calls } = mockPluginsServer(plugins);
    renderWithApp(<PluginsTab />);
    const email = await row('Email inbox');
    await userEvent.click(within(email).getByRole('button', { name: 'Disconnect Email inbox' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect Email inbox?' });
    expect(posts(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual(['/api/plugins/email/disconnect null']);
    const after = await row('Email inbox');
    expect(within(after).getByText('Not connected')).toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: 'Disconnect Email inbox' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(after).getByRole('button', { name: 'Configure Email inbox' })).toHaveFocus());
    expect(await screen.findByText('Email inbox disconnected')).toBeInTheDocument();
  });

  it('opens the Slack dialog on its first control a person can use, the manual mode switch', async () => {
    mockPluginsServer(fourPlugins());
    renderWithApp(<PluginsTab />);
    await userEvent.click(within(await row('Slack')).getByRole('button', { name: 'Configure Slack' }));
    const dialog = screen.getByRole('dialog', { name: 'Configure Slack' });
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: 'Manual mode' })).toHaveFocus());
  });
});

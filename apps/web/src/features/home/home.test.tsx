import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/testing/render';
import { BASIC_SUBSCRIPTION, GUEST, SETTINGS, makeMessage, makeStats } from '@/testing/fixtures';
import { RecentAlerts } from './recent-alerts';
import { ThreatDashboard } from './threat-dashboard';
import { ProtectionStatusPanel } from './protection-status';
import HomePage from './home-page';
import { THREAT_LEVEL_META } from '@/components/threat-level';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HomePage', () => {
  it('first says what Baitcheck does, with a Scan button, before the tiles', async () => {
    mockApi({
      'GET /api/messages': { body: [] },
      'GET /api/message-stats': { body: makeStats() },
      'GET /api/protection-settings': { body: SETTINGS },
      'GET /api/plugins': { body: {} },
    });
    renderWithApp(<HomePage />);
    const [first] = screen.getAllByRole('heading');
    expect(first).toHaveTextContent("Paste a message or link — we'll tell you if it's a scam");
    expect(first!.tagName).toBe('H1');
    const scan = screen.getByRole('link', { name: 'Scan a message or link' });
    expect(scan).toHaveAttribute('href', '/scan');
    // Before the tiles in reading (and Tab) order.
    const tiles = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(scan.compareDocumentPosition(tiles) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await screen.findByText('Nothing scanned yet. Paste a message or link in Scan to check it.');
  });
});

describe('RecentAlerts', () => {
  it('asks for the last 5 messages and hides the safe ones', async () => {
    const { calls } = mockApi({
      'GET /api/messages': {
        body: [
          makeMessage({ id: 'p', threatLevel: 'phishing', sender: 'Bank' }),
          makeMessage({ id: 's', threatLevel: 'safe', sender: 'Mum', content: 'See you at dinner' }),
          makeMessage({ id: 'q', threatLevel: 'suspicious', sender: '', kind: 'url' }),
        ],
      },
    });
    renderWithApp(<RecentAlerts />);
    const cards = await screen.findAllByRole('article');
    expect(calls[0]?.path).toBe('/api/messages?limit=5');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Phishing Detected' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Bank')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('heading', { name: 'Suspicious Content' })).toBeInTheDocument();
    expect(within(cards[1]!).getByText('URL Scan')).toBeInTheDocument();
    expect(screen.queryByText('See you at dinner')).not.toBeInTheDocument();
    // The suspicious parts are marked; the serious reasons are listed first, the word-list ones
    // behind 'More details', as on the scan result.
    const marks = cards[0]!.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['URGENT', 'http://paypa1-secure.com/login']);
    expect(within(cards[0]!).getByText('Suspicious URL detected')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Urgency language detected')).not.toBeInTheDocument();
    await userEvent.click(within(cards[0]!).getByRole('button', { name: /More details/ }));
    expect(within(cards[0]!).getByText('Urgency language detected')).toBeInTheDocument();
    // No sender, nothing to block.
    expect(within(cards[1]!).queryByRole('button', { name: 'Block Sender' })).not.toBeInTheDocument();
  });

  it("titles each alert as History and the scan result do: a link-less suspicious text is 'Suspicious Content', not a link", async () => {
    const linda = 'Hi, is this Linda? It\'s Sarah from yoga';
    mockApi({
      'GET /api/messages': {
        body: [
          makeMessage({ id: 'q', threatLevel: 'suspicious', sender: '+15550100', content: linda, threatDetails: { ...makeMessage().threatDetails, highlights: [] } }),
          makeMessage({ id: 'p', threatLevel: 'phishing' }),
        ],
      },
    });
    renderWithApp(<RecentAlerts />);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([THREAT_LEVEL_META.suspicious.title, THREAT_LEVEL_META.phishing.title]);
    expect(within(cards[0]!).getByRole('heading')).toHaveTextContent('Suspicious Content');
    expect(screen.queryByText('Suspicious Link')).not.toBeInTheDocument();
  });

  it("calls a text pasted without a sender a message, not a 'URL Scan'", async () => {
    mockApi({ 'GET /api/messages': { body: [makeMessage({ id: 't', sender: '', kind: 'text' })] } });
    renderWithApp(<RecentAlerts />);
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Message · no sender given')).toBeInTheDocument();
    expect(within(card).queryByText('URL Scan')).not.toBeInTheDocument();
  });

  it('says what was found in the recent scans when every one is safe, and claims nothing about the device', async () => {
    mockApi({ 'GET /api/messages': { body: [makeMessage({ threatLevel: 'safe' })] } });
    renderWithApp(<RecentAlerts />);
    expect(await screen.findByRole('heading', { name: 'No Threats Detected' })).toBeInTheDocument();
    expect(screen.getByText('No threats found in your recent scans.')).toBeInTheDocument();
    expect(screen.queryByText(/device is secure/)).not.toBeInTheDocument();
  });

  it('says nothing was scanned yet when there is no scan at all', async () => {
    mockApi({ 'GET /api/messages': { body: [] } });
    renderWithApp(<RecentAlerts />);
    expect(await screen.findByText('Nothing scanned yet. Paste a message or link in Scan to check it.')).toBeInTheDocument();
  });

  it("says 'Failed to fetch alerts' when the request fails, with a Retry that asks again", async () => {
    let fail = true;
    mockApi({ 'GET /api/messages': () => (fail ? { status: 500, body: 'boom' } : { body: [makeMessage()] }) });
    renderWithApp(<RecentAlerts />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch alerts');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });

  it('deletes with Undo: the alert goes at once, focus moves on, and the server is told when the toast ends', async () => {
    let list = [makeMessage({ id: 'p1', sender: 'One' }), makeMessage({ id: 'p2', sender: 'Two' })];
    const { calls } = mockApi({
      'GET /api/messages': () => ({ body: list }),
      'DELETE /api/messages/p1': () => {
        list = list.filter((m) => m.id !== 'p1');
        return { body: { success: true } };
      },
      'GET /api/message-stats': { body: makeStats() },
    });
    const { queryClient } = renderWithApp(<RecentAlerts />);
    // Stats are shown elsewhere on the page; keep a query alive so its refresh can be seen.
    queryClient.setQueryData(['message-stats', 'UTC'], makeStats());
    const [first] = await screen.findAllByRole('article');
    await userEvent.click(within(first!).getByRole('button', { name: 'Delete' }));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-message-id'))).toEqual(['p2']);
    expect(document.activeElement).toHaveAttribute('data-message-id', 'p2');
    expect(screen.getByText('Message deleted')).toBeInTheDocument();
    expect(screen.getByText('The message has been removed from your history.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/messages/p1']));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/messages'))).toHaveLength(2));
    expect(queryClient.getQueryState(['message-stats', 'UTC'])?.isInvalidated).toBe(true);
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('puts the alert back on Undo and moves focus to the heading when the last one goes', async () => {
    const { calls } = mockApi({ 'GET /api/messages': { body: [makeMessage({ id: 'p1' })] } });
    renderWithApp(
      <section>
        <h2 id="recent-alerts" tabIndex={-1}>
          Recent Alerts
        </h2>
        <RecentAlerts headingId="recent-alerts" />
      </section>,
    );
    await userEvent.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Alerts' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-message-id', 'p1'));
    await waitFor(() => expect(screen.queryByText('Message deleted')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('reports the message and blocks its sender through the API, by keyboard, keeping the focus on each button', async () => {
    const { calls } = mockApi({
      'GET /api/messages': { body: [makeMessage({ id: 'p1', sender: 'Bank Alerts' })] },
      'POST /api/reports': { status: 201, body: {} },
      'POST /api/blocked-senders': { status: 201, body: {} },
    });
    renderWithApp(<RecentAlerts />);
    (await screen.findByRole('button', { name: 'Report' })).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Message reported')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/reports')?.body).toEqual({ kind: 'report', messageId: 'p1' });
    // A disabled button would drop the focus to the page: these stay focusable and say what happened.
    const reported = screen.getByRole('button', { name: 'Reported' });
    expect(reported).toHaveFocus();
    expect(reported).toBeEnabled();
    expect(reported).toHaveAttribute('aria-disabled', 'true');

    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Block Sender' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Sender blocked')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/blocked-senders')?.body).toEqual({ sender: 'Bank Alerts' });
    const blocked = screen.getByRole('button', { name: 'Blocked' });
    expect(blocked).toHaveFocus();
    expect(blocked).toBeEnabled();
    expect(blocked).toHaveAttribute('aria-disabled', 'true');

    // Pressed again, neither asks twice.
    await userEvent.keyboard('{Enter}');
    await userEvent.click(reported);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/reports', '/api/blocked-senders']);
    // the block's toast replaced the report's: what both said stays on the card
    expect(screen.queryByText('Message reported')).not.toBeInTheDocument();
    expect(screen.getByTestId('report-elsewhere')).toHaveTextContent(/^Reported to Baitcheck\. .*7726/);
    expect(screen.getByTestId('block-note')).toHaveTextContent("Sender blocked. Added to your blocked senders: future scans of their messages will warn you. Baitcheck can't stop them reaching your phone");
  });

  it.each([
    ['a text', 'sms', /forward the text to 7726/, /report@phishing\.gov\.uk/],
    ['an email', 'email', /forward the email to report@phishing\.gov\.uk \(UK\) or reportphishing@apwg\.org \(US\)/, /7726/],
    ['a social media message', 'social', /report it in the app where it reached you/, /7726|report@phishing/],
  ] as const)('after Report on %s, the toast names only where that kind of message is reported', async (_name, source, named, notNamed) => {
    mockApi({
      'GET /api/messages': { body: [makeMessage({ id: 'p1', source })] },
      'POST /api/reports': { status: 201, body: {} },
    });
    renderWithApp(<RecentAlerts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Message reported')).toBeInTheDocument();
    // (getAll: a screen reader's copy of the toast may still be there)
    const [description] = screen.getAllByText(/Thank you for reporting this message/);
    expect(description).toHaveTextContent(named);
    expect(description).not.toHaveTextContent(notNamed);
  });

  it('shows a destructive error toast when delete fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/messages': { body: [makeMessage({ id: 'p1' })] },
      'DELETE /api/messages/p1': { status: 500, body: 'x' },
    });
    renderWithApp(<RecentAlerts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(await screen.findByText('Failed to delete message.')).toBeInTheDocument();
    // The alert is back: it was not deleted.
    expect(screen.getByRole('article')).toBeInTheDocument();
  });
});

describe('ThreatDashboard', () => {
  it('shows the 30-day counters and one labelled bar per day from the real counts', async () => {
    const { calls } = mockApi({ 'GET /api/message-stats': { body: makeStats() } });
    renderWithApp(<ThreatDashboard />);
    await waitFor(() => expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['3', '2', '7']));
    expect(calls[0]?.path).toMatch(/^\/api\/message-stats\?tz=/);
    const bars = screen.getAllByRole('img');
    expect(bars).toHaveLength(7);
    expect(bars[4]).toHaveAccessibleName('Sunday, Jan 5: 7 scans (2 phishing, 1 suspicious, 4 safe)');
    expect(bars[2]).toHaveAccessibleName('Friday, Jan 3: 0 scans (0 phishing, 0 suspicious, 0 safe)');
    // Taller bar for the busier day.
    expect(parseInt(bars[4]!.style.height, 10)).toBeGreaterThan(parseInt(bars[0]!.style.height, 10));
    expect(screen.getByText('Last 30 days')).toBeInTheDocument();
    // the badge says what the counts say, never that anything is watched
    expect(screen.getByText('Phishing found')).toBeInTheDocument();
    expect(screen.queryByText('Protected')).not.toBeInTheDocument();
  });

  it('says no phishing was found when the window holds none', async () => {
    mockApi({ 'GET /api/message-stats': { body: makeStats({ phishing: 0 }) } });
    renderWithApp(<ThreatDashboard />);
    expect(await screen.findByText('No phishing found')).toBeInTheDocument();
  });

  it('offline: no counts and no badge, says Baitcheck cannot be reached, and Retry asks again', async () => {
    let offline = true;
    const fetchMock = vi.fn(async () => {
      if (offline) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(makeStats()), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ThreatDashboard />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Can't reach Baitcheck — check your connection");
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['—not known', '—not known', '—not known']);
    expect(screen.queryByText(/phishing found/i)).not.toBeInTheDocument();
    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['3', '2', '7']));
    expect(screen.getByText('Phishing found')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the dashboard could not be loaded when Baitcheck answers with an error', async () => {
    mockApi({ 'GET /api/message-stats': { status: 500, body: 'boom' } });
    renderWithApp(<ThreatDashboard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your dashboard.');
    expect(screen.queryByText(/phishing found/i)).not.toBeInTheDocument();
  });

  it('shows no badge while the counts are loading', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderWithApp(<ThreatDashboard />);
    expect(screen.queryByText(/phishing found/i)).not.toBeInTheDocument();
  });

  it("names the plan's shorter window: a Basic history keeps 7 days", async () => {
    mockApi({ 'GET /api/message-stats': { body: makeStats({ windowDays: 7 }) } });
    renderWithApp(<ThreatDashboard />);
    expect(await screen.findByText('Last 7 days')).toBeInTheDocument();
    expect(screen.queryByText('Last 30 days')).not.toBeInTheDocument();
  });

  it('shows 0 for a missing counter', async () => {
    mockApi({ 'GET /api/message-stats': { body: { windowDays: 30, lastSevenDays: [] } } });
    renderWithApp(<ThreatDashboard />);
    await waitFor(() => expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['0', '0', '0']));
  });
});

describe('ProtectionStatusPanel', () => {
  it('sends only the changed boolean and shows the spec toast', async () => {
    const { calls } = mockApi({
      'GET /api/protection-settings': { body: SETTINGS },
      'PATCH /api/protection-settings': (call) => ({ body: { ...SETTINGS, ...(call.body as object) } }),
    });
    renderWithApp(<ProtectionStatusPanel />);
    const sms = await screen.findByRole('switch', { name: 'SMS Protection' });
    expect(sms).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Social Media Protection' })).not.toBeChecked();
    await userEvent.click(sms);
    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(screen.getByText('Your protection settings have been updated.')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ smsProtection: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'SMS Protection' })).not.toBeChecked());
  });

  it('keeps the keyboard focus on a switch after Space, and every switch usable while a change is saved', async () => {
    let server = { ...SETTINGS };
    const patches: unknown[] = [];
    const waiting: Array<() => void> = [];
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path !== '/api/protection-settings') return json({});
        if (init.method !== 'PATCH') return json(server);
        const patch = JSON.parse(String(init.body)) as Partial<typeof SETTINGS>;
        patches.push(patch);
        await new Promise<void>((resolve) => waiting.push(resolve));
        server = { ...server, ...patch };
        return json(server);
      }),
    );
    renderWithApp(<ProtectionStatusPanel />);
    const sms = await screen.findByRole('switch', { name: 'SMS Protection' });
    const email = screen.getByRole('switch', { name: 'Email Protection' });
    sms.focus();
    await userEvent.keyboard(' ');
    // The change shows at once, and the switch keeps the focus (a disabled one would drop it).
    expect(sms).not.toBeChecked();
    expect(sms).toBeEnabled();
    expect(sms).toHaveFocus();
    await waitFor(() => expect(patches).toEqual([{ smsProtection: false }]));

    // The next switch is reachable and usable meanwhile; its change is sent once the first is saved.
    await userEvent.tab();
    expect(email).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(email).not.toBeChecked();
    expect(patches).toHaveLength(1);
    waiting.shift()!();
    await waitFor(() => expect(patches).toEqual([{ smsProtection: false }, { emailProtection: false }]));
    waiting.shift()!();
    await waitFor(() => expect(server).toMatchObject({ smsProtection: false, emailProtection: false }));
    // (the second toast replaces the first: look for the text, not for one element)
    await waitFor(() => expect(document.body).toHaveTextContent('Settings updated'));
    expect(sms).not.toBeChecked();
    expect(email).not.toBeChecked();
    expect(email).toHaveFocus();
  });

  it('shows the destructive error toast and keeps the old value when the update fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/protection-settings': { body: SETTINGS },
      'PATCH /api/protection-settings': { status: 500, body: 'no' },
    });
    renderWithApp(<ProtectionStatusPanel />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Email Protection' }));
    expect(await screen.findByText('Failed to update settings.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Email Protection' })).toBeChecked();
  });

  it('says what each channel switch covers today, with no Active badge while nothing comes in', async () => {
    mockApi({ 'GET /api/protection-settings': { body: SETTINGS }, 'GET /api/plugins': { body: {} } });
    renderWithApp(<ProtectionStatusPanel />);
    const sms = await screen.findByRole('switch', { name: 'SMS Protection' });
    expect(sms).toBeChecked();
    expect(sms).toHaveAccessibleDescription('Incoming texts are checked once you connect SMS in Settings, Plugins. Texts you paste into Scan are always checked.');
    expect(screen.getByRole('switch', { name: 'Email Protection' })).toHaveAccessibleDescription(
      'Your inbox is checked once you connect it in Settings, Plugins. Emails you paste into Scan are always checked.',
    );
    expect(screen.queryByText('Scanning incoming messages')).not.toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
  });

  it('says Active, and from where, once a plugin brings a channel in', async () => {
    const plugin = {
      id: 'sms',
      name: 'Android SMS',
      type: 'sms',
      description: 'Texts on this phone',
      icon: 'sms',
      status: { connected: true, enabled: true, available: true, requiresAuth: false },
    };
    mockApi({ 'GET /api/protection-settings': { body: SETTINGS }, 'GET /api/plugins': { body: { sms: plugin } } });
    renderWithApp(<ProtectionStatusPanel />);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'SMS Protection' })).toHaveAccessibleDescription('Scanning the texts you forward to Baitcheck'),
    );
    expect(screen.getAllByText('Active')).toHaveLength(1);
  });

  it('says a connected source is paused, not scanning, while its switch is off', async () => {
    const plugin = {
      id: 'email',
      name: 'Email inbox',
      type: 'email',
      description: 'New emails',
      icon: 'mail',
      status: { connected: true, enabled: true, available: true, requiresAuth: true },
    };
    mockApi({ 'GET /api/protection-settings': { body: { ...SETTINGS, emailProtection: false } }, 'GET /api/plugins': { body: { email: plugin } } });
    renderWithApp(<ProtectionStatusPanel />);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Email Protection' })).toHaveAccessibleDescription('Off: nothing from your connected email inbox is checked or kept.'),
    );
  });

  it('offers Basic the upgrade for on-device scanning, as the spec reads it', async () => {
    mockApi({ 'GET /api/protection-settings': { body: SETTINGS }, 'GET /api/subscription': { body: BASIC_SUBSCRIPTION }, 'GET /api/auth/me': { body: { user: GUEST } } });
    renderWithApp(<ProtectionStatusPanel />);
    await screen.findByRole('switch', { name: 'SMS Protection' });
    expect(await screen.findByText('Enhanced privacy (Premium)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade for On-Device Scanning' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('switch', { name: 'On-Device Scanning' })).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/testing/render';
import { SETTINGS, makeMessage, makeStats } from '@/testing/fixtures';
import { RecentAlerts } from './recent-alerts';
import { ThreatDashboard } from './threat-dashboard';
import { ProtectionStatusPanel } from './protection-status';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RecentAlerts', () => {
  it('asks for the last 5 messages and hides the safe ones', async () => {
    const { calls } = mockApi({
      'GET /api/messages': {
        body: [
          makeMessage({ id: 'p', threatLevel: 'phishing', sender: 'Bank' }),
          makeMessage({ id: 's', threatLevel: 'safe', sender: 'Mum', content: 'See you at dinner' }),
          makeMessage({ id: 'q', threatLevel: 'suspicious', sender: '' }),
        ],
      },
    });
    renderWithApp(<RecentAlerts />);
    const cards = await screen.findAllByRole('article');
    expect(calls[0]?.path).toBe('/api/messages?limit=5');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Phishing Detected' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Bank')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('heading', { name: 'Suspicious Link' })).toBeInTheDocument();
    expect(within(cards[1]!).getByText('URL Scan')).toBeInTheDocument();
    expect(screen.queryByText('See you at dinner')).not.toBeInTheDocument();
    // The suspicious parts are marked, and each reason is listed.
    const marks = cards[0]!.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['URGENT', 'http://paypa1-secure.com/login']);
    expect(within(cards[0]!).getByText('Urgency language detected')).toBeInTheDocument();
    // No sender, nothing to block.
    expect(within(cards[1]!).queryByRole('button', { name: 'Block Sender' })).not.toBeInTheDocument();
  });

  it('shows the empty state when every recent message is safe', async () => {
    mockApi({ 'GET /api/messages': { body: [makeMessage({ threatLevel: 'safe' })] } });
    renderWithApp(<RecentAlerts />);
    expect(await screen.findByRole('heading', { name: 'No Threats Detected' })).toBeInTheDocument();
    expect(screen.getByText('You have no recent phishing alerts. Your device is secure.')).toBeInTheDocument();
  });

  it("says 'Failed to fetch alerts' when the request fails", async () => {
    mockApi({ 'GET /api/messages': { status: 500, body: 'boom' } });
    renderWithApp(<RecentAlerts />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch alerts');
  });

  it('deletes, then refreshes the list and the stats, with the spec toast', async () => {
    let list = [makeMessage({ id: 'p1' })];
    const { calls } = mockApi({
      'GET /api/messages': () => ({ body: list }),
      'DELETE /api/messages/p1': () => {
        list = [];
        return { body: { success: true } };
      },
      'GET /api/message-stats': { body: makeStats() },
    });
    const { queryClient } = renderWithApp(<RecentAlerts />);
    // Stats are shown elsewhere on the page; keep a query alive so its refresh can be seen.
    queryClient.setQueryData(['message-stats', 'UTC'], makeStats());
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Message deleted')).toBeInTheDocument();
    expect(screen.getByText('The message has been removed from your history.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No Threats Detected' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/messages'))).toHaveLength(2);
    expect(queryClient.getQueryState(['message-stats', 'UTC'])?.isInvalidated).toBe(true);
  });

  it('reports the message and blocks its sender through the API', async () => {
    const { calls } = mockApi({
      'GET /api/messages': { body: [makeMessage({ id: 'p1', sender: 'Bank Alerts' })] },
      'POST /api/reports': { status: 201, body: {} },
      'POST /api/blocked-senders': { status: 201, body: {} },
    });
    renderWithApp(<RecentAlerts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Message reported')).toBeInTheDocument();
    expect(screen.getByText('Thank you for reporting this message.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/reports')?.body).toEqual({ kind: 'report', messageId: 'p1' });

    await userEvent.click(screen.getByRole('button', { name: 'Block Sender' }));
    expect(await screen.findByText('Sender blocked')).toBeInTheDocument();
    expect(screen.getByText('Messages from the sender will be blocked.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/blocked-senders')?.body).toEqual({ sender: 'Bank Alerts' });
  });

  it('shows a destructive error toast when delete fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/messages': { body: [makeMessage({ id: 'p1' })] },
      'DELETE /api/messages/p1': { status: 500, body: 'x' },
    });
    renderWithApp(<RecentAlerts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete message.')).toBeInTheDocument();
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
    expect(screen.getByText('Protected')).toBeInTheDocument();
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

  it('toggles push notifications locally with a toast and no call', async () => {
    const { calls } = mockApi({ 'GET /api/protection-settings': { body: SETTINGS } });
    renderWithApp(<ProtectionStatusPanel />);
    const push = await screen.findByRole('switch', { name: 'Push Notifications' });
    const before = calls.length;
    await userEvent.click(push);
    expect(await screen.findByText('Notifications disabled')).toBeInTheDocument();
    expect(screen.getByText("You won't receive real-time phishing alerts.")).toBeInTheDocument();
    await userEvent.click(push);
    expect(await screen.findByText('Notifications enabled')).toBeInTheDocument();
    expect(calls.length).toBe(before);
  });

  it('offers the upgrade for on-device scanning', async () => {
    mockApi({ 'GET /api/protection-settings': { body: SETTINGS } });
    renderWithApp(<ProtectionStatusPanel />);
    expect(screen.getByText('Enhanced privacy (Premium)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
  });
});

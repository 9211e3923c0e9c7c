import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/api-client';
import { removeToast } from '@/components/ui/toast-store';
import userEvent from '@testing-library/user-event';
import { DEFAULT_NOTIFICATION_PREFERENCES, ERROR_CATALOGUE, type AlertChannels, type ErrorCode, type NotificationPreferences } from '@baitcheck/contracts';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { makeChannels, makeUnconfirmedEmailChannels } from '@/testing/notifications';
import { applyNotificationPatch } from '@/lib/api/notifications';
import SettingsPage, { readTabParam } from './settings-page';
import { sentAtWords } from './notifications-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PREFS: NotificationPreferences = DEFAULT_NOTIFICATION_PREFERENCES;
const EMAIL_ON: NotificationPreferences = { ...PREFS, channels: { ...PREFS.channels, email: true } };
const SEND_PATH = '/api/notifications/email/confirmation';
const CONFIRM_PATH = '/api/notifications/email/confirm';
const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuv';

function failure(code: ErrorCode) {
  const { status, message } = ERROR_CATALOGUE[code];
  return { status, body: { error: { code, message } } };
}

/** Today at 3:04 PM, local time. */
function todayAt304pm(): string {
  const date = new Date();
  date.setHours(15, 4, 0, 0);
  return date.toISOString();
}

/** The preferences and channels, with extra routes (the email confirmation's). */
function mockServer({
  prefs = EMAIL_ON,
  channels = () => makeUnconfirmedEmailChannels(),
  routes = {},
}: {
  prefs?: NotificationPreferences;
  channels?: () => AlertChannels;
  routes?: Parameters<typeof mockApi>[0];
} = {}) {
  let current = prefs;
  return mockApi({
    'GET /api/notifications/channels': () => ({ body: channels() }),
    'GET /api/notification-preferences': () => ({ body: current }),
    'PATCH /api/notification-preferences': (call: RecordedCall) => {
      current = applyNotificationPatch(current, call.body as object);
      return { body: current };
    },
    ...routes,
  });
}

const posts = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('Notifications tab, an email address not confirmed yet', () => {
  it('asks to confirm the address, on the card and under the Email switch, and sends the first link', async () => {
    let channels = makeUnconfirmedEmailChannels();
    const { calls } = mockServer({
      channels: () => channels,
      routes: {
        [`POST ${SEND_PATH}`]: () => {
          channels = makeUnconfirmedEmailChannels(todayAt304pm());
          return { body: channels };
        },
      },
    });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    await waitFor(() => expect(screen.getByTestId('email-status')).toHaveTextContent('Confirm sam@example.com to start email alerts.'));
    // the server's reason is not repeated: the card says what to do
    expect(screen.queryByText(/whose owner said yes/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Email' })).toHaveAccessibleDescription('Waiting for you to confirm sam@example.com'));

    const button = screen.getByRole('button', { name: 'Send a confirmation link' });
    expect(button).toHaveAccessibleDescription('Confirm sam@example.com to start email alerts.');
    act(() => button.focus());
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByText('Confirmation link sent')).toBeInTheDocument();
    expect(screen.getByText('Check sam@example.com, and your spam folder.')).toBeInTheDocument();
    expect(posts(calls, SEND_PATH)).toHaveLength(1);
    expect(posts(calls, SEND_PATH)[0]!.body).toBeUndefined();
    expect(screen.getByTestId('email-status')).toHaveTextContent(
      'Check your inbox: we sent a link to sam@example.com (at 3:04 PM). Open it to start email alerts.',
    );
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
  });

  it('says when the link was sent, and the button sends it again; sending waits while a link is on its way', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls, fetchMock } = mockServer({
      channels: () => makeUnconfirmedEmailChannels(todayAt304pm()),
      routes: { [`POST ${SEND_PATH}`]: { body: makeUnconfirmedEmailChannels(new Date().toISOString()) } },
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith(SEND_PATH)) await gate;
      return answer(input, init);
    });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    await waitFor(() =>
      expect(screen.getByTestId('email-status')).toHaveTextContent(
        'Check your inbox: we sent a link to sam@example.com (at 3:04 PM). Open it to start email alerts.',
      ),
    );

    const button = screen.getByRole('button', { name: 'Send the link again' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveTextContent('Sending…');
    expect(button).toHaveFocus();
    await userEvent.click(button);
    release();
    expect(await screen.findByText('Confirmation link sent')).toBeInTheDocument();
    expect(posts(calls, SEND_PATH)).toHaveLength(1);
    expect(button).not.toHaveAttribute('aria-disabled');
  });

  it("shows the server's message when no more links may be sent", async () => {
    mockServer({
      channels: () => makeUnconfirmedEmailChannels(todayAt304pm()),
      routes: { [`POST ${SEND_PATH}`]: failure('ALERT_EMAIL_LINKS_LIMIT_REACHED') },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(ERROR_CATALOGUE.ALERT_EMAIL_LINKS_LIMIT_REACHED.message)).toBeInTheDocument();
  });

  it('reads the channels again once turning Email on was saved (the server sent the link)', async () => {
    let sent = false;
    const { calls } = mockServer({
      prefs: PREFS,
      channels: () => (sent ? makeUnconfirmedEmailChannels(todayAt304pm()) : makeUnconfirmedEmailChannels()),
    });
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    const email = await screen.findByRole('switch', { name: 'Email' });
    await waitFor(() => expect(screen.getByTestId('email-status')).toHaveTextContent('Confirm sam@example.com to start email alerts.'));
    sent = true;
    await userEvent.click(email);
    await waitFor(() => expect(screen.getByTestId('email-status')).toHaveTextContent('(at 3:04 PM)'));
    expect(calls.filter((c) => c.path === '/api/notifications/channels')).toHaveLength(2);
    expect(email).toHaveAccessibleDescription('Waiting for you to confirm sam@example.com');
  });

  it('says when a link was sent on another day', () => {
    const now = new Date(2025, 0, 10, 9, 0);
    expect(sentAtWords(new Date(2025, 0, 10, 15, 4).toISOString(), now)).toBe('at 3:04 PM');
    expect(sentAtWords(new Date(2025, 0, 9, 0, 5).toISOString(), now)).toBe('yesterday at 12:05 AM');
    expect(sentAtWords(new Date(2025, 0, 5, 11, 30).toISOString(), now)).toBe('on Jan 5 at 11:30 AM');
    expect(sentAtWords('not a date', now)).toBeNull();
  });
});

describe('Settings opened from the confirmation email (?confirm-email=)', () => {
  it('opens the Notifications tab for a confirmation link, even without tab=', () => {
    expect(readTabParam(`confirm-email=${TOKEN}`)).toBe('notifications');
    expect(readTabParam(`tab=plugins&confirm-email=${TOKEN}`)).toBe('notifications');
  });

  it('confirms once (StrictMode too), takes the token out of the address and says where alerts go now', async () => {
    const { calls } = mockServer({
      channels: () => makeUnconfirmedEmailChannels(todayAt304pm()),
      routes: { [`POST ${CONFIRM_PATH}`]: { body: makeChannels() } },
    });
    const { location } = renderWithApp(
      <StrictMode>
        <SettingsPage />
      </StrictMode>,
      { path: `/settings?confirm-email=${TOKEN}` },
    );
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');

    expect(await screen.findByText('Email alerts confirmed')).toBeInTheDocument();
    expect(screen.getByText('Alerts will also go to sam@example.com.')).toBeInTheDocument();
    expect(posts(calls, CONFIRM_PATH).map((c) => c.body)).toEqual([{ token: TOKEN }]);
    expect(location.history.at(-1)).toBe('/settings?tab=notifications');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    // the answer is the channels now
    await waitFor(() => expect(screen.getByTestId('email-status')).toHaveTextContent('Sends to sam@example.com.'));
    expect(screen.queryByRole('button', { name: /Send (the|a confirmation) link/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Email' })).toHaveAccessibleDescription('Alerts sent to your email address'));
    expect(posts(calls, CONFIRM_PATH)).toHaveLength(1);
  });

  it('sends a token once even while it stays in the address (StrictMode runs the effect twice)', async () => {
    const { calls } = mockServer({ routes: { [`POST ${CONFIRM_PATH}`]: { body: makeChannels() } } });
    // a location that cannot change: only the one-request-per-token guard stops the second run
    const location = memoryLocation({ path: `/settings?tab=notifications&confirm-email=${TOKEN}`, static: true });
    removeToast();
    render(
      <StrictMode>
        <AppProvider queryClient={createQueryClient()}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <SettingsPage />
          </Router>
        </AppProvider>
      </StrictMode>,
    );
    expect(await screen.findByText('Email alerts confirmed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('email-status')).toHaveTextContent('Sends to sam@example.com.'));
    expect(posts(calls, CONFIRM_PATH)).toHaveLength(1);
  });

  it("says so when the link expired or was used, with the server's words, and takes it out of the address", async () => {
    const { calls } = mockServer({
      channels: () => makeUnconfirmedEmailChannels(todayAt304pm()),
      routes: { [`POST ${CONFIRM_PATH}`]: failure('ALERT_EMAIL_LINK_INVALID') },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { location } = renderWithApp(<SettingsPage />, { path: `/settings?tab=notifications&confirm-email=${TOKEN}` });

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(
      screen.getByText('This confirmation link has expired or was already used. Send a new one from Settings → Notifications.'),
    ).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/settings?tab=notifications');
    expect(posts(calls, CONFIRM_PATH)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
  });
});

describe('changes made offline', () => {
  it('are sent one after another once back online, so a newcomer’s first change makes the session and the next come with it', async () => {
    // the server answers each change only when told: what matters is whether the second is sent before the first is answered
    let current = PREFS;
    const patches: object[] = [];
    const answers: Array<() => void> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
        if (init.method === 'PATCH' && path === '/api/notification-preferences') {
          const patch = JSON.parse(String(init.body)) as object;
          patches.push(patch);
          await new Promise<void>((resolve) => answers.push(resolve));
          current = applyNotificationPatch(current, patch);
          return json(current);
        }
        if (path === '/api/notification-preferences') return json(current);
        if (path === '/api/notifications/channels') return json(makeChannels());
        return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No stub' } }), { status: 404 });
      }),
    );
    renderWithApp(<SettingsPage />, { path: '/settings?tab=notifications' });
    const security = await screen.findByRole('switch', { name: 'Security Updates' });
    const suspicious = screen.getByRole('switch', { name: 'Suspicious Content' });
    act(() => onlineManager.setOnline(false));
    try {
      await userEvent.click(security);
      await userEvent.click(suspicious);
      expect(patches).toEqual([]);
      act(() => onlineManager.setOnline(true));
      await waitFor(() => expect(patches).toHaveLength(1));
      // the second waits for the first's answer (which carries the new session's cookie)
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(patches).toHaveLength(1);
      act(() => answers.shift()!());
      await waitFor(() => expect(patches).toHaveLength(2));
      act(() => answers.shift()!());
      expect(patches).toEqual([{ types: { security_updates: false } }, { types: { suspicious_content: false } }]);
      // both shown as changed once saved
      await waitFor(() => expect(screen.getByRole('switch', { name: 'Suspicious Content' })).toHaveAttribute('aria-checked', 'false'));
      expect(screen.getByRole('switch', { name: 'Security Updates' })).toHaveAttribute('aria-checked', 'false');
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

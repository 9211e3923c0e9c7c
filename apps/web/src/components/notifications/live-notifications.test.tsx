import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@baitcheck/contracts';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { ACCOUNT, GUEST } from '@/testing/fixtures';
import { FakeEventSource, installFakeEventSource, installFakePush, makeChannels, makeNotification, removeFakePush } from '@/testing/notifications';
import { useSignIn, useSignOut } from '@/lib/api/auth';
import { api } from '@/lib/api-client';
import { NOTIFICATIONS_POLL_MS, STREAM_RETRY_EVERY_POLLS } from '@/lib/notification-stream';
import LiveNotifications, { isPopupWorthy } from './live-notifications';
import { NotificationsButton } from './notifications-button';
import { noteOwnScan } from '@/lib/own-scans';
import { getPopup as popupState, removePopup, showPopup } from './popup-store';

beforeEach(() => {
  removePopup();
});

afterEach(() => {
  act(() => removePopup());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  removeFakePush();
});

const OLD = makeNotification({ id: 'old', title: 'Suspicious link', createdAt: new Date(Date.now() - 3_600_000).toISOString() });

function mockServer(list: Notification[] = [OLD], unread = 1) {
  return mockApi({
    'GET /api/notifications': () => ({ body: { notifications: list, unread } }),
    'POST /api/notifications/n1/read': { body: { unread: 0 } },
  });
}

const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/notifications?'));

function renderLive(path = '/') {
  return renderWithApp(
    <>
      <NotificationsButton />
      <LiveNotifications />
    </>,
    { path },
  );
}

/** The live notifications of a signed-in account, beside a Sign out button (a user switch). */
function renderSignedInWithSignOut() {
  function SignOut() {
    const signOut = useSignOut();
    return (
      <button type="button" onClick={() => signOut.mutate()}>
        Sign out
      </button>
    );
  }
  const { queryClient } = renderWithApp(
    <>
      <SignOut />
      <LiveNotifications />
    </>,
  );
  queryClient.setQueryData(['auth', 'me'], ACCOUNT);
}

describe('Live notifications (the stream)', () => {
  it('opens one stream, and its unread events set the badge', async () => {
    installFakeEventSource();
    mockServer();
    renderLive();
    expect(FakeEventSource.instances).toHaveLength(1);
    const es = FakeEventSource.latest();
    // it asks for what came in the minute before it opened, so nothing raised meanwhile is missed
    const since = new URL(es.url, 'http://localhost').searchParams.get('since')!;
    expect(es.url.startsWith('/api/notifications/stream?since=')).toBe(true);
    expect(Date.now() - Date.parse(since)).toBeGreaterThanOrEqual(60_000);
    expect(Date.now() - Date.parse(since)).toBeLessThan(65_000);
    expect(es.withCredentials).toBe(true);

    act(() => es.open());
    act(() => es.emit('unread', { unread: 3 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    act(() => es.emit('unread', { unread: 0 }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    // a broken event changes nothing
    act(() => es.emit('unread', 'nonsense'));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it("reopens a stream that ended (a newcomer's, before they had a session) as soon as a request may have made the session", async () => {
    installFakeEventSource();
    mockServer();
    mockApi({ 'GET /api/notifications': () => ({ body: { notifications: [], unread: 0 } }), 'POST /api/scan/text': { body: {} } });
    renderLive();
    const first = FakeEventSource.latest();
    act(() => first.fail({ closed: false }));
    // a read changes nothing: only a write can have made the session
    await act(() => api.get('/api/notifications'));
    expect(FakeEventSource.instances).toHaveLength(1);
    await act(() => api.post('/api/scan/text', { content: 'hi' }));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    // an open stream is left alone
    act(() => FakeEventSource.latest().open());
    await act(() => api.post('/api/scan/text', { content: 'hi' }));
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it("reopens a newcomer's waiting stream when another tab of the browser saved a scan (the session is shared)", async () => {
    installFakeEventSource();
    mockServer();
    renderLive();
    const first = FakeEventSource.latest();
    act(() => first.fail({ closed: false }));
    // another tab notes its scan in local storage; this tab hears the storage event
    localStorage.setItem('baitcheck:own-scans', JSON.stringify([['other-tab-scan', Date.now()]]));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'baitcheck:own-scans' })));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    // an open stream is left alone
    act(() => FakeEventSource.latest().open());
    localStorage.setItem('baitcheck:own-scans', JSON.stringify([['other-tab-scan', Date.now()], ['another', Date.now()]]));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'baitcheck:own-scans' })));
    expect(FakeEventSource.instances).toHaveLength(2);
    localStorage.clear();
  });

  it('starts the stream again at once when the browser is back online, whether it was waiting to reconnect or stayed open', async () => {
    installFakeEventSource();
    mockServer();
    renderLive();
    const first = FakeEventSource.latest();
    // the connection dropped: the browser waits (seconds) before its next try
    act(() => first.fail({ closed: false }));
    act(() => window.dispatchEvent(new Event('online')));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    // one that stayed open through the offline time may be dead: opened anew too
    const second = FakeEventSource.latest();
    act(() => second.open());
    act(() => window.dispatchEvent(new Event('online')));
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(second.readyState).toBe(FakeEventSource.CLOSED);
    // one refused for good (polling instead) is left to the polls
    act(() => FakeEventSource.latest().fail({ closed: true }));
    act(() => window.dispatchEvent(new Event('online')));
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('puts a new alert on top of the open list and shows its pop-up; a change to a listed one gets no pop-up', async () => {
    installFakeEventSource();
    mockServer();
    renderLive();
    const es = FakeEventSource.latest();
    act(() => es.open());
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(dialog).findByText('Suspicious link');

    const fresh = makeNotification({ id: 'n1', title: 'Phishing detected' });
    act(() => {
      es.emit('notification', fresh);
      es.emit('unread', { unread: 2 });
    });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Phishing detected'),
      expect.stringContaining('Suspicious link'),
    ]));
    expect(await screen.findByTestId('notification-popup')).toHaveTextContent('Phishing detected');

    // the listed, older one changed: updated in the list, no pop-up for it
    act(() => es.emit('notification', { ...OLD, title: 'Suspicious links (3)' }));
    await within(dialog).findByText('Suspicious links (3)');
    expect(screen.getByTestId('notification-popup')).toHaveTextContent('Phishing detected');
    expect(screen.getByTestId('notification-popup')).not.toHaveTextContent('2 new alerts');
  });

  it('Open in the pop-up marks the alert read', async () => {
    installFakeEventSource();
    const { calls } = mockServer();
    const { location } = renderLive('/scan');
    const es = FakeEventSource.latest();
    act(() => es.open());
    act(() => es.emit('notification', makeNotification({ id: 'n1' })));
    await userEvent.click(within(await screen.findByTestId('notification-popup')).getByRole('link', { name: /^View/ }));
    expect(location.history?.at(-1)).toBe('/history?messageId=m1');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/notifications/n1/read']));
  });

  it('gives no pop-up for alerts older than the page, or already read', () => {
    const loaded = Date.now();
    const fresh = makeNotification({ createdAt: new Date(loaded + 1000).toISOString() });
    expect(isPopupWorthy(fresh, false, loaded)).toBe(true);
    expect(isPopupWorthy(fresh, true, loaded)).toBe(false);
    expect(isPopupWorthy({ ...fresh, readAt: new Date().toISOString() }, false, loaded)).toBe(false);
    expect(isPopupWorthy({ ...fresh, createdAt: new Date(loaded - 3_600_000).toISOString() }, false, loaded)).toBe(false);
    // a server clock a little behind this one's still counts as live
    expect(isPopupWorthy({ ...fresh, createdAt: new Date(loaded - 5_000).toISOString() }, false, loaded)).toBe(true);
  });

  it("gives no pop-up for the alert of a scan made in this tab (its result is on screen), and takes back one that came a moment before the scan's answer", () => {
    const loaded = Date.now();
    const own = makeNotification({ id: 'own-1', messageId: 'own-message-1', createdAt: new Date(loaded + 1000).toISOString() });
    // the alert over the stream first: it pops up, then the scan's answer takes it back
    showPopup(own);
    noteOwnScan('own-message-1');
    expect(popupState()?.open).toBe(false);
    // later alerts about it, or arriving after the answer, stay in the bell; others still pop up
    expect(isPopupWorthy(own, false, loaded)).toBe(false);
    expect(isPopupWorthy({ ...own, id: 'other', messageId: 'another-message' }, false, loaded)).toBe(true);
    expect(isPopupWorthy({ ...own, id: 'summary', messageId: null }, false, loaded)).toBe(true);
  });

  it('does not pop up again, after a sign-up or sign-in, an alert this tab already showed (the guest’s alert is not new to the account)', async () => {
    installFakeEventSource();
    mockApi({ 'POST /api/auth/sign-out': { body: { success: true } }, 'GET /api/auth/me': { body: { user: GUEST } } });
    renderSignedInWithSignOut();
    const alert = makeNotification({ id: 'seen-1', createdAt: new Date(Date.now() + 1000).toISOString() });
    const first = FakeEventSource.latest();
    act(() => first.open());
    act(() => first.emit('notification', alert));
    await userEvent.click(await screen.findByRole('button', { name: 'Close alert' }));
    await waitFor(() => expect(screen.queryByTestId('notification-popup')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    const second = FakeEventSource.latest();
    act(() => second.open());
    act(() => second.emit('notification', alert));
    expect(screen.queryByTestId('notification-popup')).not.toBeInTheDocument();
  });

  it('reads the list again each time the stream (re)opens', async () => {
    installFakeEventSource();
    const { calls } = mockServer();
    renderLive();
    const es = FakeEventSource.latest();
    // nothing cached and nothing open: the stream's count is enough, no list request
    act(() => es.open());
    expect(listCalls(calls)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await screen.findByText('Suspicious link');
    expect(listCalls(calls)).toHaveLength(1);

    // dropped and back (the browser reconnects by itself): something may have come meanwhile
    act(() => es.fail({ closed: false }));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => es.open());
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('when the stream is refused (429 TOO_MANY_STREAMS), reads the list every 60 s and tries the stream again now and then', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    installFakeEventSource();
    const { calls } = mockServer([OLD], 4);
    renderLive();
    act(() => FakeEventSource.latest().fail({ closed: true }));
    // at once, for the count
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(1);

    act(() => vi.advanceTimersByTime(NOTIFICATIONS_POLL_MS));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    act(() => vi.advanceTimersByTime(NOTIFICATIONS_POLL_MS * (STREAM_RETRY_EVERY_POLLS - 1)));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1 + STREAM_RETRY_EVERY_POLLS));
    expect(FakeEventSource.instances).toHaveLength(2);

    // the new stream opens: the polling stops
    act(() => FakeEventSource.latest().open());
    const before = listCalls(calls).length;
    act(() => vi.advanceTimersByTime(NOTIFICATIONS_POLL_MS * 2));
    await act(async () => {});
    expect(listCalls(calls)).toHaveLength(before);
  });

  it('without EventSource at all, reads the list every 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.stubGlobal('EventSource', undefined);
    const { calls } = mockServer([OLD], 2);
    renderLive();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(NOTIFICATIONS_POLL_MS));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('after a sign-out, reconnects as the new person and moves this browser’s push subscription to them', async () => {
    installFakeEventSource();
    const push = installFakePush({ permission: 'granted', subscribed: true });
    const { calls } = mockApi({
      'POST /api/auth/sign-out': { body: { success: true } },
      'GET /api/auth/me': { body: { user: GUEST } },
      'POST /api/push-subscriptions': { body: makeChannels() },
    });
    renderSignedInWithSignOut();
    const first = FakeEventSource.latest();
    act(() => first.open());

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/push-subscriptions').map((c) => [c.method, c.body])).toEqual([['POST', push.subscription.toJSON()]]),
    );
  });

  it("goes to the page the service worker names (a tap on a push notification), only an in-app one", async () => {
    installFakeEventSource();
    const push = installFakePush();
    mockServer();
    const { location } = renderLive('/scan');
    act(() => void push.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'baitcheck:navigate', url: '/history?messageId=m9' } })));
    expect(location.history?.at(-1)).toBe('/history?messageId=m9');
    act(() => void push.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'baitcheck:navigate', url: '//evil.example/x' } })));
    act(() => void push.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'other', url: '/' } })));
    expect(location.history?.at(-1)).toBe('/history?messageId=m9');
  });
});

describe('the pop-up after this tab signs in', () => {
  it("does not pop up the Security Update of this tab's own sign-in, and does pop up a phishing alert", async () => {
    mockApi({ 'POST /api/auth/sign-in': { body: { user: ACCOUNT } }, 'GET /api/auth/me': { body: { user: ACCOUNT } } });
    const security = makeNotification({ id: 's1', type: 'security_update', messageId: null, threatLevel: null, url: '/', createdAt: new Date().toISOString() });
    const phishing = makeNotification({ id: 'p1', createdAt: new Date().toISOString() });
    // a minute or more after any sign-in in this tab (another test file's may have come just
    // before: the files share their modules), a Security Update pops up like any alert
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
    expect(isPopupWorthy(security, false, 0)).toBe(true);
    vi.useRealTimers();
    function SignIn() {
      const signIn = useSignIn();
      return (
        <button type="button" onClick={() => signIn.mutate({ email: 'sam@example.com', password: 'correct horse battery' })}>
          Sign in
        </button>
      );
    }
    renderWithApp(<SignIn />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(isPopupWorthy(security, false, Date.now())).toBe(false);
    expect(isPopupWorthy(phishing, false, Date.now())).toBe(true);
  });
});

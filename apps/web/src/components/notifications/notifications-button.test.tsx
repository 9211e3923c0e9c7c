import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, NotificationList } from '@baitcheck/contracts';
import { mockApi, renderWithApp, type RecordedCall } from '@/testing/render';
import { makeNotification } from '@/testing/notifications';
import { queryKeys } from '@/lib/api/query-keys';
import { NotificationsButton, formatUnread, notificationsLabel } from './notifications-button';
import { NOTIFICATIONS_EMPTY } from './notification-list';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const NEWEST = makeNotification({ id: 'n2', title: 'Phishing detected', createdAt: ago(5 * MINUTE) });
const OLDER = makeNotification({
  id: 'n1',
  type: 'security_update',
  title: 'New sign-in to your account',
  body: 'Someone signed in to your account from Firefox on Windows.',
  messageId: null,
  threatLevel: null,
  url: '/',
  createdAt: ago(3 * 60 * MINUTE),
  readAt: ago(60 * MINUTE),
});

/** A server holding `all` (newest first), answering pages as `GET /api/notifications?limit&before` does. */
function mockNotificationsServer(all: Notification[]) {
  let list = all;
  const unread = () => list.filter((n) => n.readAt === null).length;
  const markOne = Object.fromEntries(
    all.map((one) => [
      `POST /api/notifications/${one.id}/read`,
      () => {
        list = list.map((n) => (n.id === one.id ? { ...n, readAt: n.readAt ?? new Date().toISOString() } : n));
        return { body: { unread: unread() } };
      },
    ]),
  );
  return mockApi({
    ...markOne,
    'GET /api/notifications': (call: RecordedCall) => {
      const params = new URL(call.path, 'http://x').searchParams;
      const limit = Number(params.get('limit'));
      const before = params.get('before');
      const start = before ? list.findIndex((n) => n.id === before) + 1 : 0;
      return { body: { notifications: list.slice(start, start + limit), unread: unread() } satisfies NotificationList };
    },
    'POST /api/notifications/read-all': () => {
      list = list.map((n) => ({ ...n, readAt: n.readAt ?? new Date().toISOString() }));
      return { body: { unread: 0 } };
    },
  });
}

/** The POSTs that marked notifications read. */
const readCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path);

describe('Header notifications button', () => {
  it('shows the unread count as a badge, 99+ above 99, and says it in its name; nothing at 0', async () => {
    mockApi({});
    const { queryClient } = renderWithApp(<NotificationsButton />);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();

    act(() => queryClient.setQueryData(queryKeys.notificationUnread, 3));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent(/^3$/);
    // the badge is seen, the name is heard: not both
    expect(screen.getByTestId('unread-badge')).toHaveAttribute('aria-hidden', 'true');

    act(() => queryClient.setQueryData(queryKeys.notificationUnread, 120));
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent(/^99\+$/));
    expect(screen.getByRole('button', { name: 'Notifications, 120 unread' })).toBeInTheDocument();

    act(() => queryClient.setQueryData(queryKeys.notificationUnread, 0));
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument());
    expect([0, 1, 99, 100].map(formatUnread)).toEqual(['0', '1', '99', '99+']);
    expect(notificationsLabel(0)).toBe('Notifications');
  });

  it('opens a panel listing the notifications newest first, unread ones marked by more than colour', async () => {
    const { calls } = mockNotificationsServer([NEWEST, OLDER]);
    renderWithApp(<NotificationsButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/notifications?limit=20']);
    // the count comes with the list (the bell is hidden from the reader while the panel is open)
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread', hidden: true })).toBeInTheDocument();

    const [first, second] = items as [HTMLElement, HTMLElement];
    const unreadLink = within(first).getByRole('link');
    expect(unreadLink).toHaveAttribute('href', '/history?messageId=m1');
    expect(unreadLink).toHaveAccessibleName(/^Unread: Phishing detected/);
    expect(within(first).getByText('Phishing detected')).toHaveClass('font-semibold');
    expect(within(first).getByTestId('unread-dot')).toBeInTheDocument();
    expect(within(first).getByText('5 minutes ago').tagName).toBe('TIME');

    const readLink = within(second).getByRole('link');
    expect(readLink).toHaveAttribute('href', '/');
    expect(readLink).toHaveAccessibleName(/^New sign-in to your account/);
    expect(within(second).queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(within(second).getByText('3 hours ago')).toBeInTheDocument();

    expect(within(dialog).getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/settings?tab=notifications');
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('following an alert marks it read, closes the panel and opens its page', async () => {
    const { calls } = mockNotificationsServer([NEWEST, OLDER]);
    const { location } = renderWithApp(<NotificationsButton />, { path: '/scan' });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(await within(dialog).findByRole('link', { name: /^Unread: Phishing detected/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.history?.at(-1)).toBe('/history?messageId=m1');
    expect(readCalls(calls)).toEqual(['/api/notifications/n2/read']);
    // the badge went down at once
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    // a read one is not marked again
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await userEvent.click(await screen.findByRole('link', { name: /^New sign-in to your account/ }));
    expect(location.history?.at(-1)).toBe('/');
    expect(readCalls(calls)).toEqual(['/api/notifications/n2/read']);
  });

  it('Mark all read marks them all, and is disabled with nothing unread', async () => {
    const { calls } = mockNotificationsServer([NEWEST, makeNotification({ id: 'n0', title: 'Suspicious link', createdAt: ago(9 * MINUTE) }), OLDER]);
    renderWithApp(<NotificationsButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(dialog).findAllByRole('listitem');
    expect(within(dialog).getAllByTestId('unread-dot')).toHaveLength(2);
    const markAll = within(dialog).getByRole('button', { name: 'Mark all read' });
    expect(markAll).not.toHaveAttribute('aria-disabled');

    await userEvent.click(markAll);
    expect(readCalls(calls)).toEqual(['/api/notifications/read-all']);
    expect(within(dialog).queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    // the focus stays where it was
    expect(markAll).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
    await userEvent.click(markAll);
    expect(readCalls(calls)).toHaveLength(1);
  });

  it('says so when there are none yet', async () => {
    mockNotificationsServer([]);
    renderWithApp(<NotificationsButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText(NOTIFICATIONS_EMPTY)).toBeInTheDocument();
    expect(NOTIFICATIONS_EMPTY).toBe('No notifications yet. When Baitcheck finds something, it shows here.');
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('offers Load more after a full page and loads the older ones after the last shown', async () => {
    const all = Array.from({ length: 23 }, (_, i) =>
      makeNotification({ id: `n${String(i).padStart(2, '0')}`, title: `Alert ${i}`, createdAt: ago((i + 1) * MINUTE), readAt: ago(0) }),
    );
    const { calls } = mockNotificationsServer(all);
    renderWithApp(<NotificationsButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(20));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(23));
    expect(calls.map((c) => c.path)).toEqual(['/api/notifications?limit=20', '/api/notifications?limit=20&before=n19']);
    expect(within(dialog).getAllByRole('listitem').at(-1)).toHaveTextContent('Alert 22');
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('closes on Escape, the focus back on the bell', async () => {
    mockNotificationsServer([NEWEST]);
    renderWithApp(<NotificationsButton />);
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await userEvent.click(bell);
    await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /^Notifications/ })).toHaveFocus();
  });
});

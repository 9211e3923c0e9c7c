import { Link, useLocation } from 'wouter';
import { BellOff, CheckCheck, Settings } from 'lucide-react';
import type { Notification } from '@baitcheck/contracts';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { SkeletonList } from '@/components/ui/skeleton';
import { LoadError } from '@/components/load-error';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationList, useUnreadCount } from '@/lib/api/notifications';
import { formatRelativeTime } from '@/lib/relative-time';
import { formatScanDate } from '@/lib/format-date';
import { cn } from '@/lib/cn';
import { NotificationIcon } from './notification-icon';

export const NOTIFICATIONS_EMPTY = 'No notifications yet. When Baitcheck finds something, it shows here.';

const notificationSettingsHref = `${paths.settings}?tab=notifications`;

/** Whether following `href` from `location` opens another page, whose heading (or History entry) takes the focus. */
function opensAnotherPage(href: string, location: string): boolean {
  const url = new URL(href, 'http://app');
  return url.pathname !== location || url.searchParams.has('messageId');
}

function NotificationItem({ notification, onFollow }: { notification: Notification; onFollow: () => void }) {
  const unread = notification.readAt === null;
  return (
    <li>
      <Link
        href={notification.url}
        onClick={onFollow}
        data-unread={unread ? '' : undefined}
        className={cn('flex items-start gap-3 rounded-lg px-3 py-3 hover:bg-slate-50 focus-ring', unread && 'bg-primary-soft/40')}
      >
        <NotificationIcon notification={notification} className="mt-0.5" />
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm text-slate-900', unread ? 'font-semibold' : 'font-normal')}>
            {unread ? <span className="sr-only">Unread: </span> : null}
            {notification.title}
          </span>
          <span className="mt-0.5 block text-sm text-slate-700">{notification.body}</span>
          <time dateTime={notification.createdAt} title={formatScanDate(notification.createdAt)} className="mt-1 block text-xs text-slate-600">
            {formatRelativeTime(notification.createdAt)}
          </time>
        </span>
        {unread ? <span aria-hidden="true" data-testid="unread-dot" className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-primary" /> : null}
      </Link>
    </li>
  );
}

/**
 * The header panel's list (loaded with the panel): newest first, unread ones bold with a dot,
 * each a link to its page that marks it read; Mark all read; Load more while the last page was
 * full; a link to the notification settings. `onFollow(movesFocus)` closes the panel.
 */
export function NotificationList({ onFollow }: { onFollow: (movesFocus: boolean) => void }) {
  const [location] = useLocation();
  const list = useNotificationList();
  const unread = useUnreadCount();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const nothingUnread = unread === 0;

  const follow = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    onFollow(opensAnotherPage(notification.url, location));
  };

  let body;
  if (list.isPending) {
    body = <SkeletonList label="Loading notifications" items={['h-16', 'h-16', 'h-16']} className="p-4" />;
  } else if (list.isError && !list.data) {
    body = <LoadError className="m-4" error={list.error} message="Could not load your notifications." onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else {
    const notifications = list.data.pages.flatMap((p) => p.notifications);
    body =
      notifications.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
          <BellOff aria-hidden="true" className="h-8 w-8 text-slate-400" />
          <p className="text-sm text-slate-700">{NOTIFICATIONS_EMPTY}</p>
        </div>
      ) : (
        <div className="p-2">
          <ul aria-label="Notifications" className="space-y-1">
            {notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} onFollow={() => follow(n)} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="flex justify-center p-2">
              <Button
                variant="outline"
                size="sm"
                aria-disabled={list.isFetchingNextPage || undefined}
                onClick={() => {
                  if (!list.isFetchingNextPage) void list.fetchNextPage();
                }}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </div>
      );
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        {/* aria-disabled, not disabled: the focus stays on it once everything is read */}
        <Button
          variant="ghost"
          size="sm"
          aria-disabled={nothingUnread || undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          onClick={() => {
            if (!nothingUnread) markAll.mutate();
          }}
        >
          <CheckCheck aria-hidden="true" className="h-4 w-4" />
          Mark all read
        </Button>
        <Link
          href={notificationSettingsHref}
          onClick={() => onFollow(opensAnotherPage(notificationSettingsHref, location))}
          className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-primary-strong underline-offset-2 hover:underline focus-ring"
        >
          <Settings aria-hidden="true" className="h-4 w-4" />
          Notification settings
        </Link>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>
    </>
  );
}

import { afterWrite } from './api-client';
import { onOwnScan } from './own-scans';
import type { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@baitcheck/contracts';
import { API_ROUTES as API, NOTIFICATION_STREAM_EVENTS } from '@baitcheck/contracts/lite';
import { queryKeys } from './api/query-keys';
import { notificationListOptions, setUnreadCount, upsertNotification } from './api/notifications';

/** Without the stream (refused with TOO_MANY_STREAMS, or no EventSource), the list is read this often. */
export const NOTIFICATIONS_POLL_MS = 60_000;
/** While polling, the stream is tried again every this many polls (some other tab may have closed). */
export const STREAM_RETRY_EVERY_POLLS = 5;

export interface StreamHandlers {
  /** A notification arrived live; `known`: the cached list already had it (a change to an older one). */
  onNotification?: (notification: Notification, context: { known: boolean }) => void;
}

function readData<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/**
 * Reads the list again: at once when it is on screen (or `evenIfHidden`), else when it is next
 * opened. With nothing cached and `evenIfHidden`, the first page is fetched (for its count).
 */
function refreshList(queryClient: QueryClient, evenIfHidden: boolean): void {
  if (queryClient.getQueryData(queryKeys.notificationList)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notificationList, refetchType: evenIfHidden ? 'all' : 'active' });
  } else if (evenIfHidden) {
    // a failed poll changes nothing: the next one tries again
    queryClient.fetchInfiniteQuery(notificationListOptions).catch(() => undefined);
  }
}

/**
 * The one live connection of the app to `GET /api/notifications/stream` (Server-Sent Events):
 * `unread` events set the badge, `notification` events go into the cached list and to
 * `onNotification`. The browser reconnects by itself after a dropped connection, and the stream
 * reopens at once when the browser is back online; each (re)open reads the list again, since
 * something may have arrived meanwhile. A refused stream (429
 * TOO_MANY_STREAMS, a server error) closes for good: the list is then read every
 * {@link NOTIFICATIONS_POLL_MS}, and the stream tried again now and then. Returns a function that stops.
 */
export function startNotificationStream(queryClient: QueryClient, { onNotification }: StreamHandlers = {}): () => void {
  const canStream = typeof EventSource !== 'undefined';
  // every (re)open repeats the unread alerts made since a minute before the stream first opened
  // (clocks differ a little): what came while it was closed, or before a newcomer had a session
  const since = new Date(Date.now() - 60_000).toISOString();
  let source: EventSource | null = null;
  // the stream ended and the browser waits to reopen it (a newcomer's is ended at once: no session yet)
  let waiting = false;
  let poll: ReturnType<typeof setInterval> | undefined;
  let polls = 0;

  const stopPolling = () => {
    clearInterval(poll);
    poll = undefined;
  };

  const startPolling = () => {
    if (poll !== undefined) return;
    polls = 0;
    refreshList(queryClient, true);
    poll = setInterval(() => {
      polls += 1;
      refreshList(queryClient, true);
      if (canStream && !source && polls % STREAM_RETRY_EVERY_POLLS === 0) open();
    }, NOTIFICATIONS_POLL_MS);
  };

  const open = () => {
    const es = new EventSource(`${API.notificationStream.path}?since=${encodeURIComponent(since)}`, { withCredentials: true });
    source = es;
    es.onopen = () => {
      waiting = false;
      stopPolling();
      refreshList(queryClient, false);
    };
    es.addEventListener(NOTIFICATION_STREAM_EVENTS.unread, (event) => {
      const data = readData<{ unread?: unknown }>(event);
      if (typeof data?.unread === 'number') setUnreadCount(queryClient, data.unread);
    });
    es.addEventListener(NOTIFICATION_STREAM_EVENTS.notification, (event) => {
      const notification = readData<Notification>(event);
      if (!notification || typeof notification.id !== 'string') return;
      const { known } = upsertNotification(queryClient, notification);
      // a new History entry (from a plugin, another tab): the dashboard, the banner and History show it now
      if (!known && notification.messageId !== null) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.messages });
        void queryClient.invalidateQueries({ queryKey: queryKeys.messageStats });
        void queryClient.invalidateQueries({ queryKey: queryKeys.protectionStatus });
      }
      onNotification?.(notification, { known });
    });
    es.onerror = () => {
      // CONNECTING: the browser is already retrying. CLOSED: it gave up (an error status).
      if (es.readyState !== EventSource.CLOSED) {
        waiting = true;
        return;
      }
      es.close();
      if (source === es) source = null;
      startPolling();
    };
  };

  if (canStream) open();
  else startPolling();

  // a newcomer's first scan (or any change) makes their session: the stream that waits for one
  // reopens now rather than at the browser's next try, so that scan's alert pops up
  const reopen = () => {
    if (!source) return;
    waiting = false;
    source.close();
    open();
  };
  const stopNudges = afterWrite(() => {
    if (waiting) reopen();
  });
  // ...and so does a scan in another tab of this browser (it shares the session's cookie), which
  // this tab hears of through own-scans' storage event: otherwise the browser's next try, 15 s away
  const stopTabNudges = onOwnScan(() => {
    if (waiting) reopen();
  });
  // back online: the stream starts again now, not at the browser's next try (the server asks for
  // 5 s, 15 s for a newcomer, one more wait when a try fell in the offline time); one that stayed
  // open through the offline may be dead without the browser knowing (a phone that changed networks)
  window.addEventListener('online', reopen);

  return () => {
    window.removeEventListener('online', reopen);
    stopNudges();
    stopTabNudges();
    stopPolling();
    source?.close();
    source = null;
  };
}

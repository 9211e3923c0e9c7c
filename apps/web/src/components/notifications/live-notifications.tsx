import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Notification } from '@baitcheck/contracts';
import { lastOwnAccountChange, onUserSwitch } from '@/lib/api/auth';

/** How long after this tab's own sign-in or password change its Security Update is not popped up. */
const OWN_CHANGE_QUIET_MS = 60_000;
import { queryKeys } from '@/lib/api/query-keys';
import { useMarkNotificationRead } from '@/lib/api/notifications';
import { startNotificationStream } from '@/lib/notification-stream';
import { resendPushSubscription } from '@/lib/web-push';
import { NotificationPopup } from './notification-popup';
import { isOwnScan } from '@/lib/own-scans';
import { removePopup, showPopup, updatePopup } from './popup-store';

/** How far the server's clock may be behind this device's before an alert counts as older than the page. */
const CLOCK_SLACK_MS = 60_000;



/**
 * Whether a live notification gets the pop-up: only one that is new since the page loaded (not
 * in the list already shown, not older than the page), and unread (not read in another tab).
 */
export function isPopupWorthy(notification: Notification, known: boolean, pageLoadedAt: number): boolean {
  if (known || notification.readAt !== null) return false;
  // a scan made in this tab: the person is reading its result, the alert goes to the bell
  if (isOwnScan(notification.messageId)) return false;
  // a sign-in or password change made in this tab: the person knows, it is listed in the bell
  if (notification.type === 'security_update' && Date.now() - lastOwnAccountChange() < OWN_CHANGE_QUIET_MS) return false;
  const created = Date.parse(notification.createdAt);
  return Number.isNaN(created) || created >= pageLoadedAt - CLOCK_SLACK_MS;
}

/** The service worker asks the page to go to an alert's page (a tap on a push notification). */
function isNavigateMessage(data: unknown): data is { type: 'baitcheck:navigate'; url: string } {
  if (typeof data !== 'object' || data === null) return false;
  const { type, url } = data as { type?: unknown; url?: unknown };
  // an in-app path only
  return type === 'baitcheck:navigate' && typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
}

/**
 * The app's live notifications, started once after the first screen: the one stream (badge and
 * list), the pop-up for each new alert, reconnecting as the new person after a sign-in or out
 * (and moving this browser's push subscription to them), and the service worker's "go to this
 * alert" messages.
 */
export default function LiveNotifications() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const markRead = useMarkNotificationRead();

  useEffect(() => {
    const pageLoadedAt = Date.now();
    // alerts this tab has listed or popped up, kept across a sign-up or sign-in: the guest's alert
    // is not new to the account it became
    const seenHere = new Set<string>();
    const start = () =>
      startNotificationStream(queryClient, {
        onNotification: (notification, { known }) => {
          const worthy = !seenHere.has(notification.id) && isPopupWorthy(notification, known, pageLoadedAt);
          seenHere.add(notification.id);
          if (worthy) showPopup(notification);
          else updatePopup(notification);
        },
      });
    let stop = start();
    const stopWatching = onUserSwitch(() => {
      stop();
      // the last person's alert is not the new one's
      removePopup();
      queryClient.removeQueries({ queryKey: queryKeys.notifications });
      stop = start();
      void resendPushSubscription().then((channels) => {
        if (channels) queryClient.setQueryData(queryKeys.notificationChannels, channels);
      });
    });
    return () => {
      stopWatching();
      stop();
    };
  }, [queryClient]);

  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      if (isNavigateMessage(event.data)) navigate(event.data.url);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);

  return (
    <NotificationPopup
      onOpen={(notification) => {
        if (notification.readAt === null) markRead.mutate(notification.id);
      }}
    />
  );
}

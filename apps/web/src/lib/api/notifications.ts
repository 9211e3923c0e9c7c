import {
  infiniteQueryOptions,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  AlertChannels,
  Notification,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesPatch,
  UnreadCount,
} from '@baitcheck/contracts';
import { API_ROUTES as API, NOTIFICATIONS_DEFAULT_LIMIT, buildPath } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from './query-keys';

const MUTATION_KEY = ['patch-notification-preferences'] as const;

/** The visitor's notification types, channels and sensitivity, kept on the server. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: queryKeys.notificationPreferences,
    queryFn: () => api.get<NotificationPreferences>(API.getNotificationPreferences.path),
  });
}

/** `prefs` with `patch` applied. */
export function applyNotificationPatch(prefs: NotificationPreferences, patch: NotificationPreferencesPatch): NotificationPreferences {
  return {
    types: { ...prefs.types, ...patch.types },
    channels: { ...prefs.channels, ...patch.channels },
    sensitivity: patch.sensitivity ?? prefs.sensitivity,
  };
}

/** `current` with the fields named in `patch` set back to their values in `previous`. */
function revertNotificationPatch(
  current: NotificationPreferences,
  patch: NotificationPreferencesPatch,
  previous: NotificationPreferences,
): NotificationPreferences {
  const types = { ...current.types };
  for (const key of Object.keys(patch.types ?? {}) as Array<keyof NotificationPreferences['types']>) types[key] = previous.types[key];
  const channels = { ...current.channels };
  for (const key of Object.keys(patch.channels ?? {}) as Array<keyof NotificationPreferences['channels']>) {
    channels[key] = previous.channels[key];
  }
  return { types, channels, sensitivity: patch.sensitivity === undefined ? current.sensitivity : previous.sensitivity };
}

interface UpdateCallbacks {
  onSuccess?: (prefs: NotificationPreferences, patch: NotificationPreferencesPatch) => void;
  onError?: (error: Error, patch: NotificationPreferencesPatch) => void;
}

/**
 * Sends only what changed, one change after another. The controls show the change at once; on failure only the fields of
 * the failed change go back to the server's value (another change may have succeeded meanwhile)
 * and the preferences are read again. The callbacks are the mutation's own, so they still run when
 * the tab was left before the answer came (a debounced slider change).
 */
export function useUpdateNotificationPreferences({ onSuccess, onError }: UpdateCallbacks = {}) {
  const queryClient = useQueryClient();
  const key = queryKeys.notificationPreferences;
  return useMutation({
    mutationKey: MUTATION_KEY,
    // One at a time, in order. Changes made offline are all sent when the connection is back: at
    // once, a newcomer's two first changes each made a session of their own, and the browser kept
    // only the last (the first change was lost; outside review). In order, the first makes the
    // session and the next ones come with it; and the answers come back in the order of the changes.
    scope: { id: 'notification-preferences' },
    mutationFn: (patch: NotificationPreferencesPatch) =>
      api.patch<NotificationPreferences>(API.patchNotificationPreferences.path, patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationPreferences>(key);
      if (previous) queryClient.setQueryData(key, applyNotificationPatch(previous, patch));
      return { previous };
    },
    onSuccess: (prefs, patch) => {
      // While another change is in flight, this answer predates it: keep the optimistic value.
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) <= 1) queryClient.setQueryData(key, prefs);
      // Turning Email on makes the server send a confirmation link: the channels say when.
      if (patch.channels?.email === true) void queryClient.invalidateQueries({ queryKey: queryKeys.notificationChannels });
      onSuccess?.(prefs, patch);
    },
    onError: (error, patch, context) => {
      const previous = context?.previous;
      if (previous) {
        queryClient.setQueryData<NotificationPreferences>(key, (current) =>
          current ? revertNotificationPatch(current, patch, previous) : current,
        );
      }
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) <= 1) void queryClient.invalidateQueries({ queryKey: key });
      onError?.(error, patch);
    },
  });
}

// ---- the header's notifications (issue 19) ----

/** Notifications the header's list asks for at a time; "Load more" asks for the next ones. */
export const NOTIFICATIONS_PAGE_SIZE = NOTIFICATIONS_DEFAULT_LIMIT;

/** The cached list: pages of {@link NotificationList}, each page's param the id it starts after. */
export type NotificationPages = InfiniteData<NotificationList, string | null>;

/**
 * The list, page by page, newest first. A full page means there may be older ones. Every answer
 * carries the unread count, which the badge shows.
 */
export const notificationListOptions = infiniteQueryOptions({
  queryKey: queryKeys.notificationList,
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam, client }): Promise<NotificationList> => {
    const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
    if (pageParam) query.set('before', pageParam);
    const page = await api.get<NotificationList>(`${API.listNotifications.path}?${query}`);
    setUnreadCount(client, page.unread);
    return page;
  },
  getNextPageParam: (last) => (last.notifications.length >= NOTIFICATIONS_PAGE_SIZE ? (last.notifications.at(-1)?.id ?? null) : null),
});

/** The header's list of notifications. */
export function useNotificationList() {
  return useInfiniteQuery(notificationListOptions);
}

/**
 * How many notifications are unread: set by the live stream, the list and marking read (it is
 * never fetched on its own, so the first screen makes no request for it).
 */
export function useUnreadCount(): number {
  const { data } = useQuery<number>({ queryKey: queryKeys.notificationUnread, queryFn: skipToken });
  return data ?? 0;
}

/** Sets the badge's count. */
export function setUnreadCount(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData<number>(queryKeys.notificationUnread, unread);
}

/**
 * Puts a notification the stream sent into the cached list: replaces the one with its id (a
 * summary that grew) or adds it on top. Says whether the list already had it. Without a cached
 * list nothing is stored: the list is fetched when it is opened.
 */
export function upsertNotification(queryClient: QueryClient, notification: Notification): { known: boolean } {
  let known = false;
  queryClient.setQueryData<NotificationPages>(queryKeys.notificationList, (data) => {
    if (!data) return data;
    known = data.pages.some((p) => p.notifications.some((n) => n.id === notification.id));
    const pages = known
      ? data.pages.map((p) => ({ ...p, notifications: p.notifications.map((n) => (n.id === notification.id ? notification : n)) }))
      : data.pages.map((p, i) => (i === 0 ? { ...p, notifications: [notification, ...p.notifications] } : p));
    return { ...data, pages };
  });
  return { known };
}

/** Marks cached notifications read (those `which` picks); says how many were unread. */
function markReadInCache(queryClient: QueryClient, which: (n: Notification) => boolean): number {
  let changed = 0;
  const now = new Date().toISOString();
  queryClient.setQueryData<NotificationPages>(queryKeys.notificationList, (data) => {
    if (!data) return data;
    const pages = data.pages.map((p) => ({
      ...p,
      notifications: p.notifications.map((n) => {
        if (n.readAt !== null || !which(n)) return n;
        changed += 1;
        return { ...n, readAt: now };
      }),
    }));
    return { ...data, pages };
  });
  return changed;
}

/**
 * Marks one notification read: at once in the list and the badge, then the server's count. A
 * failure reads the list again (the server's word on what is read).
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<UnreadCount>(buildPath(API.markNotificationRead.path, { id })),
    onMutate: (id) => {
      if (markReadInCache(queryClient, (n) => n.id === id) > 0) {
        const unread = queryClient.getQueryData<number>(queryKeys.notificationUnread);
        if (unread !== undefined) setUnreadCount(queryClient, Math.max(0, unread - 1));
      }
    },
    onSuccess: ({ unread }) => setUnreadCount(queryClient, unread),
    onError: (error) => {
      console.error(error);
      void queryClient.invalidateQueries({ queryKey: queryKeys.notificationList });
    },
  });
}

/** Marks every notification read. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnreadCount>(API.markAllNotificationsRead.path),
    onMutate: () => {
      markReadInCache(queryClient, () => true);
      setUnreadCount(queryClient, 0);
    },
    onSuccess: ({ unread }) => setUnreadCount(queryClient, unread),
    onError: (error) => {
      console.error(error);
      void queryClient.invalidateQueries({ queryKey: queryKeys.notificationList });
    },
  });
}

/** Which channels can deliver alerts on this server, for this person (push, email, SMS). */
export const alertChannelsOptions = queryOptions({
  queryKey: queryKeys.notificationChannels,
  queryFn: () => api.get<AlertChannels>(API.notificationChannels.path),
});

/** {@link alertChannelsOptions}, fetched only when `enabled`. */
export function useAlertChannels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...alertChannelsOptions, enabled });
}

interface ChannelsCallbacks {
  onSuccess?: (channels: AlertChannels) => void;
  onError?: (error: Error) => void;
}

/**
 * A mutation answered with the channels: a channels read still in flight is cancelled (its answer
 * may predate the change), the answer replaces the cached channels, and a failure reads them again.
 */
function useChannelsMutation<V>(mutationFn: (variables: V) => Promise<AlertChannels>, { onSuccess, onError }: ChannelsCallbacks) {
  const queryClient = useQueryClient();
  const key = queryKeys.notificationChannels;
  return useMutation({
    mutationFn,
    onMutate: () => queryClient.cancelQueries({ queryKey: key }),
    onSuccess: (channels) => {
      queryClient.setQueryData(key, channels);
      onSuccess?.(channels);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: key });
      onError?.(error);
    },
  });
}

/** Sends the link that confirms the email address (again); the answer has the time it was sent. The server allows 3 an hour (429 after). */
export function useSendAlertEmailConfirmation(callbacks: ChannelsCallbacks = {}) {
  return useChannelsMutation<void>(() => api.post<AlertChannels>(API.sendAlertEmailConfirmation.path), callbacks);
}

/**
 * Confirms the email address with the token of the link sent to it. The callbacks are the
 * mutation's own, so they run even if the page was left before the answer came.
 */
export function useConfirmAlertEmail(callbacks: ChannelsCallbacks = {}) {
  return useChannelsMutation((token: string) => api.post<AlertChannels>(API.confirmAlertEmail.path, { token }), callbacks);
}

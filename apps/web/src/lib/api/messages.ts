import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Message, MessageStats, MessageSummary, ThreatLevel } from '@baitcheck/contracts';
import { API_ROUTES as API, MESSAGES_DEFAULT_LIMIT, NEXT_CURSOR_HEADER, buildPath } from '@baitcheck/contracts/lite';
import { api, apiRequestWithHeaders, getTimeZone, type RequestOptions } from '../api-client';
import { deviceOwnerOf } from '../on-device/on-device-mirror';
import { queryKeys } from './query-keys';

/** Messages the History screen asks for at a time; "Load more" asks for the next ones. */
export const HISTORY_PAGE_SIZE = 50;

/**
 * The newest stored scans (a list's previews), newest first; `limit` as the server reads it. The
 * scans kept on this device (on-device scanning) are among them, by date.
 */
export function useMessages(limit?: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.messageList(limit),
    queryFn: async () => {
      const [server, device] = await Promise.all([
        api.get<MessageSummary[]>(limit === undefined ? API.listMessages.path : `${API.listMessages.path}?limit=${limit}`),
        listedDevice(queryClient),
      ]);
      return device.length === 0 ? server : [...server, ...device].sort(newestFirst).slice(0, limit ?? MESSAGES_DEFAULT_LIMIT);
    },
  });
}

/** A device entry's list id starts so (`device-` and 32 hex characters); the server's are UUIDs. */
const isDeviceId = (id: string) => id.startsWith('device-');

/**
 * The device history's code, loaded only for an account (a guest has no device history, and
 * its first screen does not load it).
 */
const deviceEntries = () => import('../on-device/device-entries');
const deviceCounts = () => import('../on-device/device-counts');

/** The device entries the lists show (none for a guest), optionally of one verdict. */
async function listedDevice(queryClient: QueryClient, threatLevel?: ThreatLevel): Promise<MessageSummary[]> {
  if (deviceOwnerOf(queryClient) === null) return [];
  return (await deviceEntries()).listedDeviceEntries(queryClient, threatLevel);
}

/** Newest first, by scan date. */
const newestFirst = (a: { scanDate: string }, b: { scanDate: string }) => Date.parse(b.scanDate) - Date.parse(a.scanDate);

/** One page of the history and where the next one starts (null on the last). */
export interface HistoryPage {
  messages: MessageSummary[];
  next: string | null;
  /** The date of the page's oldest server entry: the next page's device entries are older. */
  oldest: string | null;
  /** Baitcheck could not be reached: only the entries kept on this device are listed. */
  deviceOnly?: boolean;
}

/** Where a history page starts: the server's cursor, and the date its device entries are older than. */
interface HistoryPageParam {
  cursor: string | null;
  olderThan: string | null;
}

/**
 * The history page by page, newest first, optionally of one verdict: the server ends a page at
 * {@link HISTORY_PAGE_SIZE} messages or its byte budget and names the next page's cursor.
 */
export function useHistoryPages(threatLevel?: ThreatLevel) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: queryKeys.messagePages(threatLevel ?? 'all'),
    initialPageParam: { cursor: null, olderThan: null } as HistoryPageParam,
    queryFn: async ({ pageParam }): Promise<HistoryPage> => {
      const query = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
      if (threatLevel) query.set('threatLevel', threatLevel);
      if (pageParam.cursor) query.set('before', pageParam.cursor);
      const [server, device] = await Promise.all([
        apiRequestWithHeaders<MessageSummary[]>('GET', `${API.listMessages.path}?${query}`).catch((error: unknown) => error as Error),
        listedDevice(queryClient, threatLevel),
      ]);
      if (server instanceof Error) {
        // unreachable (no answer at all), with entries on this device: those, and say so
        if (/^\d{3}: /.test(server.message) || device.length === 0 || pageParam.cursor !== null) throw server;
        return { messages: device, next: null, oldest: null, deviceOnly: true };
      }
      const { data, headers } = server;
      const next = headers.get(NEXT_CURSOR_HEADER);
      const oldest = data.at(-1)?.scanDate ?? null;
      // the device entries in this page's span of dates: newer than the page's oldest server
      // entry (all the rest on the last page), older than the previous page's
      const upper = pageParam.olderThan === null ? Infinity : Date.parse(pageParam.olderThan);
      const lower = next === null || oldest === null ? -Infinity : Date.parse(oldest);
      const mine = device.filter((m) => Date.parse(m.scanDate) < upper && Date.parse(m.scanDate) >= lower);
      return { messages: mine.length === 0 ? data : [...data, ...mine].sort(newestFirst), next, oldest };
    },
    getNextPageParam: (last): HistoryPageParam | null => (last.next ? { cursor: last.next, olderThan: last.oldest } : null),
  });
}

/** One whole stored scan (a list carries previews), fetched when `enabled`. */
export function useMessage(id: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.message(id),
    queryFn: async () => (isDeviceId(id) ? (await deviceEntries()).wholeDeviceEntry(queryClient, id) : api.get<Message>(buildPath(API.getMessage.path, { id }))),
    enabled,
  });
}


/** Dashboard counters for the last 30 days plus the last seven days. */
export function useMessageStats() {
  const tz = getTimeZone();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.messageStatsFor(tz),
    queryFn: async () => {
      const stats = await api.get<MessageStats>(`${API.messageStats.path}?tz=${encodeURIComponent(tz)}`);
      // scans made on this device that the server has not been told of yet count too
      if (deviceOwnerOf(queryClient) === null) return stats;
      const { addPendingDeviceCounts, pendingDeviceCounts } = await deviceCounts();
      return addPendingDeviceCounts(stats, await pendingDeviceCounts(queryClient, stats.windowDays));
    },
  });
}

/** Everything that changes when a scan is stored or deleted. */
export function invalidateScanData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.messages }),
    queryClient.invalidateQueries({ queryKey: queryKeys.messageStats }),
    queryClient.invalidateQueries({ queryKey: queryKeys.protectionStatus }),
  ]);
}

/**
 * Deletes a stored scan (`keepalive` when sent as the page closes), or a scan kept on this device
 * (and its verdict on the server as soon as it can be told). Callers refresh with {@link invalidateScanData}.
 */
export function deleteMessage(id: string, options: RequestOptions | undefined, queryClient: QueryClient): Promise<{ success: true }> {
  if (isDeviceId(id)) return deviceEntries().then((m) => m.deleteDeviceEntry(queryClient, id));
  return api.delete<{ success: true }>(buildPath(API.deleteMessage.path, { id }), options);
}

import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Message, MessageStats, MessageSummary, ThreatLevel } from '@baitcheck/contracts';
import { API_ROUTES as API, NEXT_CURSOR_HEADER, buildPath } from '@baitcheck/contracts/lite';
import { api, apiRequestWithHeaders, getTimeZone, type RequestOptions } from '../api-client';
import { queryKeys } from './query-keys';

/** Messages the History screen asks for at a time; "Load more" asks for the next ones. */
export const HISTORY_PAGE_SIZE = 50;

/** The newest stored scans (a list's previews), newest first; `limit` as the server reads it. */
export function useMessages(limit?: number) {
  return useQuery({
    queryKey: queryKeys.messageList(limit),
    queryFn: () =>
      api.get<MessageSummary[]>(limit === undefined ? API.listMessages.path : `${API.listMessages.path}?limit=${limit}`),
  });
}

/** One page of the history and where the next one starts (null on the last). */
export interface HistoryPage {
  messages: MessageSummary[];
  next: string | null;
}

/**
 * The history page by page, newest first, optionally of one verdict: the server ends a page at
 * {@link HISTORY_PAGE_SIZE} messages or its byte budget and names the next page's cursor.
 */
export function useHistoryPages(threatLevel?: ThreatLevel) {
  return useInfiniteQuery({
    queryKey: queryKeys.messagePages(threatLevel ?? 'all'),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<HistoryPage> => {
      const query = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
      if (threatLevel) query.set('threatLevel', threatLevel);
      if (pageParam) query.set('before', pageParam);
      const { data, headers } = await apiRequestWithHeaders<MessageSummary[]>('GET', `${API.listMessages.path}?${query}`);
      return { messages: data, next: headers.get(NEXT_CURSOR_HEADER) };
    },
    getNextPageParam: (last) => last.next,
  });
}

/** One whole stored scan (a list carries previews), fetched when `enabled`. */
export function useMessage(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.message(id),
    queryFn: () => api.get<Message>(buildPath(API.getMessage.path, { id })),
    enabled,
  });
}


/** Dashboard counters for the last 30 days plus the last seven days. */
export function useMessageStats() {
  const tz = getTimeZone();
  return useQuery({
    queryKey: queryKeys.messageStatsFor(tz),
    queryFn: () => api.get<MessageStats>(`${API.messageStats.path}?tz=${encodeURIComponent(tz)}`),
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

/** Deletes a stored scan (`keepalive` when sent as the page closes). Callers refresh with {@link invalidateScanData}. */
export function deleteMessage(id: string, options?: RequestOptions): Promise<{ success: true }> {
  return api.delete<{ success: true }>(buildPath(API.deleteMessage.path, { id }), options);
}

import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Message, MessageStats } from '@baitcheck/contracts';
import { API_ROUTES as API, buildPath } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from './query-keys';

/** The stored scans, newest first; `limit` as the server reads it. */
export function useMessages(limit?: number) {
  return useQuery({
    queryKey: queryKeys.messageList(limit),
    queryFn: () =>
      api.get<Message[]>(limit === undefined ? API.listMessages.path : `${API.listMessages.path}?limit=${limit}`),
  });
}

/** The browser's IANA time zone, so the server counts days as the person sees them. */
export function getTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
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

/** Deletes a stored scan. Callers refresh with {@link invalidateScanData}. */
export function deleteMessage(id: string): Promise<{ success: true }> {
  return api.delete<{ success: true }>(buildPath(API.deleteMessage.path, { id }));
}

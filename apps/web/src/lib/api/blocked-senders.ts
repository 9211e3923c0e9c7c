import { useQuery } from '@tanstack/react-query';
import type { BlockedSender } from '@baitcheck/contracts';
import { API_ROUTES as API, buildPath } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from './query-keys';

/** The person's blocked senders, newest first (the server sends the whole list). */
export function useBlockedSenders() {
  return useQuery({
    queryKey: queryKeys.blockedSenders,
    queryFn: () => api.get<BlockedSender[]>(API.listBlockedSenders.path),
  });
}

/** Takes a sender off the blocked list; scans of their messages stop saying they are blocked. */
export function unblockSender(id: string): Promise<{ success: true }> {
  return api.delete<{ success: true }>(buildPath(API.deleteBlockedSender.path, { id }));
}

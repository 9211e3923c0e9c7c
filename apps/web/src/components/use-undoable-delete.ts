import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { MessageSummary } from '@baitcheck/contracts';
import { dismissToast, toast } from '@/components/ui/toast-store';
import { deleteMessage, invalidateScanData, type HistoryPage } from '@/lib/api/messages';
import { queryKeys } from '@/lib/api/query-keys';

/*
 * Delete with Undo. The entry leaves every list at once, and the DELETE request is only sent
 * when the toast that offers Undo ends (after its 5 s, closed, swiped, or replaced by the next
 * toast): until then nothing has changed on the server, so Undo only has to show the entry
 * again, with its id, date and place unchanged (re-creating it would give it a new id). The
 * pending deletes live here, outside any screen, so moving to another page keeps them; when the
 * page is hidden or closed they are sent at once (keepalive), so a delete the person did not
 * undo is never lost.
 */

interface PendingDelete {
  id: string;
  toastId: string;
  undone: boolean;
  sent: boolean;
  queryClient: QueryClient;
}

const pending = new Map<string, PendingDelete>();
let hiddenIds: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function publish() {
  hiddenIds = new Set(pending.keys());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getHidden = () => hiddenIds;

/** The ids deleted with Undo still on offer or on their way to the server: lists leave them out. */
export function useHiddenMessageIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, getHidden, getHidden);
}

/** Takes a deleted message out of every cached list, so it cannot reappear before the refresh. */
function dropFromCache(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<MessageSummary[] | InfiniteData<HistoryPage>>({ queryKey: queryKeys.messages }, (data) => {
    if (!data) return data;
    if (Array.isArray(data)) return data.filter((m) => m.id !== id);
    if ('pages' in data) return { ...data, pages: data.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => m.id !== id) })) };
    return data;
  });
}

function send(entry: PendingDelete) {
  if (entry.undone || entry.sent) return;
  entry.sent = true;
  // keepalive: this may be the last thing the page does before the tab closes.
  deleteMessage(entry.id, { keepalive: true })
    .catch((error: Error) => {
      // Deleted already (another tab, another device): what the person wanted is done.
      if (error.message.startsWith('404:')) return;
      throw error;
    })
    .then(
      () => {
        dropFromCache(entry.queryClient, entry.id);
        pending.delete(entry.id);
        publish();
        return invalidateScanData(entry.queryClient);
      },
      (error: Error) => {
        console.error(error);
        pending.delete(entry.id);
        publish();
        toast({ title: 'Error', description: 'Failed to delete message.', variant: 'destructive' });
      },
    );
}

/** Sends every delete whose Undo is still on offer: the page is being hidden or closed. */
export function flushPendingDeletes() {
  for (const entry of pending.values()) {
    if (entry.undone || entry.sent) continue;
    send(entry);
    dismissToast(entry.toastId);
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushPendingDeletes);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushPendingDeletes();
  });
}

/**
 * Delete a stored scan with the spec's toast, plus Undo while the toast shows. `onUndo` runs
 * when the person takes it back (the entry is listed again by then: put focus on it).
 */
export function useUndoableDelete() {
  const queryClient = useQueryClient();
  const remove = useCallback(
    (id: string, { onUndo }: { onUndo?: () => void } = {}) => {
      if (pending.has(id)) return;
      const entry: PendingDelete = { id, toastId: '', undone: false, sent: false, queryClient };
      pending.set(id, entry);
      publish();
      entry.toastId = toast({
        title: 'Message deleted',
        description: 'The message has been removed from your history.',
        action: {
          label: 'Undo',
          altText: 'Undo: put the message back in your history',
          onClick: () => {
            if (entry.sent) return;
            entry.undone = true;
            pending.delete(id);
            publish();
            onUndo?.();
          },
        },
        onClose: () => send(entry),
      }).id;
    },
    [queryClient],
  );
  return { remove };
}

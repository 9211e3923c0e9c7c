import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { MessageSummary } from '@baitcheck/contracts';
import { dismissToast, toast } from '@/components/ui/toast-store';
import { deleteMessage, invalidateScanData, type HistoryPage } from '@/lib/api/messages';
import { queryKeys } from '@/lib/api/query-keys';
import { clearPendingDeviceDelete, notePendingDeviceDelete } from '@/lib/on-device/pending-deletes';

/*
 * Delete with Undo. The entry leaves every list at once, and the DELETE request is only sent
 * when the toast that offers Undo ends (after its 10 s, closed, swiped, or replaced by the next
 * toast): until then nothing has changed on the server, so Undo only has to show the entry
 * again, with its id, date and place unchanged (re-creating it would give it a new id). The
 * pending deletes live here, outside any screen, so moving to another page keeps them; when the
 * page is hidden or closed they are sent at once (keepalive), so a delete the person did not
 * undo is never lost.
 *
 * Undo by keyboard: after Delete, focus goes on to the next entry, and the toast's Undo button is
 * many Tab presses away (past the rest of the list and the navigation). So Ctrl+Z (⌘Z on a Mac)
 * undoes the latest delete while its Undo is on offer, anywhere but in a text field (where it
 * undoes typing). The Undo button names the key (aria-keyshortcuts), and when the delete was made
 * with the keyboard the toast says it too.
 */

interface PendingDelete {
  id: string;
  toastId: string;
  undone: boolean;
  sent: boolean;
  queryClient: QueryClient;
  undo: () => void;
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
  deleteMessage(entry.id, { keepalive: true }, entry.queryClient)
    .catch((error: Error) => {
      // Deleted already (another tab, another device): what the person wanted is done.
      if (error.message.startsWith('404:')) return;
      throw error;
    })
    .then(
      () => {
        dropFromCache(entry.queryClient, entry.id);
        clearPendingDeviceDelete(entry.id);
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

/** Input types where Ctrl+Z belongs to the field (undoing typing), not to us. */
const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit']);

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NOT_TEXT_INPUTS.has(target.type);
  return target.isContentEditable || target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

function isMac(): boolean {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return /mac|iphone|ipad|ipod/i.test(nav.userAgentData?.platform || nav.platform || '');
}

/** The undo key as `aria-keyshortcuts` names it, and as the toast shows it. */
export function undoShortcut(): { aria: string; shown: string } {
  return isMac() ? { aria: 'Meta+Z', shown: '⌘Z' } : { aria: 'Control+Z', shown: 'Ctrl+Z' };
}

/** Ctrl+Z or ⌘Z (either, on any system: a Mac user at a PC keyboard presses Ctrl), no Shift (redo) or Alt. */
function isUndoKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z';
}

/** Undoes the latest delete whose Undo is still on offer; false when there is none. */
function undoLatest(): boolean {
  const latest = [...pending.values()].reverse().find((entry) => !entry.undone && !entry.sent);
  if (!latest) return false;
  latest.undo();
  dismissToast(latest.toastId);
  return true;
}

// How the person last acted: a Delete made with the keyboard gets the visible hint.
let lastInput: 'keyboard' | 'pointer' = 'pointer';

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushPendingDeletes);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushPendingDeletes();
  });
  // Capture phase: known before the key or press reaches the Delete button.
  window.addEventListener('keydown', () => (lastInput = 'keyboard'), { capture: true });
  window.addEventListener('pointerdown', () => (lastInput = 'pointer'), { capture: true });
  window.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.isComposing || !isUndoKey(event) || isTextField(event.target)) return;
    if (undoLatest()) event.preventDefault();
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
      const entry: PendingDelete = {
        id,
        toastId: '',
        undone: false,
        sent: false,
        queryClient,
        undo: () => {
          if (entry.sent || entry.undone) return;
          entry.undone = true;
          pending.delete(id);
          publish();
          clearPendingDeviceDelete(id);
          onUndo?.();
        },
      };
      pending.set(id, entry);
      publish();
      if (id.startsWith('device-')) notePendingDeviceDelete(id);
      const shortcut = undoShortcut();
      entry.toastId = toast({
        title: 'Message deleted',
        description: 'The message has been removed from your history.',
        hint: lastInput === 'keyboard' ? `Press ${shortcut.shown} to undo.` : undefined,
        action: {
          label: 'Undo',
          altText: 'Undo: put the message back in your history',
          keyShortcuts: shortcut.aria,
          onClick: entry.undo,
        },
        onClose: () => send(entry),
      }).id;
    },
    [queryClient],
  );
  return { remove };
}

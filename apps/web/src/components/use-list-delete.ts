import { useEffect, useRef, useState, type RefObject } from 'react';
import { useUndoableDelete } from './use-undoable-delete';

/**
 * Delete with Undo from a list of scans, keeping keyboard focus in the list: after a delete it
 * goes to the next entry, else the one before, else `fallback` (the list's heading: a ref, or an
 * element id); after Undo, back to the entry itself. Entries carry `data-message-id` and tabIndex.
 */
export function useListDelete(fallback: RefObject<HTMLElement | null> | string | undefined) {
  const { remove } = useUndoableDelete();
  const listRef = useRef<HTMLUListElement>(null);
  // Where focus goes once the list has redrawn: an entry's id, or null for the fallback.
  const [focusRequest, setFocusRequest] = useState<{ id: string | null } | null>(null);
  useEffect(() => {
    if (!focusRequest) return;
    const entry = focusRequest.id ? listRef.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(focusRequest.id)}"]`) : null;
    const heading = typeof fallback === 'string' ? document.getElementById(fallback) : fallback?.current;
    (entry ?? heading)?.focus();
  }, [focusRequest, fallback]);

  /** Deletes `id` from the `shown` list (in the order shown). */
  const onDelete = (shown: readonly { id: string }[], id: string) => {
    const at = shown.findIndex((m) => m.id === id);
    const neighbour = shown[at + 1] ?? shown[at - 1];
    remove(id, { onUndo: () => setFocusRequest({ id }) });
    setFocusRequest({ id: neighbour?.id ?? null });
  };
  return { listRef, onDelete };
}

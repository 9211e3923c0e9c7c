/**
 * Deletes of device entries whose Undo is on offer (issue 20), written down at once: the delete
 * itself waits for the Undo toast to end and is sent as the page closes, but IndexedDB may not
 * finish a write started then. A delete interrupted so is finished by the next page that lists
 * the device history; this page's own are left to their toast.
 */
const KEY = 'baitcheck:device-deletes';
/** This page load. */
const PAGE = Math.random().toString(36).slice(2);

interface PendingDelete {
  id: string;
  page: string;
}

function read(): PendingDelete[] {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is PendingDelete => typeof v?.id === 'string' && typeof v?.page === 'string') : [];
  } catch {
    return [];
  }
}

function write(list: PendingDelete[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // storage refused: the delete still happens when its toast ends, as for the server's entries
  }
}

/** A device entry (its list id) was deleted, with Undo on offer. */
export function notePendingDeviceDelete(messageId: string): void {
  write([...read().filter((p) => p.id !== messageId), { id: messageId, page: PAGE }]);
}

/** Its Undo was taken, or the delete is done. */
export function clearPendingDeviceDelete(messageId: string): void {
  write(read().filter((p) => p.id !== messageId));
}

/** Deletes an earlier page left unfinished (the page closed before IndexedDB was written). */
export function interruptedDeviceDeletes(): string[] {
  return read()
    .filter((p) => p.page !== PAGE)
    .map((p) => p.id);
}

/**
 * The History entries of the scans this person made in this browser, whose results they have
 * seen: their alerts go to the bell, not over the result (components/notifications). Its own
 * small module so the scan screens can note a scan without loading the live notifications, which
 * load later.
 *
 * Kept in the browser's local storage for {@link OWN_SCAN_MEMORY_MS}, not only in the tab: a
 * reload, or another tab, opens the notification stream again, which repeats the alerts of the
 * last minute or so, and the person's own scan would pop up as if it were news. Other tabs learn
 * of a scan through the storage event, so a pop-up about it already showing there closes too.
 * Only message ids are kept (random, meaningless to anyone else), at most {@link MAX_KEPT}.
 */
const STORAGE_KEY = 'baitcheck:own-scans';
/** Longer than the stream's repeat (a minute before the page loaded) and the clocks' allowance (a minute). */
export const OWN_SCAN_MEMORY_MS = 10 * 60_000;
const MAX_KEPT = 50;

const ownScans = new Set<string>();
const listeners = new Set<(messageId: string) => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // storage refused (a privacy setting): this tab still remembers
    return null;
  }
}

/** The scans kept in storage and not yet forgotten, as [message id, when noted]; nothing when unreadable. */
function readKept(now: number): Array<[string, number]> {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return [];
  }
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (entry): entry is [string, number] =>
      Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number' && entry[1] <= now + 60_000 && now - entry[1] < OWN_SCAN_MEMORY_MS,
  );
}

function keep(messageId: string, now: number): void {
  const kept = readKept(now).filter(([id]) => id !== messageId);
  kept.push([messageId, now]);
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(kept.slice(-MAX_KEPT)));
  } catch {
    // full or refused: this tab still remembers
  }
}

function tell(messageId: string): void {
  for (const listener of listeners) listener(messageId);
}

/** A scan made here was saved as `messageId`. */
export function noteOwnScan(messageId: string): void {
  ownScans.add(messageId);
  keep(messageId, Date.now());
  tell(messageId);
}

/** Whether `messageId` is a scan made in this browser (in this tab, or in the last minutes in any). */
export function isOwnScan(messageId: string | null): boolean {
  if (messageId === null) return false;
  if (ownScans.has(messageId)) return true;
  return readKept(Date.now()).some(([id]) => id === messageId);
}

/** Calls `listener` with each scan noted from now on, in this tab or another; answers the function that stops it. */
export function onOwnScan(listener: (messageId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// another tab's scan: tell this tab's listeners of the ones it did not know
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    for (const [id] of readKept(Date.now())) {
      if (ownScans.has(id)) continue;
      ownScans.add(id);
      tell(id);
    }
  });
}

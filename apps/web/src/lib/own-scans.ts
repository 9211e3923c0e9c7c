/**
 * The History entries of the scans made in this tab, whose results the person has on screen: their
 * alerts go to the bell, not over the result (components/notifications). Its own small module so
 * the scan screens can note a scan without loading the live notifications, which load later.
 */
const ownScans = new Set<string>();
const listeners = new Set<(messageId: string) => void>();

/** A scan made in this tab was saved as `messageId`. */
export function noteOwnScan(messageId: string): void {
  ownScans.add(messageId);
  for (const listener of listeners) listener(messageId);
}

/** Whether `messageId` is a scan made in this tab. */
export function isOwnScan(messageId: string | null): boolean {
  return messageId !== null && ownScans.has(messageId);
}

/** Calls `listener` with each scan noted from now on; answers the function that stops it. */
export function onOwnScan(listener: (messageId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

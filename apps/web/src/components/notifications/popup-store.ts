import type { Notification } from '@baitcheck/contracts';
import { onOwnScan } from '@/lib/own-scans';

/**
 * The notification pop-up (spec section 4): at most one visible at a time; it can be added,
 * updated, dismissed or removed. A new alert while one shows updates the visible one in place
 * ('2 new alerts' and the latest); it shows for NOTIFICATION_POPUP_MS from the latest alert.
 * Kept apart from the toast store: the two never replace each other.
 */
export interface PopupItem {
  /** Changes with every alert shown: the pop-up is drawn anew (announced, its time restarted). */
  key: number;
  open: boolean;
  /** The latest alert. */
  notification: Notification;
  /** How many alerts came while it was showing (1 for one). */
  count: number;
  /** What had the focus inside the pop-up when it was updated, to put the focus back there. */
  focusedControl: string | null;
}

type Listener = () => void;

let popup: PopupItem | null = null;
let counter = 0;
const listeners = new Set<Listener>();

function emit(next: PopupItem | null) {
  popup = next;
  for (const listener of listeners) listener();
}

/** Which control of the pop-up has the focus (its `data-popup-control`), if any. */
function focusedPopupControl(): string | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement ? (active.closest<HTMLElement>('[data-popup-control]')?.dataset.popupControl ?? null) : null;
}

/**
 * Shows `notification`. With the pop-up already open, updates it in place: the same alert again (a
 * summary that grew) replaces its content, another adds to the count.
 */
export function showPopup(notification: Notification): void {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const current = popup?.open ? popup : null;
  const count = !current ? 1 : current.notification.id === notification.id ? current.count : current.count + 1;
  emit({ key: counter, open: true, notification, count, focusedControl: current ? focusedPopupControl() : null });
}

/** Updates the open pop-up when it shows `notification` (read elsewhere, or changed); else nothing. */
export function updatePopup(notification: Notification): void {
  if (!popup?.open || popup.notification.id !== notification.id) return;
  emit({ ...popup, notification });
}

/**
 * A scan made in this tab was saved as `messageId`: its alert may have come over the stream a
 * moment before the scan's answer, and the pop-up it raised goes (unless it speaks for others too).
 */
function dismissPopupAbout(messageId: string): void {
  if (popup?.open && popup.count === 1 && popup.notification.messageId === messageId) dismissPopup();
}
onOwnScan(dismissPopupAbout);

/** Closes the pop-up (it stays in the store, closed, for its exit animation). */
export function dismissPopup(): void {
  if (popup?.open) emit({ ...popup, open: false });
}

/** Removes the pop-up at once. */
export function removePopup(): void {
  if (popup) emit(null);
}

export function subscribePopup(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPopup(): PopupItem | null {
  return popup;
}

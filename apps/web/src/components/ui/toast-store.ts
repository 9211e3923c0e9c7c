/**
 * The one toast system (spec section 9): at most one toast visible, each shown 5000 ms (one that
 * offers an action, such as Undo, 10 s: WCAG 2.2.1, time to reach it; a long one, the time to
 * read it: {@link toastDurationMs}); a dismissed toast is removed from the store after the spec's
 * removal delay.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_WITH_ACTION_DURATION_MS = 10_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Time to notice a toast, and then per word to read it (about 200 words a minute, with room for slower readers). */
const NOTICE_MS = 2000;
const PER_WORD_MS = 300;
/** However long its text, a toast goes by itself after this (hovered or focused, it stays). */
const LONGEST_MS = 20_000;

/**
 * How long a toast shows: the spec's 5000 ms, 10 s with an action, and longer when its words take
 * longer to read (WCAG 2.2.1): the report and block notes run to 35 words and more, which nobody
 * reads in 5 s.
 */
export function toastDurationMs(input: Pick<ToastInput, 'title' | 'description' | 'hint' | 'action'>): number {
  const words = [input.title, input.description, input.hint].join(' ').split(/\s+/).filter(Boolean).length;
  const base = input.action ? TOAST_WITH_ACTION_DURATION_MS : TOAST_DURATION_MS;
  return Math.max(base, Math.min(LONGEST_MS, NOTICE_MS + words * PER_WORD_MS));
}

/** A button in the toast (Undo): pressing it also closes the toast. */
export interface ToastAction {
  label: string;
  /** How a screen reader is told to do the same without the toast (Radix Toast.Action altText). */
  altText: string;
  onClick: () => void;
  /** The key that does the same while the toast shows, for `aria-keyshortcuts` (e.g. 'Control+Z'). */
  keyShortcuts?: string;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: ToastAction;
  /** A short line under the description, such as which key does the action. */
  hint?: string;
  /** Called once when the toast ends: timed out, closed, swiped, or replaced by a newer toast. */
  onClose?: () => void;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: ToastItem[]) => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

const closeCallbacks = new Map<string, () => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  // A toast that is closed or gone has ended: tell its owner once.
  for (const [id, onClose] of [...closeCallbacks]) {
    if (!toasts.some((t) => t.id === id && t.open)) {
      closeCallbacks.delete(id);
      onClose();
    }
  }
  for (const listener of listeners) listener(toasts);
}

/** Shows a toast, replacing the one on screen. Returns controls to update or dismiss it. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  if (input.onClose) closeCallbacks.set(id, input.onClose);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    update: (patch: Partial<ToastInput>) => emit(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t))),
    dismiss: () => dismissToast(id),
  };
}

/** Closes a toast (or all), then removes it after the removal delay. */
export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if ((id === undefined || t.id === id) && !removeTimers.has(t.id)) {
      removeTimers.set(
        t.id,
        setTimeout(() => {
          removeTimers.delete(t.id);
          removeToast(t.id);
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  }
}

/** Removes a toast (or all) from the store at once. */
export function removeToast(id?: string) {
  emit(id === undefined ? [] : toasts.filter((t) => t.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

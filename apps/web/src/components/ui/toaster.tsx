import { useRef, useSyncExternalStore } from 'react';
import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  dismissToast,
  getToasts,
  subscribeToasts,
  toastDurationMs,
} from './toast-store';
import { useMessageDock } from './message-dock';
import { useReturnFocus } from './return-focus';

/** Renders the toast store: swipe right to dismiss, F8 focuses the viewport. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const viewportRef = useRef<HTMLOListElement>(null);
  // in the message dock with the alert pop-up: at the bottom, or under the header and banner
  useMessageDock(viewportRef, 'toasts', toasts.find((t) => t.open)?.id);
  // F8 then Escape, Close or Tab out: the focus goes back to where it was
  useReturnFocus(viewportRef, toasts.some((t) => t.open));
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          // Radix holds the time while the pointer is on a toast or focus is in it.
          duration={toastDurationMs(t)}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg',
            t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description ? <Toast.Description className="text-sm opacity-95">{t.description}</Toast.Description> : null}
            {t.hint ? <p className="text-sm font-medium">{t.hint}</p> : null}
          </div>
          {t.action ? (
            <Toast.Action
              altText={t.action.altText}
              onClick={t.action.onClick}
              aria-keyshortcuts={t.action.keyShortcuts}
              className="ml-auto shrink-0 self-center cursor-pointer rounded-md border border-current px-3 py-1.5 text-sm font-semibold focus-ring"
            >
              {t.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close
            aria-label="Close notification"
            className="absolute right-1 top-1 inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-md opacity-80 hover:opacity-100 focus-ring"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Nearest the dock's edge (message-dock.ts), over open dialogs: a toast often answers
          something done in one */}
      <Toast.Viewport
        ref={viewportRef}
        data-placement="usual"
        className={cn(
          'pointer-events-none fixed inset-x-0 z-[100] flex w-full flex-col gap-2 p-4 outline-hidden focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-offset-[-3px] focus-visible:outline-primary md:inset-x-auto md:right-0 md:max-w-[420px] xl:max-w-[clamp(18rem,calc((100vw-42rem)/2),420px)]',
          'bottom-[calc(4rem+env(safe-area-inset-bottom))] data-[placement=other]:top-[var(--message-dock-top,3.5rem)] data-[placement=other]:bottom-auto',
        )}
      />
    </Toast.Provider>
  );
}

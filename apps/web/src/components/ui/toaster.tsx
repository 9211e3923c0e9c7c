import { useSyncExternalStore } from 'react';
import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  dismissToast,
  getToasts,
  subscribeToasts,
} from './toast-store';

/** Renders the toast store: swipe right to dismiss, F8 focuses the viewport. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description ? <Toast.Description className="text-sm opacity-95">{t.description}</Toast.Description> : null}
          </div>
          {t.action ? (
            <Toast.Action
              altText={t.action.altText}
              onClick={t.action.onClick}
              className="ml-auto shrink-0 self-center cursor-pointer rounded-md border border-current px-3 py-1.5 text-sm font-semibold focus-ring"
            >
              {t.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-ring cursor-pointer"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* On a phone the toast shows at the top of the screen: at the bottom it covered the result's
          buttons (Scan New Content, Report). From the md breakpoint, where the content is a centred
          column with its buttons on the left, it sits bottom right above the navigation. */}
      <Toast.Viewport className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 pt-[max(1rem,env(safe-area-inset-top))] outline-none md:inset-x-auto md:top-auto md:right-0 md:bottom-20 md:max-w-[420px] md:pt-4" />
    </Toast.Provider>
  );
}

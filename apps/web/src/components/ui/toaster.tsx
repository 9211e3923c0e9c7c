import { useRef, useSyncExternalStore } from 'react';
import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_WITH_ACTION_DURATION_MS,
  dismissToast,
  getToasts,
  subscribeToasts,
} from './toast-store';
import { focusedOutside, overlapArea, ringedBox, useStepAside } from './use-step-aside';

/** How much of what has focus (with its ring) the toasts in `viewport` cover, in square pixels. */
function coveredFocus(viewport: HTMLElement): number {
  const focused = focusedOutside(viewport.parentElement ?? viewport);
  if (!focused) return 0;
  const ringed = ringedBox(focused);
  let area = 0;
  for (const item of viewport.children) area += overlapArea(item.getBoundingClientRect(), ringed);
  return area;
}

/** Renders the toast store: swipe right to dismiss, F8 focuses the viewport. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const viewportRef = useRef<HTMLOListElement>(null);
  // a toast shows in its usual place (on a phone at the top, over the header; from the md
  // breakpoint bottom right, above the navigation) and steps aside from what has focus
  useStepAside(viewportRef, toasts.find((t) => t.open)?.id, coveredFocus);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          // Radix holds the time while the pointer is on a toast or focus is in it.
          duration={t.action ? TOAST_WITH_ACTION_DURATION_MS : undefined}
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
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-ring cursor-pointer"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Usual place: on a phone the top of the screen (at the bottom it covered the result's Scan
          New Content and Report buttons); from the md breakpoint, where the content is a centred
          column, bottom right above the navigation. The other place, taken when the toast would
          cover what has focus: on a phone above the bottom navigation, from md top right below
          the header. */}
      <Toast.Viewport
        ref={viewportRef}
        data-placement="usual"
        className={cn(
          'pointer-events-none fixed inset-x-0 top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 pt-[max(1rem,env(safe-area-inset-top))] outline-none focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary md:inset-x-auto md:top-auto md:right-0 md:bottom-20 md:max-w-[420px] md:pt-4',
          'data-[placement=other]:top-auto data-[placement=other]:bottom-[calc(4rem+env(safe-area-inset-bottom))] data-[placement=other]:pt-4',
          'md:data-[placement=other]:top-14 md:data-[placement=other]:bottom-auto',
        )}
      />
    </Toast.Provider>
  );
}

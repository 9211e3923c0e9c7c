import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
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

// Room for the focus ring (3 px, 2 px away; 4 px, 3 px away in high contrast) around what has focus.
const FOCUS_RING_PX = 7;

function overlapArea(a: DOMRect, b: DOMRect): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** How much of `target` (with its focus ring) the toasts in `viewport` cover, in square pixels. */
function coveredArea(viewport: HTMLElement, target: Element): number {
  const r = target.getBoundingClientRect();
  const ringed = new DOMRect(r.x - FOCUS_RING_PX, r.y - FOCUS_RING_PX, r.width + 2 * FOCUS_RING_PX, r.height + 2 * FOCUS_RING_PX);
  let area = 0;
  for (const item of viewport.children) area += overlapArea(item.getBoundingClientRect(), ringed);
  return area;
}

type Placement = 'usual' | 'other';

/**
 * Keeps the toasts off whatever has keyboard focus (WCAG 2.4.11). A toast shows in its usual
 * place (on a phone at the top, over the header; from the md breakpoint bottom right, above the
 * navigation) and moves to the other edge when it would cover the focused element there and
 * cover less of it at the other edge. The place is an attribute set here, not React state: trying
 * the other place to measure it and putting it back happens between two paints.
 */
function useToastsOffFocus(viewportRef: RefObject<HTMLOListElement | null>, newestId: string | undefined) {
  const place = useCallback(
    (reset: boolean) => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      if (reset) viewport.dataset.placement = 'usual';
      const focused = document.activeElement;
      const region = viewport.parentElement ?? viewport;
      if (!focused || focused === document.body || focused === document.documentElement || region.contains(focused)) return;
      if (viewport.children.length === 0) return;
      const current = (viewport.dataset.placement ?? 'usual') as Placement;
      const here = coveredArea(viewport, focused);
      if (here === 0) return;
      const other: Placement = current === 'usual' ? 'other' : 'usual';
      viewport.dataset.placement = other;
      const there = coveredArea(viewport, focused);
      viewport.dataset.placement = there < here ? other : current;
    },
    [viewportRef],
  );

  // A new toast starts in its usual place, then steps aside if focus is under it.
  useLayoutEffect(() => {
    if (newestId !== undefined) place(true);
  }, [newestId, place]);

  useEffect(() => {
    let frame = 0;
    // After the frame: focus() has scrolled its element into view by then.
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => place(false));
    };
    document.addEventListener('focusin', later);
    window.addEventListener('scrollend', later);
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', later);
      window.removeEventListener('scrollend', later);
      window.removeEventListener('resize', later);
    };
  }, [place]);
}

/** Renders the toast store: swipe right to dismiss, F8 focuses the viewport. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const viewportRef = useRef<HTMLOListElement>(null);
  useToastsOffFocus(viewportRef, toasts.find((t) => t.open)?.id);
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
          'pointer-events-none fixed inset-x-0 top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 pt-[max(1rem,env(safe-area-inset-top))] outline-none md:inset-x-auto md:top-auto md:right-0 md:bottom-20 md:max-w-[420px] md:pt-4',
          'data-[placement=other]:top-auto data-[placement=other]:bottom-[calc(4rem+env(safe-area-inset-bottom))] data-[placement=other]:pt-4',
          'md:data-[placement=other]:top-14 md:data-[placement=other]:bottom-auto',
        )}
      />
    </Toast.Provider>
  );
}

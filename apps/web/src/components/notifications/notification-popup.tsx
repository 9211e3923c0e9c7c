import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { Toast } from 'radix-ui';
import { Link } from 'wouter';
import { X } from 'lucide-react';
import type { Notification } from '@baitcheck/contracts';
import { NOTIFICATION_POPUP_MS } from '@baitcheck/contracts/lite';
import { cn } from '@/lib/cn';
import { TOAST_SWIPE_THRESHOLD_PX, subscribeToasts } from '@/components/ui/toast-store';
import { focusedOutside, overlapArea, ringedBox, useStepAside } from '@/components/ui/use-step-aside';
import { NotificationIcon } from './notification-icon';
import { dismissPopup, getPopup, subscribePopup, type PopupItem } from './popup-store';

// Covering what has focus (WCAG 2.4.11) weighs more than covering a toast.
const FOCUS_WEIGHT = 4;

/**
 * How much the pop-up in `viewport` covers of what has focus (with its ring) and of the ordinary
 * toasts: it shows in its usual place (on a phone above the bottom navigation, from the md
 * breakpoint top right under the header, where the toasts are not) and moves when that covers less.
 */
function cost(viewport: HTMLElement): number {
  const items = [...viewport.children].map((item) => item.getBoundingClientRect());
  let total = 0;
  const region = viewport.parentElement ?? viewport;
  const focused = focusedOutside(region);
  if (focused) {
    const ringed = ringedBox(focused);
    for (const item of items) total += FOCUS_WEIGHT * overlapArea(item, ringed);
  }
  for (const toast of document.querySelectorAll('.toast-root')) {
    if (region.contains(toast)) continue;
    const t = toast.getBoundingClientRect();
    for (const item of items) total += overlapArea(item, t);
  }
  return total;
}

/** What the pop-up says: the alert, or how many came and the latest. */
export function popupText(item: Pick<PopupItem, 'count' | 'notification'>): { title: string; description: string } {
  if (item.count > 1) return { title: `${item.count} new alerts`, description: `Latest: ${item.notification.title}` };
  return { title: item.notification.title, description: item.notification.body };
}

/**
 * The notification pop-up (spec section 4), its own Radix Toast region beside the toaster's: one
 * at a time, NOTIFICATION_POPUP_MS on screen (held while the pointer or focus is on it), swipe
 * right 50 px or Escape or Close to dismiss. A phishing alert is announced assertively, the
 * others politely. `onOpen` runs when its Open link is followed.
 */
export function NotificationPopup({ onOpen }: { onOpen?: (notification: Notification) => void }) {
  const popup = useSyncExternalStore(subscribePopup, getPopup, getPopup);
  const viewportRef = useRef<HTMLOListElement>(null);
  useStepAside(viewportRef, popup?.open ? popup.key : undefined, cost, subscribeToasts);

  // An update draws the pop-up anew; the focus goes back to where it was in it.
  useLayoutEffect(() => {
    const control = popup?.focusedControl;
    if (!control) return;
    viewportRef.current?.querySelector<HTMLElement>(`[data-popup-control="${control}"]`)?.focus();
  }, [popup?.key, popup?.focusedControl]);

  const text = popup ? popupText(popup) : null;
  return (
    <Toast.Provider label="Baitcheck alert" duration={NOTIFICATION_POPUP_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {popup && text ? (
        <Toast.Root
          key={popup.key}
          open={popup.open}
          onOpenChange={(open) => {
            if (!open) dismissPopup();
          }}
          type={popup.notification.type === 'phishing_alert' ? 'foreground' : 'background'}
          data-testid="notification-popup"
          className={cn(
            // toast-root: the toasts' swipe styles (index.css)
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border border-l-4 border-slate-200 bg-white p-4 pr-12 text-slate-900 shadow-lg',
            popup.notification.type === 'phishing_alert' ? 'border-l-red-700' : 'border-l-primary',
          )}
        >
          <NotificationIcon notification={popup.notification} className="mt-0.5" />
          <div className="grid min-w-0 gap-1">
            <Toast.Title className="text-sm font-semibold">{text.title}</Toast.Title>
            <Toast.Description className="text-sm text-slate-700">{text.description}</Toast.Description>
            <Toast.Action asChild altText="Open it from the Notifications button in the header.">
              <Link
                href={popup.notification.url}
                data-popup-control="open"
                onClick={() => onOpen?.(popup.notification)}
                className="mt-1 inline-flex h-9 w-fit items-center rounded-md border border-slate-300 px-3 text-sm font-semibold text-primary-strong hover:bg-slate-50 focus-ring"
              >
                {popup.notification.messageId !== null && popup.count === 1 ? 'View in History' : 'View'}
              </Link>
            </Toast.Action>
          </div>
          <Toast.Close
            aria-label="Close alert"
            data-popup-control="close"
            className="absolute right-1 top-1 inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-ring"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ) : null}
      {/* Usual place: on a phone above the bottom navigation (the toasts' usual place is the
          top), from md top right under the header, near the bell (the toasts' is bottom right).
          The other place: the top of a phone's screen, from md bottom right. No hotkey: F8 is
          the toasts'; everything the pop-up says is also in the header's list. */}
      <Toast.Viewport
        ref={viewportRef}
        hotkey={[]}
        label="New alerts"
        data-placement="usual"
        data-notification-popups=""
        className={cn(
          'pointer-events-none fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-40 flex max-h-screen w-full flex-col gap-2 p-4 outline-none focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary md:inset-x-auto md:right-0 md:top-14 md:bottom-auto md:max-w-[420px]',
          'data-[placement=other]:top-0 data-[placement=other]:bottom-auto data-[placement=other]:pt-[max(1rem,env(safe-area-inset-top))]',
          'md:data-[placement=other]:top-auto md:data-[placement=other]:bottom-20 md:data-[placement=other]:pt-4',
        )}
      />
    </Toast.Provider>
  );
}

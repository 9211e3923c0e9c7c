import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { Toast } from 'radix-ui';
import { Link } from 'wouter';
import { X } from 'lucide-react';
import type { Notification } from '@baitcheck/contracts';
import { NOTIFICATION_POPUP_MS } from '@baitcheck/contracts/lite';
import { cn } from '@/lib/cn';
import { TOAST_SWIPE_THRESHOLD_PX } from '@/components/ui/toast-store';
import { useMessageDock } from '@/components/ui/message-dock';
import { useReturnFocus } from '@/components/ui/return-focus';
import { NotificationIcon } from './notification-icon';
import { dismissPopup, getPopup, subscribePopup, type PopupItem } from './popup-store';

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
  // in the message dock, just beyond the toasts: at the bottom, or under the header and banner
  useMessageDock(viewportRef, 'alerts', popup?.open ? popup.key : undefined);
  // F8 then Escape, Close or Tab out: the focus goes back to where it was
  useReturnFocus(viewportRef, !!popup?.open);

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
      {/* Past the toasts in the dock (message-dock.ts), under open dialogs. No hotkey: F8 is the
          toasts'; everything the pop-up says is also in the header's list. */}
      <Toast.Viewport
        ref={viewportRef}
        hotkey={[]}
        label="New alerts"
        data-placement="usual"
        data-notification-popups=""
        className={cn(
          'pointer-events-none fixed inset-x-0 z-40 flex w-full flex-col gap-2 p-4 outline-hidden focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-offset-[-3px] focus-visible:outline-primary md:inset-x-auto md:right-0 md:max-w-[420px] xl:max-w-[clamp(18rem,calc((100vw-42rem)/2),420px)]',
          'bottom-[calc(4rem+env(safe-area-inset-bottom)+var(--message-dock-offset,0px))]',
          'data-[placement=other]:top-[calc(var(--message-dock-top,3.5rem)+var(--message-dock-offset,0px))] data-[placement=other]:bottom-auto',
        )}
      />
    </Toast.Provider>
  );
}

import { Suspense, useRef, useState } from 'react';
import { Dialog } from 'radix-ui';
import { Bell, X } from 'lucide-react';
import { useUnreadCount } from '@/lib/api/notifications';
import { cn } from '@/lib/cn';
import { lazyWithRetry } from '@/lib/chunk-load';
import { ErrorBoundary } from '@/components/error-boundary';

// The list loads when the panel first opens: the first screen carries only the bell and its count.
const NotificationList = lazyWithRetry(
  () => import('./notification-list'),
  (m) => m.NotificationList,
);

/** The badge's text: the count, '99+' above 99. */
export function formatUnread(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** The button's accessible name: 'Notifications, 3 unread', or 'Notifications'. */
export function notificationsLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/**
 * The header's notifications button (spec section 2, page shell): a bell with the unread count,
 * opening the list in a panel (a dialog: focus kept inside, Escape closes, focus back on the bell;
 * under the header on a wide screen, the width of a phone's screen on a phone).
 */
export function NotificationsButton({ className }: { className?: string }) {
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  // A followed link's page takes the focus (its heading, or the History entry), not the bell.
  const followed = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={cn('relative', className)} aria-label={notificationsLabel(unread)}>
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute right-0.5 top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-primary"
          >
            {formatUnread(unread)}
          </span>
        ) : null}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/30" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!followed.current) return;
            followed.current = false;
            event.preventDefault();
          }}
          className="fixed inset-x-2 top-2 z-50 flex max-h-[calc(100dvh-1rem)] flex-col overflow-hidden rounded-xl bg-white text-slate-900 shadow-xl outline-none md:left-auto md:right-4 md:top-16 md:w-[26rem] md:max-h-[calc(100dvh-5rem)]"
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 pb-2 pt-3">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">Notifications</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">Alerts from Baitcheck, newest first.</Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mr-2 inline-flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-ring"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <ErrorBoundary place="part" className="m-4">
            <Suspense fallback={<p className="p-4 text-sm text-slate-600">Loading…</p>}>
              <NotificationList
                onFollow={(movesFocus) => {
                  followed.current = movesFocus;
                  setOpen(false);
                }}
              />
            </Suspense>
          </ErrorBoundary>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

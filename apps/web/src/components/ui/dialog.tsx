import { useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

/** What `focusFirstField` looks for: a field or a switch a person can reach. */
const FIELD = 'input:not([hidden]):not([type="hidden"]):not([aria-hidden="true"]):not([tabindex="-1"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), [role="switch"]:not([disabled])';

/**
 * A centred modal over a dimmed page, with its title, description and a Close button (Radix:
 * focus trapped, Escape closes, focus returns to the trigger). Use inside a `Dialog.Root` with
 * its own `Dialog.Trigger`. With `focusFirstField`, it opens in its first field (or switch) rather
 * than on the Close button.
 */
export function DialogPanel({
  title,
  description,
  children,
  className,
  focusFirstField = false,
  onCloseAutoFocus,
}: {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  className?: string;
  focusFirstField?: boolean;
  /** Where focus goes on closing, when not back to the trigger (one the dialog's action removed): call `event.preventDefault()` and focus it. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
      <Dialog.Content
        ref={contentRef}
        onCloseAutoFocus={onCloseAutoFocus}
        onOpenAutoFocus={(event) => {
          if (!focusFirstField) return;
          // the first field a person can use: not a switch's hidden form input (Radix renders one beside it)
          const first = contentRef.current?.querySelector<HTMLElement>(FIELD);
          if (first) {
            event.preventDefault();
            first.focus();
          }
        }}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 text-slate-900 shadow-xl outline-none',
          className,
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
          </div>
          <Dialog.Close
            aria-label="Close"
            className="-mr-2 -mt-2 inline-flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-ring"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </Dialog.Close>
        </div>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/**
 * A dialog's buttons: Cancel (or Go back) first, the action last. They are seen in the order Tab
 * reaches them at every width: stacked on a phone (Cancel on top), in a row on the right of a
 * wider screen (Cancel on the left). A reversed stack put the action on top but left Tab going to
 * Cancel first, so Tab then Enter did the opposite of what the person saw first.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

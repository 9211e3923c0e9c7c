import { useState, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogPanel } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { readAuthError } from '@/lib/api/auth';

/**
 * A button that asks before doing something that cannot be taken back (remove a member, cancel an
 * invitation, leave). `run` does it; on success the dialog closes and `onDone` says where focus
 * goes (the trigger is usually gone); a failure is shown in the dialog, which stays open.
 */
export function ConfirmButton({
  trigger,
  triggerLabel,
  title,
  description,
  confirmText,
  cancelText = 'Cancel',
  busyText,
  run,
  onDone,
}: {
  trigger: ReactNode;
  /** The trigger's accessible name, when its text alone is ambiguous ('Remove' on a list of members). */
  triggerLabel?: string;
  title: string;
  description: ReactNode;
  confirmText: string;
  /** The button that closes without doing it. */
  cancelText?: string;
  busyText: string;
  run: () => Promise<unknown>;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await run();
      setDone(true);
      setOpen(false);
    } catch (caught) {
      const read = readAuthError(caught);
      setError(read.message);
      toast({ title: 'Error', description: read.message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setError(null);
          setDone(false);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      </Dialog.Trigger>
      <DialogPanel
        title={title}
        description={description}
        className="max-w-md"
        onCloseAutoFocus={(event) => {
          if (!done) return;
          event.preventDefault();
          onDone();
        }}
      >
        {error ? (
          <p role="alert" className="mb-3 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <DialogActions>
          <Dialog.Close asChild>
            <Button variant="outline">{cancelText}</Button>
          </Dialog.Close>
          <Button variant="destructive" onClick={() => void confirm()} disabled={busy}>
            {busy ? busyText : confirmText}
          </Button>
        </DialogActions>
      </DialogPanel>
    </Dialog.Root>
  );
}

import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Unplug } from 'lucide-react';
import type { Plugin } from '@baitcheck/contracts';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogPanel } from '@/components/ui/dialog';
import { disconnectPlugin } from '@/lib/api/plugins';
import { usePluginChange } from './use-plugin-change';

/** What disconnecting does, said before it is done. */
export const DISCONNECT_WARNING =
  'Baitcheck stops checking its messages and forgets its settings and sign-in details. The messages it already checked stay in your History.';

/**
 * 'Disconnect' and its confirmation: the plugin's settings and secret are forgotten. The button
 * goes with them, so `onDone` says where focus goes next.
 */
export function DisconnectButton({ plugin, onDone }: { plugin: Plugin; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const disconnect = usePluginChange(plugin.id, () => disconnectPlugin(plugin.id), { done: `${plugin.name} disconnected` }, () => {
    setDone(true);
    setOpen(false);
    // this button (and its dialog) goes with the settings, so the dialog cannot hand the focus
    // back: it goes where `onDone` says once the row has redrawn
    setTimeout(onDone, 0);
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setDone(false);
          disconnect.clearError();
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Disconnect ${plugin.name}`}>
          <Unplug aria-hidden="true" className="h-4 w-4" />
          Disconnect
        </Button>
      </Dialog.Trigger>
      <DialogPanel
        title={`Disconnect ${plugin.name}?`}
        description={DISCONNECT_WARNING}
        className="max-w-md"
        onCloseAutoFocus={(event) => {
          if (!done) return;
          event.preventDefault();
          onDone();
        }}
      >
        {disconnect.error ? (
          <p role="alert" className="mb-3 text-sm font-medium text-red-700">
            {disconnect.error.message}
          </p>
        ) : null}
        <DialogActions>
          <Dialog.Close asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.Close>
          <Button variant="destructive" aria-disabled={disconnect.isPending || undefined} onClick={() => !disconnect.isPending && disconnect.mutate(undefined)}>
            {disconnect.isPending ? 'Disconnecting…' : 'Disconnect'}
          </Button>
        </DialogActions>
      </DialogPanel>
    </Dialog.Root>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { RotateCw } from 'lucide-react';
import { PLUGIN_TEXT } from '@baitcheck/contracts/lite';
import type { Plugin } from '@baitcheck/contracts';
import { Button } from '@/components/ui/button';
import { configurePlugin, usePlugins } from '@/lib/api/plugins';
import { FormButtons, FormProblem, Note, TextField } from './fields';
import { confirmationParts, describeExpiry, formatPhoneNumber } from './plugin-text';
import { usePluginChange } from './use-plugin-change';

/** How often the dialog asks whether the confirming text has arrived, while it waits for it. */
export const CONFIRMATION_POLL_MS = 5000;

const text = (value: Plugin['configuration'][string] | undefined) => (typeof value === 'string' ? value : '');

/**
 * The SMS plugin: the person's mobile number, then the confirmation step (text the code from
 * that phone to the server's number), then where to forward texts. The dialog stays open on the
 * step: the person needs the code in front of them.
 */
export function SmsForm({ plugin, onDone }: { plugin: Plugin; onDone: () => void }) {
  const headingId = useId();
  const saved = text(plugin.configuration.phoneNumber);
  const [phoneNumber, setPhoneNumber] = useState(saved);
  const { confirmation, connected, available } = plugin.status;
  const waiting = Boolean(confirmation) && !connected;
  // while the step shows, the dialog asks now and then whether the text has arrived
  const plugins = usePlugins(waiting ? { pollMs: CONFIRMATION_POLL_MS } : {});
  const [checked, setChecked] = useState(false);
  const save = usePluginChange('sms', (fields: { phoneNumber: string }) => configurePlugin('sms', fields), { done: PLUGIN_TEXT.configured, failed: PLUGIN_TEXT.configureFailed }, (changed) => {
    setChecked(false);
    // a number that needs confirming keeps the dialog open on its step
    if (!changed.plugins.sms?.status.confirmation) onDone();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ phoneNumber: phoneNumber.trim() });
  };

  const forwardTo = text(plugin.configuration.forwardTo);
  const expired = !connected && !confirmation && saved !== '' && available;

  return (
    <div className="space-y-4">
      {!available && plugin.status.unavailableReason ? <Note tone="warning">{plugin.status.unavailableReason}</Note> : null}
      <form onSubmit={submit} noValidate aria-busy={save.isPending} className="space-y-4">
        <TextField
          label="Your mobile number"
          hint="With its country code, such as +1 555 010 0199. Baitcheck checks the texts you forward from this phone."
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={phoneNumber}
          error={save.error?.fields.phoneNumber}
          onChange={(e) => setPhoneNumber(e.target.value)}
        />
        <FormProblem error={save.error} fields={['phoneNumber']} />
        {expired ? <Note tone="warning">The code for this number has expired. Save your number again to get a new one.</Note> : null}
        {waiting && confirmation ? (
          <section aria-labelledby={headingId} className="rounded-lg border border-primary/40 bg-primary-soft p-3 text-sm text-slate-900">
            <h3 id={headingId} className="font-semibold">
              Confirm your number
            </h3>
            <p className="mt-1" data-testid="sms-confirmation">
              <ConfirmationSentence parts={confirmationParts(confirmation, saved)} />
            </p>
            <p className="mt-1 text-slate-700">{describeExpiry(confirmation.expiresAt)} Once it arrives, this plugin is connected and turned on.</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                aria-disabled={plugins.isFetching || undefined}
                onClick={() => {
                  if (plugins.isFetching) return;
                  void plugins.refetch().then(() => setChecked(true));
                }}
              >
                <RotateCw aria-hidden="true" className="h-4 w-4" />
                {plugins.isFetching ? 'Checking…' : 'Check again'}
              </Button>
              <p role="status" className="text-slate-700">
                {checked && !plugins.isFetching ? 'Your text has not arrived yet. It can take a minute.' : ''}
              </p>
            </div>
          </section>
        ) : null}
        {connected && forwardTo ? (
          <Note>
            <p className="font-semibold text-slate-900" role="status">
              Your number is confirmed.
            </p>
            <p>
              Forward texts you want checked to <span className="whitespace-nowrap">{formatPhoneNumber(forwardTo)}</span>
            </p>
          </Note>
        ) : null}
        {waiting || connected ? (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="outline">Done</Button>
            </Dialog.Close>
            <Button type="submit" variant="outline" aria-disabled={save.isPending || undefined} disabled={!available}>
              {save.isPending ? 'Saving…' : 'Save number'}
            </Button>
          </div>
        ) : (
          <FormButtons busy={save.isPending} busyText="Saving…" disabled={!available} />
        )}
      </form>
    </div>
  );
}

/** 'Text “Baitcheck 123456” to +1 555 010 0100 from +1 555 010 0199.', the code in bold (what the person types). */
function ConfirmationSentence({ parts }: { parts: ReturnType<typeof confirmationParts> }) {
  return (
    <>
      Text “<strong className="font-semibold tracking-wide">{parts.code}</strong>” to <span className="whitespace-nowrap">{parts.to}</span> from{' '}
      <span className="whitespace-nowrap">{parts.from}</span>.
    </>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { PLUGIN_TEXT } from '@baitcheck/contracts/lite';
import type { Plugin } from '@baitcheck/contracts';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog';
import { configurePlugin } from '@/lib/api/plugins';
import { FormButtons, FormProblem, Note, TextField, useFocusFirstInvalid } from './fields';
import { confirmationParts, formatPhoneNumber } from './plugin-text';
import { Code, ConfirmStep } from './confirm-step';
import { usePluginChange } from './use-plugin-change';

const text = (value: Plugin['configuration'][string] | undefined) => (typeof value === 'string' ? value : '');

/**
 * The SMS plugin: the person's mobile number, then the confirmation step (text the code from
 * that phone to the server's number), then where to forward texts. The dialog stays open on the
 * step: the person needs the code in front of them.
 */
export function SmsForm({ plugin, onDone }: { plugin: Plugin; onDone: () => void }) {
  const saved = text(plugin.configuration.phoneNumber);
  const [phoneNumber, setPhoneNumber] = useState(saved);
  const { confirmation, connected, available } = plugin.status;
  const waiting = Boolean(confirmation) && !connected;
  const save = usePluginChange('sms', (fields: { phoneNumber: string }) => configurePlugin('sms', fields), { done: PLUGIN_TEXT.configured, failed: PLUGIN_TEXT.configureFailed }, (changed) => {
    // a number that needs confirming keeps the dialog open on its step
    if (!changed.plugins.sms?.status.confirmation) onDone();
  });

  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, save.error);

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
      <form ref={formRef} onSubmit={submit} noValidate aria-busy={save.isPending} className="space-y-4">
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
          <ConfirmStep heading="Confirm your number" confirmation={confirmation} testId="sms-confirmation" arrived="Once it arrives, this plugin is connected and turned on.">
            <ConfirmationSentence parts={confirmationParts(confirmation, saved)} />{' '}
            {/* on the phone itself, one tap opens its messages app with the number and the code filled in */}
            <a href={`sms:${confirmation.sendTo}?&body=${encodeURIComponent(confirmation.code)}`} className="font-semibold text-primary-strong underline underline-offset-2 focus-ring">
              Text the code now
            </a>
          </ConfirmStep>
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
          <DialogActions>
            <Dialog.Close asChild>
              <Button variant="outline">Done</Button>
            </Dialog.Close>
            <Button type="submit" variant="outline" aria-disabled={save.isPending || undefined} disabled={!available}>
              {save.isPending ? 'Saving…' : 'Save number'}
            </Button>
          </DialogActions>
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
      Text “<Code>{parts.code}</Code>” to <span className="whitespace-nowrap">{parts.to}</span> from{' '}
      <span className="whitespace-nowrap">{parts.from}</span>.
    </>
  );
}

import { useId, useState, type ClipboardEvent, type FormEvent } from 'react';
import type { MessageSource } from '@baitcheck/contracts';
import { VALIDATION_MESSAGES } from '@baitcheck/contracts/lite';
import { SubmitButton } from '@/components/ui/submit-button';
import { FieldError, Input, Label, Select, Textarea } from '@/components/ui/input';
import { SettingRow } from '@/components/setting-row';
import { findFirstHttpLink } from './extract-link';

export interface MessageFormValues {
  content: string;
  sender: string;
  source: MessageSource;
  enhancedAnalysis: boolean;
}

/** The message form's starting values (spec section 2): empty, source manual, advanced on. */
export const MESSAGE_FORM_DEFAULTS: MessageFormValues = { content: '', sender: '', source: 'manual', enhancedAnalysis: true };

const MESSAGE_TYPES: ReadonlyArray<{ value: MessageSource; label: string }> = [
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'Email' },
  { value: 'social', label: 'Social Media' },
  { value: 'manual', label: 'Other' },
];

export function MessageForm({
  values,
  onChange,
  onSubmit,
  onLinkPasted,
  busy,
}: {
  values: MessageFormValues;
  onChange: (values: MessageFormValues) => void;
  onSubmit: (values: MessageFormValues) => void;
  /** Called with the first http(s) link of pasted text. */
  onLinkPasted: (link: string) => void;
  busy: boolean;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.content.trim().length === 0) {
      setError(VALIDATION_MESSAGES.contentRequired);
      return;
    }
    setError(null);
    onSubmit(values);
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const link = findFirstHttpLink(event.clipboardData.getData('text'));
    if (link) onLinkPasted(link);
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset disabled={busy} className="space-y-4">
        <div>
          <Label htmlFor={`${id}-content`}>Message to scan</Label>
          <Textarea
            id={`${id}-content`}
            value={values.content}
            placeholder="Paste the text message, email or social media message here"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-content-error` : undefined}
            onPaste={onPaste}
            onChange={(e) => {
              onChange({ ...values, content: e.target.value });
              if (error && e.target.value.trim()) setError(null);
            }}
          />
          <FieldError id={`${id}-content-error`}>{error}</FieldError>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-sender`}>
              Sender <span className="font-normal text-slate-600">(optional)</span>
            </Label>
            <Input
              id={`${id}-sender`}
              value={values.sender}
              autoComplete="off"
              placeholder="Phone number, email or name"
              onChange={(e) => onChange({ ...values, sender: e.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-type`}>Message type</Label>
            <Select
              id={`${id}-type`}
              value={values.source}
              onChange={(e) => onChange({ ...values, source: e.target.value as MessageSource })}
            >
              {MESSAGE_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <SettingRow
          label="Enhanced Threat Intelligence"
          description="Check links and senders against threat intelligence sources"
          checked={values.enhancedAnalysis}
          onCheckedChange={(on) => onChange({ ...values, enhancedAnalysis: on })}
          showActive={false}
          disabled={busy}
        />
        <SubmitButton busy={busy} busyText="Analyzing content...">
          Scan Message
        </SubmitButton>
      </fieldset>
    </form>
  );
}

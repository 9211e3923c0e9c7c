import { useId, useState, type ChangeEvent, type ClipboardEvent, type FormEvent } from 'react';
import type { MessageSource } from '@baitcheck/contracts';
import { MAX_CONTENT_LENGTH, VALIDATION_MESSAGES } from '@baitcheck/contracts/lite';
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

/** A file's text (UTF-8), through FileReader, which every browser and web view has. */
function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

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

  // an .eml file is the whole email source: the server reads its headers and body
  const tooLarge = `This email file is too large to scan (at most ${MAX_CONTENT_LENGTH.toLocaleString('en-US')} characters). Paste the part you want checked instead.`;
  const onEmailFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    let text: string;
    try {
      // a UTF-8 character is at most 4 bytes: a larger file cannot fit, and is not read
      if (file.size > MAX_CONTENT_LENGTH * 4) {
        setError(tooLarge);
        return;
      }
      text = await readFileText(file);
    } catch {
      setError('This email file could not be read.');
      return;
    } finally {
      // the same file can be chosen again after an edit
      input.value = '';
    }
    if (text.length > MAX_CONTENT_LENGTH) {
      setError(tooLarge);
      return;
    }
    if (text.trim().length === 0) {
      setError('This email file is empty.');
      return;
    }
    setError(null);
    onChange({ ...values, content: text, source: 'email' });
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
          <div className="mt-2 text-sm text-slate-700">
            <label htmlFor={`${id}-eml`} className="font-medium">
              Or open an email file (.eml)
            </label>
            <input
              id={`${id}-eml`}
              type="file"
              accept=".eml,message/rfc822"
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50 focus-ring"
              onChange={(e) => void onEmailFile(e)}
            />
          </div>
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

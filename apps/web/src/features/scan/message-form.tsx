import { useId, useState, type ChangeEvent, type ClipboardEvent, type FormEvent, type RefObject } from 'react';
import type { MessageSource, ScanUsage } from '@baitcheck/contracts';
import { MAX_CONTENT_LENGTH, VALIDATION_MESSAGES } from '@baitcheck/contracts/lite';
import { SubmitButton } from '@/components/ui/submit-button';
import { FieldError, Input, Label, Select, Textarea } from '@/components/ui/input';
import { SettingRow } from '@/components/setting-row';
import { cn } from '@/lib/cn';
import { ConnectionProblem } from './connection-problem';
import { findFirstHttpLink, looksLikeEmailSource } from './extract-link';
import { ScanLimitNote, describedBy } from './scan-allowance';
import { ON_DEVICE_ENHANCED, OnDeviceFormNote } from './on-device-note';
import { ScreenshotScan } from './screenshot/screenshot-scan';

export interface MessageFormValues {
  content: string;
  sender: string;
  source: MessageSource;
  enhancedAnalysis: boolean;
  /** The name of the .eml file the content came from ('' when typed or pasted). */
  fileName: string;
}

/** The message form's starting values (spec section 2): empty, source manual, advanced on. */
export const MESSAGE_FORM_DEFAULTS: MessageFormValues = { content: '', sender: '', source: 'manual', enhancedAnalysis: true, fileName: '' };

const MESSAGE_TYPES: ReadonlyArray<{ value: MessageSource; label: string }> = [
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'Email' },
  { value: 'social', label: 'Social Media' },
  { value: 'manual', label: 'Other' },
];

/** Whether values (a kept draft) are ones this form can show: its message type is one of the list's. */
export const isMessageFormValues = (values: MessageFormValues) => MESSAGE_TYPES.some((t) => t.value === values.source);

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
  boxRef,
  onChange,
  onSubmit,
  onLinkPasted,
  busy,
  connectionLost = false,
  outOfScans = null,
  onDevice = false,
}: {
  values: MessageFormValues;
  /** The message box. */
  boxRef?: RefObject<HTMLTextAreaElement | null>;
  onChange: (values: MessageFormValues) => void;
  onSubmit: (values: MessageFormValues) => void;
  /**
   * Called with the first http(s) link of pasted text, once the text is in the message box;
   * without it the text is only pasted.
   */
  onLinkPasted?: ((link: string) => void) | undefined;
  busy: boolean;
  /** The last scan got no answer: say so, with Retry. */
  connectionLost?: boolean;
  /** No scans are left today (the plan's daily limit): the button says so instead of scanning. */
  outOfScans?: ScanUsage | null;
  /** On-Device Scanning is on: checked here, so no enhanced checks (they ask outside sources). */
  onDevice?: boolean;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (outOfScans) return;
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
    onChange({ ...values, content: text, source: 'email', fileName: file.name });
  };

  // The spec moves a pasted link to the URL tab. The text is put in the box first (the tab
  // switch would take the box away before the browser pastes), so the whole message can still be
  // scanned; a pasted email source is read whole by the server, never cut down to a link.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (!onLinkPasted) return;
    const pasted = event.clipboardData.getData('text');
    const link = looksLikeEmailSource(pasted) ? null : findFirstHttpLink(pasted);
    if (!link) return;
    event.preventDefault();
    const box = event.currentTarget;
    const content = values.content.slice(0, box.selectionStart) + pasted + values.content.slice(box.selectionEnd);
    onChange({ ...values, content });
    if (error) setError(null);
    onLinkPasted(link);
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset disabled={busy} className="space-y-4">
        <div>
          <Label htmlFor={`${id}-content`}>Message to scan</Label>
          <Textarea
            ref={boxRef}
            id={`${id}-content`}
            value={values.content}
            placeholder="Paste the text message, email or social media message here"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error ? `${id}-content-error` : null, outOfScans ? `${id}-limit` : null)}
            onPaste={onPaste}
            onChange={(e) => {
              // emptied, the box no longer holds the file's message
              onChange({ ...values, content: e.target.value, ...(e.target.value === '' ? { fileName: '' } : {}) });
              if (error && e.target.value.trim()) setError(null);
            }}
          />
          <FieldError id={`${id}-content-error`}>{error}</FieldError>
          {/* A picker of our own: the browser's says 'No file chosen' again once the file is read
              (its value is cleared so the same file can be opened again after an edit). */}
          <div className="mt-2 text-sm text-slate-700">
            <span id={`${id}-eml-label`} className="block font-medium">
              Or open an email file (.eml)
            </span>
            <div className="mt-1 flex min-w-0 items-center gap-3">
              <input
                id={`${id}-eml`}
                type="file"
                accept=".eml,message/rfc822"
                aria-labelledby={`${id}-eml-label`}
                aria-describedby={`${id}-eml-name`}
                className="peer sr-only"
                onChange={(e) => void onEmailFile(e)}
              />
              <label
                htmlFor={`${id}-eml`}
                aria-hidden="true"
                className={cn(
                  'inline-flex h-9 shrink-0 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 font-medium text-slate-900 hover:bg-slate-50',
                  'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
                )}
              >
                Choose file
              </label>
              <span id={`${id}-eml-name`} className="min-w-0 truncate" data-testid="eml-file-name">
                {values.fileName ? `Opened: ${values.fileName}` : 'No file chosen'}
              </span>
            </div>
          </div>
          <ScreenshotScan boxId={`${id}-content`} message={values.content} onMessage={(content) => { onChange({ ...values, content, fileName: '' }); setError(null); }} onLink={onLinkPasted} />
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
          description={onDevice ? ON_DEVICE_ENHANCED : 'Check links and senders against threat intelligence sources'}
          checked={values.enhancedAnalysis && !onDevice}
          onCheckedChange={(on) => onChange({ ...values, enhancedAnalysis: on })}
          showActive={false}
          disabled={busy || onDevice}
        />
        {onDevice ? <OnDeviceFormNote /> : null}
        <SubmitButton busy={busy} busyText="Analyzing content..." disabled={!!outOfScans} describedBy={outOfScans ? `${id}-limit` : undefined}>
          Scan Message
        </SubmitButton>
        {outOfScans ? <ScanLimitNote id={`${id}-limit`} usage={outOfScans} /> : null}
        {connectionLost && !busy ? <ConnectionProblem /> : null}
      </fieldset>
    </form>
  );
}

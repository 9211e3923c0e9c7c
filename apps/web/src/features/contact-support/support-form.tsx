import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ContactSupportInfo, ContactSupportResponse } from '@baitcheck/contracts';
import { SUPPORT_ISSUE_TYPE_LABELS, SUPPORT_ISSUE_TYPES, SUPPORT_MESSAGE_MAX_LENGTH, type SupportIssueType } from '@baitcheck/contracts/lite';
import { Link } from 'wouter';
import { assistantHref } from '@/config/paths';
import { FieldError, Input, Label, Select, Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toast-store';
import { readAuthError } from '@/lib/api/auth';
import { cn } from '@/lib/cn';
import { useSubmitSupportRequest } from './api';
import { SUPPORT_FIELDS, toSupportRequest, validateSupportField, validateSupportForm, type SupportField, type SupportFormValues } from './support-form-values';

type Errors = Partial<Record<SupportField, string>>;

/** The id of a field's control, for labels, messages and focus. */
export const fieldId = (formId: string, field: SupportField) => `${formId}-${field}`;

/** The failure toast's description (spec section 8), naming the address to write to when there is one. */
export function failureDescription(supportEmail: string | null | undefined): string {
  return supportEmail ? `Please try again or email us directly at ${supportEmail}` : 'Please try again.';
}

/**
 * The support form (spec section 5): each field is checked when the person leaves it, and again
 * as they fix it; all of them on submit, the first with a problem taking the focus. Nothing the
 * person typed is lost on a failure: the values are the page's (kept in the tab as a draft) and
 * only a success clears the subject and message.
 */
export function SupportForm({
  values,
  onChange,
  info,
  onSubmitted,
  initialFocus,
}: {
  values: SupportFormValues;
  onChange: (values: SupportFormValues) => void;
  /** What the server said about support (undefined while loading, or when it could not be read). */
  info: ContactSupportInfo | undefined;
  onSubmitted: (response: ContactSupportResponse, sent: SupportFormValues) => void;
  /** A field to focus when the form appears ('Submit Another Request' goes on where there is something to write). */
  initialFocus?: SupportField | undefined;
}) {
  const id = useId();
  const submitRequest = useSubmitSupportRequest();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pending = submitRequest.isPending;

  const focusField = (field: SupportField) => document.getElementById(fieldId(id, field))?.focus();
  // once, as the form appears
  useEffect(() => {
    if (initialFocus) focusField(initialFocus);
  }, []);

  // the fields the person has typed in: leaving one checks it (spec: validation on blur), but
  // Tab passing through an empty form marks nothing red and announces nothing
  const [edited, setEdited] = useState<ReadonlySet<SupportField>>(() => new Set());
  // the one field whose message is announced as it appears (the field just left); on submit none
  // is: the focus goes to the first bad field, whose description reads it
  const [announced, setAnnounced] = useState<SupportField | null>(null);

  const change = (field: SupportField, value: string) => {
    const next = { ...values, [field]: value } as SupportFormValues;
    onChange(next);
    if (!edited.has(field)) setEdited((current) => new Set(current).add(field));
    // a field already marked is checked again as it is fixed, so the message goes when it is right
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateSupportField(field, next) ?? undefined }));
  };
  const blur = (field: SupportField) => {
    if (!edited.has(field) && !errors[field] && values[field].trim() === '') return;
    setAnnounced(field);
    setErrors((current) => ({ ...current, [field]: validateSupportField(field, values) ?? undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = validateSupportForm(values);
    setAnnounced(null);
    setErrors(found);
    const firstBad = SUPPORT_FIELDS.find((field) => found[field]);
    if (firstBad) {
      focusField(firstBad);
      return;
    }
    setFailure(null);
    const sent = values;
    try {
      const response = await submitRequest.mutateAsync(toSupportRequest(sent));
      if (response.emailSent) toast({ title: 'Support request submitted' });
      else toast({ title: 'Support request logged', description: 'Your request is saved, but no confirmation email was sent.' });
      onSubmitted(response, sent);
    } catch (caught) {
      const read = readAuthError(caught);
      // the server's word on a field goes under that field; the subject it checked is the one typed after the issue type
      const fromServer: Errors = {};
      for (const field of SUPPORT_FIELDS) if (read.fields[field]) fromServer[field] = read.fields[field];
      const firstFromServer = SUPPORT_FIELDS.find((field) => fromServer[field]);
      if (firstFromServer) {
        setErrors(fromServer);
        focusField(firstFromServer);
      } else {
        setFailure(read.message);
      }
      toast({ title: 'Submission failed', description: read.status === 429 ? read.message : failureDescription(info?.supportEmail), variant: 'destructive' });
    }
  };

  const errorId = (field: SupportField) => `${fieldId(id, field)}-error`;
  // what every field carries: its value and handlers, and its message (when it has one) and hints as its description
  const bind = (field: SupportField, ...hints: string[]) => ({
    id: fieldId(id, field),
    value: values[field],
    onBlur: () => blur(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [errors[field] ? errorId(field) : '', ...hints].filter(Boolean).join(' ') || undefined,
  });
  const errorOf = (field: SupportField) => (
    <FieldError id={errorId(field)} announce={announced === field}>
      {errors[field]}
    </FieldError>
  );
  const messageLength = values.message.trim().length;
  const overBy = messageLength - SUPPORT_MESSAGE_MAX_LENGTH;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={pending} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={fieldId(id, 'name')}>Name</Label>
          <Input {...bind('name')} autoComplete="name" readOnly={pending} onChange={(e) => change('name', e.target.value)} />
          {errorOf('name')}
        </div>
        <div>
          <Label htmlFor={fieldId(id, 'email')}>Email</Label>
          <Input
            {...bind('email', `${id}-email-hint`)}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            readOnly={pending}
            onChange={(e) => change('email', e.target.value)}
          />
          {errorOf('email')}
          <p id={`${id}-email-hint`} className="mt-1 text-sm text-slate-600">
            {info?.emailConfigured === false ? 'Where an answer would go.' : 'We answer you at this address.'}
          </p>
        </div>
      </div>
      <div>
        <Label htmlFor={fieldId(id, 'issueType')}>Issue type</Label>
        <Select {...bind('issueType')} onChange={(e) => change('issueType', e.target.value as SupportIssueType)}>
          {SUPPORT_ISSUE_TYPES.map((type) => (
            <option key={type} value={type}>
              {SUPPORT_ISSUE_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
        {errorOf('issueType')}
      </div>
      <div>
        <Label htmlFor={fieldId(id, 'subject')}>Subject</Label>
        <Input {...bind('subject')} autoComplete="off" readOnly={pending} onChange={(e) => change('subject', e.target.value)} />
        {errorOf('subject')}
      </div>
      <div>
        <Label htmlFor={fieldId(id, 'message')}>Message</Label>
        <Textarea
          {...bind('message', `${id}-message-hint`, `${id}-message-count`)}
          readOnly={pending}
          rows={6}
          onChange={(e) => change('message', e.target.value)}
        />
        {errorOf('message')}
        {/* the count first: on a phone it sits on its own line above the hint, beside it on wider screens */}
        <div className="mt-1 flex flex-col gap-1 text-sm sm:flex-row-reverse sm:items-start sm:justify-between sm:gap-4">
          {/* read with the field (aria-describedby), not announced at every key */}
          <p id={`${id}-message-count`} className={cn('shrink-0 self-end tabular-nums sm:self-auto', overBy > 0 ? 'font-medium text-red-700' : 'text-slate-600')}>
            {messageLength}/{SUPPORT_MESSAGE_MAX_LENGTH} characters{overBy > 0 ? ` (${overBy} too many)` : ''}
          </p>
          <p id={`${id}-message-hint`} className="min-w-0 flex-1 text-slate-600">
            What happened, what you expected, and your device or browser. Never include a password, a verification code or a card number.
          </p>
        </div>
      </div>
      {failure ? (
        // not an alert: the 'Submission failed' toast says it as it appears
        <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">{failure}</p>
      ) : null}
      {info && !info.emailConfigured ? (
        <p className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
          Baitcheck is not set up to send email here: your request will be saved, but no one is emailed about it, so you will not get a confirmation and an answer may be slow or not come. For help now, ask the{' '}
          <Link href={assistantHref} className="font-medium text-primary-strong underline underline-offset-2 focus-ring">
            Virtual Assistant
          </Link>
          .
        </p>
      ) : null}
      {/* the button's new name is not read out by most screen readers while it has the focus */}
      <p role="status" className="sr-only">
        {pending ? 'Submitting your request…' : ''}
      </p>
      <SubmitButton busy={pending} busyText="Submitting...">
        Submit Request
      </SubmitButton>
    </form>
  );
}

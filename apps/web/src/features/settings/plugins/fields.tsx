import { useId, type InputHTMLAttributes, type ReactNode, useEffect, type RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { describedBy, FieldHint } from '@/components/auth/password-field';
import type { AuthError } from '@/lib/api/auth';

/** A labelled text field with its hint and its error, both read with it. */
export function TextField({
  label,
  hint,
  error,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; hint?: string; error?: string | null | undefined }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { hint, error })} {...props} />
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      <FieldError id={`${id}-error`} announce={false}>
        {error}
      </FieldError>
    </div>
  );
}

/** A labelled on/off switch with a line saying what it does. */
export function SwitchField({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <label htmlFor={id} id={`${id}-label`} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} />
    </div>
  );
}

/**
 * What the server said when a save failed, in the dialog: its sentence (a refused sign-in, a
 * number taken), unless that sentence is the one of a field, shown under it.
 */
export function FormProblem({ error, fields }: { error: AuthError | null; fields: readonly string[] }) {
  if (!error) return null;
  const shownAtField = Object.keys(error.fields).some((f) => fields.includes(f));
  if (shownAtField) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
      {error.message}
    </p>
  );
}

/**
 * After a refused save, the focus goes to the first field the answer marks wrong, so a keyboard
 * or screen-reader user hears what to fix rather than staying where they pressed Save.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, error: AuthError | null): void {
  useEffect(() => {
    if (!error) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, error]);
}

/** A note in the dialog (why a plugin is unavailable, what a feed is). */
export function Note({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'warning' }) {
  return (
    <div className={tone === 'warning' ? 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950' : 'rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800'}>
      {children}
    </div>
  );
}

/** The dialog's buttons: Cancel (closes, nothing saved) and the save button. */
export function FormButtons({ busy, busyText, saveText = 'Save', cancelText = 'Cancel', disabled }: { busy: boolean; busyText: string; saveText?: string; cancelText?: string; disabled?: boolean }) {
  return (
    <DialogActions>
      <Dialog.Close asChild>
        <Button variant="outline">{cancelText}</Button>
      </Dialog.Close>
      <SubmitButton busy={busy} busyText={busyText} disabled={disabled}>
        {saveText}
      </SubmitButton>
    </DialogActions>
  );
}

import { useState, type InputHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@baitcheck/contracts/lite';
import { FieldError, Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { readAuthError, type AuthError } from '@/lib/api/auth';

/** The rule a new password must meet, shown under the field before anyone gets it wrong. */
export const PASSWORD_RULE = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;

/** The ids a field's hint and error use, joined for `aria-describedby`. */
export function describedBy(id: string, { hint, error }: { hint?: string; error?: string | null }): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A hint under a field, read out with it. */
export function FieldHint({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

/**
 * A password input with a show/hide button. `autoComplete` tells password managers whether to
 * fill a saved password (`current-password`) or offer a new one (`new-password`). The hint shows
 * until there is an error, which takes its place: one message under the field, never the rule
 * and 'Use at least 8 characters.' at once.
 */
export function PasswordField({
  id,
  label,
  hint,
  error,
  autoComplete,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  const shownHint = error ? undefined : hint;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className="pr-12"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: shownHint, error })}
          {...props}
        />
        <button
          type="button"
          aria-label={`Show ${label.toLowerCase()}`}
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((s) => !s)}
          className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus-ring"
        >
          <Icon aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <FieldHint id={`${id}-hint`}>{shownHint}</FieldHint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A message about the whole form (not one field), announced when it appears. */
export function FormError({ children }: { children?: string | null }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {children}
    </p>
  );
}

/**
 * The signed-in account's password asked again (a password change, an account deletion), with
 * the account's email beside it for a password manager to know whose password it is.
 */
export function CurrentPasswordField({ email, ...props }: Omit<Parameters<typeof PasswordField>[0], 'autoComplete' | 'required'> & { email: string }) {
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField autoComplete="current-password" required {...props} />
    </>
  );
}

/**
 * What a form that asks the account's password again (a password change, an account deletion)
 * does with a refusal: a session ended elsewhere is told in a toast and the dialog closes (the page
 * turns back into the guest view, null is answered); a wrong password is put under `field`;
 * anything else is answered as it is.
 */
export function passwordRefusal(caught: unknown, field: string, onSessionGone: () => void): AuthError | null {
  const read = readAuthError(caught);
  if (read.code === 'NOT_SIGNED_IN') {
    toast({ title: 'Error', description: read.message, variant: 'destructive' });
    onSessionGone();
    return null;
  }
  return read.code === 'CURRENT_PASSWORD_WRONG' ? { ...read, fields: { [field]: read.message } } : read;
}

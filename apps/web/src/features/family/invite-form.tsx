import { useId, useState, type FormEvent } from 'react';
import type { FamilyInvitationCreated } from '@baitcheck/contracts';
import { FieldError, Input, Label } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toast-store';
import { readAuthError, type AuthError } from '@/lib/api/auth';
import { useInviteFamilyMember } from '@/lib/api/family';

export const ADULT_REQUIRED = 'Confirm that you are 18 or over: a family must be managed by an adult.';

/**
 * Invites someone by email. `founding`: no family yet, so the manager states they are 18 or over
 * (required, kept with its time). `onSent` receives what became of the invitation (emailed, or
 * the link to copy).
 */
export function InviteForm({ founding, emailConfigured, onSent }: { founding: boolean; emailConfigured: boolean; onSent: (created: FamilyInvitationCreated) => void }) {
  const id = useId();
  const invite = useInviteFamilyMember();
  const [email, setEmail] = useState('');
  const [adult, setAdult] = useState(false);
  const [error, setError] = useState<AuthError | null>(null);
  const [adultError, setAdultError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    setError(null);
    if (founding && !adult) {
      setAdultError(ADULT_REQUIRED);
      document.getElementById(`${id}-adult`)?.focus();
      return;
    }
    setAdultError(null);
    try {
      const created = await invite.mutateAsync({ email, ...(founding ? { adultConfirmed: true } : {}) });
      setEmail('');
      if (created.delivery === 'emailed') toast({ title: 'Invitation sent', description: `We emailed an invitation to ${created.invitation.email}.` });
      else toast({ title: 'Invitation ready', description: 'Copy the link and send it yourself.' });
      onSent(created);
    } catch (caught) {
      const read = readAuthError(caught);
      // the person goes on where the problem is
      if (read.code === 'FAMILY_ADULT_CONFIRMATION_REQUIRED') {
        setAdultError(read.message);
        document.getElementById(`${id}-adult`)?.focus();
      } else {
        setError(read);
        document.getElementById(`${id}-email`)?.focus();
      }
    }
  };

  const emailError = error?.fields.email ?? (error && Object.keys(error.fields).length === 0 ? error.message : undefined);
  const describedBy = [emailConfigured ? null : `${id}-note`, emailError ? `${id}-email-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={submit} noValidate aria-busy={invite.isPending} className="space-y-3">
      <div>
        <Label htmlFor={`${id}-email`}>Email of the person to invite</Label>
        <Input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={describedBy}
        />
        <FieldError id={`${id}-email-error`}>{emailError}</FieldError>
        {emailConfigured ? null : (
          <p id={`${id}-note`} className="mt-1 text-sm text-slate-600">
            Email is not configured on this server: you will get a link to copy and send yourself.
          </p>
        )}
      </div>
      {founding ? (
        <div>
          <div className="flex items-start gap-3">
            <input
              id={`${id}-adult`}
              type="checkbox"
              checked={adult}
              onChange={(e) => {
                setAdult(e.target.checked);
                if (e.target.checked) setAdultError(null);
              }}
              aria-invalid={adultError ? true : undefined}
              aria-describedby={adultError ? `${id}-adult-error` : undefined}
              className="mt-1 h-5 w-5 shrink-0 cursor-pointer accent-primary focus-ring"
            />
            <label htmlFor={`${id}-adult`} className="text-sm text-slate-900">
              I am 18 or over, and I will manage this family
            </label>
          </div>
          <FieldError id={`${id}-adult-error`}>{adultError}</FieldError>
        </div>
      ) : null}
      <SubmitButton busy={invite.isPending} busyText="Sending...">
        Send invitation
      </SubmitButton>
    </form>
  );
}

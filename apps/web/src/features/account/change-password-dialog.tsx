import { useId, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogPanel } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toast-store';
import { useChangePassword, type AuthError } from '@/lib/api/auth';
import { CurrentPasswordField, FormError, PASSWORD_RULE, PasswordField, passwordRefusal } from '@/components/auth/password-field';

export const PASSWORDS_DIFFER = 'The new passwords do not match.';

function ChangePasswordForm({ email, onDone }: { email: string; onDone: () => void }) {
  const id = useId();
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<AuthError | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setError(null);
    if (confirm !== newPassword) {
      setConfirmError(PASSWORDS_DIFFER);
      return;
    }
    setConfirmError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      toast({ title: 'Password changed', description: 'Other devices signed in to your account have been signed out.' });
      onDone();
    } catch (caught) {
      // the wrong current password belongs under that field
      setError(passwordRefusal(caught, 'currentPassword', onDone));
    }
  };

  const fields = error?.fields ?? {};
  const shownFields = ['currentPassword', 'newPassword'];
  const formError = error && !Object.keys(error.fields).some((f) => shownFields.includes(f)) ? error.message : null;

  return (
    <form onSubmit={submit} noValidate aria-busy={change.isPending} className="space-y-4">
      <CurrentPasswordField
        email={email}
        id={`${id}-current`}
        label="Current password"
        value={currentPassword}
        error={fields.currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
      />
      <PasswordField
        id={`${id}-new`}
        label="New password"
        autoComplete="new-password"
        hint={PASSWORD_RULE}
        required
        value={newPassword}
        error={fields.newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
      />
      <PasswordField
        id={`${id}-confirm`}
        label="Confirm new password"
        autoComplete="new-password"
        required
        value={confirm}
        error={confirmError}
        onChange={(e) => {
          setConfirm(e.target.value);
          if (confirmError && e.target.value === newPassword) setConfirmError(null);
        }}
      />
      <FormError>{formError}</FormError>
      <DialogActions>
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
        <SubmitButton busy={change.isPending} busyText="Changing password...">
          Change Password
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

/** The 'Change Password' button and its dialog; the form starts empty each time it opens. */
export function ChangePasswordDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          Change Password
        </Button>
      </Dialog.Trigger>
      <DialogPanel
        title="Change Password"
        description="Enter your current password and choose a new one. Other devices signed in to your account will be signed out; this one stays signed in."
        className="max-w-md"
        focusFirstField
      >
        <ChangePasswordForm email={email} onDone={() => setOpen(false)} />
      </DialogPanel>
    </Dialog.Root>
  );
}

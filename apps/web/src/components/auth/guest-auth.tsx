import { useId, useState, type FormEvent } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FieldError, Input, Label } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toast-store';
import { readAuthError, useSignIn, useSignUp, type AuthError } from '@/lib/api/auth';
import { FormError, PASSWORD_RULE, PasswordField, describedBy } from './password-field';

type Mode = 'create' | 'sign-in';

/** A form error the server tied to no field we show. */
function formMessage(error: AuthError | null, shownFields: readonly string[]): string | null {
  if (!error) return null;
  const fieldNames = Object.keys(error.fields);
  if (fieldNames.length > 0 && fieldNames.every((f) => shownFields.includes(f))) return null;
  return error.message;
}

function EmailField({ id, value, onChange, error }: { id: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <div>
      <Label htmlFor={id}>Email</Label>
      <Input
        id={id}
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function AuthForm({
  mode,
  email,
  onEmailChange,
  onDone,
}: {
  mode: Mode;
  email: string;
  onEmailChange: (v: string) => void;
  onDone: () => void;
}) {
  const id = useId();
  const signUp = useSignUp();
  const signIn = useSignIn();
  const mutation = mode === 'create' ? signUp : signIn;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<AuthError | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setError(null);
    try {
      await mutation.mutateAsync({ email, password });
      toast(
        mode === 'create'
          ? { title: 'Account created', description: 'Your scans are now kept with your account.' }
          : { title: 'Signed in' },
      );
      onDone();
    } catch (caught) {
      setError(readAuthError(caught));
    }
  };

  // Editing a field clears what the server said about it.
  const clearField = (field: string) =>
    setError((e) => (e && field in e.fields ? { ...e, fields: Object.fromEntries(Object.entries(e.fields).filter(([k]) => k !== field)) } : e));

  return (
    <form onSubmit={submit} noValidate aria-busy={mutation.isPending} className="space-y-4">
      <EmailField
        id={`${id}-email`}
        value={email}
        error={error?.fields.email}
        onChange={(v) => {
          onEmailChange(v);
          clearField('email');
        }}
      />
      <PasswordField
        id={`${id}-password`}
        label="Password"
        autoComplete={mode === 'create' ? 'new-password' : 'current-password'}
        hint={mode === 'create' ? PASSWORD_RULE : undefined}
        required
        value={password}
        error={error?.fields.password}
        onChange={(e) => {
          setPassword(e.target.value);
          clearField('password');
        }}
      />
      <FormError>{formMessage(error, ['email', 'password'])}</FormError>
      {mode === 'create' ? (
        <SubmitButton busy={signUp.isPending} busyText="Creating account...">
          Create account
        </SubmitButton>
      ) : (
        <SubmitButton busy={signIn.isPending} busyText="Signing in...">
          Sign in
        </SubmitButton>
      )}
    </form>
  );
}

/** A guest's choice: make an account of this browser's scans, or sign in to an existing one. */
export function GuestAuth({ onDone }: { onDone: () => void }) {
  const [mode, setMode] = useState<Mode>('create');
  // one email for both forms: switching after "already exists" keeps what was typed
  const [email, setEmail] = useState('');
  return (
    <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)}>
      <TabsList aria-label="Create an account or sign in">
        <TabsTrigger value="create">Create account</TabsTrigger>
        <TabsTrigger value="sign-in">Sign in</TabsTrigger>
      </TabsList>
      <TabsContent value="create">
        <AuthForm mode="create" email={email} onEmailChange={setEmail} onDone={onDone} />
      </TabsContent>
      <TabsContent value="sign-in">
        <AuthForm mode="sign-in" email={email} onEmailChange={setEmail} onDone={onDone} />
      </TabsContent>
    </Tabs>
  );
}

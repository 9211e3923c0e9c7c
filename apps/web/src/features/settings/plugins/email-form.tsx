import { useRef, useId, useState, type FormEvent } from 'react';
import { PLUGIN_TEXT } from '@baitcheck/contracts/lite';
import type { EmailCredentials, Plugin } from '@baitcheck/contracts';
import { authEmailPlugin } from '@/lib/api/plugins';
import { PasswordField } from '@/components/auth/password-field';
import { FormButtons, FormProblem, Note, SwitchField, TextField, useFocusFirstInvalid } from './fields';
import { usePluginChange } from './use-plugin-change';
import { Link } from 'wouter';
import { knowledgeBaseArticleHref } from '@/config/paths';

/** IMAP over TLS. */
export const DEFAULT_IMAP_PORT = 993;

const FIELDS = ['emailAddress', 'host', 'port', 'secure', 'username', 'password'] as const;

/** The IMAP servers of the big providers, by the address's domain: filled in for the person, who can still change them. */
export const KNOWN_IMAP_SERVERS: Readonly<Record<string, string>> = {
  'gmail.com': 'imap.gmail.com',
  'googlemail.com': 'imap.gmail.com',
  'outlook.com': 'outlook.office365.com',
  'hotmail.com': 'outlook.office365.com',
  'live.com': 'outlook.office365.com',
  'msn.com': 'outlook.office365.com',
  'yahoo.com': 'imap.mail.yahoo.com',
  'icloud.com': 'imap.mail.me.com',
  'me.com': 'imap.mail.me.com',
  'mac.com': 'imap.mail.me.com',
  'aol.com': 'imap.aol.com',
};

const text = (value: Plugin['configuration'][string] | undefined) => (typeof value === 'string' ? value : '');

/**
 * The email plugin: the inbox's IMAP server and an app password. Save signs in (the server
 * logs in before it keeps anything), so a refused password is said here, in the server's words.
 * The password is only ever written: the field starts empty every time.
 */
export function EmailForm({ plugin, onDone }: { plugin: Plugin; onDone: () => void }) {
  const passwordId = useId();
  const config = plugin.configuration;
  const [emailAddress, setEmailAddress] = useState(text(config.emailAddress));
  const [host, setHost] = useState(text(config.host));
  const [port, setPort] = useState(String(typeof config.port === 'number' ? config.port : DEFAULT_IMAP_PORT));
  const [secure, setSecure] = useState(typeof config.secure === 'boolean' ? config.secure : true);
  const [username, setUsername] = useState(text(config.username));
  const [password, setPassword] = useState('');
  const [portError, setPortError] = useState<string | null>(null);
  const connect = usePluginChange('email', authEmailPlugin, { done: PLUGIN_TEXT.configured, failed: PLUGIN_TEXT.configureFailed }, () => onDone());

  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, connect.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connect.isPending) return;
    const portNumber = Number(port.trim());
    if (!/^\d+$/.test(port.trim()) || portNumber < 1 || portNumber > 65535) {
      setPortError('The port is between 1 and 65535.');
      return;
    }
    setPortError(null);
    const credentials: EmailCredentials = { host: host.trim(), port: portNumber, secure, username: username.trim(), password };
    if (emailAddress.trim()) credentials.emailAddress = emailAddress.trim();
    connect.mutate(credentials);
  };

  const fields = connect.error?.fields ?? {};
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={connect.isPending} className="space-y-4">
      {plugin.status.problem ? <Note tone="warning">{plugin.status.problem}</Note> : null}
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={emailAddress}
        error={fields.emailAddress}
        onChange={(e) => setEmailAddress(e.target.value)}
        onBlur={() => {
          // a known provider's server and the user name (the address) are filled in, never over what the person typed
          const address = emailAddress.trim().toLowerCase();
          const known = KNOWN_IMAP_SERVERS[address.split('@')[1] ?? ''];
          if (known && host.trim() === '') setHost(known);
          if (address.includes('@') && username.trim() === '') setUsername(emailAddress.trim());
        }}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField
          label="IMAP server"
          hint="Such as imap.gmail.com or outlook.office365.com."
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={host}
          error={fields.host}
          onChange={(e) => setHost(e.target.value)}
        />
        <TextField label="Port" inputMode="numeric" value={port} error={portError ?? fields.port} onChange={(e) => setPort(e.target.value)} />
      </div>
      <SwitchField label="Use TLS" hint="Keep on unless your mail server says otherwise: it encrypts the connection." checked={secure} onChange={setSecure} />
      <TextField
        label="User name"
        hint="Usually your whole email address."
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        error={fields.username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <PasswordField
        id={passwordId}
        label="App password"
        autoComplete="new-password"
        hint="Not your normal email password: an app password is a separate one your email provider makes for one app, so Baitcheck never holds your main password. Make one in your account's security settings (App passwords)."
        value={password}
        error={fields.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <p className="text-sm">
        <Link href={knowledgeBaseArticleHref('connect-your-email-inbox')} className="font-medium text-primary-strong underline underline-offset-2 focus-ring">
          How to make an app password, step by step
        </Link>
      </p>
      <FormProblem error={connect.error} fields={FIELDS} />
      <FormButtons busy={connect.isPending} busyText="Connecting…" />
    </form>
  );
}

import { AddressRefusal } from './address-guard.ts';

/** Why an inbox could not be reached or read. */
export type ImapErrorCode = 'auth-failed' | 'unreachable' | 'tls' | 'timeout' | 'no-inbox' | 'refused-address';

/**
 * A failure to use an inbox, with a sentence the person who set the inbox up can act on. The
 * message names the server, never the password; `detail` (the underlying error code, such as
 * `ECONNREFUSED`) is for the log.
 */
export class ImapError extends Error {
  override readonly name = 'ImapError';
  constructor(
    readonly code: ImapErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** What an error from imapflow, node:net or node:tls carries (all optional). */
interface RawError {
  code?: unknown;
  message?: unknown;
  authenticationFailed?: unknown;
  serverResponseCode?: unknown;
  tlsFailed?: unknown;
  mailboxMissing?: unknown;
}

/**
 * Server response codes (RFC 5530) on a refused login that say the server, not the password,
 * is the problem: worth trying again later, and never a reason to stop watching.
 */
const TEMPORARY_LOGIN_REFUSALS = new Set(['UNAVAILABLE', 'SERVERBUG', 'LIMIT', 'INUSE']);

const TIMEOUT_CODES = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT', 'ETIMEOUT', 'ETIMEDOUT']);

/** Node's and OpenSSL's codes for a certificate or handshake that failed. */
function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_SSL_') ||
    code.startsWith('ERR_TLS_') ||
    code.startsWith('CERT_') ||
    code === 'EPROTO' ||
    code === 'ClosedAfterConnectTLS' ||
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'HOSTNAME_MISMATCH'].includes(code)
  );
}

/** The IMAP settings sentence's part naming the server. */
function where(host: string, port: number): string {
  return `${host} (port ${port})`;
}

/**
 * Turns whatever connecting, signing in or reading threw into an ImapError with a sentence.
 * Only fixed sentences, the host and the port go into the message: a server's own answer text
 * is not copied, so nothing the server or the password shaped reaches a person or a log.
 */
export function toImapError(error: unknown, host: string, port: number): ImapError {
  if (error instanceof ImapError) return error;
  if (error instanceof AddressRefusal) {
    return error.reason === 'private'
      ? new ImapError('refused-address', `The server name ${host} leads to a private or local network address, which we do not connect to. Use the public IMAP server name your email provider gives.`, 'private-address')
      : new ImapError('unreachable', `We could not find a mail server called ${host}. Check the IMAP server name in your email provider's settings.`, 'ENOTFOUND');
  }
  const e = (typeof error === 'object' && error !== null ? error : {}) as RawError;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const responseCode = typeof e.serverResponseCode === 'string' ? e.serverResponseCode.toUpperCase() : undefined;
  const message = typeof e.message === 'string' ? e.message : '';

  if (e.authenticationFailed === true && message === 'Login is disabled') {
    return new ImapError('tls', `The mail server ${where(host, port)} only accepts a sign-in over a secure connection. Turn on SSL/TLS and use the secure port (usually 993).`, 'LOGINDISABLED');
  }
  if (e.authenticationFailed === true && responseCode !== undefined && TEMPORARY_LOGIN_REFUSALS.has(responseCode)) {
    return new ImapError('unreachable', `The mail server ${host} cannot sign anyone in right now. We will keep trying.`, responseCode);
  }
  if (e.authenticationFailed === true) {
    return new ImapError(
      'auth-failed',
      'The inbox refused the user name or app password. Check both; many providers (Gmail, Outlook, Yahoo, iCloud) need an app password made in the account\'s security settings rather than your usual password.',
      responseCode ?? 'AUTHENTICATIONFAILED',
    );
  }
  if (e.tlsFailed === true || (code !== undefined && isTlsCode(code))) {
    return new ImapError('tls', `We could not set up a secure connection with ${where(host, port)}. Check that the security setting matches the port (SSL/TLS is usually port 993, none or STARTTLS port 143).`, code ?? 'tls');
  }
  if (code !== undefined && TIMEOUT_CODES.has(code)) {
    return new ImapError('timeout', `The mail server ${where(host, port)} did not answer in time. Check the server name, the port and the security setting, or try again later.`, code);
  }
  if (e.mailboxMissing === true) {
    return new ImapError('no-inbox', `We signed in to ${host} but could not open the inbox. Check that IMAP access is turned on for this account.`, 'mailbox-missing');
  }
  return new ImapError('unreachable', `We could not reach the mail server ${where(host, port)}. Check the server name and the port in your email provider's IMAP settings.`, code ?? 'connection-failed');
}

import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';

/**
 * An address with a display name. Handed to nodemailer as an object, never written into a header
 * string by us: a name is only ever a name, so what a person typed cannot add a recipient or a
 * header.
 */
export interface EmailAddress {
  name: string;
  address: string;
}

/** One plain-text email. */
export interface EmailMessage {
  to: string | EmailAddress;
  /** Where a reply goes, when not to the sender (the support inbox answers the person who wrote). */
  replyTo?: EmailAddress;
  subject: string;
  text: string;
}

/** What sending did: the mail server took the message for delivery, or not (and why, for the log). */
export type SendResult = { accepted: true } | { accepted: false; reason: 'not-configured' | 'refused' | 'failed'; detail?: string };

/** Sends email through the configured SMTP server; with none configured, says so and sends nothing. */
export interface EmailSender {
  /** Whether an SMTP server is configured (`SMTP_URL`). */
  readonly configured: boolean;
  send(message: EmailMessage): Promise<SendResult>;
  /** Closes the connection pool, if any. */
  close(): void;
}

/** The sender address when `MAIL_FROM` is not set. */
export const DEFAULT_MAIL_FROM = 'Baitcheck <no-reply@localhost>';

/** How long one send may wait on the mail server, in all its steps: a request waits on it. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 };

/**
 * The email adapter: nodemailer over SMTP, from `SMTP_URL` (`smtp://user:pass@host:587`,
 * `smtps://…:465`; nodemailer's URL options such as `?requireTLS=true` apply) and `MAIL_FROM`.
 * Without `smtpUrl` it is not configured: `send` answers `not-configured` and the caller tells the
 * person plainly (the product never pretends an email went out). Failures are answered, never
 * thrown, so a mail server being down is a sentence, not a 500; `detail` is for the log only.
 */
export function createEmailSender(options: { smtpUrl?: string | undefined; from?: string | undefined; timeouts?: Partial<typeof TIMEOUTS> }): EmailSender {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  if (!options.smtpUrl) {
    return { configured: false, send: async () => ({ accepted: false, reason: 'not-configured' }), close: () => {} };
  }
  // Our time limits, then the URL's own options (`?requireTLS=true`, `?socketTimeout=`). Not createTransport(url,
  // { timeouts }): with a URL, nodemailer reads its second argument as message defaults and the
  // limits were never applied (a mail server that stalled held a request for 10 minutes).
  const transport = nodemailer.createTransport({ ...TIMEOUTS, ...options.timeouts, ...parseConnectionUrl(options.smtpUrl) }, { from });
  return {
    configured: true,
    async send(message) {
      try {
        const info = await transport.sendMail({ to: message.to, ...(message.replyTo ? { replyTo: message.replyTo } : {}), subject: message.subject, text: message.text });
        const accepted = (info.accepted as unknown[] | undefined) ?? [];
        if (accepted.length > 0) return { accepted: true };
        return { accepted: false, reason: 'refused', detail: String(info.response ?? 'no recipient accepted') };
      } catch (error) {
        const e = error as { code?: string; responseCode?: number; message?: string };
        // a refused recipient or sender is the mail server's answer; anything else a failure to reach it
        const reason = e.responseCode !== undefined && e.responseCode >= 500 ? 'refused' : 'failed';
        return { accepted: false, reason, detail: [e.code, e.responseCode, e.message].filter(Boolean).join(' ') };
      }
    },
    close: () => transport.close(),
  };
}

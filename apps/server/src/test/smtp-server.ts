import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the test server received: the envelope and the parsed message. */
export interface ReceivedMail {
  /** MAIL FROM and RCPT TO of the envelope. */
  from: string;
  to: string[];
  /** Who signed in (AUTH), if anyone. */
  user: string | undefined;
  subject: string;
  text: string;
  /** The From header's name and address. */
  fromHeader: { name: string; address: string };
  /** Every header name, lower case. */
  headerNames: string[];
  /** The To and Reply-To headers' names and addresses, as a mail client reads them. */
  toHeader: { name: string; address: string }[];
  replyTo: { name: string; address: string }[];
}

/** The names and addresses of a parsed address header (absent: none). */
function addressesOf(header: AddressObject | AddressObject[] | undefined): { name: string; address: string }[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return objects.flatMap((o) => o.value.map((v) => ({ name: v.name, address: v.address ?? '' })));
}

/** A real SMTP server (the smtp-server package) on 127.0.0.1, keeping what it receives. */
export interface TestSmtpServer {
  readonly port: number;
  /** `smtp://user:pass@127.0.0.1:<port>`: what `SMTP_URL` takes. */
  url(credentials?: { user: string; pass: string }): string;
  readonly received: ReceivedMail[];
  /** Recipient addresses (lower case) refused with 550. */
  readonly refuse: Set<string>;
  /** Resolves once `count` messages have arrived (or rejects after 5 seconds). */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * Starts an SMTP server on 127.0.0.1 (plain SMTP: no STARTTLS offered, AUTH allowed in clear on
 * loopback). With `auth`, it refuses any other credentials and any message without them.
 */
export async function startSmtpServer(options: { auth?: { user: string; pass: string } } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const waiters: { count: number; resolve: (mails: ReceivedMail[]) => void }[] = [];
  const server = new SMTPServer({
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authOptional: options.auth === undefined,
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const error = new Error('No such mailbox') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      return callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            fromHeader: { name: mail.from?.value[0]?.name ?? '', address: mail.from?.value[0]?.address ?? '' },
            headerNames: [...mail.headers.keys()],
            toHeader: addressesOf(mail.to),
            replyTo: addressesOf(mail.replyTo),
          });
          for (const w of waiters.filter((w) => received.length >= w.count)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve([...received]);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: (credentials) => `smtp://${credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : ''}127.0.0.1:${port}`,
    received,
    refuse,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve, reject) => {
        const waiter = { count, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`expected ${count} messages, received ${received.length}`));
          }
        }, 5_000).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { isIP } from 'node:net';
import { ImapFlow, type MailboxObject } from 'imapflow';
import { resolveAllowedAddresses } from './address-guard.ts';
import { ImapError, toImapError } from './imap-error.ts';

export { ImapError, type ImapErrorCode } from './imap-error.ts';

/** How to sign in to an inbox, as the person typed it (the host is checked before any connection). */
export interface ImapSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 993). Without it, STARTTLS is used when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
}

/**
 * How far an inbox has been read: every message with a UID up to `lastUid` was handed over.
 * UIDs only mean something within one UIDVALIDITY (kept as a string: it is a 32-bit number that
 * imapflow gives as a bigint).
 */
export interface InboxCursor {
  uidValidity: string;
  lastUid: number;
}

/** One new message of the INBOX. */
export interface FetchedEmail {
  uid: number;
  /**
   * The raw RFC 822 source, at most `maxMessageBytes` of it: decoded as UTF-8 when the bytes are
   * UTF-8 (any 7-bit message is), otherwise as latin1, one character per byte, so no byte is lost
   * (`Buffer.from(raw, 'latin1')` gives them back).
   */
  raw: string;
  /** Set when the message was longer than `maxMessageBytes` and `raw` is its beginning only. */
  truncated?: boolean;
}

/** A pino-like logger; given only host, user names and error codes, never a password. */
export interface ImapLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface ImapOptions {
  /** Limit on connecting, on the server's greeting and on a silent socket, in ms. Default 15 s. */
  timeoutMs?: number;
  /** Allow loopback and private network addresses (tests, self-hosted mail servers). Default false. */
  allowPrivateAddresses?: boolean;
  /** Reconnection delays: doubling from `initialMs` up to `maxMs`, with jitter. Default 1 s to 5 min. */
  backoff?: { initialMs: number; maxMs: number };
  /** Bytes of each message fetched; a longer one is cut. Default 2 MiB. */
  maxMessageBytes?: number;
  /** Messages per `onMessages` call. Default 20. */
  batchSize?: number;
}

/** What a watcher reports about its connection. */
export type WatchStatus =
  | { state: 'connected' }
  | { state: 'retrying'; error: ImapError; retryInMs: number }
  /** The server refused the password: the watcher stopped (retrying could lock the account). */
  | { state: 'stopped-auth'; error: ImapError };

export interface WatchOptions extends ImapOptions {
  /** Where to go on from; null: the INBOX's current end (only messages arriving from now on). */
  cursor: InboxCursor | null;
  /**
   * Takes new messages, in ascending UID order, and the cursor just past them: the caller stores
   * both (one transaction) before resolving. The watcher moves its cursor only once this
   * resolves; if it throws, the same batch is offered again after a back-off. Also called with no
   * messages when the position changes without any (the start from a null cursor, a rebuilt
   * mailbox), so the caller keeps the position to come back to.
   */
  onMessages(batch: FetchedEmail[], cursor: InboxCursor): Promise<void>;
  onStatus(status: WatchStatus): void;
  logger?: ImapLogger;
}

/** A running watcher. */
export interface InboxWatcher {
  /** Closes the connection; resolves once neither callback will be called again. */
  stop(): Promise<void>;
}

const DEFAULTS = { timeoutMs: 15_000, backoff: { initialMs: 1_000, maxMs: 5 * 60_000 }, maxMessageBytes: 2 * 1024 * 1024, batchSize: 20 };

/**
 * How long a connection has to have lasted for the next drop to start the back-off from the
 * beginning again: a server that accepts and drops at once is retried less and less often.
 */
const STABLE_SESSION_MS = 60_000;

/**
 * A sweep this often besides the new-mail notifications: IDLE reports a change in the message
 * count only, so a message arriving as another is deleted would otherwise wait for the next one.
 */
const SAFETY_SWEEP_MS = 5 * 60_000;

/** Pause after the last command before IDLE starts (imapflow's default, 15 s, would hide new mail that long). */
const AUTO_IDLE_DELAY_MS = 1_000;

type Resolved = Required<Omit<ImapOptions, 'backoff'>> & { backoff: { initialMs: number; maxMs: number } };

function resolveOptions(options: ImapOptions): Resolved {
  return {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    allowPrivateAddresses: options.allowPrivateAddresses ?? false,
    backoff: options.backoff ?? DEFAULTS.backoff,
    maxMessageBytes: options.maxMessageBytes ?? DEFAULTS.maxMessageBytes,
    batchSize: Math.max(1, options.batchSize ?? DEFAULTS.batchSize),
  };
}

/** The delay before retry number `attempt` (0 first): doubling, capped, then between half and all of it. */
export function backoffDelay(attempt: number, backoff: { initialMs: number; maxMs: number }): number {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  // jitter: inboxes dropped together (a server restart) do not all come back at the same moment
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** Node's codes for an address that took no connection: the next address of the host may. */
const NEXT_ADDRESS_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'EAFNOSUPPORT']);

/** An open IMAP session, and how it ended: with the error that closed it, or undefined. */
interface Connection {
  client: ImapFlow;
  closed: Promise<unknown>;
}

/**
 * Connects and signs in, to the checked addresses of the host (never to the name, which could
 * resolve elsewhere by the time of the connect), naming the host for TLS (SNI and the
 * certificate check). `track` gets the client before connecting, so a stop can abort a connect.
 */
async function connect(settings: ImapSettings, o: Resolved, track: (client: ImapFlow) => void = () => {}): Promise<Connection> {
  const host = settings.host.trim();
  const addresses = await resolveAllowedAddresses(host, o.allowPrivateAddresses);
  const named = isIP(host.replace(/^\[(.*)\]$/, '$1')) === 0;
  let failure: unknown;
  for (const address of addresses) {
    const client = new ImapFlow({
      host: address,
      port: settings.port,
      secure: settings.secure,
      ...(named ? { servername: host } : {}),
      auth: { user: settings.user, pass: settings.password },
      // imapflow's own log has whole server answers in it; ours has host, user and codes only
      logger: false,
      connectionTimeout: o.timeoutMs,
      greetingTimeout: o.timeoutMs,
      socketTimeout: o.timeoutMs,
      autoIdleDelay: AUTO_IDLE_DELAY_MS,
      // a message is fetched cut at maxMessageBytes: a server sending far more is broken or hostile
      maxLiteralSize: o.maxMessageBytes + 1024 * 1024,
      maxResponseSize: o.maxMessageBytes + 2 * 1024 * 1024,
    });
    // An 'error' event without a listener would throw and take the server down: it is always
    // heard, and kept as the reason the connection closed.
    let error: unknown;
    client.on('error', (e: unknown) => {
      error ??= e;
    });
    const closed = new Promise<unknown>((resolve) => client.once('close', () => resolve(error)));
    track(client);
    try {
      await client.connect();
      return { client, closed };
    } catch (e) {
      client.close();
      failure = e;
      const code = (e as { code?: unknown }).code;
      if (typeof code !== 'string' || !NEXT_ADDRESS_CODES.has(code)) break;
    }
  }
  throw failure;
}

/** Opens INBOX read-only (nothing the watcher does marks a message as read). */
async function openInbox(client: ImapFlow, host: string): Promise<MailboxObject> {
  try {
    return await client.mailboxOpen('INBOX', { readOnly: true });
  } catch (e) {
    const status = (e as { responseStatus?: unknown }).responseStatus;
    if (status === 'NO' || status === 'BAD') {
      throw new ImapError('no-inbox', `We signed in to ${host} but could not open the inbox. Check that IMAP access is turned on for this account.`, String(status));
    }
    throw e;
  }
}

/** The INBOX's current end: its UIDVALIDITY and the UID below the next one to be given. */
async function endOf(client: ImapFlow, mailbox: MailboxObject): Promise<InboxCursor> {
  const uidValidity = String(mailbox.uidValidity);
  if (Number.isSafeInteger(mailbox.uidNext) && mailbox.uidNext > 0) return { uidValidity, lastUid: mailbox.uidNext - 1 };
  // a server that did not say UIDNEXT: the last message's UID is the end
  if (!mailbox.exists) return { uidValidity, lastUid: 0 };
  const uids = (await client.search({ all: true }, { uid: true })) || [];
  return { uidValidity, lastUid: uids.reduce((max, uid) => Math.max(max, uid), 0) };
}

/** Closes with LOGOUT when the server answers soon, at once otherwise. */
async function logOut(client: ImapFlow, withinMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([client.logout().catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, withinMs)))]);
  clearTimeout(timer);
  client.close();
}

/**
 * Signs in to the inbox, opens INBOX read-only and logs out: the check made when a person adds
 * an inbox. Resolves the INBOX's current end, the cursor to start watching from; throws an
 * ImapError with a sentence for the person otherwise.
 */
export async function verifyImapLogin(settings: ImapSettings, options: ImapOptions = {}): Promise<InboxCursor> {
  const o = resolveOptions(options);
  let connection: Connection | undefined;
  try {
    connection = await connect(settings, o);
    const cursor = await endOf(connection.client, await openInbox(connection.client, settings.host));
    await logOut(connection.client, 2_000);
    return cursor;
  } catch (e) {
    throw toImapError(e, settings.host, settings.port);
  } finally {
    connection?.client.close();
  }
}

/** Bytes to text: UTF-8 when they are, latin1 (byte for byte) when not. */
function decodeSource(bytes: Buffer, cut: boolean): string {
  try {
    // `stream` on a message that was cut leaves out a character the cut split in two, rather than
    // taking the whole message for latin1
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: cut });
  } catch {
    return bytes.toString('latin1');
  }
}

/** An error of the caller's onMessages, told apart from the connection's own failures. */
class HandlerFailure extends Error {}

/**
 * Watches a mailbox's INBOX until stop(): hands every new message to `onMessages`, once, in UID
 * order, from `cursor` on. The connection IDLEs, so new mail arrives within a second or so; after
 * any drop it reconnects with back-off and goes on from the last cursor `onMessages` accepted, so
 * a drop or a restart neither loses nor repeats a message. A refused password stops the watcher
 * (`stopped-auth`): a server sees repeated wrong passwords as an attack and may lock the account.
 */
export function watchInbox(settings: ImapSettings, options: WatchOptions): InboxWatcher {
  const o = resolveOptions(options);
  const host = settings.host;
  const who = { host, user: settings.user };
  const logger = options.logger;

  let stopped = false;
  let cursor: InboxCursor | null = options.cursor ? { ...options.cursor } : null;
  /** The cursor moved (a start from the end, a rebuilt mailbox) and the caller has not been told yet. */
  let unsaved = false;
  let client: ImapFlow | null = null;
  let wake: (() => void) | null = null;

  const status = (s: WatchStatus) => {
    if (stopped) return;
    try {
      options.onStatus(s);
    } catch {
      // the caller's status handler failing must not stop the watching
    }
  };

  /** Waits, or less when stop() wakes it. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      wake = done;
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
    });

  /** Moves to the INBOX's current end when the cursor is missing or belongs to another UIDVALIDITY. */
  async function position(c: ImapFlow, mailbox: MailboxObject): Promise<InboxCursor> {
    const validity = String(mailbox.uidValidity);
    if (cursor !== null && cursor.uidValidity === validity) return cursor;
    const end = await endOf(c, mailbox);
    if (cursor !== null) {
      // The mailbox was rebuilt: the old UIDs say nothing about the new messages. Rescanning
      // them all would hand over the whole inbox again; going on from its end loses at most the
      // few that arrived while it was rebuilt.
      logger?.warn({ ...who, code: 'uidvalidity-changed', from: cursor.uidValidity, to: end.uidValidity }, 'IMAP mailbox was rebuilt (UIDVALIDITY changed); going on from its current end');
    }
    cursor = end;
    unsaved = true;
    return end;
  }

  /** Hands a batch over; the cursor moves only once the caller has it. */
  async function handOver(batch: FetchedEmail[], next: InboxCursor): Promise<void> {
    if (stopped) return;
    try {
      await options.onMessages(batch, { ...next });
    } catch {
      throw new HandlerFailure();
    }
    cursor = next;
    unsaved = false;
  }

  /** Fetches these messages (UIDs ascending), each cut at maxMessageBytes. */
  async function fetchBatch(c: ImapFlow, uids: number[]): Promise<FetchedEmail[]> {
    const emails: FetchedEmail[] = [];
    for await (const message of c.fetch(uids.join(','), { uid: true, size: true, source: { maxLength: o.maxMessageBytes } }, { uid: true })) {
      const bytes = message.source ?? Buffer.alloc(0);
      const cut = (message.size ?? 0) > o.maxMessageBytes || bytes.length > o.maxMessageBytes;
      const source = bytes.length > o.maxMessageBytes ? bytes.subarray(0, o.maxMessageBytes) : bytes;
      emails.push({ uid: message.uid, raw: decodeSource(source, cut), ...(cut ? { truncated: true } : {}) });
    }
    return emails.sort((a, b) => a.uid - b.uid);
  }

  /** Hands over every message above the cursor, in batches, until there are none. */
  async function sweep(c: ImapFlow): Promise<void> {
    for (;;) {
      if (stopped) return;
      if (!c.mailbox) throw new Error('INBOX is not open');
      const from = await position(c, c.mailbox);
      // `n:*` also matches the last message when its UID is below n (RFC 3501: * is the highest
      // UID, and n:* is the range between them), so only UIDs above the cursor count.
      const found = await c.search({ uid: `${from.lastUid + 1}:*` }, { uid: true });
      if (!Array.isArray(found)) throw new Error('UID SEARCH failed');
      const uids = found.filter((uid) => uid > from.lastUid).sort((a, b) => a - b);
      if (uids.length === 0) {
        if (unsaved) await handOver([], from);
        return;
      }
      for (let i = 0; i < uids.length && !stopped; i += o.batchSize) {
        const chunk = uids.slice(i, i + o.batchSize);
        // a message expunged since the search is simply not in the batch; the cursor still
        // passes its UID, which will never come back
        await handOver(await fetchBatch(c, chunk), { uidValidity: from.uidValidity, lastUid: chunk[chunk.length - 1]! });
      }
    }
  }

  /**
   * One connection, from sign-in to its end: sweeps at the start and on every new-mail
   * notification, one sweep at a time. Resolves when the connection closed without an error,
   * throws the error that ended it. Returns only once no sweep is running, so a later connection
   * never offers a batch this one is still offering.
   */
  async function session(): Promise<void> {
    const connection = await connect(settings, o, (c) => (client = c));
    const c = connection.client;
    let failure: unknown;
    let sweeping: Promise<void> | null = null;
    let again = false;
    let handlerAttempt = 0;
    let retryTimer: NodeJS.Timeout | undefined;
    let safetySweep: NodeJS.Timeout | undefined;

    const requestSweep = () => {
      if (stopped || !c.usable) return;
      // while a refused batch waits out its back-off, new mail does not bring it back sooner
      if (sweeping || retryTimer) {
        again = true;
        return;
      }
      again = false;
      sweeping = sweep(c)
        .then(() => {
          handlerAttempt = 0;
        })
        .catch((e: unknown) => {
          if (e instanceof HandlerFailure) {
            // the caller could not store the batch (its database, say): the same batch again later
            const delay = backoffDelay(handlerAttempt++, o.backoff);
            logger?.warn({ ...who, code: 'handler-failed', retryInMs: delay }, 'IMAP new messages were not accepted; offering them again');
            retryTimer = setTimeout(() => {
              retryTimer = undefined;
              requestSweep();
            }, delay);
            return;
          }
          failure ??= e;
          c.close();
        })
        .finally(() => {
          sweeping = null;
          if (again) requestSweep();
        });
    };

    try {
      if (stopped) return;
      await position(c, await openInbox(c, host));
      c.on('exists', requestSweep);
      // a re-SELECT that found a new UIDVALIDITY: the sweep moves to the new end
      c.on('mailboxOpen', requestSweep);
      logger?.info({ ...who }, 'IMAP inbox connected');
      status({ state: 'connected' });
      requestSweep();
      safetySweep = setInterval(requestSweep, SAFETY_SWEEP_MS);
      const closedWith = await connection.closed;
      failure ??= closedWith;
    } finally {
      clearInterval(safetySweep);
      clearTimeout(retryTimer);
      c.close();
      while (sweeping) await sweeping;
      clearTimeout(retryTimer);
    }
    if (failure !== undefined) throw failure;
  }

  const done = (async () => {
    let attempt = 0;
    while (!stopped) {
      const startedAt = Date.now();
      let error: ImapError;
      try {
        await session();
        error = new ImapError('unreachable', `The mail server ${host} closed the connection. We will connect again.`, 'closed');
      } catch (e) {
        error = toImapError(e, host, settings.port);
      } finally {
        client = null;
      }
      if (stopped) break;
      if (error.code === 'auth-failed') {
        logger?.warn({ ...who, code: error.code, detail: error.detail }, 'IMAP inbox refused the password; watching stopped');
        status({ state: 'stopped-auth', error });
        stopped = true;
        break;
      }
      if (Date.now() - startedAt >= STABLE_SESSION_MS) attempt = 0;
      const retryInMs = backoffDelay(attempt++, o.backoff);
      logger?.warn({ ...who, code: error.code, detail: error.detail, retryInMs }, 'IMAP inbox connection failed; retrying');
      status({ state: 'retrying', error, retryInMs });
      await pause(retryInMs);
    }
  })();

  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= (async () => {
        stopped = true;
        wake?.();
        const c = client;
        if (c) {
          if (c.usable) await logOut(c, 1_000);
          else c.close();
        }
        await done;
      })();
      return stopping;
    },
  };
}

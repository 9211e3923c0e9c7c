import { createHash } from 'node:crypto';
import type { ProtectionSettings } from '@baitcheck/contracts';
import { watchInbox, type FetchedEmail, type ImapOptions, type InboxCursor, type InboxWatcher } from '../../../adapters/imap/imap-inbox.ts';
import { MAX_RAW_EMAIL_BYTES } from '../../intel/raw-email/email-source.ts';
import { parseRawEmail } from '../../intel/raw-email/raw-email.ts';
import { waitWords } from '../../../lib/wait-words.ts';
import { storableText } from '../../../lib/well-formed.ts';
import type { PluginDriver } from '../plugin-runtime.ts';
import type { ArrivingMessage, ConnectionRow, PluginsRepository } from '../plugins.repository.ts';
import type { PluginsService } from '../plugins.service.ts';

/** Said when the inbox refuses the saved password: the plugin is off until the person signs in again. */
export const INBOX_REFUSED =
  'Your inbox refused the saved app password (it may have been changed or revoked), so checking it stopped. Open Configure and sign in again.';
/** Said when the saved password cannot be read back (the server's key changed). */
const SECRET_UNREADABLE = 'The saved app password can no longer be read on this server. Open Configure and sign in again.';

/** One email as the plugin keeps it until it is scanned: the whole source, its subject and sender shown meanwhile. */
async function toArriving(email: FetchedEmail, uidValidity: string): Promise<ArrivingMessage> {
  let subject = '';
  let from = { name: '', address: '' };
  try {
    const parsed = await parseRawEmail(email.raw);
    subject = parsed.subject;
    from = parsed.from ?? from;
  } catch {
    // an email that does not read is still kept and scanned (the scan reads it as text)
  }
  return {
    externalId: `${uidValidity}:${email.uid}`,
    content: storableText(subject),
    // a NUL byte in a message would fail its insert, and the watcher would offer the batch again forever
    raw: storableText(email.raw),
    sender: { id: storableText(from.address), name: storableText(from.name || from.address), handle: storableText(from.address) },
    metadata: { uid: email.uid, uidValidity, subject: storableText(subject), truncated: email.truncated ?? false },
    urls: [],
  };
}

/** What a connection's watcher was started from: a change (new server, new password) restarts it. */
function fingerprintOf(row: ConnectionRow): string {
  return createHash('sha256').update(JSON.stringify([row.settings.host, row.settings.port, row.settings.secure, row.settings.username, row.secret])).digest('hex');
}

/**
 * The email plugin's watchers: one IMAP connection per person whose email plugin is connected
 * and on, with Email Protection on. New mail is kept with the inbox's position in one
 * transaction (so a restart goes on from there, losing and repeating nothing), then scanned.
 * A refused password turns the plugin off with a sentence; a server that drops or cannot be
 * reached is retried with a growing wait, said in the plugin's status meanwhile.
 */
export function createInboxWatchers(deps: {
  repo: PluginsRepository;
  plugins: () => PluginsService;
  protection: { get(userId: string): Promise<ProtectionSettings> };
  arrived: () => void;
  allowPrivateAddresses: boolean;
  log: { warn(fields: Record<string, unknown>, message: string): void };
  /** Connection options (tests: a short back-off). */
  imap?: Pick<ImapOptions, 'backoff' | 'timeoutMs'>;
}): PluginDriver {
  const running = new Map<string, { watcher: InboxWatcher; fingerprint: string }>();
  let stopped = false;
  // reconciles one at a time: two at once could start a person's watcher twice
  let queue: Promise<void> = Promise.resolve();

  const start = (row: ConnectionRow) => {
    const password = deps.plugins().secretOf(row);
    const userId = row.userId;
    if (password === null) {
      void deps.plugins().setProblem(userId, 'email', SECRET_UNREADABLE, true);
      return;
    }
    // mail that arrived while the plugin or Email Protection was off is not read: it starts from the inbox's end
    const cursor: InboxCursor | null =
      row.state.resumeAtEnd !== true && typeof row.state.uidValidity === 'string' && typeof row.state.lastUid === 'number'
        ? { uidValidity: row.state.uidValidity, lastUid: row.state.lastUid }
        : null;
    let problem = row.problem;
    const setProblem = (next: string | null, stop = false) => {
      if (next === problem && !stop) return;
      problem = next;
      void deps.plugins().setProblem(userId, 'email', next, stop).catch((error: unknown) => deps.log.warn({ err: error }, 'an inbox problem could not be recorded'));
    };
    const watcher = watchInbox(
      { host: String(row.settings.host), port: Number(row.settings.port), secure: row.settings.secure !== false, user: String(row.settings.username), password },
      {
        cursor,
        allowPrivateAddresses: deps.allowPrivateAddresses,
        maxMessageBytes: MAX_RAW_EMAIL_BYTES,
        ...deps.imap,
        onMessages: async (batch, next) => {
          const arriving = await Promise.all(batch.map((email) => toArriving(email, next.uidValidity)));
          const kept = await deps.plugins().receive(userId, 'email', arriving, { uidValidity: next.uidValidity, lastUid: next.lastUid });
          if (kept.length > 0) deps.arrived();
        },
        onStatus: (status) => {
          if (status.state === 'connected') setProblem(null);
          else if (status.state === 'retrying') setProblem(`${status.error.message} Trying again in ${waitWords(status.retryInMs)}.`);
          else {
            running.delete(userId);
            setProblem(INBOX_REFUSED, true);
          }
        },
        logger: { info: () => undefined, warn: (fields, message) => deps.log.warn(fields as Record<string, unknown>, message ?? 'inbox watcher') },
      },
    );
    running.set(userId, { watcher, fingerprint: fingerprintOf(row) });
  };

  const reconcileNow = async (userId?: string): Promise<void> => {
    if (stopped) return;
    const rows = (await deps.repo.running('email')).filter((r) => userId === undefined || r.userId === userId);
    const wanted = new Map<string, ConnectionRow>();
    for (const row of rows) {
      if ((await deps.protection.get(row.userId)).emailProtection) wanted.set(row.userId, row);
      else if (row.state.resumeAtEnd !== true) await deps.repo.save(row.userId, 'email', { state: { ...row.state, resumeAtEnd: true } });
    }
    for (const [id, entry] of running) {
      if (userId !== undefined && id !== userId) continue;
      const row = wanted.get(id);
      if (!row || fingerprintOf(row) !== entry.fingerprint) {
        running.delete(id);
        await entry.watcher.stop();
      }
    }
    for (const [id, row] of wanted) if (!running.has(id) && !stopped) start(row);
  };

  return {
    reconcile(userId?: string): Promise<void> {
      queue = queue.then(() => reconcileNow(userId)).catch((error: unknown) => deps.log.warn({ err: error }, 'the inbox watchers could not follow a change'));
      return queue;
    },
    resume(): void {
      stopped = false;
    },

    async stop(): Promise<void> {
      stopped = true;
      await queue;
      const entries = [...running.values()];
      running.clear();
      await Promise.all(entries.map((e) => e.watcher.stop()));
    },
  };
}

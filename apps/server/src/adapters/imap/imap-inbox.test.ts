import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type TestImapServer } from '../../test/dovecot.ts';
import { ImapError, verifyImapLogin, watchInbox, type FetchedEmail, type ImapSettings, type InboxCursor, type InboxWatcher, type WatchOptions, type WatchStatus } from './imap-inbox.ts';

let dovecot: TestImapServer;
beforeAll(async () => {
  dovecot = await startDovecot();
});
afterAll(async () => {
  await dovecot?.stop();
});

/** A password no log line or error message may contain. */
const secretOf = (user: string) => `Sekr3t-${user}-pw`;

let users = 0;
/** A fresh account (own INBOX) for one test. */
async function newAccount(): Promise<ImapSettings> {
  const user = `user${++users}`;
  await dovecot.addUser(user, secretOf(user));
  return { host: dovecot.host, port: dovecot.port, secure: false, user, password: secretOf(user) };
}

function email(subject: string, body = 'Hello.'): string {
  return [`From: Sender <sender@example.com>`, `To: someone@example.com`, `Subject: ${subject}`, `Message-ID: <${subject.replace(/\W/g, '')}@example.com>`, '', body, ''].join('\r\n');
}

const subjectOf = (raw: string) => /^Subject: (.*)\r?$/m.exec(raw)?.[1];

/** Polls until `check` holds; fails with `what` and the last state otherwise. */
async function until(check: () => boolean, what: () => string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A watcher whose callbacks record everything, with helpers to wait on it. */
function watch(settings: ImapSettings, options: Partial<WatchOptions> & { cursor: InboxCursor | null }) {
  const accepted: { batch: FetchedEmail[]; cursor: InboxCursor }[] = [];
  const offered: number[][] = [];
  const statuses: WatchStatus[] = [];
  const logs: unknown[] = [];
  const state = { failNext: 0 };
  const watcher: InboxWatcher = watchInbox(settings, {
    allowPrivateAddresses: true,
    timeoutMs: 5_000,
    backoff: { initialMs: 50, maxMs: 200 },
    logger: { info: (o, m) => logs.push(['info', o, m]), warn: (o, m) => logs.push(['warn', o, m]) },
    onStatus: (s) => statuses.push(s),
    onMessages: async (batch, cursor) => {
      offered.push(batch.map((m) => m.uid));
      if (batch.length > 0 && state.failNext > 0) {
        state.failNext--;
        throw new Error('database unavailable');
      }
      accepted.push({ batch, cursor });
    },
    ...options,
  });
  watchers.push(watcher);
  const messages = () => accepted.flatMap((a) => a.batch);
  const describeState = () => JSON.stringify({ offered, statuses: statuses.map((s) => s.state), uids: messages().map((m) => m.uid) });
  return {
    watcher,
    accepted,
    offered,
    statuses,
    logs,
    state,
    messages,
    uids: () => messages().map((m) => m.uid),
    subjects: () => messages().map((m) => subjectOf(m.raw)),
    cursor: () => accepted.at(-1)?.cursor ?? null,
    /** Waits until `count` messages in all have been accepted. */
    waitForMessages: (count: number) => until(() => messages().length >= count, () => `${count} messages, have ${describeState()}`),
    /** Waits for the first accepted call (the position when starting from the end). */
    waitForCursor: () => until(() => accepted.length > 0, () => `a cursor, have ${describeState()}`),
    waitForStatus: (states: WatchStatus['state'][]) =>
      until(
        () => JSON.stringify(statuses.map((s) => s.state)) === JSON.stringify(states),
        () => `statuses ${states.join(',')}, have ${describeState()}`,
      ),
  };
}
const watchers: InboxWatcher[] = [];
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.stop()));
});

/** An error's code, or a failure naming what was thrown instead. */
async function errorOf(promise: Promise<unknown>): Promise<ImapError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(ImapError);
    return e as ImapError;
  }
  throw new Error('expected an ImapError, but it resolved');
}

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('verifyImapLogin', () => {
  it('signs in and answers the INBOX position (UIDVALIDITY, last UID)', async () => {
    const account = await newAccount();
    const empty = await verifyImapLogin(account, { allowPrivateAddresses: true });
    expect(empty.lastUid).toBe(0);
    expect(empty.uidValidity).toMatch(/^[1-9]\d*$/);
    await dovecot.deliver(account.user, email('one'));
    await dovecot.deliver(account.user, email('two'));
    expect(await verifyImapLogin(account, { allowPrivateAddresses: true })).toEqual({ uidValidity: empty.uidValidity, lastUid: 2 });
  });

  it('says auth-failed for a wrong password, without the password in the message', async () => {
    const account = await newAccount();
    const error = await errorOf(verifyImapLogin({ ...account, password: 'Wr0ng-pass-123' }, { allowPrivateAddresses: true }));
    expect(error.code).toBe('auth-failed');
    expect(error.message).toMatch(/^The inbox refused the user name or app password\./);
    expect(error.message).not.toContain('Wr0ng-pass-123');
    expect(JSON.stringify(error)).not.toContain('Wr0ng-pass-123');
  });

  it('says unreachable for a closed port', async () => {
    const probe = createServer();
    const port = await listening(probe);
    await new Promise((r) => probe.close(r));
    const error = await errorOf(verifyImapLogin({ ...(await newAccount()), port }, { allowPrivateAddresses: true }));
    expect(error.code).toBe('unreachable');
    expect(error.detail).toBe('ECONNREFUSED');
    expect(error.message).toContain(`port ${port}`);
  });

  it('says timeout for a server that never greets', async () => {
    const silent = createServer(() => {});
    const port = await listening(silent);
    try {
      const started = Date.now();
      const error = await errorOf(verifyImapLogin({ ...(await newAccount()), port }, { allowPrivateAddresses: true, timeoutMs: 300 }));
      expect(error.code).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      silent.close();
    }
  });

  it('says tls when TLS is asked of a server that speaks plain IMAP', async () => {
    const error = await errorOf(verifyImapLogin({ ...(await newAccount()), secure: true }, { allowPrivateAddresses: true, timeoutMs: 2_000 }));
    expect(error.code).toBe('tls');
  });

  it('names the host for TLS (SNI, certificate) while connecting to its checked address; an untrusted certificate is tls', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baitcheck-imap-tls-'));
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { stdio: 'ignore' });
      const servernames: string[] = [];
      const server = createTlsServer(
        {
          key: readFileSync(join(dir, 'key.pem')),
          cert: readFileSync(join(dir, 'cert.pem')),
          SNICallback: (name, done) => {
            servernames.push(name);
            done(null);
          },
        },
        (socket) => socket.end('* OK ready\r\n'),
      );
      server.on('tlsClientError', () => {});
      const port = await listening(server);
      try {
        const error = await errorOf(verifyImapLogin({ ...(await newAccount()), host: 'localhost', port, secure: true }, { allowPrivateAddresses: true, timeoutMs: 2_000 }));
        expect(error.code).toBe('tls');
        expect(error.detail).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
        // the server was reached by address (the name is never resolved again) and told the name
        expect(servernames).toEqual(['localhost']);
      } finally {
        server.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses loopback by address and by name unless private addresses are allowed', async () => {
    const account = await newAccount();
    const byAddress = await errorOf(verifyImapLogin(account));
    expect(byAddress.code).toBe('refused-address');
    expect(byAddress.message).toContain('private or local network address');
    expect((await errorOf(verifyImapLogin({ ...account, host: 'localhost' }))).code).toBe('refused-address');
    expect((await errorOf(verifyImapLogin({ ...account, host: '::ffff:127.0.0.1' }))).code).toBe('refused-address');
    // 'localhost' may resolve to ::1 first, where nothing listens: the next address is tried
    expect((await verifyImapLogin({ ...account, host: 'localhost' }, { allowPrivateAddresses: true })).lastUid).toBe(0);
  });
});

describe('watchInbox', () => {
  it('from no cursor, hands over only mail arriving from now on, in UID order', async () => {
    const account = await newAccount();
    await dovecot.deliver(account.user, email('old 1'));
    await dovecot.deliver(account.user, email('old 2'));
    const w = watch(account, { cursor: null });
    await w.waitForCursor();
    // the start position is handed over first, with no messages, so a restart goes on from it
    expect(w.accepted[0]!.batch).toEqual([]);
    expect(w.accepted[0]!.cursor.lastUid).toBe(2);
    expect(w.statuses.map((s) => s.state)).toEqual(['connected']);
    for (const subject of ['new 1', 'new 2', 'new 3']) await dovecot.deliver(account.user, email(subject));
    await w.waitForMessages(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(w.uids()).toEqual([3, 4, 5]);
    expect(w.subjects()).toEqual(['new 1', 'new 2', 'new 3']);
    expect(w.messages()[0]!.raw).toContain('From: Sender <sender@example.com>\r\n');
    expect(w.messages()[0]!.truncated).toBeUndefined();
    expect(w.cursor()).toEqual({ uidValidity: w.accepted[0]!.cursor.uidValidity, lastUid: 5 });
    expect(JSON.stringify(w.logs)).not.toContain(account.password);
  });

  it('after a stop, a new watcher from the saved cursor gets exactly what arrived meanwhile, in batches', async () => {
    const account = await newAccount();
    const first = watch(account, { cursor: null });
    await first.waitForCursor();
    await dovecot.deliver(account.user, email('before stop'));
    await first.waitForMessages(1);
    await first.watcher.stop();
    const saved = first.cursor()!;
    expect(saved.lastUid).toBe(1);

    for (const subject of ['while down 1', 'while down 2', 'while down 3', 'while down 4', 'while down 5']) await dovecot.deliver(account.user, email(subject));
    // nothing is called after stop() resolved
    await new Promise((r) => setTimeout(r, 200));
    expect(first.uids()).toEqual([1]);

    const second = watch(account, { cursor: saved, batchSize: 2 });
    await second.waitForMessages(5);
    expect(second.accepted.map((a) => a.batch.map((m) => m.uid))).toEqual([[2, 3], [4, 5], [6]]);
    expect(second.accepted.map((a) => a.cursor.lastUid)).toEqual([3, 5, 6]);
    await dovecot.deliver(account.user, email('after restart'));
    await second.waitForMessages(6);
    await new Promise((r) => setTimeout(r, 300));
    expect(second.uids()).toEqual([2, 3, 4, 5, 6, 7]);
    expect(second.subjects().at(-1)).toBe('after restart');
  });

  it('reconnects after the connection is cut, and mail from the outage arrives exactly once', async () => {
    const account = await newAccount();
    const w = watch(account, { cursor: null, backoff: { initialMs: 400, maxMs: 800 } });
    await w.waitForCursor();
    await dovecot.deliver(account.user, email('before cut'));
    await w.waitForMessages(1);

    await dovecot.dropConnections();
    await dovecot.deliver(account.user, email('during outage 1'));
    await dovecot.deliver(account.user, email('during outage 2'));
    await w.waitForStatus(['connected', 'retrying', 'connected']);
    const retrying = w.statuses[1] as Extract<WatchStatus, { state: 'retrying' }>;
    expect(retrying.error.code).toBe('unreachable');
    expect(retrying.retryInMs).toBeGreaterThanOrEqual(200);
    expect(retrying.retryInMs).toBeLessThanOrEqual(400);
    await w.waitForMessages(3);
    await dovecot.deliver(account.user, email('after reconnect'));
    await w.waitForMessages(4);
    await new Promise((r) => setTimeout(r, 300));
    expect(w.uids()).toEqual([1, 2, 3, 4]);
    expect(w.subjects()).toEqual(['before cut', 'during outage 1', 'during outage 2', 'after reconnect']);
  });

  it('offers a batch again when onMessages throws, and moves on once it is accepted', async () => {
    const account = await newAccount();
    const w = watch(account, { cursor: null });
    await w.waitForCursor();
    w.state.failNext = 1;
    await dovecot.deliver(account.user, email('retried'));
    await w.waitForMessages(1);
    expect(w.offered.filter((uids) => uids.length > 0)).toEqual([[1], [1]]);
    expect(w.cursor()!.lastUid).toBe(1);
    expect(w.logs).toContainEqual(['warn', expect.objectContaining({ code: 'handler-failed' }), expect.any(String)]);
    await dovecot.deliver(account.user, email('next'));
    await w.waitForMessages(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(w.offered.filter((uids) => uids.length > 0)).toEqual([[1], [1], [2]]);
    // the connection itself was never in trouble
    expect(w.statuses.map((s) => s.state)).toEqual(['connected']);
  });

  it('stops, saying so, when the server refuses the password, and tries no more', async () => {
    const account = await newAccount();
    const w = watch(account, { cursor: null });
    await w.waitForCursor();
    await dovecot.addUser(account.user, 'a-new-password');
    await dovecot.dropConnections();
    // the cut is a drop like any other; the sign-in after it is refused
    await w.waitForStatus(['connected', 'retrying', 'stopped-auth']);
    expect(w.statuses[1]).toMatchObject({ state: 'retrying', error: { code: 'unreachable' } });
    const stoppedAuth = w.statuses[2] as Extract<WatchStatus, { state: 'stopped-auth' }>;
    expect(stoppedAuth.error.code).toBe('auth-failed');
    await new Promise((r) => setTimeout(r, 500));
    expect(w.statuses).toHaveLength(3);
    const failedLogins = (dovecot.log().match(new RegExp(`auth failed.*user=<${account.user}>`, 'g')) ?? []).length;
    expect(failedLogins).toBe(1);
    expect(JSON.stringify(w.logs)).not.toContain(account.password);
    await w.watcher.stop();
  });

  it('cuts a message over maxMessageBytes instead of dropping it', async () => {
    const account = await newAccount();
    const w = watch(account, { cursor: null, maxMessageBytes: 1_000 });
    await w.waitForCursor();
    await dovecot.deliver(account.user, email('big', 'x'.repeat(76) + '\r\n'.repeat(1) + ('y'.repeat(76) + '\r\n').repeat(100)));
    await dovecot.deliver(account.user, email('small'));
    await w.waitForMessages(2);
    const [big, small] = w.messages();
    expect(big!.uid).toBe(1);
    expect(big!.raw).toHaveLength(1_000);
    expect(subjectOf(big!.raw)).toBe('big');
    expect(big!.truncated).toBe(true);
    expect(subjectOf(small!.raw)).toBe('small');
    expect(small!.truncated).toBeUndefined();
  });

  it('decodes UTF-8 as UTF-8, anything else byte for byte, and never splits a character when cutting', async () => {
    const account = await newAccount();
    const w = watch(account, { cursor: null, maxMessageBytes: 400 });
    await w.waitForCursor();
    await dovecot.deliver(account.user, email('utf8', 'Grüße, 東京'));
    await dovecot.deliver(account.user, Buffer.from(email('latin1', 'Gr\u00fc\u00dfe'), 'latin1'));
    // 2-byte characters from an odd or even offset: one of the two is cut in the middle of one
    await dovecot.deliver(account.user, email('cut even', 'é'.repeat(300)));
    await dovecot.deliver(account.user, email('cut odd', `x${'é'.repeat(300)}`));
    await w.waitForMessages(4);
    const [utf8, latin1, even, odd] = w.messages();
    expect(utf8!.raw).toContain('Grüße, 東京');
    expect(latin1!.raw).toContain('Grüße');
    expect(Buffer.from(latin1!.raw, 'latin1').toString('hex')).toContain(Buffer.from('Gr\u00fc\u00dfe', 'latin1').toString('hex'));
    for (const cut of [even!, odd!]) {
      expect(cut.truncated).toBe(true);
      expect(cut.raw).not.toContain('\uFFFD');
      expect(cut.raw.endsWith('é')).toBe(true);
      expect([399, 400]).toContain(Buffer.byteLength(cut.raw));
    }
    expect(Buffer.byteLength(even!.raw)).not.toBe(Buffer.byteLength(odd!.raw));
  });

  it('goes on from the current end, with a warning, when the mailbox was rebuilt (UIDVALIDITY changed)', async () => {
    const account = await newAccount();
    const w = watch(account, { cursor: null });
    await w.waitForCursor();
    await dovecot.deliver(account.user, email('old mailbox 1'));
    await dovecot.deliver(account.user, email('old mailbox 2'));
    await w.waitForMessages(2);
    const before = w.cursor()!;

    await dovecot.recreateInbox(account.user);
    await dovecot.deliver(account.user, email('rebuilt 1'));
    await until(() => w.accepted.some((a) => a.cursor.uidValidity !== before.uidValidity), () => JSON.stringify(w.accepted.map((a) => a.cursor)));
    const moved = w.accepted.find((a) => a.cursor.uidValidity !== before.uidValidity)!;
    // 'rebuilt 1' is in the new mailbox before the watcher is back: it is past, and skipped
    expect(moved).toEqual({ batch: [], cursor: { uidValidity: expect.not.stringMatching(before.uidValidity), lastUid: 1 } });
    expect(w.logs).toContainEqual(['warn', expect.objectContaining({ code: 'uidvalidity-changed', from: before.uidValidity }), expect.any(String)]);

    await dovecot.deliver(account.user, email('rebuilt 2'));
    await w.waitForMessages(3);
    expect(w.subjects()).toEqual(['old mailbox 1', 'old mailbox 2', 'rebuilt 2']);
    expect(w.messages()[2]!.uid).toBe(2);
  });

  it('stop() while connecting or in back-off ends the watcher without further calls', async () => {
    const probe = createServer();
    const port = await listening(probe);
    await new Promise((r) => probe.close(r));
    const w = watch({ ...(await newAccount()), port }, { cursor: null, backoff: { initialMs: 5_000, maxMs: 5_000 } });
    await until(() => w.statuses.length > 0, () => 'a status');
    expect(w.statuses[0]).toMatchObject({ state: 'retrying', error: { code: 'unreachable' } });
    const started = Date.now();
    await w.watcher.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(w.statuses).toHaveLength(1);
  });
});

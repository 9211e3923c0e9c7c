import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { DATABASES } from '../test/databases.ts';
import { makeVisitor } from '../test/harness.ts';
import { createNotificationHub } from '../modules/alerts/notification-hub.ts';
import { BUS_CHANNEL, createClusterBus, type ClusterBus } from './bus.ts';
import { createKeyLocks } from './key-locks.ts';
import { runWithSchedulerLock } from './scheduler-lock.ts';

/**
 * Several instances on one PostgreSQL (issue 21): what they tell each other, the work only one of
 * them runs, the locks they share and the limits they count together. Each "instance" here is its
 * own pool (and app) on the same database, as separate processes would be.
 */
const postgres = DATABASES.find((d) => d.name === 'postgres');
const quiet = { info: () => {}, warn: () => {} };
const until = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 25))) if (await check()) return true;
  return check();
};

describe.skipIf(!postgres)('several instances on one PostgreSQL', () => {
  let first: Database;
  let second: Database;
  const closing: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    first = await postgres!.open();
    // a second instance: its own pool on the same database, its migrations waiting for the lock
    second = await openDatabase({ kind: 'postgres', url: first.postgres!.url, pool: { max: 4 } });
  });
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
    await second?.close();
    await first?.close();
  });

  it('start together on a new database: each migration is applied once, under the lock', async () => {
    const admin = new pg.Client({ connectionString: first.postgres!.url.replace(/\/[^/]*$/, '/postgres') });
    await admin.connect();
    const name = `bc_test_mig_${Date.now()}`;
    await admin.query(`create database ${name}`);
    try {
      const url = first.postgres!.url.replace(/\/[^/]*$/, `/${name}`);
      const opened = await Promise.all([0, 1, 2].map(() => openDatabase({ kind: 'postgres', url, pool: { max: 1 } })));
      const applied = await opened[0]!.postgres!.pool.query<{ n: number; distinct_n: number }>('select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations');
      expect(applied.rows[0]!.n).toBe(applied.rows[0]!.distinct_n);
      for (const database of opened) await database.close();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('tell each other over LISTEN/NOTIFY, never themselves, and learn to resync after losing the connection', async () => {
    const a = await createClusterBus(first, quiet);
    const b = await createClusterBus(second, quiet);
    closing.push(() => a.close(), () => b.close());
    expect(a.shared && b.shared).toBe(true);
    const heardByA: unknown[] = [];
    const heardByB: unknown[] = [];
    a.subscribe('sessions.ended', (p) => heardByA.push(p));
    b.subscribe('sessions.ended', (p) => heardByB.push(p));
    await a.publish('sessions.ended', { userId: 'u1' });
    expect(await until(() => heardByB.length === 1)).toBe(true);
    expect(heardByB[0]).toEqual({ userId: 'u1' });
    expect(heardByA).toEqual([]);

    // b's listening connection is cut (a failover, an idle timeout): b reconnects and resyncs
    let resynced = 0;
    b.onResync(() => resynced++);
    await first.postgres!.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and datname = current_database()`, [`LISTEN ${BUS_CHANNEL}`]);
    expect(await until(() => resynced === 1, 8_000)).toBe(true);
    await a.publish('sessions.ended', { userId: 'u2' });
    expect(await until(() => heardByB.length === 2)).toBe(true);
  });

  it("bring one instance's live alerts to the streams open on another", async () => {
    const a = await createClusterBus(first, quiet);
    const b = await createClusterBus(second, quiet);
    closing.push(() => a.close(), () => b.close());
    const limits = { perUser: 5, perAddress: 5, total: 100 };
    const hubA = createNotificationHub(limits, a);
    const hubB = createNotificationHub(limits, b);
    const heard: unknown[] = [];
    hubB.listen('person-1', '198.51.100.30', (event) => heard.push(event));
    // A cannot know a stream is open on B: it reads the unread count for anyone it alerts
    expect(hubA.listening('person-1')).toBe(true);
    hubA.publish('person-1', { kind: 'unread', unread: 4 });
    hubA.publish('person-2', { kind: 'unread', unread: 9 });
    expect(await until(() => heard.length === 1)).toBe(true);
    expect(heard).toEqual([{ kind: 'unread', unread: 4 }]);
  });

  it('run the scheduled work in one of them at a time, and hand it over when that one stops', async () => {
    const running: string[] = [];
    const work = (name: string) => ({ start: () => void running.push(name), stop: async () => void running.splice(running.indexOf(name), 1) });
    const a = await runWithSchedulerLock(first, work('a'), quiet, { retryMs: 100 });
    const b = await runWithSchedulerLock(second, work('b'), quiet, { retryMs: 100 });
    expect(a.holding).toBe(true);
    expect(b.holding).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(running).toEqual(['a']);
    await a.stop();
    expect(await until(() => b.holding)).toBe(true);
    expect(running).toEqual(['b']);
    await b.stop();
    expect(running).toEqual([]);
  });

  it('stop the work of an instance whose lock connection dies, and take it again only once stopped', async () => {
    const running: string[] = [];
    let restartedWhileStopping = 0;
    const work = (name: string) => ({
      start: () => {
        if (running.includes(name)) restartedWhileStopping++;
        running.push(name);
      },
      // a stop that takes a while (a retention batch finishing): the lock is not taken again meanwhile
      stop: async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        running.splice(running.indexOf(name), 1);
      },
    });
    const a = await runWithSchedulerLock(first, work('a'), quiet, { retryMs: 50 });
    const b = await runWithSchedulerLock(second, work('b'), quiet, { retryMs: 50 });
    closing.push(() => a.stop(), () => b.stop());
    expect(running).toEqual(['a']);
    // as if a's connection were cut (a failover, a network fault): PostgreSQL ends its session and the lock with it
    for (let round = 0; round < 5; round++) {
      const holder = a.holding ? 'a' : 'b';
      await first.postgres!.pool.query("select pg_terminate_backend(pid) from pg_stat_activity where query like 'select pg_try_advisory_lock%' and state = 'idle' and datname = current_database() and pid <> pg_backend_pid()");
      // the holder noticed and stopped; then one of the two (whichever asks first) took it again
      expect(await until(() => running.length === 1 && a.holding !== b.holding), `round ${round}, holder was ${holder}`).toBe(true);
      expect(restartedWhileStopping).toBe(0);
    }
  });

  it("run one key's locked tasks one at a time across instances, other keys meanwhile", async () => {
    const locksA = createKeyLocks(first);
    const locksB = createKeyLocks(second);
    closing.push(() => locksA.close(), () => locksB.close());
    const lockA = locksA.lock(4242)!;
    const lockB = locksB.lock(4242)!;
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 150));
      log.push(`${name} out`);
      return name;
    };
    const results = await Promise.all([lockA('person-1', task('a1')), lockB('person-1', task('b1')), lockB('person-2', task('b2'))]);
    expect(results).toEqual(['a1', 'b1', 'b2']);
    // the two tasks of person-1 never overlap; person-2's ran beside them
    const one = log.filter((l) => l.endsWith('1 in') || l.endsWith('1 out'));
    expect([one[0]!.split(' ')[0], one[1]!.split(' ')[0]].every((n, _i, all) => n === all[0])).toBe(true);
    expect(log.indexOf('b2 in')).toBeLessThan(log.indexOf(one[1]!));
  });

  describe('two apps on the one database', () => {
    let appA: FastifyInstance;
    let appB: FastifyInstance;
    let busA: ClusterBus;
    let busB: ClusterBus;
    beforeAll(async () => {
      busA = await createClusterBus(first, quiet);
      busB = await createClusterBus(second, quiet);
      const config = { cookieSecure: 'auto' as const, trustProxy: false, webDistDir: '/nonexistent', scanLimitPerDay: 0, clientRateLimits: { scansPerMinute: 3 }, accountLimits: { signUpsPerHour: 3 } };
      appA = await buildApp({ config, database: first, logger: false, bus: busA });
      appB = await buildApp({ config, database: second, logger: false, bus: busB });
    });
    afterAll(async () => {
      await appA?.close();
      await appB?.close();
      await busA?.close();
      await busB?.close();
    });

    it("count one person's requests in the same windows, whichever instance answers (rate-limiter-flexible's Postgres store)", async () => {
      const onA = makeVisitor(appA, { remoteAddress: '198.51.100.20' });
      const scan = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/scan/text', remoteAddress: '198.51.100.20', headers: onA.cookie ? { cookie: `bc_session=${onA.cookie}` } : {}, payload: { content: 'Hello, see you at 7?', saveToHistory: true } });
      expect((await onA.post('/api/scan/text', { content: 'Hello, see you at 7?', saveToHistory: true })).statusCode).toBe(200);
      expect(onA.cookie).toBeDefined();
      expect((await scan(appB)).statusCode).toBe(200);
      expect((await scan(appA)).statusCode).toBe(200);
      // the fourth in the minute, on either instance
      const refused = await scan(appB);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect((await scan(appA)).statusCode).toBe(429);
      const stored = await first.postgres!.pool.query<{ n: number }>("select count(*)::int as n from rate_limit_windows where key like 'scans:session:%'");
      // its minute and its day
      expect(stored.rows[0]!.n).toBe(2);
    });

    it('hold a password guesser to 5 attempts at an account from one address, whichever instance answers (the sign-in throttle in the database)', async () => {
      const owner = makeVisitor(appA, { remoteAddress: '198.51.100.30' });
      expect((await owner.post('/api/auth/sign-up', { email: 'guessed@example.com', password: 'the owner’s long password' })).statusCode).toBe(201);
      const guess = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: '203.0.113.30', payload: { email: 'guessed@example.com', password: 'a wrong guess here' } });
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) answers.push((await guess(i % 2 === 0 ? appA : appB)).statusCode);
      // five wrong guesses answered as such, alternating instances; the sixth refused, and on the other instance too
      expect(answers.slice(0, 5).every((status) => status === 401)).toBe(true);
      expect(answers[5]).toBe(429);
      const other = await guess(appA);
      expect(other.statusCode).toBe(429);
      expect(Number(other.headers['retry-after'])).toBeGreaterThan(800);
    });

    it('count sign-ups from one network together: 3 an hour across both instances', async () => {
      const signUp = (app: FastifyInstance, i: number) =>
        app.inject({ method: 'POST', url: '/api/auth/sign-up', remoteAddress: '198.51.100.40', payload: { email: `network-${i}@example.com`, password: 'a long enough password' } });
      const answers: number[] = [];
      for (let i = 0; i < 4; i++) answers.push((await signUp(i % 2 === 0 ? appB : appA, i)).statusCode);
      expect(answers).toEqual([201, 201, 201, 429]);
    });

    it('end a session everywhere: signed out through one instance, the cookie is nobody’s on the other at once', async () => {
      const visitor = makeVisitor(appA, { remoteAddress: '198.51.100.21' });
      expect((await visitor.post('/api/auth/sign-up', { email: 'both@example.com', password: 'a long enough password' })).statusCode).toBe(201);
      const cookie = { cookie: `bc_session=${visitor.cookie}` };
      const meOnB = () => appB.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: '198.51.100.21', headers: cookie });
      expect((await meOnB()).json().user?.email).toBe('both@example.com');
      expect((await visitor.post('/api/auth/sign-out', {})).statusCode).toBe(200);
      // B had the session cached; the message made it forget it
      expect(await until(async () => (await meOnB()).json().user?.kind === 'guest', 2_000)).toBe(true);
    });
  });
});

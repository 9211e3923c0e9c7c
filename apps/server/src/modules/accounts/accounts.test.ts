import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { supportRequests, users } from '../../db/schema.ts';
import { errorsPlugin } from '../../http/errors.ts';
import { SESSION_COOKIE, sessionPlugin } from '../../http/session.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, type Visitor } from '../../test/harness.ts';
import { createSessionsRepository } from '../sessions/sessions.repository.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { registerAccountsRoutes } from './accounts.routes.ts';
import { DEFAULT_ACCOUNT_LIMITS, createAccountsService } from './accounts.service.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { DEFAULT_SIGN_IN_LIMITS } from './sign-in-throttle.ts';
import { SCRYPT_PARAMS, setHashCostForTests } from './password.ts';
import { TEST_SCRYPT_N } from '../../test/setup.ts';

const PHISH = 'URGENT: your account is locked. Verify at http://paypa1-secure.com/login';
let n = 0;
/** A fresh address per test, so tests sharing a database do not collide (and rate limits are per account). */
const email = () => `person${++n}-${Date.now()}@example.com`;

async function scan(v: Visitor, content: string) {
  const res = await v.post('/api/scan/text', { content, sender: '', source: 'sms', saveToHistory: true });
  expect(res.statusCode).toBe(200);
  return res.json().message.id as string;
}

async function history(v: Visitor): Promise<string[]> {
  return ((await v.get('/api/messages')).json() as { content: string }[]).map((m) => m.content);
}

let sequence = 0;
/** An address no other sign-up used, so sign-ups here stay under the per-address limit. */
const freshAddress = () => `192.0.2.${(++sequence % 250) + 1}`;

/** One request from `remoteAddress` without a cookie (a new client somewhere on the internet). */
function postFrom(app: FastifyInstance, remoteAddress: string, url: string, payload: object): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, remoteAddress, payload });
}

/** Signs `v` up from an address of its own, keeping the cookie the answer sets. */
async function signUp(app: FastifyInstance, v: Pick<Visitor, 'cookie'>, address: string, password = 'correct horse battery') {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', remoteAddress: freshAddress(), headers: v.cookie ? { cookie: `${SESSION_COOKIE}=${v.cookie}` } : {}, payload: { email: address, password } });
  expect(res.statusCode).toBe(201);
  const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (set) v.cookie = set.value;
  return res;
}

const userRows = async (ctx: { database: Database }) => Number((await ctx.database.db.select({ n: count() }).from(users))[0]?.n ?? 0);

const MINUTE = 60_000;

/**
 * A browser on the internet at `address`: keeps every cookie the server sets (the session and
 * the device cookie) and drops the ones it clears. `app` can be swapped for a restarted server.
 */
function browser(app: FastifyInstance, address: string) {
  const jar = new Map<string, string>();
  const b = {
    app,
    address,
    jar,
    async post(url: string, payload?: object): Promise<LightMyRequestResponse> {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const res = await b.app.inject({ method: 'POST', url, remoteAddress: b.address, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
      for (const c of res.cookies) {
        if (c.value === '' || c.maxAge === 0) jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
      return res;
    },
  };
  return b;
}

/**
 * The accounts routes alone over `database`, with the accounts service on the test's clock: the
 * throttle's minutes pass in a loop instead of in real time. Sessions, cookies, the device key
 * and every row are the real ones.
 */
async function buildClockedApp(database: Database, now: () => number): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(errorsPlugin);
  const sessions = createSessionsService(createSessionsRepository(database.db));
  await app.register(sessionPlugin, { sessions, cookieSecure: 'auto' });
  registerAccountsRoutes(app, createAccountsService({ repo: createAccountsRepository(database.db), sessions, clock: () => new Date(now()) }), 'auto');
  await app.ready();
  return app;
}

/** A pino logger at warn whose lines land in `lines`, parsed. */
function captureWarnings() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: 'warn' }, sink) };
}

const tally = (responses: LightMyRequestResponse[]) => responses.reduce<Record<number, number>>((acc, r) => ((acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1), acc), {});

describeWithDatabases('accounts', (ctx) => {
  // the floods below fill the hashing line: they need each hash to take as long as a real one
  // (the other files hash at a lower cost, src/test/setup.ts)
  beforeAll(() => setHashCostForTests(SCRYPT_PARAMS.N));
  afterAll(() => setHashCostForTests(TEST_SCRYPT_N));
  // short waits instead of 1 s, 2 s...; one password hash at a time
  let quick: FastifyInstance;
  beforeAll(async () => {
    quick = await buildApp({
      config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', signInLimits: { firstDelayMs: 20 }, accountLimits: { hashingConcurrency: 1 } },
      database: ctx.database,
      logger: false,
    });
  });
  afterAll(async () => {
    await quick?.close();
  });

  it('starts everyone as a guest', async () => {
    const v = ctx.visitor();
    const res = await v.get('/api/auth/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { kind: 'guest', email: null, createdAt: expect.any(String) } });
  });

  it('signs a guest up, keeping what it did, and rotates the session id', async () => {
    const v = ctx.visitor();
    await scan(v, PHISH);
    await v.post('/api/blocked-senders', { sender: '+15550001111' });
    await v.patch('/api/protection-settings', { smsProtection: false });
    const guestCookie = v.cookie;
    const address = email();
    const res = await signUp(ctx.app, v, `  ${address.toUpperCase()} `);
    expect(res.json()).toEqual({ user: { kind: 'account', email: address.toUpperCase(), createdAt: expect.any(String) } });
    expect(v.cookie).toBeDefined();
    expect(v.cookie).not.toBe(guestCookie);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await history(v)).toEqual([PHISH]);
    expect((await v.get('/api/blocked-senders')).json().map((b: { sender: string }) => b.sender)).toEqual(['+15550001111']);
    expect((await v.get('/api/protection-settings')).json().smsProtection).toBe(false);
    // the guest's cookie is dead: it now opens a new, empty guest
    const old = ctx.visitor();
    old.cookie = guestCookie;
    expect((await old.get('/api/auth/me')).json().user.kind).toBe('guest');
    expect(await history(old)).toEqual([]);
  });

  it('refuses bad sign-ups with the field named', async () => {
    const v = ctx.visitor();
    const short = await v.post('/api/auth/sign-up', { email: email(), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details).toEqual([{ field: 'password', message: 'Use at least 8 characters.' }]);
    const long = await v.post('/api/auth/sign-up', { email: email(), password: 'x'.repeat(129) });
    expect(long.json().error.details).toEqual([{ field: 'password', message: 'Use at most 128 characters.' }]);
    const bad = await v.post('/api/auth/sign-up', { email: 'not-an-email', password: 'long enough password' });
    expect(bad.json().error.details).toEqual([{ field: 'email', message: 'Please enter a valid email address.' }]);
    expect((await v.get('/api/auth/me')).json().user.kind).toBe('guest');
  });

  it('refuses an email already taken (any case) and a second sign-up from an account', async () => {
    const address = email();
    const a = ctx.visitor();
    await signUp(ctx.app, a, address);
    const again = await a.post('/api/auth/sign-up', { email: email(), password: 'another password' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_SIGNED_IN');
    const b = ctx.visitor();
    const taken = await b.post('/api/auth/sign-up', { email: address.toUpperCase(), password: 'another password' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('EMAIL_TAKEN');
    expect((await b.get('/api/auth/me')).json().user.kind).toBe('guest');
  });

  it('signs in with the right password only, and answers an unknown email exactly like a wrong password', async () => {
    const address = email();
    const a = ctx.visitor();
    await signUp(ctx.app, a, address, 'the right password');
    const b = ctx.visitor();
    const wrong = await b.post('/api/auth/sign-in', { email: address, password: 'the wrong password' });
    const unknown = await b.post('/api/auth/sign-in', { email: email(), password: 'the wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: { ...wrong.json().error, requestId: unknown.json().error.requestId } });
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'The email or password is not right.' });
    expect((await b.get('/api/auth/me')).json().user.kind).toBe('guest');
    const guestCookie = b.cookie;
    const right = await b.post('/api/auth/sign-in', { email: address.toUpperCase(), password: 'the right password' });
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ kind: 'account', email: address });
    expect(b.cookie).not.toBe(guestCookie);
  });

  it("merges a guest's history, reports, blocked senders and switches into the account it signs in to", async () => {
    const address = email();
    const owner = ctx.visitor();
    await signUp(ctx.app, owner, address);
    await scan(owner, 'First message from the account');
    await owner.post('/api/blocked-senders', { sender: 'SCAMMER' });
    await owner.patch('/api/protection-settings', { emailProtection: false });
    expect((await owner.post('/api/auth/sign-out')).statusCode).toBe(200);

    const guest = ctx.visitor();
    const id = await scan(guest, PHISH);
    await guest.post('/api/reports', { messageId: id });
    await guest.post('/api/blocked-senders', { sender: 'scammer' });
    await guest.post('/api/blocked-senders', { sender: '+15559990000' });
    await guest.patch('/api/protection-settings', { smsProtection: false });
    await guest.patch('/api/notification-preferences', { sensitivity: 5 });
    expect((await guest.post('/api/auth/sign-in', { email: address, password: 'correct horse battery' })).statusCode).toBe(200);

    expect((await history(guest)).sort()).toEqual(['First message from the account', PHISH].sort());
    expect((await guest.get('/api/reports')).json()).toHaveLength(1);
    expect((await guest.get('/api/blocked-senders')).json().map((b: { sender: string }) => b.sender).sort()).toEqual(['+15559990000', 'SCAMMER']);
    // the account's own switches win; preferences it never set come from the guest
    expect((await guest.get('/api/protection-settings')).json()).toMatchObject({ emailProtection: false, smsProtection: true });
    expect((await guest.get('/api/notification-preferences')).json().sensitivity).toBe(5);
    // a merged blocked sender counts in the next scan at once
    const res = await guest.post('/api/scan/text', { content: 'hello', sender: '+15559990000', saveToHistory: false });
    expect(res.json().analysis.reasonDetails.map((r: { id: string }) => r.id)).toContain('blocked-sender');
  });

  it("merges a guest's Knowledge Base votes (the account's own vote stands) and support requests into the account", async () => {
    const articles = (await ctx.visitor().get('/api/knowledge-base/articles?category=Security')).json().articles as { id: string }[];
    const [first, second] = [articles[0]!.id, articles[1]!.id];
    const address = email();
    const owner = ctx.visitor();
    await signUp(ctx.app, owner, address);
    await owner.post(`/api/knowledge-base/articles/${first}/vote`, { helpful: true });
    expect((await owner.post('/api/auth/sign-out')).statusCode).toBe(200);

    const guest = ctx.visitor();
    await guest.post(`/api/knowledge-base/articles/${first}/vote`, { helpful: false });
    await guest.post(`/api/knowledge-base/articles/${second}/vote`, { helpful: false });
    const support = await guest.post('/api/contact-support', { name: 'Ann', email: 'ann@example.com', subject: 'OTHER: Hello', message: 'A question from before I signed in.' });
    expect(support.statusCode).toBe(201);
    expect((await guest.post('/api/auth/sign-in', { email: address, password: 'correct horse battery' })).statusCode).toBe(200);

    const votes = async (id: string) => (await guest.get(`/api/knowledge-base/articles/${id}`)).json().votes;
    expect(await votes(first)).toMatchObject({ helpful: 1, notHelpful: 0, yours: true });
    expect(await votes(second)).toMatchObject({ helpful: 0, notHelpful: 1, yours: false });
    const accountId = await userIdOf(ctx.database, guest);
    const [row] = await ctx.database.db.select({ userId: supportRequests.userId }).from(supportRequests).where(eq(supportRequests.id, support.json().requestId));
    expect(row?.userId).toBe(accountId);
  });

  it('signs out: the session ends and the next visit is a new guest that sees nothing of the account', async () => {
    const v = ctx.visitor();
    await signUp(ctx.app, v, email());
    await scan(v, PHISH);
    const accountCookie = v.cookie;
    const out = await v.post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    v.cookie = undefined;
    expect((await v.get('/api/auth/me')).json().user.kind).toBe('guest');
    expect(await history(v)).toEqual([]);
    const replay = ctx.visitor();
    replay.cookie = accountCookie;
    expect((await replay.get('/api/auth/me')).json().user.kind).toBe('guest');
    // a guest has nothing to sign out of
    const guestOut = await ctx.visitor().post('/api/auth/sign-out');
    expect(guestOut.statusCode).toBe(401);
    expect(guestOut.json().error.code).toBe('NOT_SIGNED_IN');
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const address = email();
    const here = ctx.visitor();
    await signUp(ctx.app, here, address, 'old password 1');
    const elsewhere = ctx.visitor();
    await elsewhere.post('/api/auth/sign-in', { email: address, password: 'old password 1' });
    expect((await elsewhere.get('/api/auth/me')).json().user.kind).toBe('account');

    const wrong = await here.post('/api/auth/change-password', { currentPassword: 'not it', newPassword: 'new password 2' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('CURRENT_PASSWORD_WRONG');
    const short = await here.post('/api/auth/change-password', { currentPassword: 'old password 1', newPassword: 'short' });
    expect(short.statusCode).toBe(400);

    const ok = await here.post('/api/auth/change-password', { currentPassword: 'old password 1', newPassword: 'new password 2' });
    expect(ok.statusCode).toBe(200);
    expect((await here.get('/api/auth/me')).json().user.kind).toBe('account');
    expect((await elsewhere.get('/api/auth/me')).json().user.kind).toBe('guest');
    const third = ctx.visitor();
    expect((await third.post('/api/auth/sign-in', { email: address, password: 'old password 1' })).statusCode).toBe(401);
    expect((await third.post('/api/auth/sign-in', { email: address, password: 'new password 2' })).statusCode).toBe(200);
    // a guest has no password to change
    expect((await ctx.visitor().post('/api/auth/change-password', { currentPassword: 'x', newPassword: 'new password 3' })).json().error.code).toBe('NOT_SIGNED_IN');
  });

  it('holds one address to 5 attempts at an account, even with the right password; the owner elsewhere is only slowed', async () => {
    const address = email();
    await signUp(quick, { cookie: undefined }, address, 'the right password');
    for (let i = 0; i < DEFAULT_SIGN_IN_LIMITS.attemptsPerAccountAndAddress; i++) {
      expect((await postFrom(quick, '198.51.100.7', '/api/auth/sign-in', { email: address, password: `guess ${i}` })).statusCode).toBe(401);
    }
    const limited = await postFrom(quick, '198.51.100.7', '/api/auth/sign-in', { email: address, password: 'the right password' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Try again in 15 minutes.' });
    // the window started at the first of the 5, a few password checks ago
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // then 40 wrong guesses at once, each from an address of its own
    const spread = await Promise.all(Array.from({ length: 40 }, (_, i) => postFrom(quick, `198.51.101.${i + 1}`, '/api/auth/sign-in', { email: address, password: 'wrong guess' })));
    // one stranger at a time, held first: the rest are told to come back in a second
    expect(tally(spread)[401]).toBeLessThanOrEqual(1);
    expect(spread.filter((r) => r.statusCode === 429).every((r) => r.headers['retry-after'] === '1')).toBe(true);
    // the owner, from a new browser on an address that guessed nothing, gets in: held for the
    // wait (tens of ms here), not refused
    const owner = await postFrom(quick, '203.0.113.20', '/api/auth/sign-in', { email: address, password: 'the right password' });
    expect(owner.statusCode).toBe(200);
  });

  it('checks at most 5 passwords when 40 wrong guesses at one account arrive at once, and stores nothing for them', async () => {
    const address = email();
    await signUp(ctx.app, ctx.visitor(), address, 'the right password');
    const rows = await userRows(ctx);
    const burst = await Promise.all(Array.from({ length: 40 }, () => postFrom(ctx.app, '198.51.100.8', '/api/auth/sign-in', { email: address, password: 'wrong guess 123' })));
    const counts = tally(burst);
    // each 401 is a password checked; everything else was refused before any hashing
    expect(counts[401]).toBeGreaterThanOrEqual(1);
    expect(counts[401]).toBeLessThanOrEqual(DEFAULT_SIGN_IN_LIMITS.attemptsPerAccountAndAddress);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
    expect(burst.find((r) => r.statusCode === 429)?.json().error.code).toBe('RATE_LIMITED');
    // refused and checked alike: a visitor without a session gets no guest row for a failed sign-in
    expect(await userRows(ctx)).toBe(rows);
    expect(burst.every((r) => r.cookies.length === 0)).toBe(true);
  });

  it('makes no row for a failed sign-in without a session, only the account’s session for a right one', async () => {
    const address = email();
    await signUp(ctx.app, ctx.visitor(), address, 'the right password');
    const rows = await userRows(ctx);
    for (let i = 0; i < 4; i++) {
      const wrong = await postFrom(ctx.app, `198.51.100.${60 + i}`, '/api/auth/sign-in', { email: i % 2 === 0 ? address : email(), password: 'wrong guess' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.cookies).toEqual([]);
    }
    expect(await userRows(ctx)).toBe(rows);
    const v = ctx.visitor();
    expect((await v.post('/api/auth/sign-in', { email: address, password: 'the right password' })).statusCode).toBe(200);
    expect((await v.get('/api/auth/me')).json().user).toMatchObject({ kind: 'account', email: address });
    expect(await userRows(ctx)).toBe(rows);
  });

  it('never lets a success give back the failures counted before it', async () => {
    const address = email();
    await signUp(ctx.app, ctx.visitor(), address, 'the right password');
    const from = '198.51.100.30';
    const signIn = (password: string) => postFrom(ctx.app, from, '/api/auth/sign-in', { email: address, password });
    for (let i = 0; i < 4; i++) expect((await signIn(`guess ${i}`)).statusCode).toBe(401);
    expect((await signIn('the right password')).statusCode).toBe(200);
    // one attempt left of the 5, not a fresh 5
    expect((await signIn('guess 5')).statusCode).toBe(401);
    expect((await signIn('the right password')).statusCode).toBe(429);
  });

  it('gives a browser that signs up, signs in or changes its password a year-long, httpOnly device cookie, kept at sign-out', async () => {
    const address = email();
    const b = browser(ctx.app, freshAddress());
    const up = await b.post('/api/auth/sign-up', { email: address, password: 'old password 1' });
    expect(up.statusCode).toBe(201);
    const device = up.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 60 * 60 });
    // it names no account
    expect(device!.value).not.toContain(address.split('@')[0]);
    expect((await b.post('/api/auth/sign-out')).cookies.map((c) => c.name)).toEqual([SESSION_COOKIE]);
    expect(b.jar.has(DEVICE_COOKIE)).toBe(true);
    const signIn = await b.post('/api/auth/sign-in', { email: address, password: 'old password 1' });
    expect(signIn.cookies.map((c) => c.name).sort()).toEqual([DEVICE_COOKIE, SESSION_COOKIE].sort());
    const change = await b.post('/api/auth/change-password', { currentPassword: 'old password 1', newPassword: 'new password 2' });
    expect(change.statusCode).toBe(200);
    expect(change.cookies.find((c) => c.name === DEVICE_COOKIE)?.value).toEqual(expect.any(String));
  });

  it('keeps no owner out: 3 addresses guess all along, the owner’s browser gets in at once (after a restart too), a new browser within the 15-minute wait', async () => {
    const time = { now: Date.now() };
    let app = await buildClockedApp(ctx.database, () => time.now);
    try {
      const address = email();
      // the owner signs up (no sign-in ever) and signs out: the device cookie is the sign-up's
      const owner = browser(app, '203.0.113.10');
      expect((await owner.post('/api/auth/sign-up', { email: address, password: 'the right password' })).statusCode).toBe(201);
      expect((await owner.post('/api/auth/sign-out')).statusCode).toBe(200);
      const attackers = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
      const attackerAnswers: number[] = [];
      const start = time.now;
      const newBrowser = browser(app, '203.0.113.99');
      let newBrowserTriesAt = start + 3 * MINUTE;
      let newBrowserInAfter: number | undefined;
      const ownerAnswers: number[] = [];
      // every 2 s for 20 minutes, each attacker address guesses; refused answers are instant, so
      // it polls as fast as it likes within each step
      for (; time.now < start + 20 * MINUTE; time.now += 2000) {
        const answers = await Promise.all(attackers.map((from) => postFrom(app, from, '/api/auth/sign-in', { email: address, password: 'wrong guess' })));
        attackerAnswers.push(...answers.map((r) => r.statusCode));
        if ((time.now - start) % (5 * MINUTE) === 4 * MINUTE) {
          ownerAnswers.push((await owner.post('/api/auth/sign-in', { email: address, password: 'the right password' })).statusCode);
          await owner.post('/api/auth/sign-out');
        }
        if (newBrowserInAfter === undefined && time.now >= newBrowserTriesAt) {
          const res = await newBrowser.post('/api/auth/sign-in', { email: address, password: 'the right password' });
          if (res.statusCode === 200) newBrowserInAfter = time.now - (start + 3 * MINUTE);
          else {
            expect(res.statusCode).toBe(429);
            newBrowserTriesAt = time.now + Number(res.headers['retry-after']) * 1000;
          }
        }
      }
      expect(attackerAnswers.filter((s) => s === 401).length).toBeGreaterThan(5);
      expect(attackerAnswers.filter((s) => s === 401).length).toBeLessThanOrEqual(3 * 5 * 2);
      expect(ownerAnswers).toEqual([200, 200, 200, 200]);
      expect(newBrowserInAfter).toBeLessThanOrEqual(15 * MINUTE + 2000);

      // a restart forgets every count, not the device key: strangers slow the account again, the
      // cookie from before the restart still lets the owner's browser in at once
      await app.close();
      app = await buildClockedApp(ctx.database, () => time.now);
      owner.app = app;
      for (let i = 0; i < 10; i++) {
        time.now += MINUTE;
        expect((await postFrom(app, `198.51.102.${i + 1}`, '/api/auth/sign-in', { email: address, password: 'wrong guess' })).statusCode).toBe(401);
      }
      expect((await postFrom(app, '203.0.113.98', '/api/auth/sign-in', { email: address, password: 'the right password' })).statusCode).toBe(429);
      expect((await owner.post('/api/auth/sign-in', { email: address, password: 'the right password' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('gets the owner’s browser through a flood that fills the hashing line; the flood gets 503s', async () => {
    const address = email();
    const owner = browser(quick, '203.0.113.40');
    expect((await owner.post('/api/auth/sign-up', { email: address, password: 'the right password' })).statusCode).toBe(201);
    await owner.post('/api/auth/sign-out');
    // strangers, each a /64 and an email of its own (no per-address or per-account limit holds
    // them), in waves: the owner signs in once the line is full, in the middle of the next wave
    let sent = 0;
    const wave = (n: number) => Array.from({ length: n }, () => postFrom(quick, `2001:db8:${++sent}::1`, '/api/auth/sign-in', { email: email(), password: 'wrong guess' }));
    const first = wave(60);
    await Promise.any(first.map(async (r) => ((await r).statusCode === 503 ? undefined : Promise.reject(new Error('not busy')))));
    const second = wave(30);
    const ownerIn = owner.post('/api/auth/sign-in', { email: address, password: 'the right password' });
    const third = wave(30);
    const counts = tally(await Promise.all([...first, ...second, ...third]));
    expect(counts[503]).toBeGreaterThan(50);
    expect((await ownerIn).statusCode).toBe(200);
  });

  it('counts a 503 on the address: a flood from one address uses up its 20 like checked attempts, and logs one line per 503', async () => {
    const { lines, logger } = captureWarnings();
    const app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', accountLimits: { hashingConcurrency: 1 } }, database: ctx.database, logger });
    try {
      const from = '198.51.100.70';
      const flood = await Promise.all(Array.from({ length: 20 }, () => postFrom(app, from, '/api/auth/sign-in', { email: email(), password: 'wrong guess' })));
      const counts = tally(flood);
      // one place in the line per address: the rest are turned away at once
      expect(counts[503]).toBeGreaterThanOrEqual(15);
      expect((counts[401] ?? 0) + counts[503]!).toBe(20);
      const next = await postFrom(app, from, '/api/auth/sign-in', { email: email(), password: 'wrong guess' });
      expect(next.statusCode).toBe(429);
      const busy = lines.filter((l) => l.msg === 'The server is busy checking passwords. Please try again in a moment.');
      expect(busy).toHaveLength(counts[503]!);
      expect(busy.every((l) => l.err === undefined && !JSON.stringify(l).includes('stack'))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('lets one of two concurrent password changes from one session win; the other is told the current password is no longer right', async () => {
    const address = email();
    const from = freshAddress();
    const b = browser(ctx.app, from);
    await b.post('/api/auth/sign-up', { email: address, password: 'old password 1' });
    await b.post('/api/auth/sign-out');
    expect((await b.post('/api/auth/sign-in', { email: address, password: 'old password 1' })).statusCode).toBe(200);
    const answers = await Promise.all(['new password A', 'new password B'].map((newPassword) => b.post('/api/auth/change-password', { currentPassword: 'old password 1', newPassword })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(answers.find((r) => r.statusCode === 403)!.json().error.code).toBe('CURRENT_PASSWORD_WRONG');
    const [winner, loser] = answers[0]!.statusCode === 200 ? ['new password A', 'new password B'] : ['new password B', 'new password A'];
    expect((await postFrom(ctx.app, freshAddress(), '/api/auth/sign-in', { email: address, password: loser })).statusCode).toBe(401);
    expect((await postFrom(ctx.app, freshAddress(), '/api/auth/sign-in', { email: address, password: winner })).statusCode).toBe(200);
  });

  it('holds wrong current passwords of a password change like sign-ins', async () => {
    const address = email();
    const v = ctx.visitor();
    await signUp(ctx.app, v, address, 'old password 1');
    const change = (currentPassword: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/change-password', remoteAddress: '198.51.100.40', cookies: { [SESSION_COOKIE]: v.cookie! }, payload: { currentPassword, newPassword: 'new password 2' } });
    for (let i = 0; i < 5; i++) expect((await change(`guess ${i}`)).statusCode).toBe(403);
    const limited = await change('old password 1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits sign-ups per client address (IPv6 by its /64), a taken email counting too', async () => {
    const taken = email();
    await signUp(ctx.app, ctx.visitor(), taken);
    const from = '198.51.100.50';
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < DEFAULT_ACCOUNT_LIMITS.signUpsPerHour + 1; i++) {
      answers.push(await postFrom(ctx.app, from, '/api/auth/sign-up', { email: i === 0 ? taken : email(), password: 'flood password 1' }));
    }
    expect(answers[0]!.json().error.code).toBe('EMAIL_TAKEN');
    expect(answers.slice(1, -1).every((r) => r.statusCode === 201)).toBe(true);
    const limited = answers.at(-1)!;
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many sign-ups from your network. Try again in 60 minutes.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // refused as it arrives: no guest row is made for it
    const rows = await userRows(ctx);
    await Promise.all(Array.from({ length: 5 }, () => postFrom(ctx.app, from, '/api/auth/sign-up', { email: email(), password: 'flood password 1' })));
    expect(await userRows(ctx)).toBe(rows);
    // IPv6 counts by its /64: another address of the same network is the same client
    for (let i = 0; i < DEFAULT_ACCOUNT_LIMITS.signUpsPerHour; i++) await postFrom(ctx.app, `2001:db8:1:2::${i + 1}`, '/api/auth/sign-up', { email: email(), password: 'flood password 1' });
    expect((await postFrom(ctx.app, '2001:db8:1:2:ffff::9', '/api/auth/sign-up', { email: email(), password: 'flood password 1' })).statusCode).toBe(429);
    expect((await postFrom(ctx.app, '2001:db8:1:3::1', '/api/auth/sign-up', { email: email(), password: 'flood password 1' })).statusCode).toBe(201);
  });

  it('bounds password hashing server-wide: past the line a sign-up is 503 with Retry-After, and nothing is half done', async () => {
    const emails = Array.from({ length: 40 }, () => email());
    const flood = await Promise.all(emails.map((e, i) => postFrom(quick, `198.51.103.${i + 1}`, '/api/auth/sign-up', { email: e, password: 'flood password 1' })));
    const counts = tally(flood);
    expect(counts[201]).toBeGreaterThanOrEqual(1);
    expect(counts[503]).toBeGreaterThanOrEqual(1);
    expect((counts[201] ?? 0) + (counts[503] ?? 0)).toBe(40);
    const busy = flood.findIndex((r) => r.statusCode === 503);
    expect(flood[busy]!.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The server is busy checking passwords. Please try again in a moment.' });
    expect(flood[busy]!.headers['retry-after']).toBe('1');
    // a refused sign-up made no account: the same email signs up when tried again
    expect((await postFrom(quick, '198.51.103.200', '/api/auth/sign-up', { email: emails[busy], password: 'flood password 1' })).statusCode).toBe(201);
  });

  it('rate-limits sign-in attempts per client address across accounts', async () => {
    const v = ctx.visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: '203.0.113.77', payload: { email: email(), password: 'any password' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // another address is not held back
    expect((await v.post('/api/auth/sign-in', { email: email(), password: 'any password' })).statusCode).toBe(401);
  });

  it('answers a sign-in with an over-long or malformed email 400 before the throttle sees it (900 KB emails ran the server out of memory)', async () => {
    const sessions = createSessionsService(createSessionsRepository(ctx.database.db));
    const service = createAccountsService({ repo: createAccountsRepository(ctx.database.db), sessions });
    const admitted: number[] = [];
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(sessionPlugin, { sessions, cookieSecure: 'auto' });
    registerAccountsRoutes(app, { ...service, admitSignIn: (email, ...rest) => (admitted.push(email.length), service.admitSignIn(email, ...rest)) }, 'auto');
    await app.ready();
    try {
      const bodies = [
        ...Array.from({ length: 30 }, (_, i) => ({ email: `${i}-${'a'.repeat(300_000)}@example.com`, password: 'x' })),
        { email: `${'a'.repeat(250)}@example.com`, password: 'x' },
        { email: 'not an email', password: 'x' },
        { email: 42, password: 'x' },
        { email: 'someone@example.com', password: '' },
      ];
      const answers = await Promise.all(bodies.map((payload) => postFrom(app, '198.51.100.61', '/api/auth/sign-in', payload)));
      expect(tally(answers)).toEqual({ 400: bodies.length });
      expect(answers[0]!.json().error.code).toBe('VALIDATION_FAILED');
      expect(admitted).toEqual([]);
      // a valid one is counted as ever, with the trimmed email
      expect((await postFrom(app, '198.51.100.61', '/api/auth/sign-in', { email: '  Nobody@Example.com ', password: 'any password' })).statusCode).toBe(401);
      expect(admitted).toEqual(['Nobody@Example.com'.length]);
    } finally {
      await app.close();
    }
  });

  it('refuses state-changing requests from another site', async () => {
    const v = ctx.visitor();
    const foreign = await v.request('POST', '/api/scan/text', { content: 'hi' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FOREIGN_ORIGIN');
    expect((await v.request('POST', '/api/auth/sign-in', { email: email(), password: 'whatever!' }, { origin: 'null' })).json().error.code).toBe('FOREIGN_ORIGIN');
    expect((await v.request('DELETE', '/api/messages/x', undefined, { 'sec-fetch-site': 'cross-site' })).json().error.code).toBe('FOREIGN_ORIGIN');
    // our own pages (same scheme, host and port) and reads from anywhere pass
    expect((await v.request('POST', '/api/scan/text', { content: 'hi' }, { origin: 'http://localhost' })).statusCode).toBe(200);
    expect((await v.request('GET', '/api/messages', undefined, { origin: 'https://evil.example' })).statusCode).toBe(200);
  });

  it('keeps each account’s data its own', async () => {
    const a = ctx.visitor();
    await signUp(ctx.app, a, email());
    const id = await scan(a, 'Account A only');
    const b = ctx.visitor();
    await signUp(ctx.app, b, email());
    expect(await history(b)).toEqual([]);
    const del = await b.delete(`/api/messages/${id}`);
    expect(del.statusCode).toBe(404);
    expect(await history(a)).toEqual(['Account A only']);
    expect((await b.get('/api/auth/me')).json().user.email).not.toBe((await a.get('/api/auth/me')).json().user.email);
  });

  it('holds the refusals of an address that keeps asking without waiting, as the other limits do (the review made 480 refused sign-ins a second)', async () => {
    const held = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', clientRateLimits: { refusalHoldMs: 400 } }, database: ctx.database, logger: false });
    try {
      const guess = (remoteAddress: string) => held.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress, payload: { email: 'held-back@example.com', password: 'a wrong guess here' } });
      // five wrong guesses from one address, then its refusals: the first five are answered at once
      for (let i = 0; i < 5; i++) expect((await guess('198.51.100.77')).statusCode).toBe(401);
      for (let i = 0; i < 5; i++) expect((await guess('198.51.100.77')).statusCode).toBe(429);
      const began = performance.now();
      const sixth = await guess('198.51.100.77');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['retry-after']).toBeDefined();
      // held for the brake's time (a lower bound: a sleep never ends early)
      expect(performance.now() - began).toBeGreaterThanOrEqual(390);
    } finally {
      await held.close();
    }
  });
});

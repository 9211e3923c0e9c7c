import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { describeWithDatabases, type Visitor } from '../../test/harness.ts';
import { DEFAULT_ACCOUNT_LIMITS } from './accounts.service.ts';
import { DEFAULT_SIGN_IN_LIMITS } from './sign-in-throttle.ts';

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

const tally = (responses: LightMyRequestResponse[]) => responses.reduce<Record<number, number>>((acc, r) => ((acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1), acc), {});

describeWithDatabases('accounts', (ctx) => {
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
    expect(Number(limited.headers['retry-after'])).toBe(15 * 60);
    // then 40 wrong guesses at once, each from an address of its own
    const spread = await Promise.all(Array.from({ length: 40 }, (_, i) => postFrom(quick, `198.51.101.${i + 1}`, '/api/auth/sign-in', { email: address, password: 'wrong guess' })));
    // one stranger at a time, held first: the rest are told to come back in a second
    expect(tally(spread)[401]).toBeLessThanOrEqual(1);
    expect(spread.filter((r) => r.statusCode === 429).every((r) => r.headers['retry-after'] === '1')).toBe(true);
    // the owner, from their own address, gets in: held for the wait (tens of ms here), not refused
    const owner = await postFrom(quick, '203.0.113.20', '/api/auth/sign-in', { email: address, password: 'the right password' });
    expect(owner.statusCode).toBe(200);
  });

  it('checks at most 5 passwords when 40 wrong guesses at one account arrive at once', async () => {
    const address = email();
    await signUp(ctx.app, ctx.visitor(), address, 'the right password');
    const burst = await Promise.all(Array.from({ length: 40 }, () => postFrom(ctx.app, '198.51.100.8', '/api/auth/sign-in', { email: address, password: 'wrong guess 123' })));
    const counts = tally(burst);
    // each 401 is a password checked; everything else was refused before any hashing
    expect(counts[401]).toBeGreaterThanOrEqual(1);
    expect(counts[401]).toBeLessThanOrEqual(DEFAULT_SIGN_IN_LIMITS.attemptsPerAccountAndAddress);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
    expect(burst.find((r) => r.statusCode === 429)?.json().error.code).toBe('RATE_LIMITED');
    // a refused attempt makes no guest row (one checked does): use up the address's 5, then count
    for (let i = 0; i < 5; i++) await postFrom(ctx.app, '198.51.100.8', '/api/auth/sign-in', { email: address, password: 'wrong guess 456' });
    const rows = await userRows(ctx);
    const refused = await Promise.all(Array.from({ length: 10 }, () => postFrom(ctx.app, '198.51.100.8', '/api/auth/sign-in', { email: address, password: 'wrong guess 456' })));
    expect(tally(refused)).toEqual({ 429: 10 });
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
});

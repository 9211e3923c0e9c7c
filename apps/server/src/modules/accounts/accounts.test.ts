import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { describeWithDatabases, type Visitor } from '../../test/harness.ts';
import { SIGN_IN_FAILURES_PER_ACCOUNT } from './accounts.service.ts';

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

async function signUp(v: Visitor, address: string, password = 'correct horse battery') {
  const res = await v.post('/api/auth/sign-up', { email: address, password });
  expect(res.statusCode).toBe(201);
  return res;
}

describeWithDatabases('accounts', (ctx) => {
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
    const res = await signUp(v, `  ${address.toUpperCase()} `);
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
    await signUp(a, address);
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
    await signUp(a, address, 'the right password');
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
    await signUp(owner, address);
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
    await signUp(v, email());
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
    await signUp(here, address, 'old password 1');
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

  it('rate-limits failed sign-ins per account, even for the right password once over', async () => {
    const address = email();
    await signUp(ctx.visitor(), address, 'the right password');
    const attacker = ctx.visitor();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
      expect((await attacker.post('/api/auth/sign-in', { email: address, password: `guess ${i}` })).statusCode).toBe(401);
    }
    const limited = await ctx.visitor().post('/api/auth/sign-in', { email: address, password: 'the right password' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
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
    await signUp(a, email());
    const id = await scan(a, 'Account A only');
    const b = ctx.visitor();
    await signUp(b, email());
    expect(await history(b)).toEqual([]);
    const del = await b.delete(`/api/messages/${id}`);
    expect(del.statusCode).toBe(404);
    expect(await history(a)).toEqual(['Account A only']);
    expect((await b.get('/api/auth/me')).json().user.email).not.toBe((await a.get('/api/auth/me')).json().user.email);
  });
});

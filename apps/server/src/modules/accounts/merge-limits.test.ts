import { IDEMPOTENCY_KEY_HEADER } from '@baitcheck/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { blockedSenders, messages, reports, scanRequestKeys, users } from '../../db/schema.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { createAccountsRepository, type MergeCaps } from './accounts.repository.ts';

const PASSWORD = 'merge password 1';
let n = 0;
const email = () => `merger${++n}-${Date.now()}@example.com`;
const MINUTE = 60_000;

describeWithDatabases('signing in keeps the account within its caps', (ctx) => {
  // small caps, so that a guest and an account together go past them
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', rateLimits: false, storageLimits: { messages: 4, reports: 3, blockedSenders: 3 } },
      database: ctx.database,
      logger: false,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const signIn = async (v: Visitor, address: string) => expect((await v.post('/api/auth/sign-in', { email: address, password: PASSWORD })).statusCode).toBe(200);
  const contents = async (v: Visitor, url: string) => ((await v.get(url)).json() as { content?: string; sender?: string }[]).map((r) => r.content ?? r.sender);

  it('keeps the newest within each cap, whichever side they came from: one account absorbing full guests stays at its cap', async () => {
    const address = email();
    const account = makeVisitor(app);
    for (const i of [1, 2]) expect((await account.post('/api/reports', { content: `account report ${i}` })).statusCode).toBe(201);
    for (const i of [1, 2]) await account.post('/api/blocked-senders', { sender: `account sender ${i}` });
    for (const i of [1, 2, 3]) await account.post('/api/scan/text', { content: `account scan ${i}` });
    expect((await account.post('/api/auth/sign-up', { email: address, password: PASSWORD })).statusCode).toBe(201);

    // a guest as full as it may be, one sender the account blocks too
    const guest = makeVisitor(app);
    for (const i of [1, 2, 3]) expect((await guest.post('/api/reports', { content: `guest report ${i}` })).statusCode).toBe(201);
    expect((await guest.post('/api/reports', { content: 'over the cap' })).statusCode).toBe(409);
    for (const s of ['Account Sender 2', 'guest sender 1', 'guest sender 2']) await guest.post('/api/blocked-senders', { sender: s });
    for (const i of [1, 2, 3]) await guest.post('/api/scan/text', { content: `guest scan ${i}` });
    await signIn(guest, address);

    // the newest win: the guest's (what the person just did), then the account's newest
    expect(await contents(guest, '/api/reports')).toEqual(['guest report 3', 'guest report 2', 'guest report 1']);
    expect(await contents(guest, '/api/blocked-senders')).toHaveLength(3);
    expect(await contents(guest, '/api/blocked-senders')).toEqual(expect.arrayContaining(['guest sender 1', 'guest sender 2', 'account sender 2']));
    expect(await contents(guest, '/api/messages')).toEqual(['guest scan 3', 'guest scan 2', 'guest scan 1', 'account scan 3']);

    // three more full guests: the review's account held 800 reports under a cap of 200
    for (let g = 0; g < 3; g++) {
      const next = makeVisitor(app);
      for (const i of [1, 2, 3]) await next.post('/api/reports', { content: `guest ${g} report ${i}` });
      await signIn(next, address);
    }
    const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, address));
    expect(await ctx.database.db.select({ id: reports.id }).from(reports).where(eq(reports.userId, row!.id))).toHaveLength(3);
    expect(await contents(guest, '/api/reports')).toEqual(['guest 2 report 3', 'guest 2 report 2', 'guest 2 report 1']);
  });

  it('drops nothing when the two fit, and nothing of a kind the guest did not bring', async () => {
    const address = email();
    const account = makeVisitor(app);
    for (const i of [1, 2, 3, 4]) await account.post('/api/scan/text', { content: `full history ${i}` });
    await account.post('/api/reports', { content: 'account report' });
    expect((await account.post('/api/auth/sign-up', { email: address, password: PASSWORD })).statusCode).toBe(201);
    const guest = makeVisitor(app);
    await guest.post('/api/reports', { content: 'guest report' });
    await signIn(guest, address);
    expect(await contents(guest, '/api/reports')).toEqual(['guest report', 'account report']);
    expect(await contents(guest, '/api/messages')).toEqual(['full history 4', 'full history 3', 'full history 2', 'full history 1']);
  });

  it('moves the guest’s Idempotency-Keys: a scan retried after signing in answers the first result and stores no copy', async () => {
    const address = email();
    expect((await makeVisitor(app).post('/api/auth/sign-up', { email: address, password: PASSWORD })).statusCode).toBe(201);
    const guest = makeVisitor(app);
    const key = { [IDEMPOTENCY_KEY_HEADER]: 'retry-after-sign-in-1' };
    const first = await guest.request('POST', '/api/scan/text', { content: 'Your parcel is held: pay the fee at http://parcel-fee.example' }, key);
    expect(first.statusCode).toBe(200);
    await signIn(guest, address);
    const retry = await guest.request('POST', '/api/scan/text', { content: 'Your parcel is held: pay the fee at http://parcel-fee.example' }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message.id).toBe(first.json().message.id);
    expect((await guest.get('/api/messages')).json()).toHaveLength(1);
  });

  it('moves only the keys a repeat may still use, and keeps the account to the newest of them', async () => {
    const repo = createAccountsRepository(ctx.database.db);
    const db = ctx.database.db;
    const [account] = await db.insert(users).values({ kind: 'account', email: email(), passwordHash: 'x' }).returning({ id: users.id });
    const [guest] = await db.insert(users).values({}).returning({ id: users.id });
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
    const key = (userId: string, k: string, minutesAgo: number, response: unknown = { done: k }) => ({ userId, key: k, requestHash: 'h', response, createdAt: at(minutesAgo) });
    await db.insert(scanRequestKeys).values([
      key(account!.id, 'account old', 30),
      key(account!.id, 'account new', 5),
      key(account!.id, 'shared', 20, { done: 'the account’s' }),
      key(guest!.id, 'shared', 1, { done: 'the guest’s' }),
      key(guest!.id, 'guest newest', 2),
      key(guest!.id, 'guest older', 10),
      key(guest!.id, 'guest running', 1, null),
      key(guest!.id, 'guest expired', 25 * 60),
    ]);
    const caps: MergeCaps = { messages: 10, reports: 10, blockedSenders: 10, requestKeys: 4, requestKeysSince: at(24 * 60) };
    await repo.mergeGuestInto(guest!.id, account!.id, caps);
    const held = await db.select({ key: scanRequestKeys.key, response: scanRequestKeys.response }).from(scanRequestKeys).where(eq(scanRequestKeys.userId, account!.id));
    // the newest 4 of the account's 3 and the 2 that moved (not the running, the expired or the one the account holds)
    expect(held.map((k) => k.key).sort()).toEqual(['account new', 'guest newest', 'guest older', 'shared']);
    expect(held.find((k) => k.key === 'shared')?.response).toEqual({ done: 'the account’s' });
    // the guest is gone, and with it everything that did not move
    expect(await db.select().from(scanRequestKeys).where(eq(scanRequestKeys.userId, guest!.id))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, guest!.id))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.userId, account!.id))).toEqual([]);
    expect(await db.select().from(blockedSenders).where(eq(blockedSenders.userId, account!.id))).toEqual([]);
  });
});

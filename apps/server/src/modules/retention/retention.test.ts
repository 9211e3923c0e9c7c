import { MessageStatsSchema } from '@baitcheck/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { billingEvents, deviceScans, messages, pluginMessages, reports, scanUsage, supportRequests, testCheckouts } from '../../db/schema.ts';
import { insertMessage, userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { cancelNow, signUp, upgrade } from '../../test/plans.ts';
import { createBillingRepository } from '../billing/billing.repository.ts';
import { createScanUsageRepository } from '../scan-usage/scan-usage.repository.ts';
import { createRetentionRepository } from './retention.repository.ts';
import { createRetentionService, startRetentionSchedule, type RetentionService } from './retention.service.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Ages of the fixture scans, in days: within every window, past Basic's, past Premium's, past Family's. */
const AGES = [1, 8, 31, 91] as const;

let addresses = 0;

describeWithDatabases('history retention: 7 days on Basic, 30 on Premium, 90 on Family', (ctx) => {
  // the plan rules' clock; the fixtures are dated from it
  let now = new Date();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 0, rateLimits: false }, database: ctx.database, logger: false, clock: () => now });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = () => makeVisitor(app, { remoteAddress: `198.18.0.${++addresses % 250}` });
  /** A visitor on `plan` with one scan of each age in {@link AGES}; answers the ids by age. */
  const withHistory = async (plan: 'basic' | 'premium' | 'family') => {
    now = new Date();
    const v = visitor();
    if (plan !== 'basic') {
      await signUp(v);
      await upgrade(v, plan);
    }
    const userId = await userIdOf(ctx.database, v);
    const ids: Record<number, string> = {};
    for (const age of AGES) ids[age] = await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: new Date(now.getTime() - age * DAY), content: `${age} days old` });
    return { v, userId, ids };
  };
  const listed = async (v: Visitor) => ((await v.get('/api/messages')).json() as { content: string }[]).map((m) => m.content);
  const stored = async (userId: string) =>
    (await ctx.database.db.select({ content: messages.content }).from(messages).where(eq(messages.userId, userId)).orderBy(messages.scanDate)).map((r) => r.content).reverse();

  it('hides what is past the Basic window everywhere, before the job deletes it', async () => {
    const { v, userId, ids } = await withHistory('basic');
    expect(await listed(v)).toEqual(['1 days old']);
    expect((await v.get('/api/messages?threatLevel=phishing')).json()).toHaveLength(1);
    expect((await v.get(`/api/messages/${ids[1]}`)).statusCode).toBe(200);
    for (const age of [8, 31, 91]) {
      const res = await v.get(`/api/messages/${ids[age]}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('MESSAGE_NOT_FOUND');
    }
    expect(MessageStatsSchema.parse((await v.get('/api/message-stats')).json())).toMatchObject({ phishing: 1, windowDays: 7 });
    // a hidden scan cannot be reported by its id either
    expect((await v.post('/api/reports', { messageId: ids[8] })).statusCode).toBe(404);
    // still stored: hiding is at once, deleting is the job's
    expect(await stored(userId)).toHaveLength(4);
  });

  it('shows 30 days on Premium and 90 on Family, the dashboard its 30', async () => {
    const premium = await withHistory('premium');
    expect(await listed(premium.v)).toEqual(['1 days old', '8 days old']);
    expect((await premium.v.get(`/api/messages/${premium.ids[31]}`)).statusCode).toBe(404);
    expect(MessageStatsSchema.parse((await premium.v.get('/api/message-stats')).json())).toMatchObject({ phishing: 2, windowDays: 30 });
    const family = await withHistory('family');
    expect(await listed(family.v)).toEqual(['1 days old', '8 days old', '31 days old']);
    expect((await family.v.get(`/api/messages/${family.ids[31]}`)).statusCode).toBe(200);
    // the dashboard window stays 30 days
    expect(MessageStatsSchema.parse((await family.v.get('/api/message-stats')).json())).toMatchObject({ phishing: 2, windowDays: 30 });
  });

  it('stops linking a report to its message once the message is past the window; the report stays', async () => {
    const { v, ids } = await withHistory('basic');
    const report = await v.post('/api/reports', { messageId: ids[1] });
    expect(report.statusCode).toBe(201);
    expect((await v.get('/api/reports')).json()[0]).toMatchObject({ messageId: ids[1], content: '1 days old' });
    // seven days on, the scan is 8 days old
    now = new Date(now.getTime() + 7 * DAY);
    expect(await listed(v)).toEqual([]);
    expect((await v.get('/api/reports')).json()[0]).toMatchObject({ id: report.json().id, messageId: null, content: '1 days old' });
  });

  it("deletes by each user's plan, leaves everything else, and deletes nothing more when run again", async () => {
    const basic = await withHistory('basic');
    const premium = await withHistory('premium');
    const family = await withHistory('family');
    // a report of a scan the job deletes keeps its copy
    const report = (await basic.v.post('/api/reports', { messageId: basic.ids[1] })).json();
    now = new Date(now.getTime() + 7 * DAY + 60_000);
    const result = await app.retention.run();
    expect(result?.messages).toBeGreaterThanOrEqual(3 + 2 + 1 + 1);
    // now is a week later: every scan is 7 days older
    expect(await stored(basic.userId)).toEqual([]);
    expect(await stored(premium.userId)).toEqual(['1 days old', '8 days old']);
    expect(await stored(family.userId)).toEqual(['1 days old', '8 days old', '31 days old']);
    const [kept] = await ctx.database.db.select().from(reports).where(eq(reports.id, report.id));
    expect(kept).toMatchObject({ messageId: null, content: '1 days old' });

    const again = await app.retention.run();
    expect(again).toEqual({ messages: 0, scanCounts: 0, billingRecords: 0, refundsFinished: 0, supportRequests: 0, pluginMessages: 0, deviceScans: 0 });
    expect(await stored(family.userId)).toHaveLength(3);
  });

  it('never deletes more than the new plan keeps: a cancelled Premium loses only what is older than 7 days, when the job runs', async () => {
    const refunded = await withHistory('premium');
    const atPeriodEnd = await withHistory('premium');
    await cancelNow(refunded.v);
    // cancelled at the period's end: Premium until then
    expect((await atPeriodEnd.v.post('/api/subscription/cancel', { refund: false })).json().subscription).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: true });

    expect(await listed(refunded.v)).toEqual(['1 days old']);
    expect(await stored(refunded.userId)).toHaveLength(4);
    await app.retention.run();
    expect(await stored(refunded.userId)).toEqual(['1 days old']);
    expect(await stored(atPeriodEnd.userId)).toEqual(['1 days old', '8 days old']);
    expect(await listed(atPeriodEnd.v)).toEqual(['1 days old', '8 days old']);
  });

  it('drops the daily limit’s counts once no day can count them (after three days)', async () => {
    now = new Date();
    const userId = await userIdOf(ctx.database, visitor());
    await ctx.database.db.insert(scanUsage).values([
      { userId, scannedAt: new Date(now.getTime() - 3 * DAY - 60_000) },
      { userId, scannedAt: new Date(now.getTime() - 2 * DAY) },
    ]);
    expect((await app.retention.run())?.scanCounts).toBe(1);
    expect(await ctx.database.db.select({ at: scanUsage.scannedAt }).from(scanUsage).where(eq(scanUsage.userId, userId))).toHaveLength(1);
  });

  it('drops the verdicts of on-device scans past the longest history window (90 days), and nothing newer', async () => {
    now = new Date();
    const v = visitor();
    await signUp(v);
    const userId = await userIdOf(ctx.database, v);
    const hex = () => crypto.randomUUID().replaceAll('-', '');
    const kept = hex();
    await ctx.database.db.insert(deviceScans).values([
      { userId, id: hex(), threatLevel: 'phishing', scannedAt: new Date(now.getTime() - 91 * DAY) },
      { userId, id: kept, threatLevel: 'safe', scannedAt: new Date(now.getTime() - 89 * DAY) },
    ]);
    expect((await app.retention.run())?.deviceScans).toBe(1);
    expect((await ctx.database.db.select({ id: deviceScans.id }).from(deviceScans).where(eq(deviceScans.userId, userId))).map((r) => r.id)).toEqual([kept]);
  });

  it('drops payment events and test checkouts after 30 days, and nothing newer', async () => {
    now = new Date();
    const v = visitor();
    await signUp(v);
    const userId = await userIdOf(ctx.database, v);
    const old = new Date(now.getTime() - 31 * DAY);
    const recent = new Date(now.getTime() - 29 * DAY);
    const tag = crypto.randomUUID();
    await ctx.database.db.insert(billingEvents).values([
      { id: `evt_old_${tag}`, type: 'invoice.paid', createdAt: old, receivedAt: old },
      { id: `evt_recent_${tag}`, type: 'invoice.paid', createdAt: recent, receivedAt: recent },
    ]);
    await ctx.database.db.insert(testCheckouts).values([
      { userId, plan: 'premium', fromPlan: 'basic', expiresAt: old },
      { userId, plan: 'premium', fromPlan: 'basic', expiresAt: recent },
    ]);
    expect((await app.retention.run())?.billingRecords).toBe(2);
    expect((await ctx.database.db.select({ id: billingEvents.id }).from(billingEvents).where(inArray(billingEvents.id, [`evt_old_${tag}`, `evt_recent_${tag}`]))).map((r) => r.id)).toEqual([`evt_recent_${tag}`]);
    expect((await ctx.database.db.select({ at: testCheckouts.expiresAt }).from(testCheckouts).where(eq(testCheckouts.userId, userId))).map((r) => r.at.toISOString())).toEqual([recent.toISOString()]);
  });

  it('deletes support requests after 365 days (the Privacy Policy\'s 12 months), of guests and accounts, and nothing newer', async () => {
    now = new Date();
    const v = visitor();
    const userId = await userIdOf(ctx.database, v);
    const tag = crypto.randomUUID();
    const request = (label: string, ageDays: number, owner: string | null) => ({
      userId: owner,
      name: 'Ann',
      email: 'ann@example.com',
      mailbox: 'ann@example.com',
      issueType: 'technical' as const,
      subject: `TECHNICAL: ${label} ${tag}`,
      message: 'The scan button does nothing.',
      plan: 'basic' as const,
      priority: false,
      createdAt: new Date(now.getTime() - ageDays * DAY),
    });
    // a request whose guest is gone keeps its row (user_id null) and goes by its age all the same
    await ctx.database.db.insert(supportRequests).values([request('old', 366, userId), request('orphan', 400, null), request('recent', 364, userId), request('new', 0, null)]);
    const result = await app.retention.run();
    expect(result?.supportRequests).toBe(2);
    const left = await ctx.database.db.select({ subject: supportRequests.subject }).from(supportRequests).where(sql`${supportRequests.subject} like ${`%${tag}`}`);
    expect(left.map((r) => r.subject.split(' ')[1]).sort()).toEqual(['new', 'recent']);
    expect((await app.retention.run())?.supportRequests).toBe(0);
  });

  it('deletes what plugins received once its History entry is gone, the simulated feed after a week, and anything after 90 days; keeps the rest', async () => {
    now = new Date();
    const v = visitor();
    await signUp(v);
    const userId = await userIdOf(ctx.database, v);
    const inHistory = await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: now });
    const row = (externalId: string, extra: Partial<typeof pluginMessages.$inferInsert>) => ({
      userId,
      pluginId: 'sms' as const,
      externalId,
      content: '',
      sender: { id: '+15550100001', name: 'Forwarded from your phone', handle: '+15550100001' },
      ...extra,
    });
    await ctx.database.db.insert(pluginMessages).values([
      row('in-history', { status: 'scanned', messageId: inHistory }),
      row('history-deleted', { status: 'scanned', messageId: null }),
      row('history-was-full', { status: 'scanned', messageId: null, content: 'kept: History was full' }),
      row('waiting', { status: 'waiting', content: 'waits for tomorrow' }),
      row('too-old', { status: 'skipped', content: 'given up long ago', receivedAt: new Date(now.getTime() - 91 * DAY) }),
      // the simulated feed's posts are listed a week
      { ...row('feed-last-week', { status: 'scanned', content: 'a made-up post', receivedAt: new Date(now.getTime() - 8 * DAY) }), pluginId: 'social-media' as const },
      { ...row('feed-today', { status: 'scanned', content: 'a made-up post' }), pluginId: 'social-media' as const },
    ]);
    const result = await app.retention.run();
    expect(result?.pluginMessages).toBe(3);
    const left = await ctx.database.db.select({ externalId: pluginMessages.externalId }).from(pluginMessages).where(eq(pluginMessages.userId, userId));
    expect(left.map((r) => r.externalId).sort()).toEqual(['feed-today', 'history-was-full', 'in-history', 'waiting']);
  });

  it('walks a big history in small batches, scans of the same instant included', async () => {
    now = new Date();
    const basicId = await userIdOf(ctx.database, visitor());
    const premium = visitor();
    await signUp(premium);
    await upgrade(premium, 'premium');
    const premiumId = await userIdOf(ctx.database, premium);
    // 23 scans of one microsecond-precise instant, 10 days old, and a few around it, of both users
    const instant = sql`(now() - interval '10 days')`;
    const rows = (userId: string, n: number) => Array.from({ length: n }, (_, i) => ({ userId, kind: 'text' as const, content: `old ${i}`, threatLevel: 'safe' as const, score: 0.1, threatDetails: { reasons: [], reasonDetails: [], highlights: [], recommendations: [], checks: [], notes: [] } }));
    await ctx.database.db.insert(messages).values(rows(basicId, 12).map((r) => ({ ...r, scanDate: instant })));
    await ctx.database.db.insert(messages).values(rows(premiumId, 11).map((r) => ({ ...r, scanDate: instant })));
    for (const age of [9, 11, 12]) {
      await insertMessage(ctx.database, basicId, { threatLevel: 'safe', scanDate: new Date(now.getTime() - age * DAY) });
      await insertMessage(ctx.database, premiumId, { threatLevel: 'safe', scanDate: new Date(now.getTime() - age * DAY) });
    }
    const deleteBatch = vi.fn(createRetentionRepository(ctx.database.db).deleteBatch);
    const retention = createRetentionService({ repo: { ...createRetentionRepository(ctx.database.db), deleteBatch }, usage: createScanUsageRepository(ctx.database.db), billing: createBillingRepository(ctx.database.db), plans: app.billing, clock: () => now, batchSize: 4 });
    await retention.run();
    const count = async (userId: string) => (await ctx.database.db.select({ id: messages.id }).from(messages).where(eq(messages.userId, userId))).length;
    expect(await count(basicId)).toBe(0);
    expect(await count(premiumId)).toBe(11 + 3);
    // every batch weighed at most 4 scans
    expect(deleteBatch.mock.calls.every(([walk]) => walk.limit === 4)).toBe(true);
    expect(deleteBatch.mock.calls.length).toBeGreaterThanOrEqual(Math.ceil((12 + 11 + 6) / 4));
  });

  it('leaves the run to another server that holds the job (PostgreSQL)', async ({ skip }) => {
    if (ctx.database.driver !== 'postgres') skip();
    const v = visitor();
    const userId = await userIdOf(ctx.database, v);
    const id = await insertMessage(ctx.database, userId, { threatLevel: 'safe', scanDate: new Date(Date.now() - 20 * DAY) });
    now = new Date();
    // another server's batch, in its own transaction, holds the job's lock
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const other = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(1016002, 0)`);
      locked();
      await held;
    });
    await isLocked;
    try {
      expect(await app.retention.run()).toBeNull();
      expect(await ctx.database.db.select({ id: messages.id }).from(messages).where(inArray(messages.id, [id]))).toHaveLength(1);
    } finally {
      release();
      await other;
    }
    expect((await app.retention.run())?.messages).toBeGreaterThanOrEqual(1);
  });
});

describe('startRetentionSchedule', () => {
  it('runs at once and every interval, never two runs at once, and stop waits for the run', async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      let finish!: () => void;
      const run = vi.fn(async (shouldStop: () => boolean) => {
        runs++;
        await new Promise<void>((resolve) => (finish = resolve));
        return shouldStop() ? null : { messages: 2, scanCounts: 0, billingRecords: 0, refundsFinished: 0, supportRequests: 0, pluginMessages: 0, deviceScans: 0 };
      });
      const logger = { info: vi.fn(), warn: vi.fn() };
      const schedule = startRetentionSchedule({ retention: { run } as unknown as RetentionService, intervalMs: 1000, logger });
      expect(runs).toBe(1);
      // the first run is still going: the next tick waits for it
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(1);
      finish();
      await vi.advanceTimersByTimeAsync(0);
      expect(logger.info).toHaveBeenCalledWith({ messages: 2, scanCounts: 0, billingRecords: 0, refundsFinished: 0, supportRequests: 0, pluginMessages: 0, deviceScans: 0 }, "deleted scans past their plan's history window and records too old to matter");
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(2);
      let stopped = false;
      const stopping = schedule.stop().then(() => (stopped = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped).toBe(false);
      finish();
      await stopping;
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failed run and runs again at the next interval', async () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue({ messages: 0, scanCounts: 0, billingRecords: 0, refundsFinished: 0, supportRequests: 0, pluginMessages: 0, deviceScans: 0 });
      const logger = { info: vi.fn(), warn: vi.fn() };
      const schedule = startRetentionSchedule({ retention: { run } as unknown as RetentionService, intervalMs: 1000, logger });
      await vi.advanceTimersByTimeAsync(0);
      expect(logger.warn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(run).toHaveBeenCalledTimes(2);
      expect(logger.info).not.toHaveBeenCalled();
      await schedule.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

import { ERROR_CATALOGUE, ScanUsageSchema, type ScanUsage } from '@baitcheck/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { scanUsage } from '../../db/schema.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { cancelNow, signUp, TEST_PASSWORD, upgrade } from '../../test/plans.ts';
import { createScanUsageRepository } from './scan-usage.repository.ts';
import { createScanUsageService, scanLimitMessage } from './scan-usage.service.ts';

const SAFE_SMS = 'Hi Sam, are we still on for lunch tomorrow at noon? Let me know.';
const LINK = 'https://example.com/menu';

let addresses = 0;

describe('scanLimitMessage', () => {
  it('names the limit, when scans come back in the person’s own time, and that Premium has none', () => {
    const now = new Date('2026-03-10T22:30:00Z');
    expect(scanLimitMessage(10, new Date('2026-03-11T04:00:00Z'), 'America/New_York', now)).toBe(
      "You have used all 10 of today's free scans on the Basic plan. You can scan again at midnight your time (America/New_York), in 6 hours. Premium has no daily limit: upgrade on the Upgrade page.",
    );
    expect(scanLimitMessage(3, new Date('2026-03-11T04:15:00Z'), 'Europe/Paris', new Date('2026-03-11T04:00:00Z'))).toContain('at 5:15 AM your time (Europe/Paris), in 15 minutes');
  });
});

describeWithDatabases('the daily scan limit (SCAN_LIMIT_PER_DAY)', (ctx) => {
  // the plan rules' clock, moved by the tests; scans are made in March 2026
  let now = new Date('2026-03-10T12:00:00Z');
  let app: FastifyInstance;
  beforeAll(async () => {
    // per-client rate limits off: they are tested on their own, and would count this whole suite as one address
    app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 10, rateLimits: false }, database: ctx.database, logger: false, clock: () => now });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = () => makeVisitor(app, { remoteAddress: `203.0.113.${++addresses % 250}` });
  const scanText = (v: Visitor, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) => v.request('POST', '/api/scan/text', { content: SAFE_SMS, ...body }, headers);
  const scanUrl = (v: Visitor, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) => v.request('POST', '/api/scan/url', { url: LINK, ...body }, headers);
  const usageOf = async (v: Visitor, timeZone?: string): Promise<ScanUsage> => {
    const res = await v.request('GET', '/api/scan-usage', undefined, timeZone ? { 'X-Time-Zone': timeZone } : {});
    expect(res.statusCode).toBe(200);
    return ScanUsageSchema.parse(res.json());
  };
  /** `n` scans that must all pass, text and URL, saved and not. */
  const scanTimes = async (v: Visitor, n: number, headers: Record<string, string> = {}) => {
    for (let i = 0; i < n; i++) {
      const res = i % 2 === 0 ? await scanText(v, { content: `${SAFE_SMS} (${i})`, saveToHistory: i % 4 === 0 }, headers) : await scanUrl(v, { url: `${LINK}?${i}`, saveToHistory: i % 3 === 0 }, headers);
      expect(res.statusCode, `scan ${i + 1}`).toBe(200);
    }
  };

  it('lets the 10th scan through and answers the 11th 429 SCAN_LIMIT_REACHED, with the sentence and Retry-After', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const v = visitor();
    expect(await usageOf(v)).toEqual({ plan: 'basic', limit: 10, used: 0, remaining: 10, resetsAt: '2026-03-11T00:00:00.000Z', timeZone: 'UTC' });
    // the plans page shows this server's figure
    expect((await v.get('/api/subscription')).json().basicScansPerDay).toBe(10);
    await scanTimes(v, 3);
    expect(await usageOf(v)).toMatchObject({ used: 3, remaining: 7 });
    // deleting a saved scan gives no scan back
    const saved = (await scanText(v)).json().message.id as string;
    expect((await v.delete(`/api/messages/${saved}`)).statusCode).toBe(200);
    await scanTimes(v, 6);
    expect(await usageOf(v)).toMatchObject({ used: 10, remaining: 0, resetsAt: '2026-03-11T00:00:00.000Z' });

    for (const refused of [await scanText(v), await scanUrl(v, { saveToHistory: false })]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(12 * 60 * 60));
      expect(refused.json().error).toEqual({
        code: 'SCAN_LIMIT_REACHED',
        message: "You have used all 10 of today's free scans on the Basic plan. You can scan again at midnight your time (UTC), in 12 hours. Premium has no daily limit: upgrade on the Upgrade page.",
      });
    }
    // a refused scan is not counted, and the catalogue has the sentence for clients that show it alone
    expect((await usageOf(v)).used).toBe(10);
    expect(ERROR_CATALOGUE.SCAN_LIMIT_REACHED.status).toBe(429);
  });

  it('counts each user on their own: another visitor still has all of theirs', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const first = visitor();
    await scanTimes(first, 10);
    expect((await scanText(first)).statusCode).toBe(429);
    const second = visitor();
    expect((await scanText(second)).statusCode).toBe(200);
    expect(await usageOf(second)).toMatchObject({ used: 1, remaining: 9 });
  });

  it("resets at the person's own midnight, in the time zone their client names", async () => {
    // 22:30 UTC is 18:30 in New York: its day ends at 04:00 UTC
    now = new Date('2026-03-10T22:30:00Z');
    const v = visitor();
    const ny = { 'X-Time-Zone': 'America/New_York' };
    await scanTimes(v, 10, ny);
    const refused = await scanText(v, {}, ny);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(5.5 * 60 * 60));
    expect(refused.json().error.message).toContain('You can scan again at midnight your time (America/New_York), in 6 hours.');
    expect(await usageOf(v, 'America/New_York')).toMatchObject({ used: 10, remaining: 0, resetsAt: '2026-03-11T04:00:00.000Z', timeZone: 'America/New_York' });

    // past UTC midnight it is still the same evening in New York
    now = new Date('2026-03-11T03:59:59Z');
    expect((await scanText(v, {}, ny)).statusCode).toBe(429);
    now = new Date('2026-03-11T04:00:00Z');
    expect(await usageOf(v, 'America/New_York')).toMatchObject({ used: 0, remaining: 10, resetsAt: '2026-03-12T04:00:00.000Z' });
    expect((await scanText(v, {}, ny)).statusCode).toBe(200);
  });

  it('counts the day of the zone named, not the UTC day: in Tokyo the day began at 15:00 UTC', async () => {
    now = new Date('2026-03-10T23:30:00Z');
    const v = visitor();
    const tokyo = { 'X-Time-Zone': 'asia/tokyo' };
    await scanTimes(v, 10, tokyo);
    // a new UTC day, the same Tokyo morning
    now = new Date('2026-03-11T00:30:00Z');
    const refused = await scanText(v, {}, tokyo);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toContain('at midnight your time (Asia/Tokyo), in 15 hours');
    expect(await usageOf(v, 'Asia/Tokyo')).toMatchObject({ used: 10, remaining: 0, resetsAt: '2026-03-11T15:00:00.000Z', timeZone: 'Asia/Tokyo' });
  });

  it('lets a change of time zone buy no more than one more day: twice the limit in any 24 hours', async () => {
    // 10 scans at 11:00 UTC on a UTC day
    now = new Date('2026-06-10T11:00:00Z');
    const v = visitor();
    await scanTimes(v, 10);
    // 12:30 UTC is 00:30 in Auckland (winter, UTC+12): a day that began after those scans
    now = new Date('2026-06-10T12:30:00Z');
    await scanTimes(v, 10, { 'X-Time-Zone': 'Pacific/Auckland' });
    expect((await scanText(v, {}, { 'X-Time-Zone': 'Pacific/Auckland' })).statusCode).toBe(429);
    // 13:30 UTC is 00:30 in Guadalcanal (UTC+11): its day has not counted anything, the 24 hours have 20
    now = new Date('2026-06-10T13:30:00Z');
    const refused = await scanText(v, {}, { 'X-Time-Zone': 'Pacific/Guadalcanal' });
    expect(refused.statusCode).toBe(429);
    // the first of the 20 scans leaves the 24 hours at 11:00 UTC tomorrow: 22:00 in Guadalcanal
    expect(refused.headers['retry-after']).toBe(String(21.5 * 60 * 60));
    expect(refused.json().error.message).toContain('You can scan again at 10:00 PM your time (Pacific/Guadalcanal)');
    expect(await usageOf(v, 'Pacific/Guadalcanal')).toMatchObject({ used: 0, remaining: 0, resetsAt: '2026-06-11T11:00:00.000Z' });
  });

  it('does not count an Idempotency-Key repeat twice, saved or not, and answers a saved one even at the limit', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const v = visitor();
    const key = (k: string) => ({ 'Idempotency-Key': k });
    const saved = await scanText(v, {}, key('saved-1'));
    const savedAgain = await scanText(v, {}, key('saved-1'));
    expect(savedAgain.headers['idempotent-replayed']).toBe('true');
    expect(savedAgain.json()).toEqual(saved.json());
    expect((await scanUrl(v, { saveToHistory: false }, key('unsaved-1'))).statusCode).toBe(200);
    expect((await scanUrl(v, { saveToHistory: false }, key('unsaved-1'))).statusCode).toBe(200);
    expect((await usageOf(v)).used).toBe(2);
    // the same key with another request is another scan
    expect((await scanUrl(v, { url: `${LINK}?other`, saveToHistory: false }, key('unsaved-1'))).statusCode).toBe(200);
    expect((await usageOf(v)).used).toBe(3);

    await scanTimes(v, 7);
    expect((await scanText(v, { content: 'one more' })).statusCode).toBe(429);
    // a repeat of a scan already made is answered, not refused: the person asked once
    const replay = await scanText(v, {}, key('saved-1'));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(saved.json());
    expect((await scanUrl(v, { url: `${LINK}?other`, saveToHistory: false }, key('unsaved-1'))).statusCode).toBe(200);
    expect((await usageOf(v)).used).toBe(10);
  });

  it('lets exactly 10 of 16 scans sent at once through, and exactly one of 6 at 9 used', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const v = visitor();
    // the guest exists before the burst, as in a browser that has scanned before
    await userIdOf(ctx.database, v);
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? scanText(v, { content: `burst ${i}`, saveToHistory: i % 4 === 0 }) : scanUrl(v, { url: `${LINK}?burst=${i}` }))));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(6);
    expect((await usageOf(v)).used).toBe(10);

    const w = visitor();
    await scanTimes(w, 9);
    const last = await Promise.all(Array.from({ length: 6 }, (_, i) => scanText(w, { content: `last ${i}` })));
    expect(last.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect((await usageOf(w)).used).toBe(10);
  });

  it('keeps the count in the database: a restarted server, or a second one on the same database, counts on', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const v = visitor();
    await scanTimes(v, 6);
    const other = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 10, rateLimits: false }, database: ctx.database, logger: false, clock: () => now });
    try {
      const there = makeVisitor(other);
      there.cookie = v.cookie;
      expect(await usageOf(there)).toMatchObject({ used: 6, remaining: 4 });
      // both servers at once: 8 more asked, 4 let through
      const both = await Promise.all(Array.from({ length: 8 }, (_, i) => scanText(i % 2 === 0 ? v : there, { content: `both ${i}` })));
      expect(both.filter((r) => r.statusCode === 200)).toHaveLength(4);
      expect((await usageOf(v)).used).toBe(10);
    } finally {
      await other.close();
    }
  });

  it('counts a newcomer’s unsaved scan too: it makes their guest, so the count has an owner', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const v = visitor();
    expect(v.cookie).toBeUndefined();
    const res = await scanUrl(v, { saveToHistory: false });
    expect(res.statusCode).toBe(200);
    expect(v.cookie).toBeDefined();
    expect(await usageOf(v)).toMatchObject({ used: 1, remaining: 9 });
  });

  it('refuses an unknown X-Time-Zone with 400 naming the header, counting nothing', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const v = visitor();
    await scanText(v);
    for (const res of [await scanText(v, {}, { 'X-Time-Zone': 'Mars/Olympus_Mons' }), await v.request('GET', '/api/scan-usage', undefined, { 'X-Time-Zone': 'x'.repeat(65) })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe('X-Time-Zone');
    }
    expect((await usageOf(v)).used).toBe(1);
  });

  it('leaves Premium and Family unlimited, and counts a downgraded person from then on', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    for (const plan of ['premium', 'family'] as const) {
      const v = visitor();
      await signUp(v);
      await scanTimes(v, 4);
      await upgrade(v, plan);
      await scanTimes(v, 12);
      expect(await usageOf(v)).toEqual({ plan, limit: null, used: 4, remaining: null, resetsAt: '2026-03-11T00:00:00.000Z', timeZone: 'UTC' });
      if (plan === 'premium') {
        // back on Basic: the 4 scans made on Basic today count, the 12 on Premium do not
        await cancelNow(v);
        expect(await usageOf(v)).toMatchObject({ plan: 'basic', limit: 10, used: 4, remaining: 6 });
        await scanTimes(v, 6);
        expect((await scanText(v)).statusCode).toBe(429);
      }
    }
  });

  it("adds a guest's scans of today to the account it signs in to", async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const owner = visitor();
    const email = await signUp(owner);
    await scanTimes(owner, 3);
    const guest = visitor();
    await scanTimes(guest, 4);
    expect((await guest.post('/api/auth/sign-in', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await usageOf(guest)).toMatchObject({ used: 7, remaining: 3 });
  });

  it('counts one at a time: of 16 scans counted at once by one user, 10 are let through (on either database)', async () => {
    // through HTTP, PGlite happens to run each request's queries before the next one's; here they interleave
    now = new Date('2026-03-10T12:00:00Z');
    const userId = await userIdOf(ctx.database, visitor());
    const service = createScanUsageService({ repo: createScanUsageRepository(ctx.database.db), plans: { effectivePlan: async () => 'basic' }, limitPerDay: 10, clock: () => now });
    const outcomes = await Promise.allSettled(Array.from({ length: 16 }, () => service.spend(userId, 'UTC', null)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(outcomes.filter((o) => o.status === 'rejected' && (o.reason as Error).message.startsWith('You have used all 10'))).toHaveLength(6);
    expect((await service.usage(userId, 'UTC')).used).toBe(10);
  });

  it('gives the count back when the scan fails', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const v = visitor();
    const userId = await userIdOf(ctx.database, v);
    const service = createScanUsageService({ repo: createScanUsageRepository(ctx.database.db), plans: { effectivePlan: async () => 'basic' }, limitPerDay: 10, clock: () => now });
    const spent = await service.spend(userId, 'UTC', null);
    expect((await service.usage(userId, 'UTC')).used).toBe(1);
    await spent.refund();
    expect((await service.usage(userId, 'UTC')).used).toBe(0);
    expect(await ctx.database.db.select().from(scanUsage).where(eq(scanUsage.userId, userId))).toEqual([]);
  });
});

describeWithDatabases('SCAN_LIMIT_PER_DAY=0: no daily limit', (ctx) => {
  it('lets a basic visitor scan past 10 and says there is no limit', async () => {
    // the harness builds the app with scanLimitPerDay 0, as the e2e server runs
    const v = ctx.visitor();
    for (let i = 0; i < 12; i++) expect((await v.post('/api/scan/text', { content: `${SAFE_SMS} ${i}` })).statusCode).toBe(200);
    const usage = ScanUsageSchema.parse((await v.get('/api/scan-usage')).json());
    expect(usage).toMatchObject({ plan: 'basic', limit: null, used: 0, remaining: null, timeZone: 'UTC' });
  });

  it('makes no guest for a newcomer’s unsaved scan, as before', async () => {
    const v = ctx.visitor();
    expect((await v.post('/api/scan/url', { url: LINK, saveToHistory: false })).statusCode).toBe(200);
    expect(v.cookie).toBeUndefined();
  });
});

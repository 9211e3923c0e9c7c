import type { ThreatLevel } from '@baitcheck/contracts';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { deviceScans, messages, scanCounts, users } from '../../db/schema.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases } from '../../test/harness.ts';
import { createStatsRepository } from './stats.repository.ts';

// The dashboard's counts (scan_counts, issue 21) are kept by triggers on messages and
// device_scans, and the history's size (history_sizes) by triggers on messages: whatever adds,
// moves or removes scans, they must equal a count of the scans.

const LEVELS: ThreatLevel[] = ['safe', 'suspicious', 'phishing'];
const DETAILS = { reasons: [], reasonDetails: [], highlights: [], recommendations: [], checks: [], notes: [] };
const MINUTE = 60_000;

type Bucket = { bucket: string; safe: number; suspicious: number; phishing: number };

/** The counts as kept, and as a count of the scans themselves would make them, for `userId`. */
async function keptAndRecounted(database: Database, userId: string): Promise<{ kept: Bucket[]; recounted: Bucket[] }> {
  const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Bucket[] }).rows.map((r) => ({ ...r, bucket: new Date(r.bucket).toISOString() }));
  const kept = await rows(sql`select bucket, safe, suspicious, phishing from ${scanCounts} where user_id = ${userId} order by bucket`);
  const recounted = await rows(sql`
    select date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00') as bucket,
           count(*) filter (where l = 'safe')::int as safe, count(*) filter (where l = 'suspicious')::int as suspicious, count(*) filter (where l = 'phishing')::int as phishing
    from (select scan_date as at, threat_level as l from messages where user_id = ${userId}
          union all select scanned_at, threat_level from device_scans where user_id = ${userId}) t
    group by 1 order by 1`);
  return { kept, recounted };
}

async function expectCountsFollow(database: Database, userId: string): Promise<void> {
  const { kept, recounted } = await keptAndRecounted(database, userId);
  expect(kept).toEqual(recounted);
  // and the history's size the cap reads (history_sizes), when the user has a row there
  const sizes = (await database.db.execute(
    sql`select (select messages from history_sizes where user_id = ${userId}) as kept, (select count(*)::int from messages where user_id = ${userId}) as counted`,
  )) as unknown as { rows: { kept: number | null; counted: number }[] };
  const { kept: size, counted } = sizes.rows[0]!;
  expect(size ?? 0).toBe(counted);
}

/** `n` scans of `userId` in one statement, at pseudo-random times over the last 40 days. */
async function insertMany(database: Database, userId: string, n: number, seed: number): Promise<string[]> {
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) => {
    const x = Math.sin(seed * 1000 + i) * 10_000;
    const r = x - Math.floor(x);
    return {
      userId,
      kind: 'text' as const,
      content: `scan ${seed}-${i}`,
      threatLevel: LEVELS[i % 3]!,
      score: 0.5,
      threatDetails: DETAILS,
      // several in the same quarter hour, most apart
      scanDate: new Date(now - Math.floor(r * 40 * 24 * 60) * MINUTE - (i % 7) * 1000),
    };
  });
  return (await database.db.insert(messages).values(rows).returning({ id: messages.id })).map((r) => r.id);
}

describeWithDatabases('the dashboard counts (scan_counts) and history sizes', (ctx) => {
  it('follow every insert, delete and move of the history and of the device verdicts', async () => {
    const visitor = ctx.visitor();
    const userId = await userIdOf(ctx.database, visitor);
    const ids = await insertMany(ctx.database, userId, 300, 1);
    await insertMany(ctx.database, userId, 1, 2);
    await expectCountsFollow(ctx.database, userId);

    // one, then many at once (the retention job's and the history cap's deletes are statements like this)
    await ctx.database.db.delete(messages).where(eq(messages.id, ids[0]!));
    await ctx.database.db.delete(messages).where(sql`${messages.id} in ${ids.slice(1, 120)}`);
    await expectCountsFollow(ctx.database, userId);

    // the verdicts of scans made on the person's devices, with a repeat ignored
    const at = new Date(Date.now() - 5 * MINUTE);
    await ctx.database.db.insert(deviceScans).values([
      { userId, id: 'a'.repeat(32), threatLevel: 'phishing', scannedAt: at },
      { userId, id: 'b'.repeat(32), threatLevel: 'safe', scannedAt: at },
    ]);
    await ctx.database.db.insert(deviceScans).values({ userId, id: 'a'.repeat(32), threatLevel: 'phishing', scannedAt: at }).onConflictDoNothing();
    await expectCountsFollow(ctx.database, userId);
    await ctx.database.db.delete(deviceScans).where(eq(deviceScans.id, 'b'.repeat(32)));
    await expectCountsFollow(ctx.database, userId);

    // a guest's history moving to another user (signing up keeps it), and a verdict changed
    const other = await userIdOf(ctx.database, ctx.visitor());
    await ctx.database.db.update(messages).set({ userId: other }).where(sql`${messages.id} in ${ids.slice(120, 200)}`);
    await ctx.database.db.update(messages).set({ threatLevel: 'phishing' }).where(eq(messages.id, ids[250]!));
    await expectCountsFollow(ctx.database, userId);
    await expectCountsFollow(ctx.database, other);

    // everything gone: no row left at 0
    await ctx.database.db.delete(messages).where(eq(messages.userId, userId));
    await ctx.database.db.delete(deviceScans).where(eq(deviceScans.userId, userId));
    expect((await keptAndRecounted(ctx.database, userId)).kept).toEqual([]);

    // a user deleted with their scans (the cascade): nothing of theirs is left in the counts
    expect((await keptAndRecounted(ctx.database, other)).kept.length).toBeGreaterThan(0);
    await ctx.database.db.delete(users).where(eq(users.id, other));
    expect((await keptAndRecounted(ctx.database, other)).kept).toEqual([]);
    const left = (await ctx.database.db.execute(sql`select count(*)::int as n from history_sizes where user_id = ${other}`)) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
  });

  it('count exactly from any moment: the part of a quarter hour before the first whole one comes from the scans', async () => {
    const userId = await userIdOf(ctx.database, ctx.visitor());
    const repo = createStatsRepository(ctx.database.db);
    const at = (iso: string) => new Date(iso);
    const add = (threatLevel: ThreatLevel, scanDate: Date) =>
      ctx.database.db.insert(messages).values({ userId, kind: 'text', content: 'x', threatLevel, score: 0.5, threatDetails: DETAILS, scanDate });
    await add('phishing', at('2026-11-20T10:07:00Z')); // before `since`, same quarter hour
    await add('suspicious', at('2026-11-20T10:08:00Z')); // after `since`, same quarter hour
    await add('safe', at('2026-11-20T10:15:00Z')); // the first whole quarter hour
    await add('phishing', at('2026-11-21T23:59:59Z'));
    await ctx.database.db.insert(deviceScans).values({ userId, id: 'c'.repeat(32), threatLevel: 'phishing', scannedAt: at('2026-11-20T10:14:59Z') });

    expect(await repo.countByLevel(userId, at('2026-11-20T10:07:30Z'))).toEqual({ safe: 1, suspicious: 1, phishing: 2 });
    expect(await repo.countByLevel(userId, at('2026-11-20T10:00:00Z'))).toEqual({ safe: 1, suspicious: 1, phishing: 3 });
    expect(await repo.countByLevel(userId, at('2026-11-20T10:15:00.001Z'))).toEqual({ safe: 0, suspicious: 0, phishing: 1 });

    // local days in zones a half and three quarters of an hour off UTC
    const days = async (timeZone: string) => Object.fromEntries((await repo.countByLocalDay(userId, at('2026-11-20T10:07:30Z'), timeZone)).map(({ day, ...c }) => [day, c]));
    // Kolkata (+05:30): 23:59:59 UTC is 05:29:59 on the 22nd
    expect(await days('Asia/Kolkata')).toEqual({ '2026-11-20': { safe: 1, suspicious: 1, phishing: 1 }, '2026-11-22': { safe: 0, suspicious: 0, phishing: 1 } });
    // Chatham (+13:45 in November): 10:08 UTC is 23:53 on the 20th, 10:14:59 is 23:59:59, 10:15 is the 21st
    expect(await days('Pacific/Chatham')).toEqual({
      '2026-11-20': { safe: 0, suspicious: 1, phishing: 1 },
      '2026-11-21': { safe: 1, suspicious: 0, phishing: 0 },
      '2026-11-22': { safe: 0, suspicious: 0, phishing: 1 },
    });
  });
});

import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { scanUsage } from '../../db/schema.ts';

/** The first key of the advisory locks that make one user's scans count one at a time. */
const USAGE_LOCK_CLASS = 1_016_001;

/** Which scans count: those since the local midnight, and those of the last 24 hours. */
export interface UsageWindows {
  userId: string;
  /** The person's local midnight. */
  dayStart: Date;
  /** 24 hours ago. */
  rollingSince: Date;
}

/** How many scans the windows hold, and when the 24-hour one next has room below `rollingLimit`. */
export interface UsageCounts {
  today: number;
  rolling: number;
  /** When the window of 24 hours drops below its limit; null while it is below it. */
  rollingFreesAt: Date | null;
}

/** What counting a scan did. */
export type Reservation =
  | { kind: 'counted'; id: string; counts: UsageCounts }
  | { kind: 'repeat' }
  | { kind: 'refused'; counts: UsageCounts };

const ROLLING_MS = 24 * 60 * 60 * 1000;
const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** All SQL of the daily scan limit. */
export function createScanUsageRepository(db: Db) {
  /** Counts within `windows` on `db` or inside a transaction. */
  const countOn = async (q: Pick<Db, 'select'>, windows: UsageWindows, rollingLimit: number): Promise<UsageCounts> => {
    const from = windows.dayStart < windows.rollingSince ? windows.dayStart : windows.rollingSince;
    const [row] = await q
      .select({
        today: sql<number>`(count(*) filter (where ${scanUsage.scannedAt} >= ${iso(windows.dayStart)}))::int`,
        rolling: sql<number>`(count(*) filter (where ${scanUsage.scannedAt} >= ${iso(windows.rollingSince)}))::int`,
      })
      .from(scanUsage)
      .where(and(eq(scanUsage.userId, windows.userId), gte(scanUsage.scannedAt, from)));
    const today = row?.today ?? 0;
    const rolling = row?.rolling ?? 0;
    let rollingFreesAt: Date | null = null;
    if (rolling >= rollingLimit) {
      // the window has room again once its `rollingLimit`-th newest scan is 24 hours old
      const [edge] = await q
        .select({ at: scanUsage.scannedAt })
        .from(scanUsage)
        .where(and(eq(scanUsage.userId, windows.userId), gte(scanUsage.scannedAt, windows.rollingSince)))
        .orderBy(desc(scanUsage.scannedAt))
        .offset(rollingLimit - 1)
        .limit(1);
      if (edge) rollingFreesAt = new Date(new Date(edge.at).getTime() + ROLLING_MS);
    }
    return { today, rolling, rollingFreesAt };
  };

  return {
    /** The scans `windows` hold now. */
    async count(windows: UsageWindows, rollingLimit: number): Promise<UsageCounts> {
      return countOn(db, windows, rollingLimit);
    },

    /**
     * Counts one scan of `windows.userId` at `now`, unless it would be past `limit` today or
     * past `rollingLimit` in 24 hours; one user's counts are made one at a time (a transaction
     * holding an advisory lock on the user), so concurrent scans at the limit cannot all see
     * room, on one server or on several sharing PostgreSQL. With `repeat`, an earlier count of
     * the same key and request since `repeat.since` is the same scan sent again: not counted.
     */
    async reserve(
      windows: UsageWindows,
      now: Date,
      limits: { limit: number; rollingLimit: number },
      repeat: { key: string; requestHash: string; since: Date } | null,
    ): Promise<Reservation> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${USAGE_LOCK_CLASS}, hashtext(${windows.userId}))`);
        if (repeat) {
          const [held] = await tx
            .select({ id: scanUsage.id, requestHash: scanUsage.requestHash, scannedAt: scanUsage.scannedAt })
            .from(scanUsage)
            .where(and(eq(scanUsage.userId, windows.userId), eq(scanUsage.key, repeat.key)))
            .limit(1);
          if (held && held.requestHash === repeat.requestHash && new Date(held.scannedAt) >= repeat.since) return { kind: 'repeat' as const };
          // the key now names another request (or an old one): the earlier count stays, without it
          if (held) await tx.update(scanUsage).set({ key: null, requestHash: null }).where(eq(scanUsage.id, held.id));
        }
        const counts = await countOn(tx, windows, limits.rollingLimit);
        if (counts.today >= limits.limit || counts.rolling >= limits.rollingLimit) return { kind: 'refused' as const, counts };
        const id = crypto.randomUUID();
        await tx.insert(scanUsage).values({ id, userId: windows.userId, scannedAt: now, key: repeat?.key ?? null, requestHash: repeat?.requestHash ?? null });
        return { kind: 'counted' as const, id, counts: { today: counts.today + 1, rolling: counts.rolling + 1, rollingFreesAt: null } };
      });
    },

    /** Takes back a count whose scan failed. */
    async release(id: string): Promise<void> {
      await db.delete(scanUsage).where(eq(scanUsage.id, id));
    },

    /** Deletes up to `batch` counts made before `before` (any user); answers how many went. */
    async pruneBefore(before: Date, batch: number): Promise<number> {
      const oldest = db.select({ id: scanUsage.id }).from(scanUsage).where(lt(scanUsage.scannedAt, before)).limit(batch);
      const gone = await db.delete(scanUsage).where(inArray(scanUsage.id, oldest)).returning({ id: scanUsage.id });
      return gone.length;
    },
  };
}

/** The scan usage repository. */
export type ScanUsageRepository = ReturnType<typeof createScanUsageRepository>;

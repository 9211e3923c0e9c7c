import type { ThreatLevel } from '@baitcheck/contracts';
import { sql, type AnyColumn } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database.ts';
import { deviceScans, messages, scanCounts } from '../../db/schema.ts';

/** The counts' quarter hour (`scan_counts.bucket`, UTC-aligned). */
const BUCKET_MS = 15 * 60 * 1000;

/** The first quarter hour that starts at or after `since`: from it on the counts are whole. */
export function firstWholeBucket(since: Date): Date {
  return new Date(Math.ceil(since.getTime() / BUCKET_MS) * BUCKET_MS);
}

/**
 * The user's scans since `since`, as (time, verdict, how many) rows: the history's and their
 * devices' (issue 20) together. From the first whole quarter hour on they come from the counts
 * the database keeps (`scan_counts`), so the cost is that of the quarter hours, not of the
 * scans; the part of a quarter hour before it is counted from the scans themselves.
 */
function scansSince(userId: string, since: Date) {
  const from = since.toISOString();
  const whole = firstWholeBucket(since).toISOString();
  const one = (level: ThreatLevel, column: AnyColumn) => sql`case when ${column} = ${level} then 1 else 0 end`;
  return sql`
    select ${scanCounts.bucket} as at, ${scanCounts.safe} as safe, ${scanCounts.suspicious} as suspicious, ${scanCounts.phishing} as phishing
      from ${scanCounts} where ${scanCounts.userId} = ${userId} and ${scanCounts.bucket} >= ${whole}::timestamptz
    union all
    select ${messages.scanDate}, ${one('safe', messages.threatLevel)}, ${one('suspicious', messages.threatLevel)}, ${one('phishing', messages.threatLevel)}
      from ${messages} where ${messages.userId} = ${userId} and ${messages.scanDate} >= ${from}::timestamptz and ${messages.scanDate} < ${whole}::timestamptz
    union all
    select ${deviceScans.scannedAt}, ${one('safe', deviceScans.threatLevel)}, ${one('suspicious', deviceScans.threatLevel)}, ${one('phishing', deviceScans.threatLevel)}
      from ${deviceScans} where ${deviceScans.userId} = ${userId} and ${deviceScans.scannedAt} >= ${from}::timestamptz and ${deviceScans.scannedAt} < ${whole}::timestamptz`;
}

/** Counts by verdict, as the dashboard takes them. */
export interface LevelCounts {
  safe: number;
  suspicious: number;
  phishing: number;
}

const sums = sql`coalesce(sum(safe), 0)::int as safe, coalesce(sum(suspicious), 0)::int as suspicious, coalesce(sum(phishing), 0)::int as phishing`;
const countsOf = (r: LevelCounts): LevelCounts => ({ safe: Number(r.safe), suspicious: Number(r.suspicious), phishing: Number(r.phishing) });

/** All SQL of the dashboard counters. */
export function createStatsRepository(db: Db) {
  return {
    /** The user's scans since `since` by verdict: the history's and their devices'. */
    async countByLevel(userId: string, since: Date): Promise<LevelCounts> {
      const [row] = rowsOf<LevelCounts>(await db.execute(sql`select ${sums} from (${scansSince(userId, since)}) t`));
      return row ? countsOf(row) : { safe: 0, suspicious: 0, phishing: 0 };
    },

    /**
     * {@link countByLevel} per local calendar day (`YYYY-MM-DD` in `timeZone`), days without
     * scans left out. Exact in every zone: a quarter hour lies within one local day wherever its
     * offset puts it.
     */
    async countByLocalDay(userId: string, since: Date, timeZone: string): Promise<(LevelCounts & { day: string })[]> {
      // By position: grouping by the expression again would bind the time zone as a second
      // parameter, which PostgreSQL does not see as the same expression as the selected one.
      const rows = rowsOf<LevelCounts & { day: string }>(
        await db.execute(sql`select to_char(at at time zone ${timeZone}, 'YYYY-MM-DD') as day, ${sums} from (${scansSince(userId, since)}) t group by 1`),
      );
      return rows.map((r) => ({ day: r.day, ...countsOf(r) }));
    },
  };
}

/** The stats repository. */
export type StatsRepository = ReturnType<typeof createStatsRepository>;

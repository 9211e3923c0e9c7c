import type { ThreatLevel } from '@baitcheck/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceScans, messages } from '../../db/schema.ts';
import { visibleMessages } from '../messages/history-window.ts';

/** All SQL of the dashboard counters. */
export function createStatsRepository(db: Db) {
  return {
    async countByLevel(userId: string, since: Date): Promise<{ threatLevel: ThreatLevel; count: number }[]> {
      return db
        .select({ threatLevel: messages.threatLevel, count: sql<number>`count(*)::int` })
        .from(messages)
        .where(visibleMessages(userId, since))
        .groupBy(messages.threatLevel);
    },

    /** Counts per local calendar day (`YYYY-MM-DD` in `timeZone`) and level since `since`. */
    async countByLocalDay(userId: string, since: Date, timeZone: string): Promise<{ day: string; threatLevel: ThreatLevel; count: number }[]> {
      const day = sql<string>`to_char(${messages.scanDate} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      return db
        .select({ day, threatLevel: messages.threatLevel, count: sql<number>`count(*)::int` })
        .from(messages)
        .where(visibleMessages(userId, since))
        // By position: grouping by the expression again would bind the time zone as a second
        // parameter, which PostgreSQL does not see as the same expression as the selected one.
        .groupBy(sql.raw('1'), sql.raw('2'));
    },

    /** {@link countByLevel} of the verdicts of scans made on the user's devices (issue 20). */
    async countDeviceScansByLevel(userId: string, since: Date): Promise<{ threatLevel: ThreatLevel; count: number }[]> {
      return db
        .select({ threatLevel: deviceScans.threatLevel, count: sql<number>`count(*)::int` })
        .from(deviceScans)
        .where(and(eq(deviceScans.userId, userId), gte(deviceScans.scannedAt, since)))
        .groupBy(deviceScans.threatLevel);
    },

    /** {@link countByLocalDay} of the verdicts of scans made on the user's devices. */
    async countDeviceScansByLocalDay(userId: string, since: Date, timeZone: string): Promise<{ day: string; threatLevel: ThreatLevel; count: number }[]> {
      const day = sql<string>`to_char(${deviceScans.scannedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      return db
        .select({ day, threatLevel: deviceScans.threatLevel, count: sql<number>`count(*)::int` })
        .from(deviceScans)
        .where(and(eq(deviceScans.userId, userId), gte(deviceScans.scannedAt, since)))
        .groupBy(sql.raw('1'), sql.raw('2'));
    },
  };
}

/** The stats repository. */
export type StatsRepository = ReturnType<typeof createStatsRepository>;

import type { ThreatLevel } from '@baitcheck/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';
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
  };
}

/** The stats repository. */
export type StatsRepository = ReturnType<typeof createStatsRepository>;

import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceScans, messages } from '../../db/schema.ts';

/** All SQL behind the status banner. */
export function createProtectionStatusRepository(db: Db) {
  return {
    async phishingSince(userId: string, since: Date): Promise<{ count: number; latest: Date | null }> {
      // the history's scans and the verdicts of scans made on the person's devices (issue 20)
      const [[row], [device]] = await Promise.all([
        db
          .select({ count: sql<number>`count(*)::int`, latest: sql<string | null>`max(${messages.scanDate})` })
          .from(messages)
          .where(and(eq(messages.userId, userId), eq(messages.threatLevel, 'phishing'), gte(messages.scanDate, since))),
        db
          .select({ count: sql<number>`count(*)::int`, latest: sql<string | null>`max(${deviceScans.scannedAt})` })
          .from(deviceScans)
          .where(and(eq(deviceScans.userId, userId), eq(deviceScans.threatLevel, 'phishing'), gte(deviceScans.scannedAt, since))),
      ]);
      // Aggregates bypass the column's timestamp mapping, so the driver may hand back a string.
      const latest = [row?.latest, device?.latest].filter((v): v is string => Boolean(v)).map((v) => new Date(v));
      return { count: (row?.count ?? 0) + (device?.count ?? 0), latest: latest.length > 0 ? new Date(Math.max(...latest.map((d) => d.getTime()))) : null };
    },
  };
}

/** The protection status repository. */
export type ProtectionStatusRepository = ReturnType<typeof createProtectionStatusRepository>;

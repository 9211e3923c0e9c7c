import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';

/** All SQL behind the status banner. */
export function createProtectionStatusRepository(db: Db) {
  return {
    async phishingSince(userId: string, since: Date): Promise<{ count: number; latest: Date | null }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, latest: sql<string | null>`max(${messages.scanDate})` })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.threatLevel, 'phishing'), gte(messages.scanDate, since)));
      // Aggregates bypass the column's timestamp mapping, so the driver may hand back a string.
      return { count: row?.count ?? 0, latest: row?.latest ? new Date(row.latest) : null };
    },
  };
}

/** The protection status repository. */
export type ProtectionStatusRepository = ReturnType<typeof createProtectionStatusRepository>;

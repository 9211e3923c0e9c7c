import type { MessageSource, Report, ReportKind, ThreatLevel } from '@baitcheck/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { reports } from '../../db/schema.ts';

type ReportRow = typeof reports.$inferSelect;

/** A report to store. */
export interface NewReport {
  userId: string;
  kind: ReportKind;
  messageId: string | null;
  content: string;
  sender: string;
  source: MessageSource;
  threatLevel: ThreatLevel | null;
  note: string;
}

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    kind: row.kind,
    messageId: row.messageId,
    content: row.content,
    sender: row.sender,
    source: row.source,
    threatLevel: row.threatLevel,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** All SQL of user feedback. */
export function createReportsRepository(db: Db) {
  return {
    async insert(report: NewReport): Promise<Report> {
      const [row] = await db.insert(reports).values(report).returning();
      if (!row) throw new Error('insert into reports returned no row');
      return toReport(row);
    },

    async countFor(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.userId, userId));
      return row?.n ?? 0;
    },

    async list(userId: string): Promise<Report[]> {
      const rows = await db.select().from(reports).where(eq(reports.userId, userId)).orderBy(desc(reports.createdAt), desc(reports.id));
      return rows.map(toReport);
    },
  };
}

/** The reports repository. */
export type ReportsRepository = ReturnType<typeof createReportsRepository>;

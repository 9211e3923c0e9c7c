import type { MessageSource, Report, ReportKind, ThreatLevel } from '@baitcheck/contracts';
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { messages, reports } from '../../db/schema.ts';
import { visibleMessages } from '../messages/history-window.ts';

type ReportRow = typeof reports.$inferSelect;

/** Where a page of reports starts: after this report (time to the millisecond, then id, both descending). */
export interface ReportCursor {
  at: Date;
  id: string;
}

/**
 * The order of a list, and what a cursor compares: the time cut to the millisecond a cursor
 * carries (PostgreSQL keeps microseconds, so a cursor of the whole time would skip the reports
 * of its millisecond that follow it).
 */
const listedAt = sql<Date>`date_trunc('milliseconds', ${reports.createdAt})`.mapWith(reports.createdAt);

/** Rows read per query while filling a page: bounds what one list reads past the byte budget. */
const LIST_CHUNK_ROWS = 25;

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

export function toReport(row: ReportRow): Report {
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

    /**
     * One page of `userId`'s reports, newest first: at most `limit` and, past the first, no more
     * than `maxBytes` of JSON (each report holds a whole message: 200 of them were 20 MB, and a
     * merged account's 800 a 494 MB answer that failed). `next` is where the following page
     * starts, or null at the end. The order is read first, without contents; then the page's
     * rows in small chunks until the budget is spent.
     */
    async list(userId: string, options: { since: Date; limit: number; maxBytes: number; before?: ReportCursor | undefined }): Promise<{ reports: Report[]; next: ReportCursor | null }> {
      // a report outlives its message; it links to it only while the message is in the history window
      const visible = db.select({ one: sql`1` }).from(messages).where(and(visibleMessages(userId, options.since), eq(messages.id, reports.messageId)));
      const messageId = sql<string | null>`case when exists (${visible}) then ${reports.messageId} end`;
      const where = and(
        eq(reports.userId, userId),
        options.before ? sql`(${listedAt}, ${reports.id}) < (${options.before.at.toISOString()}::timestamptz, ${options.before.id})` : undefined,
      );
      const order = await db.select({ id: reports.id }).from(reports).where(where).orderBy(desc(listedAt), desc(reports.id)).limit(options.limit + 1);
      const wanted = order.slice(0, options.limit).map((r) => r.id);
      const page: Report[] = [];
      let last: ReportCursor | null = null;
      let bytes = 2;
      for (let at = 0; at < wanted.length; at += LIST_CHUNK_ROWS) {
        const rows = await db
          .select({ row: getTableColumns(reports), at: listedAt, messageId })
          .from(reports)
          .where(and(eq(reports.userId, userId), inArray(reports.id, wanted.slice(at, at + LIST_CHUNK_ROWS))))
          .orderBy(desc(listedAt), desc(reports.id));
        for (const { row, at: listed, messageId: shownId } of rows) {
          const report = { ...toReport(row), messageId: shownId };
          const size = Buffer.byteLength(JSON.stringify(report)) + 1;
          if (page.length > 0 && bytes + size > options.maxBytes) return { reports: page, next: last };
          page.push(report);
          last = { at: new Date(listed), id: row.id };
          bytes += size;
        }
      }
      return { reports: page, next: order.length > wanted.length ? last : null };
    },
  };
}

/** The reports repository. */
export type ReportsRepository = ReturnType<typeof createReportsRepository>;

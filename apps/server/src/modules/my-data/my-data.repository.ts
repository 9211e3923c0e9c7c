import type { Message, Report } from '@baitcheck/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { blockedSenders, deviceScans, messages, reports } from '../../db/schema.ts';
import { toBlockedSender } from '../blocked-senders/blocked-senders.repository.ts';
import { toMessage } from '../messages/messages.repository.ts';
import { toReport } from '../reports/reports.repository.ts';

/** Where the next page of the whole history starts: after this message (scan time, then id, descending). */
export interface WholeHistoryCursor {
  scanDate: Date;
  id: string;
}

/** Reading everything of one user, for 'Download my data'. Every query is scoped by user id. */
export function createMyDataRepository(db: Db) {
  return {
    /** A page of the whole stored history (window or not), whole messages, newest first. */
    async historyPage(userId: string, limit: number, after?: WholeHistoryCursor): Promise<Message[]> {
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, userId), after ? sql`(${messages.scanDate}, ${messages.id}) < (${after.scanDate.toISOString()}::timestamptz, ${after.id})` : undefined))
        .orderBy(desc(messages.scanDate), desc(messages.id))
        .limit(limit);
      return rows.map(toMessage);
    },

    async reports(userId: string): Promise<Report[]> {
      return (await db.select().from(reports).where(eq(reports.userId, userId)).orderBy(desc(reports.createdAt), desc(reports.id))).map(toReport);
    },

    async blockedSenders(userId: string) {
      const rows = await db
        .select({ id: blockedSenders.id, sender: blockedSenders.sender, createdAt: blockedSenders.createdAt })
        .from(blockedSenders)
        .where(eq(blockedSenders.userId, userId))
        .orderBy(desc(blockedSenders.createdAt));
      return rows.map(toBlockedSender);
    },

    async deviceScanVerdicts(userId: string): Promise<{ id: string; threatLevel: Message['threatLevel']; scannedAt: string }[]> {
      const rows = await db
        .select({ id: deviceScans.id, threatLevel: deviceScans.threatLevel, scannedAt: deviceScans.scannedAt })
        .from(deviceScans)
        .where(eq(deviceScans.userId, userId))
        .orderBy(desc(deviceScans.scannedAt));
      return rows.map((r) => ({ id: r.id, threatLevel: r.threatLevel, scannedAt: r.scannedAt.toISOString() }));
    },
  };
}

/** The my-data repository. */
export type MyDataRepository = ReturnType<typeof createMyDataRepository>;

import { PAID_PLAN_STATUSES } from '@baitcheck/contracts';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceScans, messages, pluginMessages, subscriptions, supportRequests } from '../../db/schema.ts';

/** The advisory lock the retention job's batches take: one server at a time deletes (classid, objid). */
const RETENTION_LOCK = sql`1016002, 0`;

/** A stored scan as the job weighs it. */
export interface AgedMessage {
  id: string;
  userId: string;
  scanDate: Date;
}

/**
 * Where the walk through the history, oldest first, has got to: the last scan's time as the
 * database wrote it (to the microsecond, which a Date would cut to the millisecond) and its id.
 */
export interface AgeCursor {
  scanDate: string;
  id: string;
}

/** All SQL of the retention job. */
export function createRetentionRepository(db: Db) {
  return {
    /**
     * Users whose subscription row says a paid plan's benefits hold: the only ones whose plan may
     * be other than basic (the billing service says which plan, if any, is in effect).
     */
    async usersWithPaidStatus(): Promise<string[]> {
      const rows = await db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(and(inArray(subscriptions.status, [...PAID_PLAN_STATUSES]), sql`${subscriptions.subscriptionId} is not null`));
      return rows.map((r) => r.userId);
    },

    /**
     * One batch of the walk: the next `limit` scans (oldest first) made before `before` and after
     * `after`, of which those `expired` says are past their window are deleted, in one short
     * transaction. 'busy' when another server holds the job's lock (it is doing the work).
     */
    async deleteBatch(
      walk: { before: Date; after: AgeCursor | null; limit: number },
      expired: (message: AgedMessage) => boolean,
    ): Promise<'busy' | { examined: number; deleted: number; last: AgeCursor | null }> {
      return db.transaction(async (tx) => {
        // both drivers answer { rows }
        const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`)) as unknown as { rows: { locked: boolean }[] };
        const lock = result.rows[0];
        if (!lock?.locked) return 'busy' as const;
        const after = walk.after;
        const rows = await tx
          .select({ id: messages.id, userId: messages.userId, scanDate: messages.scanDate, exactDate: sql<string>`${messages.scanDate}::text` })
          .from(messages)
          .where(
            and(
              lt(messages.scanDate, walk.before),
              after
                ? or(sql`${messages.scanDate} > ${after.scanDate}::timestamptz`, and(sql`${messages.scanDate} = ${after.scanDate}::timestamptz`, sql`${messages.id} > ${after.id}`))
                : undefined,
            ),
          )
          .orderBy(asc(messages.scanDate), asc(messages.id))
          .limit(walk.limit);
        const doomed = rows.filter((r) => expired({ id: r.id, userId: r.userId, scanDate: new Date(r.scanDate) })).map((r) => r.id);
        if (doomed.length > 0) await tx.delete(messages).where(inArray(messages.id, doomed));
        const last = rows.at(-1);
        return { examined: rows.length, deleted: doomed.length, last: last ? { scanDate: last.exactDate, id: last.id } : null };
      });
    },

    /**
     * Deletes at most `limit` messages plugins received that have nothing left to show: scanned
     * ones whose History entry is gone (deleted, or past the plan's window: its sender, subject
     * and links go with it; one the full History never took keeps its text until `before`), and
     * any other received before `before` (the longest window); the simulated feed's posts after
     * `simulatedBefore`.
     */
    async prunePluginMessages(before: Date, limit: number, simulatedBefore: Date = before): Promise<number> {
      const done = db
        .select({ id: pluginMessages.id })
        .from(pluginMessages)
        .where(
          or(
            and(eq(pluginMessages.status, 'scanned'), isNull(pluginMessages.messageId), eq(pluginMessages.content, '')),
            lt(pluginMessages.receivedAt, before),
            // the simulated feed's posts are a demonstration: a week of them is plenty
            and(eq(pluginMessages.pluginId, 'social-media'), lt(pluginMessages.receivedAt, simulatedBefore)),
          ),
        )
        .limit(limit);
      const gone = await db.delete(pluginMessages).where(inArray(pluginMessages.id, done)).returning({ id: pluginMessages.id });
      return gone.length;
    },

    /** Deletes at most `limit` verdicts of on-device scans made before `before`; answers how many went. */
    async pruneDeviceScansBefore(before: Date, limit: number): Promise<number> {
      const old = db.select({ userId: deviceScans.userId, id: deviceScans.id }).from(deviceScans).where(lt(deviceScans.scannedAt, before)).limit(limit);
      const gone = await db
        .delete(deviceScans)
        .where(sql`(${deviceScans.userId}, ${deviceScans.id}) in (${old})`)
        .returning({ id: deviceScans.id });
      return gone.length;
    },

    /** Deletes at most `limit` support requests made before `before`; answers how many went. */
    async pruneSupportRequestsBefore(before: Date, limit: number): Promise<number> {
      const old = db.select({ id: supportRequests.id }).from(supportRequests).where(lt(supportRequests.createdAt, before)).limit(limit);
      const gone = await db.delete(supportRequests).where(inArray(supportRequests.id, old)).returning({ id: supportRequests.id });
      return gone.length;
    },
  };
}

/** The retention repository. */
export type RetentionRepository = ReturnType<typeof createRetentionRepository>;

import type { MessageSource, ThreatDetails, ThreatLevel } from '@baitcheck/contracts';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { messages, scanRequestKeys } from '../../db/schema.ts';
import { createBatchWriter } from '../../lib/batch-writer.ts';
import { createCapGuard } from '../../lib/storage-limits.ts';

/** A scan to keep in the history. */
export interface NewMessage {
  userId: string;
  kind: 'text' | 'url';
  content: string;
  sender: string;
  source: MessageSource;
  threatLevel: ThreatLevel;
  score: number;
  threatDetails: ThreatDetails;
}

/** Where a scan request's Idempotency-Key stands, read when another request holds it. */
export interface HeldKey {
  requestHash: string;
  /** The first request's answer; null while it is still running. */
  response: unknown;
}

/** The most rows one INSERT carries; bounds statement size (nine parameters a row). */
const MAX_ROWS_PER_INSERT = 100;

/** The scan path's SQL: writing scans into the history. */
export function createScanRepository(db: Db) {
  // Concurrent scans share one multi-row INSERT (see createBatchWriter); the id and time are
  // made here, so nothing has to be read back.
  const writer = createBatchWriter<typeof messages.$inferInsert>(
    async (rows) => {
      await db.insert(messages).values(rows);
    },
    { maxBatch: MAX_ROWS_PER_INSERT },
  );

  const guard = createCapGuard();
  const countOf = async (userId: string) => (await db.select({ n: count() }).from(messages).where(eq(messages.userId, userId)))[0]?.n ?? 0;

  return {
    /**
     * Stores the scan and resolves with its id once it is committed, or null (nothing stored)
     * when the user's history already holds `maxMessages`.
     */
    async saveMessage(message: NewMessage, maxMessages: number): Promise<string | null> {
      return guard.storeUnder(message.userId, maxMessages, () => countOf(message.userId), async () => {
        const id = crypto.randomUUID();
        await writer.write({ ...message, id, scanDate: new Date() });
        return id;
      });
    },

    /**
     * Takes `key` for a request, unless another request holds it: resolves 'claimed', or the
     * holder's row, or 'gone' when the holder let go of it meanwhile (ask again). A row older
     * than `expiredBefore`, or still running since before `abandonedBefore` (its server
     * stopped), is taken over.
     */
    async claimKey(
      claim: { userId: string; key: string; requestHash: string; now: Date },
      ages: { expiredBefore: Date; abandonedBefore: Date },
    ): Promise<'claimed' | 'gone' | HeldKey> {
      const taken = await db
        .insert(scanRequestKeys)
        .values({ userId: claim.userId, key: claim.key, requestHash: claim.requestHash, response: null, createdAt: claim.now })
        .onConflictDoUpdate({
          target: [scanRequestKeys.userId, scanRequestKeys.key],
          set: { requestHash: claim.requestHash, response: null, createdAt: claim.now },
          setWhere: sql`${scanRequestKeys.createdAt} < ${ages.expiredBefore.toISOString()}::timestamptz or (${scanRequestKeys.response} is null and ${scanRequestKeys.createdAt} < ${ages.abandonedBefore.toISOString()}::timestamptz)`,
        })
        .returning({ key: scanRequestKeys.key });
      if (taken.length > 0) return 'claimed';
      const held = await db
        .select({ requestHash: scanRequestKeys.requestHash, response: scanRequestKeys.response })
        .from(scanRequestKeys)
        .where(and(eq(scanRequestKeys.userId, claim.userId), eq(scanRequestKeys.key, claim.key)))
        .limit(1);
      return held[0] ?? 'gone';
    },

    /** Keeps the answer of the request that claimed `key`, for its repeats. */
    async completeKey(userId: string, key: string, response: unknown): Promise<void> {
      await db
        .update(scanRequestKeys)
        .set({ response })
        .where(and(eq(scanRequestKeys.userId, userId), eq(scanRequestKeys.key, key)));
    },

    /** Lets go of a key whose request failed, so that a repeat runs the scan again. */
    async releaseKey(userId: string, key: string): Promise<void> {
      await db.delete(scanRequestKeys).where(and(eq(scanRequestKeys.userId, userId), eq(scanRequestKeys.key, key), isNull(scanRequestKeys.response)));
    },

    /** Drops `userId`'s keys older than `expiredBefore` and all but the newest `keep`. */
    async pruneKeysOf(userId: string, keep: number, expiredBefore: Date): Promise<void> {
      const beyond = db
        .select({ key: scanRequestKeys.key })
        .from(scanRequestKeys)
        .where(eq(scanRequestKeys.userId, userId))
        .orderBy(desc(scanRequestKeys.createdAt))
        .offset(keep);
      await db
        .delete(scanRequestKeys)
        .where(and(eq(scanRequestKeys.userId, userId), sql`(${lt(scanRequestKeys.createdAt, expiredBefore)} or ${inArray(scanRequestKeys.key, beyond)})`));
    },

    /** Drops every user's keys older than `expiredBefore`. */
    async pruneExpiredKeys(expiredBefore: Date): Promise<void> {
      await db.delete(scanRequestKeys).where(lt(scanRequestKeys.createdAt, expiredBefore));
    },
  };
}

/** The scan repository. */
export type ScanRepository = ReturnType<typeof createScanRepository>;

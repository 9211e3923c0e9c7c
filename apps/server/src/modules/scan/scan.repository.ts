import type { MessageSource, ThreatDetails, ThreatLevel } from '@baitcheck/contracts';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { historySizes, messages, scanRequestKeys } from '../../db/schema.ts';
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

/**
 * The Idempotency-Key a saved scan completes: its answer is written in the same transaction that
 * stores the scan, so no failure can leave a stored copy behind a released key (whose retry would
 * store another). `response` is given the new id, or null when the history is full.
 */
export interface KeyCompletion {
  key: string;
  response(id: string | null): unknown;
}

/** A row for the history, with the key it completes, if any. */
interface PendingRow {
  row: typeof messages.$inferInsert;
  key?: { key: string; response: unknown };
}

/** The scan path's SQL: writing scans into the history. */
export function createScanRepository(db: Db) {
  // Concurrent scans share one multi-row INSERT (see createBatchWriter); the id and time are
  // made here, so nothing has to be read back.
  // Rows that complete a key go in one transaction with their keys' answers.
  const writer = createBatchWriter<PendingRow>(
    async (items) => {
      const rows = items.map((i) => i.row);
      const keyed = items.filter((i) => i.key !== undefined);
      if (keyed.length === 0) {
        await db.insert(messages).values(rows);
        return;
      }
      await db.transaction(async (tx) => {
        await tx.insert(messages).values(rows);
        for (const { row, key } of keyed) await completeKeyWith(tx, row.userId, key!.key, key!.response);
      });
    },
    { maxBatch: MAX_ROWS_PER_INSERT },
  );

  const guard = createCapGuard();
  // Each save first reads its person's history size (the cap), kept by the database as messages
  // come and go (history_sizes): concurrent saves of different people share one read, as their
  // rows share one INSERT.
  const counter = createBatchWriter<string, number>(
    async (userIds) => {
      const rows = await db
        .select({ userId: historySizes.userId, n: historySizes.messages })
        .from(historySizes)
        .where(inArray(historySizes.userId, [...new Set(userIds)]));
      const byUser = new Map(rows.map((r) => [r.userId, r.n]));
      return userIds.map((userId) => byUser.get(userId) ?? 0);
    },
    { maxBatch: MAX_ROWS_PER_INSERT },
  );
  const countOf = (userId: string) => counter.write(userId);

  return {
    /**
     * Stores the scan and resolves with its id once it is committed, or null (nothing stored)
     * when the user's history already holds `maxMessages`. With `completion`, the user's key is
     * completed with its answer in the same transaction (or alone, when nothing is stored):
     * either both are kept or neither.
     */
    async saveMessage(message: NewMessage, maxMessages: number, completion?: KeyCompletion): Promise<string | null> {
      const id = await guard.storeUnder(message.userId, maxMessages, () => countOf(message.userId), async () => {
        const id = crypto.randomUUID();
        const key = completion ? { key: completion.key, response: completion.response(id) } : undefined;
        await writer.write({ row: { ...message, id, scanDate: new Date() }, ...(key ? { key } : {}) });
        return id;
      });
      if (id === null && completion) await completeKeyWith(db, message.userId, completion.key, completion.response(null));
      return id;
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
      await completeKeyWith(db, userId, key, response);
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

/** Keeps `response` as the answer of `userId`'s `key`, on `db` or inside a transaction. */
async function completeKeyWith(db: Pick<Db, 'update'>, userId: string, key: string, response: unknown): Promise<void> {
  await db
    .update(scanRequestKeys)
    .set({ response })
    .where(and(eq(scanRequestKeys.userId, userId), eq(scanRequestKeys.key, key)));
}

/** The scan repository. */
export type ScanRepository = ReturnType<typeof createScanRepository>;

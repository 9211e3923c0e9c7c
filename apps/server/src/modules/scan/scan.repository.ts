import type { MessageSource, ThreatDetails, ThreatLevel } from '@baitcheck/contracts';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';
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
  };
}

/** The scan repository. */
export type ScanRepository = ReturnType<typeof createScanRepository>;

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { blockedSenders } from '../../db/schema.ts';

/** SQL the scan path reads. Storing the scan goes through the messages repository. */
export function createScanRepository(db: Db) {
  const listBlocked = db
    .select({ sender: blockedSenders.sender })
    .from(blockedSenders)
    .where(eq(blockedSenders.userId, sql.placeholder('userId')))
    .prepare('scan_list_blocked_senders');

  return {
    /**
     * The whole (short) list rather than a lookup of the one sender: the engine also matches
     * the address inside "Name <address>", and that rule should live in one place, the engine.
     */
    async listBlockedSenders(userId: string): Promise<string[]> {
      const rows = await listBlocked.execute({ userId });
      return rows.map((r) => r.sender);
    },
  };
}

/** The scan repository. */
export type ScanRepository = ReturnType<typeof createScanRepository>;

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { blockedSenders } from '../../db/schema.ts';

/** The lookup key of a sender: trimmed and lower-cased, as the contract says blocking matches. */
export function toSenderKey(sender: string): string {
  return sender.trim().toLowerCase();
}

/** SQL the scan path reads. Storing the scan goes through the messages repository. */
export function createScanRepository(db: Db) {
  const isBlocked = db
    .select({ id: blockedSenders.id })
    .from(blockedSenders)
    .where(and(eq(blockedSenders.userId, sql.placeholder('userId')), eq(blockedSenders.senderKey, sql.placeholder('senderKey'))))
    .limit(1)
    .prepare('scan_is_sender_blocked');

  return {
    /** One indexed lookup instead of loading the whole list: a scan has one sender. */
    async isSenderBlocked(userId: string, sender: string): Promise<boolean> {
      const rows = await isBlocked.execute({ userId, senderKey: toSenderKey(sender) });
      return rows.length > 0;
    },
  };
}

/** The scan repository. */
export type ScanRepository = ReturnType<typeof createScanRepository>;

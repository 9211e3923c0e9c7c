import type { BlockedSender } from '@baitcheck/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { blockedSenders } from '../../db/schema.ts';

/** The uniqueness key of a sender: trimmed and lower-cased, as the contract says blocking matches. */
function toSenderKey(sender: string): string {
  return sender.trim().toLowerCase();
}

const columns = { id: blockedSenders.id, sender: blockedSenders.sender, createdAt: blockedSenders.createdAt };

export function toBlockedSender(row: { id: string; sender: string; createdAt: Date }): BlockedSender {
  return { id: row.id, sender: row.sender, createdAt: row.createdAt.toISOString() };
}

/** All SQL of the blocked-senders list. */
export function createBlockedSendersRepository(db: Db) {
  const listSenders = db
    .select({ sender: blockedSenders.sender })
    .from(blockedSenders)
    .where(eq(blockedSenders.userId, sql.placeholder('userId')))
    .prepare('blocked_senders_list_senders');

  return {
    /** Just the senders, for the engine. */
    async listSenders(userId: string): Promise<string[]> {
      const rows = await listSenders.execute({ userId });
      return rows.map((r) => r.sender);
    },

    async list(userId: string): Promise<BlockedSender[]> {
      const rows = await db.select(columns).from(blockedSenders).where(eq(blockedSenders.userId, userId)).orderBy(desc(blockedSenders.createdAt), desc(blockedSenders.id));
      return rows.map(toBlockedSender);
    },

    async countFor(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(blockedSenders).where(eq(blockedSenders.userId, userId));
      return row?.n ?? 0;
    },

    /** The user's entry for this sender (any case), if they blocked it. */
    async findBySender(userId: string, sender: string): Promise<BlockedSender | undefined> {
      const [row] = await db
        .select(columns)
        .from(blockedSenders)
        .where(and(eq(blockedSenders.userId, userId), eq(blockedSenders.senderKey, toSenderKey(sender))))
        .limit(1);
      return row ? toBlockedSender(row) : undefined;
    },

    /** Inserts unless the user already blocked this sender (any case); `created` says which. */
    async insertOrFind(userId: string, sender: string): Promise<{ blocked: BlockedSender; created: boolean }> {
      const senderKey = toSenderKey(sender);
      const [inserted] = await db.insert(blockedSenders).values({ userId, sender, senderKey }).onConflictDoNothing().returning(columns);
      if (inserted) return { blocked: toBlockedSender(inserted), created: true };
      const [existing] = await db
        .select(columns)
        .from(blockedSenders)
        .where(and(eq(blockedSenders.userId, userId), eq(blockedSenders.senderKey, senderKey)))
        .limit(1);
      if (!existing) throw new Error('blocked sender vanished between insert and select');
      return { blocked: toBlockedSender(existing), created: false };
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(blockedSenders)
        .where(and(eq(blockedSenders.userId, userId), eq(blockedSenders.id, id)))
        .returning({ id: blockedSenders.id });
      return rows.length > 0;
    },
  };
}

/** The blocked senders repository. */
export type BlockedSendersRepository = ReturnType<typeof createBlockedSendersRepository>;

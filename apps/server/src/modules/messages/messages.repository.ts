import type { Message, ThreatLevel } from '@baitcheck/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';

type MessageRow = typeof messages.$inferSelect;

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    sender: row.sender,
    content: row.content,
    source: row.source,
    kind: row.kind,
    threatLevel: row.threatLevel,
    scanDate: row.scanDate.toISOString(),
    // Rows written before checks and notes existed lack them; the contract promises arrays.
    threatDetails: { ...row.threatDetails, checks: row.threatDetails.checks ?? [], notes: row.threatDetails.notes ?? [] },
  };
}

/** Reading and deleting the history (`messages`); every query is scoped by user id. Scans write it (scan repository). */
export function createMessagesRepository(db: Db) {
  return {
    async list(userId: string, options: { limit: number; threatLevel?: ThreatLevel | undefined }): Promise<Message[]> {
      const where = options.threatLevel
        ? and(eq(messages.userId, userId), eq(messages.threatLevel, options.threatLevel))
        : eq(messages.userId, userId);
      const rows = await db.select().from(messages).where(where).orderBy(desc(messages.scanDate), desc(messages.id)).limit(options.limit);
      return rows.map(toMessage);
    },

    async find(userId: string, id: string): Promise<Message | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.id, id)))
        .limit(1);
      return row ? toMessage(row) : undefined;
    },

    /** True when a message of this user was deleted. */
    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(messages)
        .where(and(eq(messages.userId, userId), eq(messages.id, id)))
        .returning({ id: messages.id });
      return rows.length > 0;
    },
  };
}

/** The messages repository. */
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;

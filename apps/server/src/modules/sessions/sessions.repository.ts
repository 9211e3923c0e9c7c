import { and, eq, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessions, users } from '../../db/schema.ts';

/** A stored session as the service needs it. */
export interface SessionRow {
  userId: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** All SQL about sessions and the guest users they create. */
export function createSessionsRepository(db: Db) {
  const findByHash = db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('session_find_by_hash');

  return {
    async find(idHash: string): Promise<SessionRow | undefined> {
      const rows = await findByHash.execute({ idHash });
      return rows[0];
    },

    /** A new guest user and their first session, together or not at all. */
    async createGuest(idHash: string, expiresAt: Date): Promise<string> {
      const userId = crypto.randomUUID();
      await db.transaction(async (tx) => {
        await tx.insert(users).values({ id: userId, kind: 'guest' });
        await tx.insert(sessions).values({ idHash, userId, expiresAt });
      });
      return userId;
    },

    /** A new session for an existing user (a sign-in). */
    async createFor(idHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.insert(sessions).values({ idHash, userId, expiresAt });
    },

    /** Ends every session of `userId` but `exceptHash`; returns the ended sessions' hashes. */
    async deleteForUser(userId: string, exceptHash?: string): Promise<string[]> {
      const where = exceptHash === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.idHash, exceptHash));
      const rows = await db.delete(sessions).where(where).returning({ idHash: sessions.idHash });
      return rows.map((r) => r.idHash);
    },

    async touch(idHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.idHash, idHash));
    },

    async delete(idHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },

    /**
     * Deletes expired sessions, then guest users left with no session: nobody can reach their
     * data any more. Account users are kept (they can sign in again).
     */
    async pruneExpired(now: Date): Promise<{ sessions: number; guests: number }> {
      const deletedSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ idHash: sessions.idHash });
      const deletedGuests = await db
        .delete(users)
        .where(and(eq(users.kind, 'guest'), notExists(db.select({ one: sql`1` }).from(sessions).where(eq(sessions.userId, users.id)))))
        .returning({ id: users.id });
      return { sessions: deletedSessions.length, guests: deletedGuests.length };
    },
  };
}

/** The sessions repository. */
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

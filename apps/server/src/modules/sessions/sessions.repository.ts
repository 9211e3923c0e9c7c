import { and, eq, gte, inArray, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { blockedSenders, messages, notificationPreferences, protectionSettings, reports, sessions, users } from '../../db/schema.ts';

/** A stored session as the service needs it. */
export interface SessionRow {
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** What the pruning removes: sessions that ended, and guests that are gone for good. */
export interface PruneRules {
  now: Date;
  /** Sessions of accounts that began before this have reached their absolute limit. */
  accountSessionsStartedBefore: Date;
  /** Guests with nothing stored whose last visit was before this are removed. */
  idleGuestsLastSeenBefore: Date;
}

/** All SQL about sessions and the guest users they create. */
export function createSessionsRepository(db: Db) {
  const findByHash = db
    .select({ userId: sessions.userId, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
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
    async createGuest(idHash: string, createdAt: Date, expiresAt: Date): Promise<string> {
      const userId = crypto.randomUUID();
      await db.transaction(async (tx) => {
        await tx.insert(users).values({ id: userId, kind: 'guest', createdAt });
        await tx.insert(sessions).values({ idHash, userId, createdAt, lastSeenAt: createdAt, expiresAt });
      });
      return userId;
    },

    /** A new session for an existing user (a sign-in). */
    async createFor(idHash: string, userId: string, createdAt: Date, expiresAt: Date): Promise<void> {
      await db.insert(sessions).values({ idHash, userId, createdAt, lastSeenAt: createdAt, expiresAt });
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
     * Deletes ended sessions (expired, or an account's past its absolute limit), then the guests
     * nobody can come back as: those left with no session, and those who stored nothing and have
     * not visited since `idleGuestsLastSeenBefore` (their return would look exactly like a new
     * guest's). Returns the deleted sessions' hashes and the deleted guests' ids, so caches can
     * forget them. Account users are kept (they can sign in again).
     */
    async pruneExpired(rules: PruneRules): Promise<{ sessionHashes: string[]; guests: number; guestIds: string[] }> {
      const accountIds = db.select({ id: users.id }).from(users).where(eq(users.kind, 'account'));
      const deletedSessions = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, rules.now), and(lt(sessions.createdAt, rules.accountSessionsStartedBefore), inArray(sessions.userId, accountIds))))
        .returning({ idHash: sessions.idHash });
      const owns = (table: typeof messages | typeof reports | typeof blockedSenders | typeof protectionSettings | typeof notificationPreferences) =>
        notExists(db.select({ one: sql`1` }).from(table).where(eq(table.userId, users.id)));
      const idle = and(
        notExists(db.select({ one: sql`1` }).from(sessions).where(and(eq(sessions.userId, users.id), gte(sessions.lastSeenAt, rules.idleGuestsLastSeenBefore)))),
        owns(messages),
        owns(reports),
        owns(blockedSenders),
        owns(protectionSettings),
        owns(notificationPreferences),
      );
      const unreachable = notExists(db.select({ one: sql`1` }).from(sessions).where(eq(sessions.userId, users.id)));
      // the guests' own sessions go with them (ON DELETE CASCADE)
      const guestSessions = await db
        .select({ idHash: sessions.idHash })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(users.kind, 'guest'), idle));
      const deletedGuests = await db
        .delete(users)
        .where(and(eq(users.kind, 'guest'), or(unreachable, idle)))
        .returning({ id: users.id });
      return {
        sessionHashes: [...deletedSessions.map((r) => r.idHash), ...guestSessions.map((r) => r.idHash)],
        guests: deletedGuests.length,
        guestIds: deletedGuests.map((r) => r.id),
      };
    },
  };
}

/** The sessions repository. */
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

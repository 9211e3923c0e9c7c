import { randomBytes } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { blockedSenders, messages, notificationPreferences, protectionSettings, reports, serverKeys, users } from '../../db/schema.ts';

/** A user row as the account service needs it. */
export interface UserRow {
  id: string;
  kind: 'guest' | 'account';
  email: string | null;
  passwordHash: string | null;
  createdAt: Date;
}

const columns = { id: users.id, kind: users.kind, email: users.email, passwordHash: users.passwordHash, createdAt: users.createdAt };

/** PostgreSQL's unique_violation, as both drivers report it. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** All SQL of accounts: users, and moving a guest's data into an account. */
export function createAccountsRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findAccountByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(users)
        .where(and(eq(users.kind, 'account'), sql`lower(${users.email}) = ${email.toLowerCase()}`))
        .limit(1);
      return row;
    },

    /** Turns guest `id` into an account; false when the email is taken (or the row is no guest). */
    async upgradeGuest(id: string, email: string, passwordHash: string, now: Date): Promise<'ok' | 'email-taken' | 'not-guest'> {
      try {
        const rows = await db
          .update(users)
          .set({ kind: 'account', email, passwordHash, passwordChangedAt: now, updatedAt: now })
          .where(and(eq(users.id, id), eq(users.kind, 'guest')))
          .returning({ id: users.id });
        return rows.length === 1 ? 'ok' : 'not-guest';
      } catch (err) {
        if (isUniqueViolation(err)) return 'email-taken';
        throw err;
      }
    },

    /**
     * Replaces the password hash only while it is still `verifiedHash` (the one the current
     * password was checked against): of two changes racing from one verified password, one
     * wins. False when it was changed meanwhile.
     */
    async setPasswordIfUnchanged(id: string, verifiedHash: string, passwordHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
        .where(and(eq(users.id, id), eq(users.kind, 'account'), eq(users.passwordHash, verifiedHash)))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /**
     * The secret named `name`, made (32 random bytes) the first time any server asks. Two
     * servers asking at once on one PostgreSQL both insert; the loser's insert does nothing and
     * it reads the winner's.
     */
    async loadServerKey(name: string): Promise<Buffer> {
      await db.insert(serverKeys).values({ name, secret: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      const [row] = await db.select({ secret: serverKeys.secret }).from(serverKeys).where(eq(serverKeys.name, name)).limit(1);
      if (!row) throw new Error(`the server key ${name} vanished`);
      return Buffer.from(row.secret, 'base64url');
    },

    /**
     * Moves everything guest `guestId` did into account `accountId`, in one transaction, then
     * deletes the guest (and with it its session): history and reports move; blocked senders
     * move unless the account already blocks them; switches and notification preferences move
     * only when the account has none of its own (the account's choices win).
     */
    async mergeGuestInto(guestId: string, accountId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [guest] = await tx.select({ kind: users.kind }).from(users).where(eq(users.id, guestId)).limit(1);
        if (guest?.kind !== 'guest') return;
        await tx.update(messages).set({ userId: accountId }).where(eq(messages.userId, guestId));
        await tx.update(reports).set({ userId: accountId }).where(eq(reports.userId, guestId));
        const kept = tx.select({ key: blockedSenders.senderKey }).from(blockedSenders).where(eq(blockedSenders.userId, accountId));
        await tx
          .update(blockedSenders)
          .set({ userId: accountId })
          .where(and(eq(blockedSenders.userId, guestId), notInArray(blockedSenders.senderKey, kept)));
        const [ownSettings] = await tx.select({ id: protectionSettings.userId }).from(protectionSettings).where(eq(protectionSettings.userId, accountId));
        if (!ownSettings) await tx.update(protectionSettings).set({ userId: accountId }).where(eq(protectionSettings.userId, guestId));
        const [ownPrefs] = await tx.select({ id: notificationPreferences.userId }).from(notificationPreferences).where(eq(notificationPreferences.userId, accountId));
        if (!ownPrefs) await tx.update(notificationPreferences).set({ userId: accountId }).where(eq(notificationPreferences.userId, guestId));
        await tx.delete(users).where(eq(users.id, guestId));
      });
    },
  };
}

/** The accounts repository. */
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { articleVotes, blockedSenders, familyInvitations, messages, notificationPreferences, protectionSettings, reports, scanRequestKeys, scanUsage, serverKeys, supportRequests, users } from '../../db/schema.ts';

/** A user row as the account service needs it. */
export interface UserRow {
  id: string;
  kind: 'guest' | 'account';
  email: string | null;
  passwordHash: string | null;
  createdAt: Date;
}

/** What one user may keep, which a merge keeps to as well. */
export interface MergeCaps {
  /** `MAX_STORED_MESSAGES`. */
  messages: number;
  /** `MAX_REPORTS`. */
  reports: number;
  /** `MAX_BLOCKED_SENDERS`. */
  blockedSenders: number;
  /** Idempotency-Keys of scans a user keeps (the scan module's newest 100)... */
  requestKeys: number;
  /** ...made since this time (the 24 hours a repeat is answered). */
  requestKeysSince: Date;
}

const columns = { id: users.id, kind: users.kind, email: users.email, passwordHash: users.passwordHash, createdAt: users.createdAt };

/** A transaction of {@link Db}. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Deletes `userId`'s rows of `table` beyond the newest `cap` (by `at`, then by `id`). */
async function keepNewest(tx: Tx, table: PgTable, columns: { id: PgColumn; userId: PgColumn; at: PgColumn }, userId: string, cap: number): Promise<void> {
  const oldest = tx.select({ id: columns.id }).from(table).where(eq(columns.userId, userId)).orderBy(desc(columns.at), desc(columns.id)).offset(cap);
  await tx.delete(table).where(and(eq(columns.userId, userId), inArray(columns.id, oldest)));
}

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
    /**
     * Deletes the user and everything of theirs, in one transaction: what refers to them goes with
     * them (the schema's cascades), and what would otherwise keep them after (a support request,
     * an invitation to their email) is deleted first. Only the record that a payment event was
     * received stays, with no one's name on it (`billing_events`, their id set to null).
     */
    async deleteAccount(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id)).for('update');
        if (!row) return;
        await tx.delete(supportRequests).where(eq(supportRequests.userId, id));
        await tx
          .delete(familyInvitations)
          .where(row.email === null ? eq(familyInvitations.acceptedBy, id) : or(eq(familyInvitations.acceptedBy, id), sql`lower(${familyInvitations.email}) = lower(${row.email})`));
        await tx.delete(users).where(eq(users.id, id));
      });
    },

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
     * move unless the account already blocks them; the Idempotency-Keys of its finished scans
     * move (a retry after signing in answers the first result rather than storing a copy), and so
     * do its scans counted against the daily limit, its Knowledge Base votes (the account's own vote
     * on an article stands) and its support requests;
     * switches and notification preferences move only when the account has none of its own (the
     * account's choices win).
     *
     * The account keeps to every cap afterwards, as if each row had been stored in it: where the
     * two together hold more, the newest are kept and the oldest dropped, whichever side they
     * came from. Dropping is the one way to keep the cap (one account absorbing guest after guest
     * held 800 reports under a cap of 200, and listing them was a 494 MB answer), and the newest
     * are what the person just did and saw as a guest; what goes is the oldest, long out of
     * sight. Nothing is dropped when the two fit, nor when the guest brings nothing of a kind.
     */
    async mergeGuestInto(guestId: string, accountId: string, caps: MergeCaps): Promise<void> {
      await db.transaction(async (tx) => {
        const [guest] = await tx.select({ kind: users.kind }).from(users).where(eq(users.id, guestId)).limit(1);
        if (guest?.kind !== 'guest') return;
        const movedMessages = await tx.update(messages).set({ userId: accountId }).where(eq(messages.userId, guestId)).returning({ id: messages.id });
        if (movedMessages.length > 0) await keepNewest(tx, messages, { id: messages.id, userId: messages.userId, at: messages.scanDate }, accountId, caps.messages);

        const movedReports = await tx.update(reports).set({ userId: accountId }).where(eq(reports.userId, guestId)).returning({ id: reports.id });
        if (movedReports.length > 0) await keepNewest(tx, reports, { id: reports.id, userId: reports.userId, at: reports.createdAt }, accountId, caps.reports);

        const kept = tx.select({ key: blockedSenders.senderKey }).from(blockedSenders).where(eq(blockedSenders.userId, accountId));
        const movedBlocks = await tx
          .update(blockedSenders)
          .set({ userId: accountId })
          .where(and(eq(blockedSenders.userId, guestId), notInArray(blockedSenders.senderKey, kept)))
          .returning({ id: blockedSenders.id });
        if (movedBlocks.length > 0) await keepNewest(tx, blockedSenders, { id: blockedSenders.id, userId: blockedSenders.userId, at: blockedSenders.createdAt }, accountId, caps.blockedSenders);

        // the guest's Knowledge Base votes, but for articles the account voted on itself (its own vote stands)
        const votedByAccount = tx.select({ articleId: articleVotes.articleId }).from(articleVotes).where(eq(articleVotes.userId, accountId));
        await tx
          .update(articleVotes)
          .set({ userId: accountId })
          .where(and(eq(articleVotes.userId, guestId), notInArray(articleVotes.articleId, votedByAccount)));
        // support requests are the person's: the hour's limit goes on counting them
        await tx.update(supportRequests).set({ userId: accountId }).where(eq(supportRequests.userId, guestId));

        // a key still running belongs to a scan that stores under the guest (it is let go with
        // it); an expired one answers nothing any more; one the account holds too stays the account's
        const ownKeys = tx.select({ key: scanRequestKeys.key }).from(scanRequestKeys).where(eq(scanRequestKeys.userId, accountId));
        const movedKeys = await tx
          .update(scanRequestKeys)
          .set({ userId: accountId })
          .where(
            and(
              eq(scanRequestKeys.userId, guestId),
              isNotNull(scanRequestKeys.response),
              gte(scanRequestKeys.createdAt, caps.requestKeysSince),
              notInArray(scanRequestKeys.key, ownKeys),
            ),
          )
          .returning({ key: scanRequestKeys.key });
        if (movedKeys.length > 0) await keepNewest(tx, scanRequestKeys, { id: scanRequestKeys.key, userId: scanRequestKeys.userId, at: scanRequestKeys.createdAt }, accountId, caps.requestKeys);

        // today's scans were the same person's: they count against the account's daily limit
        // too (an unsaved scan's key the account holds as well is dropped from the guest's count)
        const accountKeys = tx.select({ key: scanUsage.key }).from(scanUsage).where(and(eq(scanUsage.userId, accountId), isNotNull(scanUsage.key)));
        await tx.update(scanUsage).set({ key: null, requestHash: null }).where(and(eq(scanUsage.userId, guestId), inArray(scanUsage.key, accountKeys)));
        await tx.update(scanUsage).set({ userId: accountId }).where(eq(scanUsage.userId, guestId));

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

import type { PlanId, SupportIssueType } from '@baitcheck/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { supportRequests, users } from '../../db/schema.ts';

/**
 * Advisory lock classes (first key) of a person's and of a mailbox's support requests: each
 * one's requests are counted and stored one at a time, on one server or several, so requests
 * arriving together cannot all see room for themselves.
 */
const PERSON_LOCK_CLASS = 1_017_001;
const MAILBOX_LOCK_CLASS = 1_017_002;

const HOUR_MS = 60 * 60 * 1000;

/** A support request to store. */
export interface NewSupportRequest {
  userId: string;
  name: string;
  email: string;
  /** {@link mailboxOf} the email: what the per-address limit counts. */
  mailbox: string;
  issueType: SupportIssueType;
  subject: string;
  message: string;
  plan: PlanId;
  priority: boolean;
}

/**
 * What storing did: stored (and whether the mailbox may still be sent a confirmation this hour),
 * or refused for the person's limit (and when it next has room).
 */
export type StoreOutcome = { kind: 'stored'; id: string; confirm: boolean } | { kind: 'limited'; retryAt: Date };

/** A transaction of {@link Db}. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * When the hour's window next has room, given the times of the requests in it (oldest first);
 * null while it has room now. A request counts until an hour after it was made.
 */
function nextRoom(times: Date[], perHour: number): Date | null {
  if (times.length < perHour) return null;
  return new Date(times[times.length - perHour]!.getTime() + HOUR_MS);
}

/** All SQL of Contact Support. */
export function createContactSupportRepository(db: Db) {
  return {
    /** The account's email; undefined for a guest (or no such user). */
    async accountEmail(userId: string): Promise<string | undefined> {
      if (userId === '') return undefined;
      const [row] = await db.select({ kind: users.kind, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.kind === 'account' && row.email ? row.email : undefined;
    },

    /**
     * Stores the request made at `now` unless the person already made `perHour` in the hour
     * before; `confirm` is false when requests naming this mailbox (whoever sent them) already
     * did: the request is kept and goes to support, but that inbox is not sent another
     * confirmation. A stranger typing someone's address can so neither lock them out of support
     * nor fill their inbox. One transaction under the person's lock, then the mailbox's (always in
     * that order: no two requests can each hold a lock the other waits for), so the count and the
     * insert are one step and concurrent requests cannot make a sixth.
     */
    async storeWithinLimits(request: NewSupportRequest, limits: { perHour: number; now: Date }): Promise<StoreOutcome> {
      return db.transaction(async (tx: Tx): Promise<StoreOutcome> => {
        const since = new Date(limits.now.getTime() - HOUR_MS);
        // every request has a user (the session makes a newcomer's guest first); '' would be nobody's
        const person = request.userId === '' ? null : request.userId;
        if (person) await tx.execute(sql`select pg_advisory_xact_lock(${PERSON_LOCK_CLASS}, hashtext(${person}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(${MAILBOX_LOCK_CLASS}, hashtext(${request.mailbox}))`);
        const windowOf = (where: ReturnType<typeof and>) =>
          tx.select({ at: supportRequests.createdAt }).from(supportRequests).where(where).orderBy(asc(supportRequests.createdAt));
        const mine = person ? await windowOf(and(eq(supportRequests.userId, person), gt(supportRequests.createdAt, since))) : [];
        const toMailbox = await windowOf(and(eq(supportRequests.mailbox, request.mailbox), gt(supportRequests.createdAt, since)));
        const personRoom = nextRoom(mine.map((r) => r.at), limits.perHour);
        if (personRoom) return { kind: 'limited', retryAt: personRoom };
        const confirm = toMailbox.length < limits.perHour;
        const [row] = await tx
          .insert(supportRequests)
          .values({ ...request, userId: person, createdAt: limits.now })
          .returning({ id: supportRequests.id });
        return { kind: 'stored', id: row!.id, confirm };
      });
    },

    /** Records which of the request's two emails the mail server accepted. */
    async markEmailed(id: string, sent: { supportEmailSent: boolean; confirmationSent: boolean }): Promise<void> {
      await db.update(supportRequests).set(sent).where(eq(supportRequests.id, id));
    },
  };
}

/** The Contact Support repository. */
export type ContactSupportRepository = ReturnType<typeof createContactSupportRepository>;

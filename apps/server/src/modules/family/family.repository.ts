import type { MessageSource, ThreatLevel } from '@baitcheck/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceScans, families, familyInvitationEmails, familyInvitations, familyMembers, messages, users } from '../../db/schema.ts';
import { mailboxOf } from '../../lib/mailbox.ts';
import { visibleMessages } from '../messages/history-window.ts';

/**
 * The first key of the advisory locks taken on a person before their place in a family changes
 * (founding one, joining one): one change at a time per person, on one server or several.
 */
const PERSON_LOCK_CLASS = 1_016_003;
/** Advisory lock class of an invited mailbox: every manager's invitations to it are counted in turn. */
const MAILBOX_LOCK_CLASS = 1_016_004;

/** A transaction of {@link Db}. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A family as the service reads it. */
export interface FamilyRow {
  id: string;
  managerId: string;
  adultConfirmedAt: Date;
}

/** A member's row, with their account email. */
export interface MemberRow {
  userId: string;
  email: string;
  joinedAt: Date;
  protectionManaged: boolean;
}

/** An unused invitation. */
export interface InvitationRow {
  id: string;
  email: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Someone's place in another person's family. */
export interface MembershipRow {
  familyId: string;
  managerId: string;
  managerEmail: string;
  joinedAt: Date;
  protectionManaged: boolean;
}

/** An invitation found by its token, with whose family it is. */
export interface InvitationByToken {
  id: string;
  familyId: string;
  managerId: string;
  managerEmail: string;
  email: string;
  expiresAt: Date;
  acceptedAt: Date | null;
}

/** What inviting did. */
export type InviteOutcome =
  | { kind: 'invited'; invitation: InvitationRow }
  | { kind: 'no-family' }
  | { kind: 'in-another-family' }
  | { kind: 'already-member' }
  | { kind: 'full' }
  | { kind: 'email-too-soon' }
  | { kind: 'emails-exhausted' };

/** What joining did. */
export type JoinOutcome =
  | { kind: 'joined'; familyId: string }
  | { kind: 'not-found' }
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'own' }
  | { kind: 'in-a-family' }
  | { kind: 'full' };

/** Takes the advisory lock on `userId` for the rest of the transaction. */
async function lockPerson(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PERSON_LOCK_CLASS}, hashtext(${userId}))`);
}

/** Locks the family's row for the rest of the transaction (every change of who is in it takes it). */
async function lockFamily(tx: Tx, familyId: string): Promise<FamilyRow | undefined> {
  const [row] = await tx
    .select({ id: families.id, managerId: families.managerId, adultConfirmedAt: families.adultConfirmedAt })
    .from(families)
    .where(eq(families.id, familyId))
    .for('update');
  return row;
}

/** Members plus unused invitations that have not expired: the places taken besides the manager's. */
async function placesTaken(tx: Tx, familyId: string, now: Date, exceptEmail?: string): Promise<number> {
  const [m] = await tx.select({ n: count() }).from(familyMembers).where(eq(familyMembers.familyId, familyId));
  const [i] = await tx
    .select({ n: count() })
    .from(familyInvitations)
    .where(
      and(
        eq(familyInvitations.familyId, familyId),
        isNull(familyInvitations.acceptedAt),
        gt(familyInvitations.expiresAt, now),
        exceptEmail === undefined ? undefined : ne(sql`lower(${familyInvitations.email})`, exceptEmail.toLowerCase()),
      ),
    );
  return (m?.n ?? 0) + (i?.n ?? 0);
}

/** All SQL of the Family plan. */
export function createFamilyRepository(db: Db) {
  return {
    /** The account's email; undefined for a guest (or no such user). */
    async accountEmail(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ kind: users.kind, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.kind === 'account' && row.email ? row.email : undefined;
    },

    /** The family `managerId` manages, if any. */
    async familyManagedBy(managerId: string): Promise<FamilyRow | undefined> {
      const [row] = await db
        .select({ id: families.id, managerId: families.managerId, adultConfirmedAt: families.adultConfirmedAt })
        .from(families)
        .where(eq(families.managerId, managerId))
        .limit(1);
      return row;
    },

    /** The family `userId` is a member of (not as its manager), if any. */
    async membershipOf(userId: string): Promise<MembershipRow | undefined> {
      const [row] = await db
        .select({
          familyId: familyMembers.familyId,
          managerId: families.managerId,
          managerEmail: users.email,
          joinedAt: familyMembers.joinedAt,
          protectionManaged: familyMembers.protectionManaged,
        })
        .from(familyMembers)
        .innerJoin(families, eq(families.id, familyMembers.familyId))
        .innerJoin(users, eq(users.id, families.managerId))
        .where(eq(familyMembers.userId, userId))
        .limit(1);
      return row ? { ...row, managerEmail: row.managerEmail ?? '' } : undefined;
    },

    /** The manager of the family `userId` is a member of: whose plan they may have. */
    async managerOfMember(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ managerId: families.managerId })
        .from(familyMembers)
        .innerJoin(families, eq(families.id, familyMembers.familyId))
        .where(eq(familyMembers.userId, userId))
        .limit(1);
      return row?.managerId;
    },

    /** The members of the families `managerIds` manage. */
    async membersOfManagers(managerIds: readonly string[]): Promise<string[]> {
      if (managerIds.length === 0) return [];
      const rows = await db
        .select({ userId: familyMembers.userId })
        .from(familyMembers)
        .innerJoin(families, eq(families.id, familyMembers.familyId))
        .where(inArray(families.managerId, [...managerIds]));
      return rows.map((r) => r.userId);
    },

    /** A family's members, first joined first, with their account emails. */
    async members(familyId: string): Promise<MemberRow[]> {
      const rows = await db
        .select({ userId: familyMembers.userId, email: users.email, joinedAt: familyMembers.joinedAt, protectionManaged: familyMembers.protectionManaged })
        .from(familyMembers)
        .innerJoin(users, eq(users.id, familyMembers.userId))
        .where(eq(familyMembers.familyId, familyId))
        .orderBy(asc(familyMembers.joinedAt), asc(familyMembers.userId));
      return rows.map((r) => ({ ...r, email: r.email ?? '' }));
    },

    /** The member's row, when `userId` is a member of `familyId`. */
    async member(familyId: string, userId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select({ userId: familyMembers.userId, email: users.email, joinedAt: familyMembers.joinedAt, protectionManaged: familyMembers.protectionManaged })
        .from(familyMembers)
        .innerJoin(users, eq(users.id, familyMembers.userId))
        .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)))
        .limit(1);
      return row ? { ...row, email: row.email ?? '' } : undefined;
    },

    /** A family's unused invitations (expired ones too), newest first. */
    async invitations(familyId: string): Promise<InvitationRow[]> {
      return db
        .select({ id: familyInvitations.id, email: familyInvitations.email, createdAt: familyInvitations.createdAt, expiresAt: familyInvitations.expiresAt })
        .from(familyInvitations)
        .where(and(eq(familyInvitations.familyId, familyId), isNull(familyInvitations.acceptedAt)))
        .orderBy(desc(familyInvitations.createdAt), desc(familyInvitations.id));
    },

    /** The invitation whose token hashes to `tokenHash`, with its family's manager. */
    async invitationByToken(tokenHash: string): Promise<InvitationByToken | undefined> {
      const [row] = await db
        .select({
          id: familyInvitations.id,
          familyId: familyInvitations.familyId,
          managerId: families.managerId,
          managerEmail: users.email,
          email: familyInvitations.email,
          expiresAt: familyInvitations.expiresAt,
          acceptedAt: familyInvitations.acceptedAt,
        })
        .from(familyInvitations)
        .innerJoin(families, eq(families.id, familyInvitations.familyId))
        .innerJoin(users, eq(users.id, families.managerId))
        .where(eq(familyInvitations.tokenHash, tokenHash))
        .limit(1);
      return row ? { ...row, managerEmail: row.managerEmail ?? '' } : undefined;
    },

    /**
     * Invites `email` to the family `managerId` manages, founding it first when `found` says so
     * (the manager stated they are 18 or over at `found.adultConfirmedAt`). One transaction under
     * the manager's lock and the family's row lock, so concurrent invitations cannot together
     * take more than `maxPeople` places: the manager, the members and every unused invitation
     * that has not expired count. A new invitation to an address already invited replaces the
     * earlier one (its link stops working).
     */
    async invite(input: {
      managerId: string;
      email: string;
      tokenHash: string;
      now: Date;
      expiresAt: Date;
      maxPeople: number;
      found: { adultConfirmedAt: Date } | null;
      /** The invitation will be emailed: the manager's email budget applies (one an hour per address, so many a day), whatever family they found. */
      emailing: { perDay: number; perMailboxPerDay: number; cooldownMs: number } | null;
    }): Promise<InviteOutcome> {
      return db.transaction(async (tx): Promise<InviteOutcome> => {
        await lockPerson(tx, input.managerId);
        const [existing] = await tx.select({ id: families.id }).from(families).where(eq(families.managerId, input.managerId)).limit(1);
        let familyId = existing?.id;
        if (!familyId) {
          if (!input.found) return { kind: 'no-family' };
          const [member] = await tx.select({ familyId: familyMembers.familyId }).from(familyMembers).where(eq(familyMembers.userId, input.managerId)).limit(1);
          if (member) return { kind: 'in-another-family' };
          const [made] = await tx.insert(families).values({ managerId: input.managerId, adultConfirmedAt: input.found.adultConfirmedAt, createdAt: input.now }).returning({ id: families.id });
          familyId = made!.id;
        }
        // ending a family takes the manager's lock too, so it cannot end under this invitation;
        // should the row be gone all the same, there is no family to invite to
        if (!(await lockFamily(tx, familyId))) return { kind: 'no-family' };
        const email = input.email.trim();
        const [already] = await tx
          .select({ userId: familyMembers.userId })
          .from(familyMembers)
          .innerJoin(users, eq(users.id, familyMembers.userId))
          .where(and(eq(familyMembers.familyId, familyId), eq(sql`lower(${users.email})`, email.toLowerCase())))
          .limit(1);
        if (already) return { kind: 'already-member' };
        if (1 + (await placesTaken(tx, familyId, input.now, email)) >= input.maxPeople) return { kind: 'full' };
        if (input.emailing) {
          const mailbox = mailboxOf(email);
          // every manager's sends to this mailbox are counted in turn (locks taken in one order: person, family, mailbox)
          await tx.execute(sql`select pg_advisory_xact_lock(${MAILBOX_LOCK_CLASS}, hashtext(${mailbox}))`);
          const dayAgo = new Date(input.now.getTime() - 24 * 60 * 60 * 1000);
          // the manager's sends of the last day (older ones go: they no longer count)
          await tx.delete(familyInvitationEmails).where(and(eq(familyInvitationEmails.managerId, input.managerId), lt(familyInvitationEmails.sentAt, dayAgo)));
          const [mine] = await tx.select({ n: count() }).from(familyInvitationEmails).where(and(eq(familyInvitationEmails.managerId, input.managerId), gt(familyInvitationEmails.sentAt, dayAgo)));
          // the mailbox's, from anyone: once an hour, a few a day, however many accounts send them
          const toMailbox = await tx
            .select({ sentAt: familyInvitationEmails.sentAt })
            .from(familyInvitationEmails)
            .where(and(eq(familyInvitationEmails.email, mailbox), gt(familyInvitationEmails.sentAt, dayAgo)));
          const recent = new Date(input.now.getTime() - input.emailing.cooldownMs);
          if (toMailbox.some((x) => x.sentAt > recent) || toMailbox.length >= input.emailing.perMailboxPerDay) return { kind: 'email-too-soon' };
          if ((mine?.n ?? 0) >= input.emailing.perDay) return { kind: 'emails-exhausted' };
          await tx.insert(familyInvitationEmails).values({ managerId: input.managerId, email: mailbox, sentAt: input.now });
        }
        await tx
          .delete(familyInvitations)
          .where(and(eq(familyInvitations.familyId, familyId), isNull(familyInvitations.acceptedAt), eq(sql`lower(${familyInvitations.email})`, email.toLowerCase())));
        const [invitation] = await tx
          .insert(familyInvitations)
          .values({ familyId, email, tokenHash: input.tokenHash, createdAt: input.now, expiresAt: input.expiresAt })
          .returning({ id: familyInvitations.id, email: familyInvitations.email, createdAt: familyInvitations.createdAt, expiresAt: familyInvitations.expiresAt });
        return { kind: 'invited', invitation: invitation! };
      });
    },

    /** Cancels an unused invitation of the family; false when it is not one. */
    async deleteInvitation(familyId: string, invitationId: string): Promise<boolean> {
      const gone = await db
        .delete(familyInvitations)
        .where(and(eq(familyInvitations.id, invitationId), eq(familyInvitations.familyId, familyId), isNull(familyInvitations.acceptedAt)))
        .returning({ id: familyInvitations.id });
      return gone.length > 0;
    },

    /**
     * `userId` joins with the invitation whose token hashes to `tokenHash`. One transaction under
     * the person's lock (they cannot join two families at once) and the family's row lock (two
     * people accepting at once cannot make more than `maxPeople`); the invitation is re-read
     * under them, so it is used once whatever arrives together.
     */
    async join(input: { userId: string; tokenHash: string; now: Date; maxPeople: number }): Promise<JoinOutcome> {
      return db.transaction(async (tx): Promise<JoinOutcome> => {
        await lockPerson(tx, input.userId);
        const [found] = await tx.select({ familyId: familyInvitations.familyId }).from(familyInvitations).where(eq(familyInvitations.tokenHash, input.tokenHash)).limit(1);
        if (!found) return { kind: 'not-found' };
        const family = await lockFamily(tx, found.familyId);
        const [invitation] = await tx
          .select({ id: familyInvitations.id, expiresAt: familyInvitations.expiresAt, acceptedAt: familyInvitations.acceptedAt })
          .from(familyInvitations)
          .where(eq(familyInvitations.tokenHash, input.tokenHash))
          .limit(1);
        if (!family || !invitation) return { kind: 'not-found' };
        if (invitation.acceptedAt) return { kind: 'used' };
        if (invitation.expiresAt <= input.now) return { kind: 'expired' };
        if (family.managerId === input.userId) return { kind: 'own' };
        const [member] = await tx.select({ familyId: familyMembers.familyId }).from(familyMembers).where(eq(familyMembers.userId, input.userId)).limit(1);
        const [manages] = await tx.select({ id: families.id }).from(families).where(eq(families.managerId, input.userId)).limit(1);
        if (member || manages) return { kind: 'in-a-family' };
        const [members] = await tx.select({ n: count() }).from(familyMembers).where(eq(familyMembers.familyId, family.id));
        // the manager, the members, and the newcomer
        if (1 + (members?.n ?? 0) + 1 > input.maxPeople) return { kind: 'full' };
        await tx.insert(familyMembers).values({ userId: input.userId, familyId: family.id, joinedAt: input.now });
        await tx.update(familyInvitations).set({ acceptedAt: input.now, acceptedBy: input.userId }).where(eq(familyInvitations.id, invitation.id));
        return { kind: 'joined', familyId: family.id };
      });
    },

    /** Takes `userId` out of the family; false when they were not in it. */
    async removeMember(familyId: string, userId: string): Promise<boolean> {
      const gone = await db
        .delete(familyMembers)
        .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)))
        .returning({ userId: familyMembers.userId });
      return gone.length > 0;
    },

    /** Ends a family that has no members left (its invitations go with it); false while it has members. */
    async endFamily(familyId: string, managerId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        // the manager's lock first, as an invitation takes it: the two run one after the other
        await lockPerson(tx, managerId);
        if (!(await lockFamily(tx, familyId))) return true;
        const [members] = await tx.select({ n: count() }).from(familyMembers).where(eq(familyMembers.familyId, familyId));
        if ((members?.n ?? 0) > 0) return false;
        await tx.delete(families).where(eq(families.id, familyId));
        return true;
      });
    },

    /** Marks whether the manager sets the member's switches; false when they are not a member. */
    async setProtectionManaged(familyId: string, userId: string, managed: boolean): Promise<boolean> {
      const changed = await db
        .update(familyMembers)
        .set({ protectionManaged: managed })
        .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)))
        .returning({ userId: familyMembers.userId });
      return changed.length > 0;
    },

    /**
     * Scans per member and verdict since `since` (the dashboard's window, within every member's
     * history window): those kept in History and the verdicts of scans made on their devices.
     */
    async countsByLevel(userIds: readonly string[], since: Date): Promise<{ userId: string; threatLevel: ThreatLevel; count: number }[]> {
      if (userIds.length === 0) return [];
      const [kept, onDevice] = await Promise.all([
        db
          .select({ userId: messages.userId, threatLevel: messages.threatLevel, count: sql<number>`count(*)::int` })
          .from(messages)
          .where(and(inArray(messages.userId, [...userIds]), gte(messages.scanDate, since)))
          .groupBy(messages.userId, messages.threatLevel),
        db
          .select({ userId: deviceScans.userId, threatLevel: deviceScans.threatLevel, count: sql<number>`count(*)::int` })
          .from(deviceScans)
          .where(and(inArray(deviceScans.userId, [...userIds]), gte(deviceScans.scannedAt, since)))
          .groupBy(deviceScans.userId, deviceScans.threatLevel),
      ]);
      const sums = new Map<string, { userId: string; threatLevel: ThreatLevel; count: number }>();
      for (const row of [...kept, ...onDevice]) {
        const key = `${row.userId} ${row.threatLevel}`;
        const sum = sums.get(key);
        if (sum) sum.count += row.count;
        else sums.set(key, { ...row });
      }
      return [...sums.values()];
    },

    /**
     * A member's newest alerts (phishing and suspicious scans) since `since`: when, from which
     * channel (null: checked on their device, which sends no channel), how bad. Only those
     * columns are read: the content and sender of a member's messages never leave the database
     * for the dashboard (and those checked on a device never reach it).
     */
    async alerts(userId: string, since: Date, limit: number): Promise<{ scanDate: Date; source: MessageSource | null; threatLevel: ThreatLevel }[]> {
      const [kept, onDevice] = await Promise.all([
        db
          .select({ scanDate: messages.scanDate, source: messages.source, threatLevel: messages.threatLevel })
          .from(messages)
          .where(and(visibleMessages(userId, since), inArray(messages.threatLevel, ['phishing', 'suspicious'])))
          .orderBy(desc(messages.scanDate), desc(messages.id))
          .limit(limit),
        db
          .select({ scanDate: deviceScans.scannedAt, threatLevel: deviceScans.threatLevel })
          .from(deviceScans)
          .where(and(eq(deviceScans.userId, userId), gte(deviceScans.scannedAt, since), inArray(deviceScans.threatLevel, ['phishing', 'suspicious'])))
          .orderBy(desc(deviceScans.scannedAt), desc(deviceScans.id))
          .limit(limit),
      ]);
      return [...kept, ...onDevice.map((row) => ({ ...row, source: null }))].sort((a, b) => b.scanDate.getTime() - a.scanDate.getTime()).slice(0, limit);
    },
  };
}

/** The family repository. */
export type FamilyRepository = ReturnType<typeof createFamilyRepository>;

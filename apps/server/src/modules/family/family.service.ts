import { createHash, randomBytes } from 'node:crypto';
import {
  FAMILY_DASHBOARD_ALERTS,
  FAMILY_DASHBOARD_DAYS,
  FAMILY_INVITATION_DAYS,
  FAMILY_INVITATION_EMAIL_COOLDOWN_MINUTES,
  FAMILY_INVITATION_EMAILS_PER_DAY,
  FAMILY_INVITATION_EMAILS_PER_MAILBOX_PER_DAY,
  FAMILY_MAX_MEMBERS,
  type CreateFamilyInvitationRequest,
  type FamilyDashboard,
  type FamilyInvitation,
  type FamilyInvitationCreated,
  type FamilyInvitationPreview,
  type FamilyProtection,
  type FamilyProtectionRequest,
  type FamilyView,
  type PlanId,
  type ProtectionSettings,
  type ProtectionSettingsPatch,
  type Subscription,
} from '@baitcheck/contracts';
import type { EmailSender } from '../../adapters/email/email-sender.ts';
import { AppError } from '../../lib/app-error.ts';
import { createKeyedQueue } from '../../lib/keyed-queue.ts';
import type { KeyLock } from '../../cluster/key-locks.ts';
import type { FamilyRepository, FamilyRow, InvitationRow } from './family.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where an invitation link leads in the web app; the token follows in the fragment, which browsers never send to a server. */
export const JOIN_PATH = '/family/join';

/** A new invitation token: 32 random bytes, base64url (43 characters). */
export const newInvitationToken = () => randomBytes(32).toString('base64url');
/** What is stored of a token: its SHA-256, so the table holds no working link. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A family needs accounts: a guest's data lives in one browser, and a family spans several. */
const ACCOUNT_FIRST = 'Sign in or create an account first: a family is made of accounts, so your place in it follows you on every device.';

/**
 * The invitation email: the inviter's address and the link, nothing else (no member's data, no
 * message of anyone's). An account's address is not confirmed at sign-up, so the address is not
 * put forward as who sent it: the subject names nobody, and the text says it was not checked.
 */
export function invitationEmail(inviter: string, link: string): { subject: string; text: string } {
  return {
    subject: 'An invitation to join a family on Baitcheck',
    text: [
      `Someone using the Baitcheck account ${inviter} invited you to join their family on Baitcheck.`,
      'Baitcheck has not confirmed that this address belongs to them: accept only if you know who invited you and expected it.',
      '',
      `To accept, open this link within ${FAMILY_INVITATION_DAYS} days and sign in or create an account:`,
      link,
      '',
      'If you were not expecting this invitation, you can ignore this email.',
    ].join('\n'),
  };
}

/** What the family service is built from. */
export interface FamilyServiceDeps {
  repo: FamilyRepository;
  /** The family's lock across instances on one PostgreSQL (`createKeyLocks`), held while its membership changes run. */
  lock?: KeyLock;
  /** The user's own paid plan (billing): a family's plan is its manager's own, and ends when theirs does. */
  billing: { effectivePlan(userId: string): Promise<PlanId>; get(userId: string): Promise<Pick<Subscription, 'plan' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>> };
  /** The protection switches (the protection-settings service): read, and set by the manager. */
  protection: { get(userId: string): Promise<ProtectionSettings>; override(userId: string, patch: ProtectionSettingsPatch): Promise<ProtectionSettings> };
  email: EmailSender;
  clock?: () => Date;
  /** Told when an invitation email could not be sent (the cause stays in the log). */
  log?: (detail: string, fields?: Record<string, unknown>) => void;
}

/**
 * The Family plan: founding a family (the manager's statement that they are 18 or over), its
 * invitations, joining, leaving and removing, the Family Dashboard and parental controls. Every
 * method takes the acting user and reads or changes only what that user's place allows: the
 * manager their own family, a member their own membership.
 */
export function createFamilyService(deps: FamilyServiceDeps) {
  const { repo } = deps;
  const clock = deps.clock ?? (() => new Date());
  const log = deps.log ?? (() => {});
  const maxPeople = FAMILY_MAX_MEMBERS;
  /**
   * Who is in a family and what the manager sets for them change one at a time per family: a
   * member leaving while the manager saves their switches must not have the switches written
   * after they left (the manager told nothing changed, the former member's switches changed).
   */
  const perFamily = createKeyedQueue(deps.lock ? { lock: deps.lock } : {});

  const requireAccount = async (userId: string): Promise<string> => {
    const email = userId === '' ? undefined : await repo.accountEmail(userId);
    if (!email) throw new AppError('ACCOUNT_REQUIRED', ACCOUNT_FIRST);
    return email;
  };

  /** The family `userId` manages; a member is told only the manager may, anyone else that there is no family. */
  const requireManagedFamily = async (userId: string): Promise<FamilyRow> => {
    const family = userId === '' ? undefined : await repo.familyManagedBy(userId);
    if (family) return family;
    if (userId !== '' && (await repo.membershipOf(userId))) throw new AppError('FAMILY_MANAGER_ONLY');
    throw new AppError('FAMILY_NOT_FOUND');
  };

  const planActive = async (managerId: string) => (await deps.billing.effectivePlan(managerId)) === 'family';

  /** Whether the manager's Family plan runs, and the day it ends when it will not renew (cancelled at the period's end). */
  const familyPlan = async (managerId: string): Promise<{ active: boolean; endsAt: string | null }> => {
    const sub = await deps.billing.get(managerId);
    const active = sub.plan === 'family';
    return { active, endsAt: active && sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null };
  };

  const requirePlanActive = async (family: FamilyRow, doing: string) => {
    if (!(await planActive(family.managerId))) throw new AppError('FAMILY_PLAN_REQUIRED', `Your Family plan has ended, so ${doing}. Renew it on the Upgrade page.`);
  };

  const toInvitation = (row: InvitationRow, now: Date): FamilyInvitation => ({
    id: row.id,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  });

  const service = {
    /** The visitor's place in a family: none, manager (everything about it) or member (whose it is). */
    async view(userId: string): Promise<FamilyView> {
      const emailConfigured = deps.email.configured;
      if (userId === '') return { role: 'none', canCreate: false, emailConfigured };
      const family = await repo.familyManagedBy(userId);
      if (family) {
        const now = clock();
        const [plan, members, invitations] = await Promise.all([familyPlan(userId), repo.members(family.id), repo.invitations(family.id)]);
        return {
          role: 'manager',
          planActive: plan.active,
          planEndsAt: plan.endsAt,
          adultConfirmedAt: family.adultConfirmedAt.toISOString(),
          maxMembers: maxPeople,
          members: await Promise.all(
            members.map(async (m) => ({
              userId: m.userId,
              email: m.email,
              joinedAt: m.joinedAt.toISOString(),
              protection: await deps.protection.get(m.userId),
              // a control of the family's plan: it holds while the plan does
              protectionManaged: m.protectionManaged && plan.active,
            })),
          ),
          invitations: invitations.map((i) => toInvitation(i, now)),
          emailConfigured,
        };
      }
      const membership = await repo.membershipOf(userId);
      if (membership) {
        const plan = await familyPlan(membership.managerId);
        return {
          role: 'member',
          manager: membership.managerEmail,
          joinedAt: membership.joinedAt.toISOString(),
          planActive: plan.active,
          planEndsAt: plan.endsAt,
          // a control of the family's plan: it holds while the plan does
          protectionManaged: membership.protectionManaged && plan.active,
        };
      }
      const account = await repo.accountEmail(userId);
      return { role: 'none', canCreate: account !== undefined && (await deps.billing.effectivePlan(userId)) === 'family', emailConfigured };
    },

    /**
     * Invites `body.email` (the first invitation founds the family, and needs the manager's
     * statement that they are 18 or over), then emails the link when SMTP is configured; the link
     * is answered whenever it was not emailed. `origin` is where the app is opened.
     */
    async invite(userId: string, body: CreateFamilyInvitationRequest, origin: string): Promise<FamilyInvitationCreated> {
      const inviter = await requireAccount(userId);
      if ((await deps.billing.effectivePlan(userId)) !== 'family') throw new AppError('FAMILY_PLAN_REQUIRED');
      if (body.email.toLowerCase() === inviter.toLowerCase()) {
        throw new AppError('VALIDATION_FAILED', undefined, [{ field: 'email', message: 'This is your own email: you are in your family already. Invite someone else.' }]);
      }
      const now = clock();
      const token = newInvitationToken();
      const outcome = await repo.invite({
        managerId: userId,
        email: body.email,
        tokenHash: hashInvitationToken(token),
        now,
        expiresAt: new Date(now.getTime() + FAMILY_INVITATION_DAYS * DAY_MS),
        maxPeople,
        found: body.adultConfirmed === true ? { adultConfirmedAt: now } : null,
        // emailed invitations have a budget: nobody can make this server flood a mailbox
        emailing: deps.email.configured
          ? { perDay: FAMILY_INVITATION_EMAILS_PER_DAY, perMailboxPerDay: FAMILY_INVITATION_EMAILS_PER_MAILBOX_PER_DAY, cooldownMs: FAMILY_INVITATION_EMAIL_COOLDOWN_MINUTES * 60_000 }
          : null,
      });
      switch (outcome.kind) {
        case 'no-family':
          throw new AppError('FAMILY_ADULT_CONFIRMATION_REQUIRED');
        case 'in-another-family':
          throw new AppError('FAMILY_ALREADY_IN_FAMILY', "You are a member of someone else's family. Leave it on your Account page before inviting people to your own.");
        case 'already-member':
          throw new AppError('FAMILY_ALREADY_MEMBER');
        case 'full':
          throw new AppError('FAMILY_FULL');
        case 'email-too-soon':
          throw new AppError('FAMILY_INVITATION_TOO_SOON');
        case 'emails-exhausted':
          throw new AppError('FAMILY_INVITATION_EMAILS_EXHAUSTED');
        case 'invited':
          break;
      }
      const link = `${origin}${JOIN_PATH}#${token}`;
      const sent = await deps.email.send({ to: outcome.invitation.email, ...invitationEmail(inviter, link) });
      if (!sent.accepted && sent.reason !== 'not-configured') log('a family invitation email was not sent', { reason: sent.reason, detail: sent.detail });
      const delivery = sent.accepted ? 'emailed' : sent.reason === 'not-configured' ? 'not-configured' : 'failed';
      return { invitation: toInvitation(outcome.invitation, now), delivery, link: sent.accepted ? null : link };
    },

    /** Cancels one of the manager's unused invitations: its link stops working. */
    async revokeInvitation(userId: string, invitationId: string): Promise<void> {
      const family = await requireManagedFamily(userId);
      if (!(await repo.deleteInvitation(family.id, invitationId))) {
        throw new AppError('FAMILY_INVITATION_NOT_FOUND', 'That invitation does not exist, has been used or is not yours.');
      }
    },

    /** Who invited, for the invitation page; a link that no longer works is answered with why. */
    async preview(token: string): Promise<FamilyInvitationPreview> {
      const invitation = await repo.invitationByToken(hashInvitationToken(token));
      if (!invitation) throw new AppError('FAMILY_INVITATION_NOT_FOUND');
      if (invitation.acceptedAt) throw new AppError('FAMILY_INVITATION_USED');
      if (invitation.expiresAt <= clock()) throw new AppError('FAMILY_INVITATION_EXPIRED');
      // said before Accept, not after: nobody can join a family whose plan has ended
      if (!(await planActive(invitation.managerId))) throw new AppError('FAMILY_PLAN_ENDED');
      return { inviter: invitation.managerEmail, email: invitation.email, expiresAt: invitation.expiresAt.toISOString() };
    },

    /** The signed-in account joins with the invitation's token, and so has the family's plan. */
    async join(userId: string, token: string): Promise<FamilyView> {
      await requireAccount(userId);
      const tokenHash = hashInvitationToken(token);
      const now = clock();
      // the clearest answer first; the transaction below decides
      const invitation = await repo.invitationByToken(tokenHash);
      if (!invitation) throw new AppError('FAMILY_INVITATION_NOT_FOUND');
      if (invitation.acceptedAt) throw new AppError('FAMILY_INVITATION_USED');
      if (invitation.expiresAt <= now) throw new AppError('FAMILY_INVITATION_EXPIRED');
      if (invitation.managerId === userId) throw new AppError('FAMILY_OWN_INVITATION');
      if (!(await planActive(invitation.managerId))) throw new AppError('FAMILY_PLAN_ENDED');
      const outcome = await repo.join({ userId, tokenHash, now, maxPeople });
      switch (outcome.kind) {
        case 'not-found':
          throw new AppError('FAMILY_INVITATION_NOT_FOUND');
        case 'used':
          throw new AppError('FAMILY_INVITATION_USED');
        case 'expired':
          throw new AppError('FAMILY_INVITATION_EXPIRED');
        case 'own':
          throw new AppError('FAMILY_OWN_INVITATION');
        case 'in-a-family':
          throw new AppError('FAMILY_ALREADY_IN_FAMILY');
        case 'full':
          throw new AppError('FAMILY_FULL', `This family is full: it already has ${maxPeople} people. Ask the person who invited you to make room.`);
        case 'joined':
          return service.view(userId);
      }
    },

    /** The manager takes a member out of the family: they are back on their own plan at once. */
    async removeMember(userId: string, memberId: string): Promise<void> {
      const family = await requireManagedFamily(userId);
      if (!(await perFamily.run(family.id, () => repo.removeMember(family.id, memberId)))) throw new AppError('FAMILY_MEMBER_NOT_FOUND');
    },

    /**
     * A member leaves their family. The manager cannot leave while members remain: with none
     * left, leaving ends the family (its unused invitations stop working).
     */
    async leave(userId: string): Promise<void> {
      if (userId === '') throw new AppError('FAMILY_NOT_FOUND');
      const membership = await repo.membershipOf(userId);
      if (membership) {
        await perFamily.run(membership.familyId, () => repo.removeMember(membership.familyId, userId));
        return;
      }
      const family = await repo.familyManagedBy(userId);
      if (!family) throw new AppError('FAMILY_NOT_FOUND');
      if (!(await repo.endFamily(family.id, userId))) throw new AppError('FAMILY_HAS_MEMBERS');
    },

    /**
     * The Family Dashboard: each member's counts of the last 30 days and their newest alerts
     * (when, which channel, how bad). Never a message's content or sender.
     */
    async dashboard(userId: string): Promise<FamilyDashboard> {
      const family = await requireManagedFamily(userId);
      await requirePlanActive(family, 'the Family Dashboard is closed');
      const windowStart = new Date(clock().getTime() - FAMILY_DASHBOARD_DAYS * DAY_MS);
      const members = await repo.members(family.id);
      // a member is shown from when they joined, never their scans from before (they agreed to
      // be seen from that moment, not for the month before it)
      const sinceOf = (m: { joinedAt: Date }) => (m.joinedAt > windowStart ? m.joinedAt : windowStart);
      const [counts, alerts] = await Promise.all([
        Promise.all(members.map((m) => repo.countsByLevel([m.userId], sinceOf(m)))).then((all) => all.flat()),
        Promise.all(members.map((m) => repo.alerts(m.userId, sinceOf(m), FAMILY_DASHBOARD_ALERTS))),
      ]);
      return {
        windowDays: FAMILY_DASHBOARD_DAYS,
        members: members.map((m, i) => {
          const of = (level: 'phishing' | 'suspicious' | 'safe') => counts.find((c) => c.userId === m.userId && c.threatLevel === level)?.count ?? 0;
          return {
            userId: m.userId,
            email: m.email,
            counts: { phishing: of('phishing'), suspicious: of('suspicious'), safe: of('safe') },
            alerts: alerts[i]!.map((a) => ({ scanDate: a.scanDate.toISOString(), source: a.source, threatLevel: a.threatLevel })),
          };
        }),
      };
    },

    /**
     * Parental controls: the manager sets a member's protection switches and whether they are the
     * manager's to set (the member then only reads them).
     */
    async setProtection(userId: string, memberId: string, body: FamilyProtectionRequest): Promise<FamilyProtection> {
      const family = await requireManagedFamily(userId);
      await requirePlanActive(family, "members' protection switches are theirs again");
      // the membership is read in the family's turn: nobody leaves between the check and the writes
      return perFamily.run(family.id, async () => {
        const member = await repo.member(family.id, memberId);
        if (!member) throw new AppError('FAMILY_MEMBER_NOT_FOUND');
        // taking the switches over stores them too: a member with no stored switches would otherwise
        // be given a guest's on signing in (the guest's settings move to an account that has none)
        const protection = body.settings || body.managed === true ? await deps.protection.override(memberId, body.settings ?? {}) : await deps.protection.get(memberId);
        let managed = member.protectionManaged;
        if (body.managed !== undefined && body.managed !== managed) {
          if (!(await repo.setProtectionManaged(family.id, memberId, body.managed))) throw new AppError('FAMILY_MEMBER_NOT_FOUND');
          managed = body.managed;
        }
        return { protection, protectionManaged: managed };
      });
    },

    /**
     * Runs `task` (a member's own change of their switches) in their family's turn, after any
     * parental-control save already under way and before the next: a manager's takeover is never
     * undone by a change the member sent at the same moment. Someone in no family runs at once.
     */
    async inMembersTurn<T>(userId: string, task: () => Promise<T>): Promise<T> {
      const membership = userId === '' ? undefined : await repo.membershipOf(userId);
      return membership ? perFamily.run(membership.familyId, task) : task();
    },

    /** Whether `userId`'s switches are their family manager's to set now (the family's plan lasting). */
    async isProtectionManaged(userId: string): Promise<boolean> {
      if (userId === '') return false;
      const membership = await repo.membershipOf(userId);
      return membership !== undefined && membership.protectionManaged && (await planActive(membership.managerId));
    },
  };
  return service;
}

/** The family service. */
export type FamilyService = ReturnType<typeof createFamilyService>;

import {
  PLANS,
  SUPPORT_EMAIL_RESPONSE_HOURS,
  SUPPORT_HOURS,
  SUPPORT_ISSUE_TYPE_LABELS,
  SUPPORT_REQUESTS_PER_ADDRESS_PER_HOUR,
  SUPPORT_REQUESTS_PER_HOUR,
  readSupportSubject,
  type ContactSupportInfo,
  type ContactSupportRequest,
  type ContactSupportResponse,
  type PlanId,
  type SupportIssueType,
} from '@baitcheck/contracts';
import type { EmailMessage, EmailSender, SendResult } from '../../adapters/email/email-sender.ts';
import { AppError } from '../../lib/app-error.ts';
import { mailboxOf } from '../../lib/mailbox.ts';
import { waitWords } from '../../lib/wait-words.ts';
import { memoryLimitWindows, type LimitWindows } from '../../http/limit-windows.ts';
import type { ContactSupportRepository } from './contact-support.repository.ts';

/**
 * A support request refused for the hourly limit: 429 SUPPORT_REQUESTS_LIMIT_REACHED, saying
 * when another can be sent; `retryAfterSeconds` for the Retry-After header.
 */
export class SupportLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('SUPPORT_REQUESTS_LIMIT_REACHED', message);
  }
}

/** The sentence of a refusal: whose hour is full (the person's, or their network's) and when there is room. */
export function limitMessage(scope: 'person' | 'address', waitMs: number): string {
  const when = `you can send another in ${waitWords(waitMs)}.`;
  return scope === 'person'
    ? `You have sent ${SUPPORT_REQUESTS_PER_HOUR} support requests in the last hour, the most we take in an hour. The ones you sent are saved; ${when}`
    : `${SUPPORT_REQUESTS_PER_ADDRESS_PER_HOUR} support requests came from your network in the last hour, the most we take from one in an hour. The ones sent are saved; ${when}`;
}

/** The facts both emails are written from. */
export interface SupportEmailFacts {
  id: string;
  name: string;
  email: string;
  issueType: SupportIssueType;
  typedSubject: string;
  message: string;
  plan: PlanId;
  priority: boolean;
  /** The account's own email when an account sent it; undefined for a guest. */
  accountEmail: string | undefined;
  receivedAt: Date;
}

/**
 * The email to the support inbox: everything the request holds, replies going to the person.
 * The typed address is not verified (anyone can type anyone's), and the text says so.
 */
export function supportInboxEmail(facts: SupportEmailFacts, supportEmail: string): EmailMessage {
  const sender = facts.accountEmail
    ? `an account (${facts.accountEmail})${facts.accountEmail.toLowerCase() === facts.email.toLowerCase() ? '' : ', which is not the email given above'}`
    : 'a guest (no account)';
  return {
    to: { name: 'Baitcheck Support', address: supportEmail },
    replyTo: { name: facts.name, address: facts.email },
    subject: `${facts.priority ? '[Priority] ' : ''}${facts.issueType.toUpperCase()}: ${facts.typedSubject} (#${facts.id})`,
    text: [
      'A support request from the Contact Support page.',
      '',
      `Reference: ${facts.id}`,
      `Priority: ${facts.priority ? 'yes' : 'no'}`,
      `Issue type: ${SUPPORT_ISSUE_TYPE_LABELS[facts.issueType]} (${facts.issueType})`,
      `Subject: ${facts.typedSubject}`,
      `Name: ${facts.name}`,
      `Email: ${facts.email}`,
      `Sent by: ${sender}`,
      `Plan: ${PLANS[facts.plan].name}`,
      `Received: ${facts.receivedAt.toISOString()}`,
      '',
      'Message:',
      facts.message,
      '',
      '---',
      'Replying to this email answers the address above. That address was typed into the form and has not been confirmed: anyone can type anyone\'s address.',
    ].join('\n'),
  };
}

/**
 * The confirmation to the address typed into the form. Anyone can type anyone's address, so it
 * must be useless to a spammer and tell a stranger nothing: no name, subject or message (text
 * someone typed), nothing of the account (its plan), only the reference, the issue type and what
 * happens next, and that it can be ignored. Replies go to the support inbox.
 */
export function confirmationEmail(facts: Pick<SupportEmailFacts, 'id' | 'email' | 'issueType'>, supportEmail: string): EmailMessage {
  const hours = SUPPORT_HOURS.map((row) => `${row.days}: ${row.hours}`).join('; ');
  return {
    to: { name: '', address: facts.email },
    replyTo: { name: 'Baitcheck Support', address: supportEmail },
    subject: `We received your support request (#${facts.id})`,
    text: [
      'Hello,',
      '',
      'We received a support request sent with this email address from the Contact Support page of Baitcheck.',
      '',
      `Reference: ${facts.id}`,
      `Issue type: ${SUPPORT_ISSUE_TYPE_LABELS[facts.issueType]}`,
      '',
      `We answer by email, usually within about ${SUPPORT_EMAIL_RESPONSE_HOURS} hours. Support hours: ${hours}.`,
      'To add anything, reply to this email and keep the reference in the subject.',
      '',
      'If you did not send this request, someone typed your address, perhaps by mistake: you can ignore this email.',
    ].join('\n'),
  };
}

/** What the Contact Support service is built from. */
export interface ContactSupportServiceDeps {
  repo: ContactSupportRepository;
  /** The plan in effect for each user (family included) and whether it has priority support. */
  plans: { effectivePlan(userId: string): Promise<PlanId>; prioritySupport(userId: string): Promise<boolean> };
  email: EmailSender;
  /** The support inbox (`SUPPORT_EMAIL`); without it no email is sent. */
  supportEmail: string | undefined;
  clock?: () => Date;
  /**
   * Requests one client address may send an hour (default `SUPPORT_REQUESTS_PER_ADDRESS_PER_HOUR`);
   * false with `RATE_LIMITS=off`, as the other per-client limits (the person's limit stays).
   */
  perAddressPerHour?: number | false;
  /** Where the per-address limit counts (default: this process's memory; on PostgreSQL the windows every instance shares). */
  limitWindows?: LimitWindows;
  /** Told when an email was not sent (the cause stays in the log). */
  log?: (detail: string, fields?: Record<string, unknown>) => void;
}

/**
 * Contact Support: what the form needs to know, and storing a request (within its hourly
 * limits) then emailing it to the support inbox and a confirmation to the person. The request is
 * stored whatever becomes of the emails; `emailSent` says whether both were accepted.
 */
export function createContactSupportService(deps: ContactSupportServiceDeps) {
  const { repo, email } = deps;
  const clock = deps.clock ?? (() => new Date());
  const log = deps.log ?? (() => {});
  const supportEmail = deps.supportEmail;
  const emailConfigured = email.configured && supportEmail !== undefined;
  // per client address: in this process's memory on PGlite, in the windows every instance shares on PostgreSQL
  const perAddress =
    deps.perAddressPerHour === false
      ? null
      : (deps.limitWindows ?? memoryLimitWindows(() => clock().getTime()))('support-requests', deps.perAddressPerHour ?? SUPPORT_REQUESTS_PER_ADDRESS_PER_HOUR, 60 * 60 * 1000);

  const planOf = async (userId: string): Promise<{ plan: PlanId; priority: boolean }> => {
    if (userId === '') return { plan: 'basic', priority: false };
    const [plan, priority] = await Promise.all([deps.plans.effectivePlan(userId), deps.plans.prioritySupport(userId)]);
    return { plan, priority };
  };

  const send = async (kind: 'support inbox' | 'confirmation', id: string, message: EmailMessage): Promise<SendResult> => {
    const sent = await email.send(message);
    if (!sent.accepted) log(`a support request's ${kind} email was not sent`, { requestId: id, reason: sent.reason, detail: sent.detail });
    return sent;
  };

  return {
    /** What the form says before anything is sent: where to write directly, the plan and its priority, the account's email. */
    async info(userId: string): Promise<ContactSupportInfo> {
      const [{ plan, priority }, accountEmail] = await Promise.all([planOf(userId), repo.accountEmail(userId)]);
      return { supportEmail: supportEmail ?? null, emailConfigured, plan, priority, accountEmail: accountEmail ?? null };
    },

    /**
     * Stores the request (429 past the person's or the client address's hourly limit), then
     * emails it when SMTP and the support inbox are configured: to support always, and a
     * confirmation unless that mailbox already had its hour's confirmations.
     */
    async submit(userId: string, body: ContactSupportRequest, clientAddress: string): Promise<ContactSupportResponse> {
      // the contract has checked the subject typed after the prefix
      const { issueType, typed } = readSupportSubject(body.subject);

      // looked at and taken in one step: requests arriving together cannot all pass it
      const spent = perAddress ? await perAddress.spend(clientAddress) : null;
      if (spent && !spent.fits) throw new SupportLimitError(limitMessage('address', spent.waitMs), Math.max(1, Math.ceil(spent.waitMs / 1000)));
      const giveBack = () => void spent?.refund();
      let stored;
      let plan: PlanId;
      let priority: boolean;
      let accountEmail: string | undefined;
      const now = clock();
      try {
        [{ plan, priority }, accountEmail] = await Promise.all([planOf(userId), repo.accountEmail(userId)]);
        stored = await repo.storeWithinLimits(
          { userId, name: body.name, email: body.email, mailbox: mailboxOf(body.email), issueType, subject: body.subject, message: body.message, plan, priority },
          { perHour: SUPPORT_REQUESTS_PER_HOUR, now },
        );
      } catch (error) {
        giveBack();
        throw error;
      }
      if (stored.kind === 'limited') {
        giveBack();
        const waitMs = stored.retryAt.getTime() - now.getTime();
        throw new SupportLimitError(limitMessage('person', waitMs), Math.max(1, Math.ceil(waitMs / 1000)));
      }
      const answer = { requestId: stored.id, issueType, priority };
      // without SMTP or the support inbox nothing is sent, and the person is told so
      if (!email.configured || supportEmail === undefined) return { emailSent: false, supportNotified: false, confirmationSent: false, ...answer };

      const facts: SupportEmailFacts = { id: stored.id, name: body.name, email: body.email, issueType, typedSubject: typed, message: body.message, plan, priority, accountEmail, receivedAt: now };
      const [toSupport, confirmation] = await Promise.all([
        send('support inbox', stored.id, supportInboxEmail(facts, supportEmail)),
        stored.confirm ? send('confirmation', stored.id, confirmationEmail(facts, supportEmail)) : Promise.resolve<SendResult>({ accepted: false, reason: 'refused', detail: 'the mailbox had its hour of confirmations' }),
      ]);
      const sent = { supportEmailSent: toSupport.accepted, confirmationSent: confirmation.accepted };
      // bookkeeping only: the emails went (or not) whatever the row says, and a retry would send them again
      await repo.markEmailed(stored.id, sent).catch((error: unknown) => log("a support request's email outcome was not recorded", { requestId: stored.id, detail: String(error) }));
      return { emailSent: sent.supportEmailSent && sent.confirmationSent, supportNotified: sent.supportEmailSent, confirmationSent: sent.confirmationSent, ...answer };
    },
  };
}

/** The Contact Support service. */
export type ContactSupportService = ReturnType<typeof createContactSupportService>;

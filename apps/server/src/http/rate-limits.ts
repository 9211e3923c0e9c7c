import { ENDPOINTS, type Endpoint } from '@baitcheck/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { addressKey } from '../lib/client-address.ts';
import { globalPlugin } from '../lib/plugin.ts';
import { waitWords } from '../lib/wait-words.ts';
import { createRefusalBrake, DEFAULT_REFUSAL_BRAKE, type RefusalBrake } from './refusal-brake.ts';
import { memoryLimitWindows, spendAll, type LimitWindow, type LimitWindows } from './limit-windows.ts';
import { LookupLimitError } from '../modules/intel/lookup-limits.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Spends one of this client's enhanced scans (per session and per address); the refusal to
     * show when the allowance is used up, else null. Absent while `RATE_LIMITS` is off.
     */
    spendOutsideLookups?: () => Promise<LookupLimitError | null>;
    /**
     * Counts a new guest made for this request's address (IPv6: its /64); throws 429
     * RATE_LIMITED (with Retry-After on `reply`) past the hour's allowance. Called by the
     * session plugin just before it makes one. Absent while `RATE_LIMITS` is off.
     */
    admitNewGuest?: (reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Requests one session may make (`RATE_LIMIT_*`); one client address may make
 * `addressMultiplier` times as many (a household or office shares an address, and a client
 * that drops its cookie counts only there).
 */
export interface ClientRateLimits {
  scansPerMinute: number;
  scansPerDay: number;
  assistantPerMinute: number;
  assistantPerDay: number;
  /** Reads of the history, reports, blocked senders and counters. */
  listsPerMinute: number;
  addressMultiplier: number;
  /** Scans that ask outside sources (enhanced), beyond which a scan asks only this server's own feeds. */
  enhancedPerMinute: number;
  enhancedPerDay: number;
  /** Changes: reports, blocked senders, settings, deletions, sign-out, password changes. */
  writesPerMinute: number;
  /** Changes that store something (deletions and sign-outs count only in the minute). */
  writesPerDay: number;
  /** Guests (a visitor's first stored request) one address may make an hour; not multiplied. */
  newGuestsPerHour: number;
  /** How long a client's 429s are held once it has had 5 in a row without waiting (refusal-brake.ts); 0: never held. */
  refusalHoldMs: number;
}

/**
 * Sized for a person: a scan every two seconds for a minute, 600 a day (the busiest real use we
 * know is a few dozen); the assistant a little less, since a model may answer; list reads as
 * fast as anyone can click through screens; a change a second, 500 stored a day (a report or a
 * blocked sender is a few a week; deleting a long history one by one counts only in the minute).
 * A household's browsers make a handful of guests, ever (one per browser and cleared cookies):
 * 30 an hour per address is far above it, and bounds a cookieless script to 720 users a day,
 * each under its storage caps (before: 114 new guests a second, each a fresh set of caps).
 */
export const DEFAULT_CLIENT_RATE_LIMITS: ClientRateLimits = {
  scansPerMinute: 30,
  scansPerDay: 600,
  assistantPerMinute: 20,
  assistantPerDay: 300,
  listsPerMinute: 120,
  addressMultiplier: 5,
  enhancedPerMinute: 10,
  enhancedPerDay: 200,
  writesPerMinute: 60,
  writesPerDay: 500,
  newGuestsPerHour: 30,
  refusalHoldMs: DEFAULT_REFUSAL_BRAKE.holdMs,
};

type Kind = 'scans' | 'assistant' | 'lists' | 'enhanced' | 'writes' | 'deletes';

const routeKey = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

/**
 * The state-changing routes this plugin leaves alone: sign-ups and sign-ins have limits of their
 * own, on whatever `RATE_LIMITS` says (accounts); the feed import needs the server's admin token.
 */
export const ROUTES_WITH_OWN_LIMITS: ReadonlySet<string> = new Set([
  routeKey(ENDPOINTS.signUp),
  routeKey(ENDPOINTS.signIn),
  routeKey(ENDPOINTS.importFeed),
  // Stripe's own servers, each request signed: a limit would only delay a payment reaching the plan
  routeKey(ENDPOINTS.stripeWebhook),
  // Twilio's and Slack's servers, each request signed (an unsigned one is refused before anything is read or stored)
  routeKey(ENDPOINTS.smsInbound),
  routeKey(ENDPOINTS.slackEvents),
]);

/** The limited routes (`METHOD /path`) and what they count as: every other state-changing route, and the lists. */
export const LIMITED_ROUTES: ReadonlyMap<string, Kind> = new Map<string, Kind>([
  [routeKey(ENDPOINTS.scanText), 'scans'],
  [routeKey(ENDPOINTS.listPlugins), 'lists'],
  [routeKey(ENDPOINTS.pluginMessages), 'lists'],
  [routeKey(ENDPOINTS.slackOAuthCallback), 'lists'],
  [routeKey(ENDPOINTS.enablePlugin), 'writes'],
  [routeKey(ENDPOINTS.disablePlugin), 'writes'],
  [routeKey(ENDPOINTS.configurePlugin), 'writes'],
  [routeKey(ENDPOINTS.disconnectPlugin), 'writes'],
  // a sign-in connects to the mail server the person names: counted with the lookups sent outside
  [routeKey(ENDPOINTS.authPlugin), 'enhanced'],
  [routeKey(ENDPOINTS.scanUrl), 'scans'],
  [routeKey(ENDPOINTS.assistantChat), 'assistant'],
  [routeKey(ENDPOINTS.listMessages), 'lists'],
  [routeKey(ENDPOINTS.getMessage), 'lists'],
  [routeKey(ENDPOINTS.listReports), 'lists'],
  [routeKey(ENDPOINTS.listBlockedSenders), 'lists'],
  [routeKey(ENDPOINTS.messageStats), 'lists'],
  [routeKey(ENDPOINTS.createReport), 'writes'],
  [routeKey(ENDPOINTS.createBlockedSender), 'writes'],
  [routeKey(ENDPOINTS.patchProtectionSettings), 'writes'],
  [routeKey(ENDPOINTS.patchNotificationPreferences), 'writes'],
  [routeKey(ENDPOINTS.changePassword), 'writes'],
  // your data (issue 21): the password guesses are also held back as sign-ins are
  [routeKey(ENDPOINTS.deleteAccount), 'writes'],
  [routeKey(ENDPOINTS.exportMyData), 'lists'],
  [routeKey(ENDPOINTS.getSubscription), 'lists'],
  [routeKey(ENDPOINTS.getTestCheckout), 'lists'],
  [routeKey(ENDPOINTS.scanUsage), 'lists'],
  [routeKey(ENDPOINTS.createCheckoutSession), 'writes'],
  [routeKey(ENDPOINTS.billingPortal), 'writes'],
  [routeKey(ENDPOINTS.cancelSubscription), 'writes'],
  [routeKey(ENDPOINTS.resumeSubscription), 'writes'],
  [routeKey(ENDPOINTS.completeTestCheckout), 'writes'],
  [routeKey(ENDPOINTS.cancelTestCheckout), 'writes'],
  [routeKey(ENDPOINTS.deleteMessage), 'deletes'],
  [routeKey(ENDPOINTS.deleteBlockedSender), 'deletes'],
  [routeKey(ENDPOINTS.signOut), 'deletes'],
  [routeKey(ENDPOINTS.getFamily), 'lists'],
  [routeKey(ENDPOINTS.familyDashboard), 'lists'],
  [routeKey(ENDPOINTS.previewFamilyInvitation), 'lists'],
  [routeKey(ENDPOINTS.createFamilyInvitation), 'writes'],
  [routeKey(ENDPOINTS.joinFamily), 'writes'],
  [routeKey(ENDPOINTS.setFamilyMemberProtection), 'writes'],
  [routeKey(ENDPOINTS.deleteFamilyInvitation), 'deletes'],
  [routeKey(ENDPOINTS.removeFamilyMember), 'deletes'],
  [routeKey(ENDPOINTS.leaveFamily), 'deletes'],
  // help and support (issue 17): a support request also has its own hourly limit (per person and per address)
  [routeKey(ENDPOINTS.contactSupport), 'writes'],
  [routeKey(ENDPOINTS.contactSupportInfo), 'lists'],
  [routeKey(ENDPOINTS.listKnowledgeBaseArticles), 'lists'],
  [routeKey(ENDPOINTS.getKnowledgeBaseArticle), 'lists'],
  [routeKey(ENDPOINTS.voteKnowledgeBaseArticle), 'writes'],
  [routeKey(ENDPOINTS.getHelpPage), 'lists'],
  // real-time alerts (issue 19)
  [routeKey(ENDPOINTS.listNotifications), 'lists'],
  [routeKey(ENDPOINTS.notificationStream), 'lists'],
  [routeKey(ENDPOINTS.notificationChannels), 'lists'],
  [routeKey(ENDPOINTS.markNotificationRead), 'writes'],
  [routeKey(ENDPOINTS.markAllNotificationsRead), 'writes'],
  [routeKey(ENDPOINTS.subscribePush), 'writes'],
  [routeKey(ENDPOINTS.unsubscribePush), 'deletes'],
  [routeKey(ENDPOINTS.registerDeviceToken), 'writes'],
  [routeKey(ENDPOINTS.sendAlertEmailConfirmation), 'writes'],
  [routeKey(ENDPOINTS.confirmAlertEmail), 'writes'],
  [routeKey(ENDPOINTS.syncDeviceScans), 'writes'],
  [routeKey(ENDPOINTS.deleteDeviceScan), 'deletes'],
]);

const WHAT: Record<Kind, string> = { scans: 'scans', assistant: 'questions to the assistant', lists: 'requests', enhanced: 'enhanced scans', writes: 'changes', deletes: 'changes' };

const MINUTE_S = 60;
const HOUR_S = 60 * 60;
const DAY_S = 24 * 60 * 60;

/**
 * Per-client request limits on scans, the assistant, list reads and every change: each session,
 * and each client address (IPv6 by its /64), has a budget per minute (and per day for the costly
 * ones); and each address may make only so many new guests an hour.
 * Over it the request is answered `429 RATE_LIMITED` with `Retry-After` before any work is done.
 * Registered after the session plugin, which names the session. Only when `RATE_LIMITS` is on.
 */
export const rateLimitsPlugin = globalPlugin<{ limits?: Partial<ClientRateLimits>; windows?: LimitWindows; brake?: RefusalBrake }>(async (app, opts) => {
  const limits: ClientRateLimits = { ...DEFAULT_CLIENT_RATE_LIMITS, ...opts.limits };
  // in memory by default (bounded: the oldest forgotten past 100,000 keys, so a client with many
  // addresses cannot grow the server's memory with a day's window for each); in PostgreSQL when
  // several instances share it (app.ts)
  const makeWindow = opts.windows ?? memoryLimitWindows();
  const limiter = (name: string, scope: 'session' | 'address', points: number, duration: number) =>
    makeWindow(`${name}:${scope}:${duration}`, Math.max(1, Math.floor(points * (scope === 'address' ? limits.addressMultiplier : 1))), duration * 1000);
  const windows = (kind: Kind, perMinute: number, perDay?: number) =>
    (['session', 'address'] as const).map((scope) => ({
      scope,
      limiters: [limiter(kind, scope, perMinute, MINUTE_S), ...(perDay === undefined ? [] : [limiter(kind, scope, perDay, DAY_S)])],
    }));
  const writes = windows('writes', limits.writesPerMinute, limits.writesPerDay);
  const budgets: Record<Kind, ReturnType<typeof windows>> = {
    scans: windows('scans', limits.scansPerMinute, limits.scansPerDay),
    assistant: windows('assistant', limits.assistantPerMinute, limits.assistantPerDay),
    lists: windows('lists', limits.listsPerMinute),
    enhanced: windows('enhanced', limits.enhancedPerMinute, limits.enhancedPerDay),
    writes,
    // the writes' minute windows (the same counters), not their day: a deletion stores nothing
    deletes: writes.map(({ scope, limiters }) => ({ scope, limiters: limiters.slice(0, 1) })),
  };
  const newGuests = makeWindow('new-guests:address:3600', limits.newGuestsPerHour, HOUR_S * 1000);
  // a client asking again and again after its 429s waits for each further one (refusal-brake.ts)
  const brake = opts.brake ?? createRefusalBrake({ holdMs: limits.refusalHoldMs });

  /**
   * Spends one of `kind` for the request's session and address: null, or how long until the
   * refusing window has room (and then nothing stays counted).
   */
  const spend = (kind: Kind, request: FastifyRequest): Promise<number | null> => {
    const counted: { window: LimitWindow; key: string }[] = [];
    for (const { scope, limiters } of budgets[kind]) {
      // a newcomer has no session yet: its address alone counts
      const key = scope === 'session' ? request.sessionHash : addressKey(request.ip);
      if (!key) continue;
      for (const window of limiters) counted.push({ window, key });
    }
    return spendAll(counted);
  };

  // Outside lookups are the costly part of a scan, and each fresh domain misses every cache:
  // past its allowance a client's enhanced scan still runs, on this server's own feeds only.
  app.decorateRequest('spendOutsideLookups', async function spendOutsideLookups(this: FastifyRequest): Promise<LookupLimitError | null> {
    const waitMs = await spend('enhanced', this);
    if (waitMs === null) return null;
    return new LookupLimitError(
      `Not asked: you have made many enhanced scans in a short time, so outside sources are asked again in ${waitWords(waitMs)}. This scan used this server's own threat feeds and the message itself.`,
      waitMs,
    );
  });

  const refuse = (reply: FastifyReply, waitMs: number, what: string): never => {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new AppError('RATE_LIMITED', `Too many ${what} in a short time. Try again in ${waitWords(seconds * 1000)}.`);
  };

  // Each cookieless write used to make a guest, and with it a fresh set of storage caps: the
  // review made 114 a second. Counted per address as the guest is made, refused before any row.
  app.decorateRequest('admitNewGuest', async function admitNewGuest(this: FastifyRequest, reply: FastifyReply) {
    const spent = await newGuests.spend(addressKey(this.ip));
    if (!spent.fits) refuse(reply, spent.waitMs, 'new visitors from your network');
  });

  const kindOf = (request: FastifyRequest) => LIMITED_ROUTES.get(`${request.method} ${request.routeOptions.url ?? ''}`);
  const newcomers = new WeakSet<FastifyRequest>();

  // a newcomer's first saved scan makes its session: that scan counts for the session too
  app.addHook('onResponse', async (request) => {
    const kind = kindOf(request);
    if (kind === undefined || !newcomers.has(request) || !request.sessionHash) return;
    const counted = budgets[kind].filter(({ scope }) => scope === 'session').flatMap(({ limiters }) => limiters.map((window) => window.spend(request.sessionHash)));
    await Promise.all(counted);
  });

  app.addHook('onRequest', async (request, reply) => {
    const kind = kindOf(request);
    if (kind === undefined) return;
    if (!request.sessionHash) newcomers.add(request);
    const waitMs = await spend(kind, request);
    if (waitMs === null) return;
    await brake.refused(addressKey(request.ip), waitMs);
    refuse(reply, waitMs, WHAT[kind]);
  });
});

import { ENDPOINTS, type Endpoint } from '@baitcheck/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { addressKey } from '../lib/client-address.ts';
import { globalPlugin } from '../lib/plugin.ts';
import { waitWords } from '../lib/wait-words.ts';
import { createWindowCounter, type WindowCounter } from '../lib/window-counter.ts';
import { LookupLimitError } from '../modules/intel/lookup-limits.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Spends one of this client's enhanced scans (per session and per address); the refusal to
     * show when the allowance is used up, else null. Absent while `RATE_LIMITS` is off.
     */
    spendOutsideLookups?: () => Promise<LookupLimitError | null>;
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
}

/**
 * Sized for a person: a scan every two seconds for a minute, 600 a day (the busiest real use we
 * know is a few dozen); the assistant a little less, since a model may answer; list reads as
 * fast as anyone can click through screens.
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
};

type Kind = 'scans' | 'assistant' | 'lists' | 'enhanced';

const routeKey = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** The limited routes and what they count as. */
const LIMITED_ROUTES = new Map<string, Kind>([
  [routeKey(ENDPOINTS.scanText), 'scans'],
  [routeKey(ENDPOINTS.scanUrl), 'scans'],
  [routeKey(ENDPOINTS.assistantChat), 'assistant'],
  [routeKey(ENDPOINTS.listMessages), 'lists'],
  [routeKey(ENDPOINTS.getMessage), 'lists'],
  [routeKey(ENDPOINTS.listReports), 'lists'],
  [routeKey(ENDPOINTS.listBlockedSenders), 'lists'],
  [routeKey(ENDPOINTS.messageStats), 'lists'],
]);

const WHAT: Record<Kind, string> = { scans: 'scans', assistant: 'questions to the assistant', lists: 'requests', enhanced: 'enhanced scans' };

const MINUTE_S = 60;
const DAY_S = 24 * 60 * 60;

/**
 * Per-client request limits on scans, the assistant and list reads: each session, and each
 * client address (IPv6 by its /64), has a budget per minute (and per day for the costly ones).
 * Over it the request is answered `429 RATE_LIMITED` with `Retry-After` before any work is done.
 * Registered after the session plugin, which names the session. Only when `RATE_LIMITS` is on.
 */
export const rateLimitsPlugin = globalPlugin<{ limits?: Partial<ClientRateLimits> }>(async (app, opts) => {
  const limits: ClientRateLimits = { ...DEFAULT_CLIENT_RATE_LIMITS, ...opts.limits };
  // bounded counters (the oldest forgotten past 100,000 keys): a client with many addresses must
  // not grow the server's memory with a day's window for each
  const limiter = (scope: 'session' | 'address', points: number, duration: number) =>
    createWindowCounter({ limit: Math.max(1, Math.floor(points * (scope === 'address' ? limits.addressMultiplier : 1))), windowMs: duration * 1000, clock: Date.now });
  const windows = (kind: Kind, perMinute: number, perDay?: number) =>
    (['session', 'address'] as const).map((scope) => ({
      scope,
      limiters: [limiter(scope, perMinute, MINUTE_S), ...(perDay === undefined ? [] : [limiter(scope, perDay, DAY_S)])],
    }));
  const budgets: Record<Kind, ReturnType<typeof windows>> = {
    scans: windows('scans', limits.scansPerMinute, limits.scansPerDay),
    assistant: windows('assistant', limits.assistantPerMinute, limits.assistantPerDay),
    lists: windows('lists', limits.listsPerMinute),
    enhanced: windows('enhanced', limits.enhancedPerMinute, limits.enhancedPerDay),
  };

  /** Spends one of `kind` for the request's session and address: null, or how long until the refusing window has room. */
  // every window is looked at before any is counted, in one synchronous step
  const spend = (kind: Kind, request: FastifyRequest): number | null => {
    const counted: { window: WindowCounter; key: string }[] = [];
    for (const { scope, limiters } of budgets[kind]) {
      // a newcomer has no session yet: its address alone counts
      const key = scope === 'session' ? request.sessionHash : addressKey(request.ip);
      if (!key) continue;
      for (const window of limiters) counted.push({ window, key });
    }
    const wait = Math.max(0, ...counted.map(({ window, key }) => window.waitMs(key)));
    if (wait > 0) return wait;
    for (const { window, key } of counted) window.take(key);
    return null;
  };

  // Outside lookups are the costly part of a scan, and each fresh domain misses every cache:
  // past its allowance a client's enhanced scan still runs, on this server's own feeds only.
  app.decorateRequest('spendOutsideLookups', async function spendOutsideLookups(this: FastifyRequest): Promise<LookupLimitError | null> {
    const waitMs = spend('enhanced', this);
    if (waitMs === null) return null;
    return new LookupLimitError(
      `Not asked: you have made many enhanced scans in a short time, so outside sources are asked again in ${waitWords(waitMs)}. This scan used this server's own threat feeds and the message itself.`,
      waitMs,
    );
  });

  const kindOf = (request: FastifyRequest) => LIMITED_ROUTES.get(`${request.method} ${request.routeOptions.url ?? ''}`);
  const newcomers = new WeakSet<FastifyRequest>();

  // a newcomer's first saved scan makes its session: that scan counts for the session too
  app.addHook('onResponse', async (request) => {
    const kind = kindOf(request);
    if (kind === undefined || !newcomers.has(request) || !request.sessionHash) return;
    for (const { scope, limiters } of budgets[kind]) if (scope === 'session') for (const window of limiters) window.take(request.sessionHash);
  });

  app.addHook('onRequest', async (request, reply) => {
    const kind = kindOf(request);
    if (kind === undefined) return;
    if (!request.sessionHash) newcomers.add(request);
    const waitMs = spend(kind, request);
    if (waitMs === null) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new AppError('RATE_LIMITED', `Too many ${WHAT[kind]} in a short time. Try again in ${waitWords(seconds * 1000)}.`);
  });
});

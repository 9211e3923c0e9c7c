import { AsyncLocalStorage } from 'node:async_hooks';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { memoryLimiters, type LimiterFactory } from '../../http/limit-windows.ts';
import { waitWords } from '../../lib/wait-words.ts';

/**
 * Thrown (and rejected with) when an outside lookup is not made because a limit is reached: this
 * server's allowance of a source (VirusTotal's public quota, what a registry tolerates), or a
 * client's allowance of enhanced scans. Its message is a sentence a person can read.
 */
export class LookupLimitError extends Error {
  constructor(
    message: string,
    /** When the allowance is back. */
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'LookupLimitError';
  }
}

/** A server-wide allowance of outside requests to one source. */
export interface LookupQuota {
  /** Spends `requests` (default one), or rejects with a {@link LookupLimitError} naming the source. */
  take(requests?: number): Promise<void>;
}

/** Requests a source allows this server per minute and per day (absent: no such window). */
export interface QuotaWindows {
  perMinute?: number | undefined;
  perDay?: number | undefined;
}

/** Who an outside lookup is made for: the user (session) and the client's address (IPv6: its /64). */
export interface LookupClient {
  user: string;
  address: string;
}

/** The client the lookups now running are made for (set by {@link lookupsFor} around an enhanced scan's sources). */
const currentClient = new AsyncLocalStorage<LookupClient>();

/** Runs `fn` with its outside lookups counted against `client`'s share of each source as well. */
export function lookupsFor<T>(client: LookupClient | undefined, fn: () => Promise<T>): Promise<T> {
  return client ? currentClient.run(client, fn) : fn();
}

/**
 * The part of a source's allowance one client (a user, or an address however many guests it
 * makes) may spend: a quarter of a minute's, a tenth of a day's, at least one. Without it one
 * visitor naming fresh domains in every scan spent a registry's minute or VirusTotal's day for
 * everyone (an outside review did, with two guest sessions).
 */
export function clientShare(points: number, windowSeconds: number): number {
  return Math.max(1, Math.floor(points / (windowSeconds <= 60 ? 4 : 10)));
}

/**
 * The allowance of one source for the whole server: a fresh domain in each scan misses every
 * cache, so without it anyone could spend a source's quota (VirusTotal's public key allows 4 a
 * minute and 500 a day) or a registry's patience for every user. Within it, each client has a
 * share ({@link clientShare}), counted for lookups run inside {@link lookupsFor}.
 */
export function createLookupQuota(source: string, windows: QuotaWindows, makeLimiter: LimiterFactory = memoryLimiters): LookupQuota {
  const spans: [number | undefined, number, string][] = [
    [windows.perMinute, 60, 'this minute'],
    [windows.perDay, 86_400, 'today'],
  ];
  const limiters = spans.flatMap(([points, duration, when]) =>
    points === undefined
      ? []
      : [
          {
            when,
            server: makeLimiter(`lookups-${source}-${duration}`, points, duration),
            client: makeLimiter(`lookups-${source}-${duration}-client`, clientShare(points, duration), duration),
          },
        ],
  );
  return {
    async take(requests = 1) {
      const client = currentClient.getStore();
      const spent: { limiter: RateLimiterAbstract; key: string; points: number }[] = [];
      // nothing spent on a lookup that is not made: what was taken is given back when a later limit refuses
      const refuse = async (res: RateLimiterRes, message: string): Promise<never> => {
        for (const s of spent) await s.limiter.reward(s.key, s.points);
        throw new LookupLimitError(message, res.msBeforeNext);
      };
      const consume = async (limiter: RateLimiterAbstract, key: string, message: (wait: string) => string) => {
        try {
          await limiter.consume(key, requests);
          spent.push({ limiter, key, points: requests });
        } catch (res) {
          if (!(res instanceof RateLimiterRes)) throw res;
          await refuse(res, message(waitWords(res.msBeforeNext)));
        }
      };
      // the client's share first: a client over it spends nothing of the server's allowance
      if (client) {
        for (const { when, client: limiter } of limiters) {
          for (const key of [`user:${client.user}`, `address:${client.address}`]) {
            await consume(limiter, key, (wait) => `Not asked: you have used your share of ${source} lookups for ${when}; asked again in ${wait}.`);
          }
        }
      }
      for (const { when, server } of limiters) {
        await consume(server, 'server', (wait) => `Not asked: this server has used its allowance of ${source} lookups for ${when}; asked again in ${wait}.`);
      }
    },
  };
}

/** A fetch that spends one request of `quota` before each call. */
export function quotaFetch(quota: LookupQuota, fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    await quota.take();
    return fetchImpl(input, init);
  };
}

/** This server's allowance of each outside source (settings `DNS_LOOKUPS_PER_MINUTE` and the like). */
export interface IntelQuotas {
  /** DNS queries a minute: three for each sender domain, each query of a pasted email's check (at most 20 an email). */
  dnsPerMinute: number;
  rdapPerMinute: number;
  rdapPerDay: number;
  /** Google's default quota for a Safe Browsing Lookup API key is 10,000 requests a day. */
  safeBrowsingPerDay: number;
  /** VirusTotal's public API allows 4 requests a minute and 500 a day. */
  virusTotalPerMinute: number;
  virusTotalPerDay: number;
}

/**
 * Generous for people (a scan asks about at most 5 domains, most of them cached) and within what
 * the services allow: VirusTotal's and Safe Browsing's published quotas for a free key, and a
 * pace registries tolerate from one client.
 */
export const DEFAULT_INTEL_QUOTAS: IntelQuotas = {
  dnsPerMinute: 3000,
  rdapPerMinute: 60,
  rdapPerDay: 10_000,
  safeBrowsingPerDay: 10_000,
  virusTotalPerMinute: 4,
  virusTotalPerDay: 500,
};

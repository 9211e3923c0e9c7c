import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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

/**
 * The allowance of one source for the whole server: a fresh domain in each scan misses every
 * cache, so without it anyone could spend a source's quota (VirusTotal's public key allows 4 a
 * minute and 500 a day) or a registry's patience for every user.
 */
export function createLookupQuota(source: string, windows: QuotaWindows): LookupQuota {
  const spans: [number | undefined, number, string][] = [
    [windows.perMinute, 60, 'this minute'],
    [windows.perDay, 86_400, 'today'],
  ];
  const limiters = spans.flatMap(([points, duration, when]) =>
    points === undefined ? [] : [{ when, limiter: new RateLimiterMemory({ keyPrefix: `lookups-${source}-${duration}`, points, duration }) }],
  );
  return {
    async take(requests = 1) {
      for (const { when, limiter } of limiters) {
        try {
          await limiter.consume('server', requests);
        } catch (res) {
          if (!(res instanceof RateLimiterRes)) throw res;
          throw new LookupLimitError(`Not asked: this server has used its allowance of ${source} lookups for ${when}; asked again in ${waitWords(res.msBeforeNext)}.`, res.msBeforeNext);
        }
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

import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createWindowCounter } from '../lib/window-counter.ts';

/** The outcome of counting one request in a window: it fit (and can be given back), or how long until there is room. */
export type Spent = { fits: true; refund(): Promise<void> } | { fits: false; waitMs: number };

/** One limit: `limit` per window, counted per key (a session, an address). */
export interface LimitWindow {
  spend(key: string): Promise<Spent>;
}

/** Makes the windows of the per-client limits; `name` tells them apart in a shared store. */
export type LimitWindows = (name: string, limit: number, windowMs: number) => LimitWindow;

/**
 * In this process's memory (PGlite: one process): bounded fixed windows ({@link createWindowCounter}).
 * A spend looks and counts in one synchronous step, so concurrent requests cannot all pass one look.
 */
export function memoryLimitWindows(clock: () => number = Date.now): LimitWindows {
  return (_name, limit, windowMs) => {
    const counter = createWindowCounter({ limit, windowMs, clock });
    return {
      async spend(key) {
        const waitMs = counter.waitMs(key);
        if (waitMs > 0) return { fits: false, waitMs };
        const refund = counter.take(key);
        return { fits: true, refund: async () => refund() };
      },
    };
  };
}

/** The table rate-limiter-flexible's Postgres store uses (made by migration 0018, never by the library). */
export const LIMIT_WINDOWS_TABLE = 'rate_limit_windows';

/** Makes a rate-limiter-flexible limiter of `points` per `durationSeconds`, its keys prefixed by `keyPrefix`. */
export type LimiterFactory = (keyPrefix: string, points: number, durationSeconds: number) => RateLimiterAbstract;

/** Limiters in this process's memory (PGlite: one process). */
export const memoryLimiters: LimiterFactory = (keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration });

/**
 * Limiters in PostgreSQL, shared by every instance on the database (issue 21): rate-limiter-flexible's
 * Postgres store, one atomic upsert per count. While PostgreSQL does not answer, each instance
 * counts in memory instead (the library's insurance limiter) rather than refusing everyone or
 * letting everyone through.
 */
export function postgresLimiters(pool: pg.Pool): LimiterFactory {
  return (keyPrefix, points, duration) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: LIMIT_WINDOWS_TABLE,
      tableCreated: true,
      keyPrefix,
      points,
      duration,
      // expired windows are deleted by the library every 5 minutes (an hour after they ended)
      clearExpiredByTimeout: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
    });
}

/** The per-client limits' windows in PostgreSQL ({@link postgresLimiters}), shared by every instance on the database. */
export function postgresLimitWindows(pool: pg.Pool): LimitWindows {
  const limiters = postgresLimiters(pool);
  return (name, limit, windowMs) => {
    const limiter = limiters(name, limit, Math.max(1, Math.round(windowMs / 1000)));
    return {
      async spend(key) {
        try {
          await limiter.consume(key, 1);
          return { fits: true, refund: () => limiter.reward(key, 1).then(() => undefined, () => undefined) };
        } catch (refusal) {
          if (refusal instanceof RateLimiterRes) return { fits: false, waitMs: Math.max(1, refusal.msBeforeNext) };
          throw refusal;
        }
      },
    };
  };
}

/**
 * Counts one request in every window (each with its key): null when all had room, else the longest
 * wait, and nothing stays counted (the windows that had room are given back).
 */
export async function spendAll(counted: readonly { window: LimitWindow; key: string }[]): Promise<number | null> {
  const results = await Promise.all(counted.map(({ window, key }) => window.spend(key)));
  const refused = results.filter((r): r is Extract<Spent, { fits: false }> => !r.fits);
  if (refused.length === 0) return null;
  await Promise.all(results.map((r) => (r.fits ? r.refund() : undefined)));
  return Math.max(...refused.map((r) => r.waitMs));
}

import { createLruCache } from '../../lib/lru-cache.ts';
import { createWindowCounter } from './window-counter.ts';

/**
 * How password guessing is held back (see docs/decisions/005-password-guessing-slows-down-never-locks.md).
 * Hard limits per address and per account-and-address; across all addresses an account is never
 * locked, only slowed, so that whoever floods it with wrong guesses cannot keep its owner out.
 */
export interface SignInLimits {
  /** Attempts one address (IPv6: its /64) may make at one account per window; a success is given back. */
  attemptsPerAccountAndAddress: number;
  /** Attempts one address may make across all accounts per window; a success is given back. */
  attemptsPerAddress: number;
  /** The window of both hard limits. */
  windowMs: number;
  /** Failures at one account, from anywhere, before each further attempt has to wait. */
  freeFailuresPerAccount: number;
  /** The wait after the first failure past the free ones; it doubles with each further failure... */
  firstDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
  /** Waits up to this long are done by the server, the request simply taking longer; longer ones are a 429. */
  maxHeldMs: number;
  /** An account's failures are forgotten this long after the last one. */
  failureMemoryMs: number;
  /** How long an address an account signed in from skips that account's wait (not its hard limits). */
  knownAddressMs: number;
}

const MINUTE_MS = 60_000;

/**
 * 5 guesses per address per account and 20 per address in 15 minutes, as before. Past 5 failures
 * at an account from anywhere, 1 s, 2 s, 4 s... up to 15 minutes between attempts: about 15 guesses
 * in the first quarter of an hour and 4 an hour after that, however many addresses guess.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  attemptsPerAccountAndAddress: 5,
  attemptsPerAddress: 20,
  windowMs: 15 * MINUTE_MS,
  freeFailuresPerAccount: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * MINUTE_MS,
  maxHeldMs: 5000,
  failureMemoryMs: 60 * MINUTE_MS,
  knownAddressMs: 30 * 24 * 60 * MINUTE_MS,
};

/** An attempt that may go ahead: check the password after `holdMs`, then say how it went, exactly once. */
export interface SignInAttempt {
  /** How long to wait before checking the password (0: at once). */
  holdMs: number;
  /** The password was wrong (or the account unknown): the attempt stays counted everywhere. */
  failed(): void;
  /** The password was right: the attempt is given back, and the address is remembered for the account. */
  succeeded(): void;
  /** No password was checked (the server was too busy): the attempt is given back. */
  abandoned(): void;
}

/** Why an attempt may not go ahead, and for how long. */
export type SignInRefusal = { refused: true; retryAfterMs: number };

/** One account's (or unknown email's) state across all addresses. */
interface AccountState {
  /** Failures not yet forgotten, counting attempts in flight until they turn out right. */
  failures: number;
  lastFailureAt: number;
  /**
   * Until when a stranger's attempt (from an address not known to the account) holds the one
   * place strangers have, being held or checked; 0 when free. A time rather than a flag, so an
   * attempt that is somehow never settled frees the place by itself.
   */
  strangerBusyUntil: number;
}

/** Longest a password check may take after its hold before its place counts as free again. */
const CHECK_GRACE_MS = 30_000;

/**
 * The sign-in throttle. `admit` decides and counts in one synchronous step, before any password
 * is hashed: a burst of concurrent guesses sees the counts of the ones before it. Keys are the
 * account's lower-cased email (unknown emails are throttled exactly like accounts, or the
 * throttle would tell which exist) and the address's {@link addressKey}.
 */
export function createSignInThrottle(options: { limits?: Partial<SignInLimits>; clock?: () => number } = {}) {
  const limits: SignInLimits = { ...DEFAULT_SIGN_IN_LIMITS, ...options.limits };
  const clock = options.clock ?? Date.now;
  const perAddress = createWindowCounter({ limit: limits.attemptsPerAddress, windowMs: limits.windowMs, clock });
  const perPair = createWindowCounter({ limit: limits.attemptsPerAccountAndAddress, windowMs: limits.windowMs, clock });
  const accounts = createLruCache<string, AccountState>({ maxEntries: 100_000, ttlMs: limits.failureMemoryMs, clock });
  const knownAddresses = createLruCache<string, true>({ maxEntries: 100_000, ttlMs: limits.knownAddressMs, clock });

  const delayAfter = (failures: number) =>
    failures < limits.freeFailuresPerAccount ? 0 : Math.min(limits.firstDelayMs * 2 ** (failures - limits.freeFailuresPerAccount), limits.maxDelayMs);

  return {
    limits,

    /** Whether `address` may try a password for `account` now, and if so the attempt, already counted. */
    admit(account: string, address: string): SignInAttempt | SignInRefusal {
      const now = clock();
      const pair = `${account}\n${address}`;
      const hard = Math.max(perAddress.waitMs(address), perPair.waitMs(pair));
      if (hard > 0) return { refused: true, retryAfterMs: hard };
      const existing = accounts.get(account);
      const state = existing ?? { failures: 0, lastFailureAt: now, strangerBusyUntil: 0 };
      // the owner signing in from where they signed in before is not slowed by strangers' guesses
      const known = knownAddresses.get(pair) !== undefined;
      let holdMs = 0;
      if (!known) {
        // one stranger's attempt at a time: a concurrent burst cannot all pass the same wait
        if (state.strangerBusyUntil > now) return { refused: true, retryAfterMs: 1000 };
        holdMs = Math.max(0, state.lastFailureAt + delayAfter(state.failures) - now);
        if (holdMs > limits.maxHeldMs) return { refused: true, retryAfterMs: holdMs };
      }

      // counted now, as failures, before anything is awaited; a success gives its own count back
      const refunds = [perAddress.take(address), perPair.take(pair)];
      state.failures += 1;
      const busyUntil = now + holdMs + CHECK_GRACE_MS;
      if (!known) state.strangerBusyUntil = busyUntil;
      if (!existing) accounts.set(account, state);

      let settled = false;
      const settle = (outcome: 'failed' | 'succeeded' | 'abandoned') => {
        if (settled) return;
        settled = true;
        if (!known && state.strangerBusyUntil === busyUntil) state.strangerBusyUntil = 0;
        if (outcome === 'failed') {
          state.lastFailureAt = clock();
          // written again so the time to live restarts: forgotten failureMemoryMs after the last failure
          accounts.set(account, state);
        } else {
          // only this attempt's own count: failures of attempts still in flight stay counted
          for (const refund of refunds) refund();
          state.failures = Math.max(0, state.failures - 1);
        }
        if (outcome === 'succeeded') knownAddresses.set(pair, true);
      };
      return { holdMs, failed: () => settle('failed'), succeeded: () => settle('succeeded'), abandoned: () => settle('abandoned') };
    },
  };
}

/** The sign-in throttle. */
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

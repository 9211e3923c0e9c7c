import { createHash } from 'node:crypto';
import { createLruCache } from '../../lib/lru-cache.ts';
import { createWindowCounter } from '../../lib/window-counter.ts';

/**
 * How password guessing is held back (see docs/decisions/005-password-guessing-slows-down-never-locks.md).
 * Hard limits per address and per account-and-address; across all addresses an account is never
 * locked, only slowed; and a browser that signed in to the account before (its device cookie)
 * is not slowed by strangers at all, so that whoever floods an account with wrong guesses
 * cannot keep its owner out.
 */
export interface SignInLimits {
  /** Attempts one address (IPv6: its /64) may make at one account per window, refused ones included; a success is given back. */
  attemptsPerAccountAndAddress: number;
  /** Attempts one address may make across all accounts per window, refused ones included; a success is given back. */
  attemptsPerAddress: number;
  /** The window of the hard limits and of the device limits. */
  windowMs: number;
  /** Failures one device cookie may have per window before its browser is treated as a stranger. */
  failuresPerDevice: number;
  /** Attempts with device cookies at one account per window, successes too (every success mints a new cookie). */
  deviceAttemptsPerAccount: number;
  /** Failures at one account, from strangers anywhere, before each further attempt has to wait. */
  freeFailuresPerAccount: number;
  /** The wait after the first failure past the free ones; it doubles with each further failure... */
  firstDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
  /** Waits up to this long are done by the server for an address that has not guessed wrong at the account (the request takes longer); longer ones are a 429. */
  maxHeldMs: number;
  /** An address that guessed wrong at the account waits this much (or the account's delay, if longer) after the others may try. */
  repeatGuesserExtraMs: number;
  /** An account's failures, and which addresses guessed wrong at it, are forgotten this long after the last. */
  failureMemoryMs: number;
}

const MINUTE_MS = 60_000;

/**
 * 5 attempts per address per account and 20 per address in 15 minutes. Past 5 failures at an
 * account from anywhere, 1 s, 2 s, 4 s... up to 15 minutes between attempts: about 15 guesses in
 * the first quarter of an hour and 4 an hour after that, however many addresses guess. A device
 * cookie: 10 failures per 15 minutes, then its browser is a stranger until the window ends.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  attemptsPerAccountAndAddress: 5,
  attemptsPerAddress: 20,
  windowMs: 15 * MINUTE_MS,
  failuresPerDevice: 10,
  deviceAttemptsPerAccount: 30,
  freeFailuresPerAccount: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * MINUTE_MS,
  maxHeldMs: 5000,
  repeatGuesserExtraMs: 10_000,
  failureMemoryMs: 60 * MINUTE_MS,
};

/** An attempt that may go ahead: check the password after `holdMs`, then say how it went, exactly once. */
export interface SignInAttempt {
  /** How long to wait before checking the password (0: at once). */
  holdMs: number;
  /** Whether it came with a device cookie of the account (and within that cookie's limit): its hash goes first. */
  trusted: boolean;
  /** The password was wrong (or the account unknown): the attempt stays counted everywhere. */
  failed(): void;
  /** The password was right: the attempt is given back. */
  succeeded(): void;
  /** No password was checked because the server was too busy (503): the address keeps the attempt counted, the account does not. */
  busy(): void;
  /** No password was checked for another reason (an error of ours): the attempt is given back. */
  abandoned(): void;
}

/** Why an attempt may not go ahead, and for how long. */
export type SignInRefusal = { refused: true; retryAfterMs: number };

/** One account's (or unknown email's) state across strangers' addresses. */
interface AccountState {
  /** Strangers' failures not yet forgotten, counting attempts in flight until they turn out right. */
  failures: number;
  lastFailureAt: number;
  /**
   * Until when a stranger's attempt holds the one place strangers have, being held or checked;
   * 0 when free. A time rather than a flag, so an attempt that is somehow never settled frees
   * the place by itself.
   */
  strangerBusyUntil: number;
}

/** Longest a password check may take after its hold before its place counts as free again. */
const CHECK_GRACE_MS = 30_000;

type Outcome = 'failed' | 'succeeded' | 'busy' | 'abandoned';

/**
 * The key an account is counted under: a SHA-256 of its name, so whatever a caller passes (the
 * review sent 900 KB emails, each kept for an hour) every key held is 43 characters.
 */
const accountKey = (account: string) => createHash('sha256').update(account).digest('base64url');

/**
 * The sign-in throttle. `admit` decides and counts in one synchronous step, before any password
 * is hashed: a burst of concurrent guesses sees the counts of the ones before it. Keys are the
 * account's lower-cased email (unknown emails are throttled exactly like accounts, or the
 * throttle would tell which exist) as {@link accountKey}, the address's {@link addressKey}, and
 * a device cookie's token (already verified for this account by the caller).
 *
 * Memory: an attempt that is given back (a success, one that checked nothing) leaves no key
 * behind, so only counted attempts hold keys, and those are bounded by the address's limit:
 * one address adds at most `attemptsPerAddress` accounts and pairs per window, whatever it sends.
 */
export function createSignInThrottle(options: { limits?: Partial<SignInLimits>; clock?: () => number } = {}) {
  const limits: SignInLimits = { ...DEFAULT_SIGN_IN_LIMITS, ...options.limits };
  const clock = options.clock ?? Date.now;
  const perAddress = createWindowCounter({ limit: limits.attemptsPerAddress, windowMs: limits.windowMs, clock });
  const perPair = createWindowCounter({ limit: limits.attemptsPerAccountAndAddress, windowMs: limits.windowMs, clock });
  const deviceFailures = createWindowCounter({ limit: limits.failuresPerDevice, windowMs: limits.windowMs, clock });
  const deviceAttempts = createWindowCounter({ limit: limits.deviceAttemptsPerAccount, windowMs: limits.windowMs, clock });
  const accounts = createLruCache<string, AccountState>({ maxEntries: 100_000, ttlMs: limits.failureMemoryMs, clock });
  // account-and-address pairs that guessed wrong: they take their turn after everyone else
  const guessedWrong = createLruCache<string, true>({ maxEntries: 100_000, ttlMs: limits.failureMemoryMs, clock });

  const delayAfter = (failures: number) =>
    failures < limits.freeFailuresPerAccount ? 0 : Math.min(limits.firstDelayMs * 2 ** (failures - limits.freeFailuresPerAccount), limits.maxDelayMs);

  const settleOnce = (settle: (outcome: Outcome) => void): Pick<SignInAttempt, 'failed' | 'succeeded' | 'busy' | 'abandoned'> => {
    let settled = false;
    const once = (outcome: Outcome) => () => {
      if (settled) return;
      settled = true;
      settle(outcome);
    };
    return { failed: once('failed'), succeeded: once('succeeded'), busy: once('busy'), abandoned: once('abandoned') };
  };

  /**
   * The owner's browser: counted on its cookie alone, so no number of strangers' guesses slows
   * it. Every attempt counts on the account's device allowance (a success mints a fresh cookie,
   * so a per-cookie count alone would not bound someone signing in to their own account over
   * and over to fill the hashing line's front).
   */
  const admitDevice = (account: string, device: string): SignInAttempt => {
    const failure = deviceFailures.take(device);
    const attempt = deviceAttempts.take(account);
    return {
      holdMs: 0,
      trusted: true,
      ...settleOnce((outcome) => {
        if (outcome === 'succeeded' || outcome === 'abandoned') failure();
        if (outcome === 'abandoned') attempt();
      }),
    };
  };

  return {
    limits,

    /** Keys held across the throttle's counters and memories (for tests: what a flood leaves behind). */
    keysHeld(): number {
      return perAddress.size + perPair.size + deviceFailures.size + deviceAttempts.size + accounts.size + guessedWrong.size;
    },

    /**
     * Whether `address` may try a password for `account` now, and if so the attempt, already
     * counted. `device`: the token of a device cookie the caller verified for this account.
     */
    admit(accountName: string, address: string, device?: string | null): SignInAttempt | SignInRefusal {
      const account = accountKey(accountName);
      if (device && deviceFailures.waitMs(device) === 0 && deviceAttempts.waitMs(account) === 0) return admitDevice(account, device);

      const now = clock();
      const pair = `${account}\n${address}`;
      const hard = Math.max(perAddress.waitMs(address), perPair.waitMs(pair));
      if (hard > 0) return { refused: true, retryAfterMs: hard };
      // a refused attempt counts on the address like any other: polling a wait is not free
      const refuse = (retryAfterMs: number): SignInRefusal => {
        perAddress.take(address);
        perPair.take(pair);
        return { refused: true, retryAfterMs };
      };
      const existing = accounts.get(account);
      const state = existing ?? { failures: 0, lastFailureAt: now, strangerBusyUntil: 0 };
      // one stranger's attempt at a time: a concurrent burst cannot all pass the same wait
      if (state.strangerBusyUntil > now) return refuse(1000);
      const delay = delayAfter(state.failures);
      // Addresses that already guessed wrong here wait longer than the rest, and are never held:
      // when the wait ends, one arriving as it was told (the owner from a new browser) gets the
      // turn before a few addresses polling all along, and none can be admitted early and take
      // the place from it.
      const repeat = delay > 0 && guessedWrong.get(pair) !== undefined;
      const waitEnds = state.lastFailureAt + delay + (repeat ? Math.max(delay, limits.repeatGuesserExtraMs) : 0);
      const holdMs = Math.max(0, waitEnds - now);
      if (holdMs > 0 && (repeat || holdMs > limits.maxHeldMs)) return refuse(holdMs);

      // counted now, as failures, before anything is awaited; a success gives its own count back
      const refunds = [perAddress.take(address), perPair.take(pair)];
      state.failures += 1;
      const busyUntil = now + holdMs + CHECK_GRACE_MS;
      state.strangerBusyUntil = busyUntil;
      if (!existing) accounts.set(account, state);

      return {
        holdMs,
        trusted: false,
        ...settleOnce((outcome) => {
          if (state.strangerBusyUntil === busyUntil) state.strangerBusyUntil = 0;
          if (outcome === 'failed') {
            state.lastFailureAt = clock();
            // written again so the time to live restarts: forgotten failureMemoryMs after the last failure
            accounts.set(account, state);
            guessedWrong.set(pair, true);
            return;
          }
          // nothing was guessed: the account's count goes back (only this attempt's: failures
          // of attempts still in flight stay counted)
          state.failures = Math.max(0, state.failures - 1);
          // a state back at nothing is a fresh one: dropped, so that attempts given back hold no memory
          if (state.failures === 0 && state.strangerBusyUntil === 0 && accounts.get(account) === state) accounts.delete(account);
          // a 503 keeps its place on the address's count: a flood that fills the hashing line
          // pays for its refusals like any other attempt
          if (outcome !== 'busy') for (const refund of refunds) refund();
          if (outcome === 'succeeded') guessedWrong.delete(pair);
        }),
      };
    },
  };
}

/** The sign-in throttle. */
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

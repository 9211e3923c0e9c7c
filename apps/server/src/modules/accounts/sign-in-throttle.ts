import { createHash } from 'node:crypto';
import { createMemoryThrottleStore, type ThrottleRow, type ThrottleStore, type ThrottleView } from './sign-in-throttle-store.ts';

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
  failed(): Promise<void>;
  /** The password was right: the attempt is given back. */
  succeeded(): Promise<void>;
  /** No password was checked because the server was too busy (503): the address keeps the attempt counted, the account does not. */
  busy(): Promise<void>;
  /** No password was checked for another reason (an error of ours): the attempt is given back. */
  abandoned(): Promise<void>;
}

/** Why an attempt may not go ahead, and for how long. */
export type SignInRefusal = { refused: true; retryAfterMs: number };

/**
 * Longest a password check may take after its hold before its place counts as free again: an
 * account's `until` is a time rather than a flag, so an attempt that is somehow never settled
 * frees the place by itself.
 */
const CHECK_GRACE_MS = 30_000;

type Outcome = 'failed' | 'succeeded' | 'busy' | 'abandoned';

/** A count taken in a window, to give back: its key, and the end of the window it was taken in. */
interface Taken {
  key: string;
  endsAt: number;
}

/**
 * The key an account (or a device token) is counted under: a SHA-256 of it, so whatever a caller
 * passes (the review sent 900 KB emails, each kept for an hour) every key held is short.
 */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * What the throttle keeps, each under a key of its own in the {@link ThrottleStore}:
 * - fixed windows (`count` in the window ending at `expiresAt`): per address, per account and
 *   address, per device's failures, per account's device attempts;
 * - an account's strangers' failures (`count`, counting attempts in flight until they turn out
 *   right), the last failure (`at`), until when a stranger's attempt holds the one place
 *   strangers have (`until`, 0 when free), forgotten `failureMemoryMs` after the last failure;
 * - the account-and-address pairs that guessed wrong (they take their turn after everyone else).
 */
function keysOf(account: string, address: string, device: string | null) {
  return {
    address: `address ${address}`,
    pair: `pair ${account} ${address}`,
    account: `account ${account}`,
    guessedWrong: `wrong ${account} ${address}`,
    deviceAttempts: `devices ${account}`,
    /** Only with a device cookie. */
    deviceFailures: device === null ? null : `device ${device}`,
  };
}

type AttemptKeys = ReturnType<typeof keysOf>;

/** Every key of an attempt's step, the ones its store step may read or write. */
const allKeys = (keys: AttemptKeys): string[] => Object.values(keys).filter((key): key is string => key !== null);

/** `limit` counts per window of `windowMs`, the window starting at a key's first count. */
function fixedWindow(limit: number, windowMs: number) {
  return {
    /** Milliseconds until `key` may count once more; 0 when it may now. */
    waitMs(view: ThrottleView, key: string, now: number): number {
      const window = view.get(key);
      return window && window.count >= limit ? window.expiresAt - now : 0;
    },
    /** Counts one for `key`. */
    take(view: ThrottleView, key: string, now: number): Taken {
      const window = view.get(key) ?? { count: 0, at: now, until: 0, expiresAt: now + windowMs };
      view.set(key, { ...window, count: window.count + 1 });
      return { key, endsAt: window.expiresAt };
    },
  };
}

/**
 * Un-counts what {@link fixedWindow}'s `take` counted, unless its window has ended meanwhile (a
 * refund never adds to a later window). A window a refund leaves at zero is dropped: what was
 * given back keeps no key.
 */
function giveBack(view: ThrottleView, taken: Taken, now: number): void {
  const window = view.get(taken.key);
  if (!window || window.expiresAt !== taken.endsAt || window.expiresAt <= now) return;
  if (window.count <= 1) view.delete(taken.key);
  else view.set(taken.key, { ...window, count: window.count - 1 });
}

/**
 * The sign-in throttle. `admit` decides and counts in one step of its store, before any password
 * is hashed: a burst of concurrent guesses sees the counts of the ones before it. In memory that
 * step is synchronous; on PostgreSQL it is a transaction holding the account's and the address's
 * locks, so every instance on the database counts in the same windows (issue 21). Keys are the
 * account's lower-cased email (unknown emails are throttled exactly like accounts, or the
 * throttle would tell which exist), the address's {@link addressKey}, and a device cookie's token
 * (already verified for this account by the caller), the first and last hashed.
 *
 * What is kept: an attempt that is given back (a success, one that checked nothing) leaves no key
 * behind, so only counted attempts hold keys, and those are bounded by the address's limit: one
 * address adds at most `attemptsPerAddress` accounts and pairs per window, whatever it sends.
 */
export function createSignInThrottle(options: { limits?: Partial<SignInLimits>; clock?: () => number; store?: ThrottleStore } = {}) {
  const limits: SignInLimits = { ...DEFAULT_SIGN_IN_LIMITS, ...options.limits };
  const clock = options.clock ?? Date.now;
  const store = options.store ?? createMemoryThrottleStore({ clock });
  const perAddress = fixedWindow(limits.attemptsPerAddress, limits.windowMs);
  const perPair = fixedWindow(limits.attemptsPerAccountAndAddress, limits.windowMs);
  const deviceFailures = fixedWindow(limits.failuresPerDevice, limits.windowMs);
  const deviceAttempts = fixedWindow(limits.deviceAttemptsPerAccount, limits.windowMs);

  const delayAfter = (failures: number) =>
    failures < limits.freeFailuresPerAccount ? 0 : Math.min(limits.firstDelayMs * 2 ** (failures - limits.freeFailuresPerAccount), limits.maxDelayMs);

  /** The attempt's four outcomes, of which the first called is settled in the store (each step under the same locks as the admission). */
  const settleOnce = (keys: readonly string[], locks: readonly string[], settle: (view: ThrottleView, outcome: Outcome, now: number) => void): Pick<SignInAttempt, Outcome> => {
    let settled = false;
    const once = (outcome: Outcome) => async () => {
      if (settled) return;
      settled = true;
      await store.step(keys, locks, (view) => settle(view, outcome, clock()));
    };
    return { failed: once('failed'), succeeded: once('succeeded'), busy: once('busy'), abandoned: once('abandoned') };
  };

  /**
   * Whether `address` may try a password for `account` now, and if so the attempt, counted; run
   * in one step of the store.
   */
  const decide = (view: ThrottleView, keys: AttemptKeys, locks: readonly string[], now: number): SignInAttempt | SignInRefusal => {
    const touched = allKeys(keys);

    // The owner's browser: counted on its cookie alone, so no number of strangers' guesses slows
    // it. Every attempt counts on the account's device allowance (a success mints a fresh cookie,
    // so a per-cookie count alone would not bound someone signing in to their own account over
    // and over to fill the hashing line's front).
    if (keys.deviceFailures !== null && deviceFailures.waitMs(view, keys.deviceFailures, now) === 0 && deviceAttempts.waitMs(view, keys.deviceAttempts, now) === 0) {
      const failure = deviceFailures.take(view, keys.deviceFailures, now);
      const attempt = deviceAttempts.take(view, keys.deviceAttempts, now);
      return {
        holdMs: 0,
        trusted: true,
        ...settleOnce(touched, locks, (settling, outcome, at) => {
          if (outcome === 'succeeded' || outcome === 'abandoned') giveBack(settling, failure, at);
          if (outcome === 'abandoned') giveBack(settling, attempt, at);
        }),
      };
    }

    const hard = Math.max(perAddress.waitMs(view, keys.address, now), perPair.waitMs(view, keys.pair, now));
    if (hard > 0) return { refused: true, retryAfterMs: hard };
    // a refused attempt counts on the address like any other: polling a wait is not free
    const refuse = (retryAfterMs: number): SignInRefusal => {
      perAddress.take(view, keys.address, now);
      perPair.take(view, keys.pair, now);
      return { refused: true, retryAfterMs };
    };
    const state: ThrottleRow = view.get(keys.account) ?? { count: 0, at: now, until: 0, expiresAt: now + limits.failureMemoryMs };
    // one stranger's attempt at a time: a concurrent burst cannot all pass the same wait
    if (state.until > now) return refuse(1000);
    const delay = delayAfter(state.count);
    // Addresses that already guessed wrong here wait longer than the rest, and are never held:
    // when the wait ends, one arriving as it was told (the owner from a new browser) gets the
    // turn before a few addresses polling all along, and none can be admitted early and take
    // the place from it.
    const repeat = delay > 0 && view.get(keys.guessedWrong) !== undefined;
    const waitEnds = state.at + delay + (repeat ? Math.max(delay, limits.repeatGuesserExtraMs) : 0);
    const holdMs = Math.max(0, waitEnds - now);
    if (holdMs > 0 && (repeat || holdMs > limits.maxHeldMs)) return refuse(holdMs);

    // counted now, as failures, before anything is awaited; a success gives its own count back
    const taken = [perAddress.take(view, keys.address, now), perPair.take(view, keys.pair, now)];
    const busyUntil = now + holdMs + CHECK_GRACE_MS;
    // an account's failures are forgotten failureMemoryMs after the last one (or after the first attempt, until one fails)
    view.set(keys.account, { ...state, count: state.count + 1, until: busyUntil });

    return {
      holdMs,
      trusted: false,
      ...settleOnce(touched, locks, (settling, outcome, at) => {
        const current = settling.get(keys.account);
        const until = current && current.until !== busyUntil ? current.until : 0;
        if (outcome === 'failed') {
          // written again so the time to live restarts: forgotten failureMemoryMs after the last failure
          settling.set(keys.account, { count: current?.count ?? 1, at, until, expiresAt: at + limits.failureMemoryMs });
          settling.set(keys.guessedWrong, { count: 1, at, until: 0, expiresAt: at + limits.failureMemoryMs });
          return;
        }
        // nothing was guessed: the account's count goes back (only this attempt's: failures of
        // attempts still in flight stay counted); a state back at nothing is dropped, so that
        // attempts given back hold no memory
        if (current) {
          const failures = Math.max(0, current.count - 1);
          if (failures === 0 && until === 0) settling.delete(keys.account);
          else settling.set(keys.account, { ...current, count: failures, until });
        }
        // a 503 keeps its place on the address's count: a flood that fills the hashing line
        // pays for its refusals like any other attempt
        if (outcome !== 'busy') for (const t of taken) giveBack(settling, t, at);
        if (outcome === 'succeeded') settling.delete(keys.guessedWrong);
      }),
    };
  };

  return {
    limits,

    /** Keys held in the store (for tests: what a flood leaves behind). */
    keysHeld: (): Promise<number> => store.size(),

    /**
     * Whether `address` may try a password for `account` now, and if so the attempt, already
     * counted. `device`: the token of a device cookie the caller verified for this account.
     */
    admit(accountName: string, address: string, device?: string | null): Promise<SignInAttempt | SignInRefusal> {
      const account = digest(accountName);
      const keys = keysOf(account, address, device ? digest(device) : null);
      const locks = [account, address];
      return store.step(allKeys(keys), locks, (view) => decide(view, keys, locks, clock()));
    },
  };
}

/** The sign-in throttle. */
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

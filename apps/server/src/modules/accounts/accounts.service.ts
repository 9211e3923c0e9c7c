import type { CurrentUser } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import { waitWords } from '../../lib/wait-words.ts';
import { addressKey } from '../../lib/client-address.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';
import { addDeviceToken, DEVICE_TOKEN_TTL_MS, emailKey, findDeviceToken } from './device-cookie.ts';
import { DEFAULT_HASHING_CONCURRENCY, HashingBusyError, createHashingGate, type HashingGate, type HashingRequest } from './hashing-gate.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';
import { createSignInThrottle, type SignInAttempt, type SignInLimits } from './sign-in-throttle.ts';
import type { ThrottleStore } from './sign-in-throttle-store.ts';
import { memoryLimitWindows, type LimitWindows } from '../../http/limit-windows.ts';
import { DEFAULT_STORAGE_LIMITS, type StorageLimits } from '../../lib/storage-limits.ts';
import { IDEMPOTENCY_KEYS_PER_USER, IDEMPOTENCY_WINDOW_MS } from '../scan/scan.service.ts';

/** The account limits an operator sets. */
export interface AccountLimits {
  /** Sign-ups one client address (IPv6: its /64) may make an hour (`RATE_LIMIT_SIGN_UPS_PER_HOUR`); only while `RATE_LIMITS` is on. */
  signUpsPerHour: number;
  /** Password hashes computed at once, server-wide (`PASSWORD_HASHING_CONCURRENCY`). */
  hashingConcurrency: number;
}

/**
 * Ten sign-ups an hour per address: a family or an office signing up together fits; a script
 * asking which emails have accounts learns ten an hour per address (docs/decisions/004).
 */
export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = { signUpsPerHour: 10, hashingConcurrency: DEFAULT_HASHING_CONCURRENCY };

const HOUR_MS = 60 * 60 * 1000;

/** Thrown as 429 with how long to wait. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterMs: number, what = 'sign-in attempts') {
    super('RATE_LIMITED', `Too many ${what}. Try again in ${waitWords(retryAfterMs)}.`);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function toCurrentUser(row: UserRow): CurrentUser {
  return { kind: row.kind, email: row.kind === 'account' ? row.email : null, createdAt: row.createdAt.toISOString() };
}

/** What a sign-up or sign-in hands back: the user, the new session the cookie must carry, and the browser's new device cookie. */
export interface SignedIn {
  user: CurrentUser;
  session: { token: string; maxAgeSeconds: number };
  device: DeviceCookie;
}

/** A device cookie's value to send, and for how long the browser keeps it. */
export interface DeviceCookie {
  value: string;
  maxAgeSeconds: number;
}

/** The name under which the device cookies' HMAC key is kept (accounts repository, `server_keys`). */
const DEVICE_KEY_NAME = 'device-cookie';

/**
 * Accounts: a guest signs up (the same user row becomes an account, so everything it did stays
 * its own), signs in (a guest's data merges into the account), signs out and changes password.
 * Every sign-in or sign-up starts a new session (the id rotates) and ends the one it came from,
 * and gives the browser a device cookie for the account (./device-cookie.ts).
 *
 * Every password hash goes through one {@link HashingGate}; sign-in and password changes are
 * counted by the sign-in throttle before any hashing; sign-ups by a per-address limit (while
 * rate limits are on), and a taken email is answered before anything is hashed.
 */
export function createAccountsService(deps: {
  repo: AccountsRepository;
  sessions: SessionsService;
  blockedSendersChanged?: (userId: string) => void;
  clock?: () => Date;
  /** `RATE_LIMITS`: the per-address sign-up limit applies only when on (default). The sign-in throttle always does. */
  rateLimits?: boolean;
  limits?: Partial<AccountLimits>;
  /** Tests pass short delays. */
  signInLimits?: Partial<SignInLimits>;
  /** Where the per-address sign-up limit counts (default: this process's memory; on PostgreSQL the shared windows). */
  limitWindows?: LimitWindows;
  /** Where the sign-in throttle keeps its counts (default: this process's memory; on PostgreSQL the database, shared by every instance). */
  signInStore?: (clock: () => number) => ThrottleStore;
  /** The server-wide hashing gate; one is made when omitted. */
  hashing?: HashingGate;
  /** What one user may keep (`MAX_*`): a guest merged into an account leaves it within them. */
  storageLimits?: Partial<StorageLimits>;
  /**
   * Told of what the person should hear about as a Security Update (the alerts): a sign-in from a
   * browser that never signed in to the account before, a password change. Awaited, so the alert is
   * listed by the time the request answers; it never throws (the caller logs its failure).
   */
  securityEvent?: (userId: string, event: 'new_sign_in' | 'password_changed') => Promise<void>;
  /**
   * True when the person pays for a plan that still renews: their account is not deleted until
   * they cancel it (else their card would go on being charged for an account that is gone).
   */
  planStillRenews?: (userId: string) => Promise<boolean>;
  /**
   * Ends the person's payment checkouts still open, then runs `deletion` before another can open
   * (billing's `closeCheckoutsThen`): a checkout left open in another tab must not be paid for an
   * account that is gone. Throws (and `deletion` does not run) when one could not be ended.
   */
  closeCheckouts?: (userId: string, deletion: () => Promise<void>) => Promise<void>;
}) {
  const clock = deps.clock ?? (() => new Date());
  const now = () => clock().getTime();
  const limits: AccountLimits = { ...DEFAULT_ACCOUNT_LIMITS, ...deps.limits };
  const storageLimits: StorageLimits = { ...DEFAULT_STORAGE_LIMITS, ...deps.storageLimits };
  const hashing = deps.hashing ?? createHashingGate({ concurrency: limits.hashingConcurrency });
  const throttle = createSignInThrottle({
    ...(deps.signInLimits ? { limits: deps.signInLimits } : {}),
    ...(deps.signInStore ? { store: deps.signInStore(now) } : {}),
    clock: now,
  });
  const signUps = deps.rateLimits === false ? null : (deps.limitWindows ?? memoryLimitWindows(now))('sign-ups', limits.signUpsPerHour, HOUR_MS);

  // read (or made) once per process; a failed read is tried again by the next request
  let deviceKey: Promise<Buffer> | undefined;
  const loadDeviceKey = () => {
    deviceKey ??= deps.repo.loadServerKey(DEVICE_KEY_NAME).catch((err: unknown) => {
      deviceKey = undefined;
      throw err;
    });
    return deviceKey;
  };
  const issueDevice = async (email: string, cookie: string | undefined): Promise<DeviceCookie> => ({
    value: addDeviceToken(await loadDeviceKey(), cookie, emailKey(email), now()),
    maxAgeSeconds: DEVICE_TOKEN_TTL_MS / 1000,
  });

  /**
   * Where an attempt's hashes stand in the gate's line: a trusted one in front, each account
   * holding a small share of that lane; a stranger's behind, each address (or /64) a small
   * share of theirs, so a flood from one network cannot fill the line alone.
   */
  const placeFor = (attempt: SignInAttempt, email: string, address: string): HashingRequest =>
    attempt.trusted ? { priority: 'trusted', client: `account ${emailKey(email)}` } : { priority: 'high', client: addressKey(address) };

  /** Checks `password` against `stored` (the decoy when there is none) for an admitted attempt, and settles it. */
  const checkPassword = async (attempt: SignInAttempt, place: HashingRequest, password: string, stored: () => Promise<string | null | undefined>): Promise<boolean> => {
    let ok: boolean;
    try {
      if (attempt.holdMs > 0) await sleep(attempt.holdMs);
      const hash = await stored();
      // an unknown email costs the same hashing as a wrong password, and gets the same answer
      ok = await hashing.run(async () => verifyPassword(password, hash ?? (await decoyHash())), place);
    } catch (err) {
      await (err instanceof HashingBusyError ? attempt.busy() : attempt.abandoned()).catch(() => {
        // the error that ended the check is the one to answer; an attempt left counted frees its place by itself
      });
      throw err;
    }
    await (ok ? attempt.succeeded() : attempt.failed());
    return ok;
  };

  /** Counts an attempt at `email` from `address` (with the browser's device cookie, if any), or throws {@link RateLimitedError}. */
  const admitSignIn = async (email: string, address: string, deviceCookie?: string): Promise<SignInAttempt> => {
    const account = emailKey(email);
    const device = deviceCookie ? findDeviceToken(await loadDeviceKey(), deviceCookie, account, now()) : null;
    const admission = await throttle.admit(account, addressKey(address), device);
    if ('refused' in admission) throw new RateLimitedError(admission.retryAfterMs);
    return admission;
  };

  const switchSession = async (userId: string, fromHash: string) => {
    const session = await deps.sessions.start(userId);
    // a newcomer (no session yet) has none to end
    if (fromHash !== '') await deps.sessions.revoke(fromHash);
    return session.setCookie;
  };

  /**
   * The signed-in account's password asked again (a password change, an account deletion): a
   * stolen session guessing it is held back like a sign-in. Throws NOT_SIGNED_IN for a guest and
   * CURRENT_PASSWORD_WRONG for a wrong one.
   */
  const confirmPassword = async (userId: string, password: string, address: string, deviceCookie: string | undefined) => {
    const row = await deps.repo.findById(userId);
    if (row?.kind !== 'account' || row.passwordHash === null || row.email === null) throw new AppError('NOT_SIGNED_IN');
    const verified = row.passwordHash;
    const attempt = await admitSignIn(row.email, address, deviceCookie);
    const place = placeFor(attempt, row.email, address);
    if (!(await checkPassword(attempt, place, password, async () => verified))) throw new AppError('CURRENT_PASSWORD_WRONG');
    return { email: row.email, verified, place };
  };

  return {
    async me(userId: string): Promise<CurrentUser> {
      const row = await deps.repo.findById(userId);
      if (!row) throw new AppError('NOT_SIGNED_IN');
      return toCurrentUser(row);
    },

    /**
     * Counts a sign-up from `address`, or throws {@link RateLimitedError}; returns the refund (for
     * a request that turns out invalid). Called as the request arrives, before a guest is made
     * for it: a refused flood costs no database row. Every sign-up counts, a taken email too:
     * that answer is what the limit rations (docs/decisions/004).
     */
    async admitSignUp(address: string): Promise<() => void> {
      if (!signUps) return () => {};
      const spent = await signUps.spend(addressKey(address));
      if (!spent.fits) throw new RateLimitedError(spent.waitMs, 'sign-ups from your network');
      return () => void spent.refund();
    },

    admitSignIn,

    async signUp(userId: string, sessionHash: string, email: string, password: string, address: string, deviceCookie?: string): Promise<SignedIn> {
      const row = await deps.repo.findById(userId);
      if (row?.kind === 'account') throw new AppError('ALREADY_SIGNED_IN');
      // answered before hashing: a taken email costs no scrypt (the answer says it anyway, decision 004)
      if (await deps.repo.findAccountByEmail(email)) throw new AppError('EMAIL_TAKEN');
      const hash = await hashing.run(() => hashPassword(password), { priority: 'low', client: addressKey(address) });
      // the unique index still settles two sign-ups racing for one email
      const outcome = await deps.repo.upgradeGuest(userId, email, hash, clock());
      if (outcome === 'email-taken') throw new AppError('EMAIL_TAKEN');
      if (outcome === 'not-guest') throw new AppError('ALREADY_SIGNED_IN');
      const session = await switchSession(userId, sessionHash);
      const user = await deps.repo.findById(userId);
      if (!user) throw new Error('the account vanished after sign-up');
      return { user: toCurrentUser(user), session, device: await issueDevice(email, deviceCookie) };
    },

    /**
     * Signs in with an attempt {@link admitSignIn} admitted for this email. `userId` is empty for
     * a newcomer (no session): nothing was stored for them, and only a success makes a row (the
     * account's session).
     */
    async signIn(userId: string, sessionHash: string, email: string, password: string, address: string, attempt: SignInAttempt, deviceCookie?: string): Promise<SignedIn> {
      let account: UserRow | undefined;
      const ok = await checkPassword(attempt, placeFor(attempt, email, address), password, async () => {
        account = await deps.repo.findAccountByEmail(email);
        return account?.passwordHash;
      });
      if (!account || !ok) throw new AppError('INVALID_CREDENTIALS');
      const current = userId === '' ? undefined : await deps.repo.findById(userId);
      if (current?.kind === 'guest' && current.id !== account.id) {
        await deps.repo.mergeGuestInto(current.id, account.id, {
          ...storageLimits,
          requestKeys: IDEMPOTENCY_KEYS_PER_USER,
          requestKeysSince: new Date(now() - IDEMPOTENCY_WINDOW_MS),
        });
        deps.blockedSendersChanged?.(account.id);
      }
      const session = await switchSession(account.id, sessionHash);
      // a browser carrying no device token of this account is a new one to it
      if (!attempt.trusted) await deps.securityEvent?.(account.id, 'new_sign_in');
      return { user: toCurrentUser(account), session, device: await issueDevice(email, deviceCookie) };
    },

    async signOut(userId: string, sessionHash: string): Promise<void> {
      const row = await deps.repo.findById(userId);
      // a guest has no account to come back to: signing out would throw its history away
      if (row?.kind !== 'account') throw new AppError('NOT_SIGNED_IN');
      await deps.sessions.revoke(sessionHash);
    },

    async changePassword(userId: string, sessionHash: string, currentPassword: string, newPassword: string, address: string, deviceCookie?: string): Promise<{ device: DeviceCookie }> {
      const { email, verified, place } = await confirmPassword(userId, currentPassword, address, deviceCookie);
      const hash = await hashing.run(() => hashPassword(newPassword), place);
      // Compare-and-set: another change that won meanwhile made the password checked above no
      // longer the current one, and so it is answered here
      if (!(await deps.repo.setPasswordIfUnchanged(userId, verified, hash, clock()))) throw new AppError('CURRENT_PASSWORD_WRONG');
      // whoever else knew the old password is signed out everywhere; this browser stays in
      await deps.sessions.revokeUser(userId, sessionHash);
      await deps.securityEvent?.(userId, 'password_changed');
      return { device: await issueDevice(email, deviceCookie) };
    },

    /**
     * Deletes the account and everything of it, in one transaction (`repo.deleteAccount`): the
     * history, reports, blocked senders, preferences, plugins, alerts, family place, sessions
     * (every browser signed out). The password is asked again, held back like a sign-in, so a
     * session left open somewhere cannot do it. Checkouts still open are ended first, and no new
     * one opens until the account is gone.
     */
    async deleteAccount(userId: string, password: string, address: string, deviceCookie?: string): Promise<void> {
      await confirmPassword(userId, password, address, deviceCookie);
      const erase = async () => {
        // asked again in the checkouts' turn: a checkout paid meanwhile has been applied by now
        if (await deps.planStillRenews?.(userId)) throw new AppError('PLAN_STILL_ACTIVE');
        await deps.repo.deleteAccount(userId);
      };
      if (await deps.planStillRenews?.(userId)) throw new AppError('PLAN_STILL_ACTIVE');
      try {
        await (deps.closeCheckouts ? deps.closeCheckouts(userId, erase) : erase());
      } catch (err) {
        if (err instanceof AppError && err.code === 'PAYMENTS_UNAVAILABLE') {
          throw new AppError('PAYMENTS_UNAVAILABLE', 'The payment service did not answer, so a checkout you opened could not be closed. Your account was not deleted: please try again in a moment.');
        }
        throw err;
      }
      // the rows went with the user; this process's cached sessions of theirs go too, or another
      // browser of the account would go on as a user that no longer exists
      await deps.sessions.revokeUser(userId);
    },
  };
}

/** The accounts service. */
export type AccountsService = ReturnType<typeof createAccountsService>;

import type { CurrentUser } from '@baitcheck/contracts';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../lib/app-error.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';

/** Failed sign-ins allowed per account in {@link SIGN_IN_WINDOW_S}, then it waits out the window. */
export const SIGN_IN_FAILURES_PER_ACCOUNT = 5;
/** Sign-in attempts allowed per client address in {@link SIGN_IN_WINDOW_S}: bounds guessing across accounts and the hashing work. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 20;
/** The rate-limit window, in seconds. */
export const SIGN_IN_WINDOW_S = 15 * 60;

/** Thrown as 429 with how long to wait. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute${retryAfterSeconds > 60 ? 's' : ''}.`);
  }
}

function toCurrentUser(row: UserRow): CurrentUser {
  return { kind: row.kind, email: row.kind === 'account' ? row.email : null, createdAt: row.createdAt.toISOString() };
}

/** What a sign-up or sign-in hands back: the user, and the new session the cookie must carry. */
export interface SignedIn {
  user: CurrentUser;
  session: { token: string; maxAgeSeconds: number };
}

/**
 * Accounts: a guest signs up (the same user row becomes an account, so everything it did stays
 * its own), signs in (a guest's data merges into the account), signs out and changes password.
 * Every sign-in or sign-up starts a new session (the id rotates) and ends the one it came from.
 */
export function createAccountsService(deps: {
  repo: AccountsRepository;
  sessions: SessionsService;
  blockedSendersChanged?: (userId: string) => void;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  const perAccount = new RateLimiterMemory({ keyPrefix: 'sign-in-account', points: SIGN_IN_FAILURES_PER_ACCOUNT, duration: SIGN_IN_WINDOW_S });
  const perAddress = new RateLimiterMemory({ keyPrefix: 'sign-in-address', points: SIGN_IN_ATTEMPTS_PER_ADDRESS, duration: SIGN_IN_WINDOW_S });

  const refuseWhenLimited = async (emailKey: string, address: string) => {
    const [account, client] = await Promise.all([perAccount.get(emailKey), perAddress.get(address)]);
    const blocked = [account, client].filter((r): r is RateLimiterRes => r !== null && r.remainingPoints <= 0);
    if (blocked.length > 0) throw new RateLimitedError(Math.max(...blocked.map((r) => r.msBeforeNext)) / 1000);
  };
  // consume() rejects with a RateLimiterRes once the points are gone: that is the limit, not an error
  const spend = (limiter: RateLimiterMemory, key: string) => limiter.consume(key).catch((res: unknown) => {
    if (!(res instanceof RateLimiterRes)) throw res;
  });

  const switchSession = async (userId: string, fromHash: string) => {
    const session = await deps.sessions.start(userId);
    await deps.sessions.revoke(fromHash);
    return session.setCookie;
  };

  return {
    async me(userId: string): Promise<CurrentUser> {
      const row = await deps.repo.findById(userId);
      if (!row) throw new AppError('NOT_SIGNED_IN');
      return toCurrentUser(row);
    },

    async signUp(userId: string, sessionHash: string, email: string, password: string): Promise<SignedIn> {
      const row = await deps.repo.findById(userId);
      if (row?.kind === 'account') throw new AppError('ALREADY_SIGNED_IN');
      const hash = await hashPassword(password);
      const outcome = await deps.repo.upgradeGuest(userId, email, hash, clock());
      if (outcome === 'email-taken') throw new AppError('EMAIL_TAKEN');
      if (outcome === 'not-guest') throw new AppError('ALREADY_SIGNED_IN');
      const session = await switchSession(userId, sessionHash);
      const user = await deps.repo.findById(userId);
      if (!user) throw new Error('the account vanished after sign-up');
      return { user: toCurrentUser(user), session };
    },

    async signIn(userId: string, sessionHash: string, email: string, password: string, address: string): Promise<SignedIn> {
      const emailKey = email.toLowerCase();
      await refuseWhenLimited(emailKey, address);
      await spend(perAddress, address);
      const account = await deps.repo.findAccountByEmail(email);
      // an unknown email costs the same hashing as a wrong password, and gets the same answer
      const ok = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
      if (!account || !ok) {
        await spend(perAccount, emailKey);
        throw new AppError('INVALID_CREDENTIALS');
      }
      await perAccount.delete(emailKey);
      const current = await deps.repo.findById(userId);
      if (current?.kind === 'guest' && current.id !== account.id) {
        await deps.repo.mergeGuestInto(current.id, account.id);
        deps.blockedSendersChanged?.(account.id);
      }
      const session = await switchSession(account.id, sessionHash);
      return { user: toCurrentUser(account), session };
    },

    async signOut(userId: string, sessionHash: string): Promise<void> {
      const row = await deps.repo.findById(userId);
      // a guest has no account to come back to: signing out would throw its history away
      if (row?.kind !== 'account') throw new AppError('NOT_SIGNED_IN');
      await deps.sessions.revoke(sessionHash);
    },

    async changePassword(userId: string, sessionHash: string, currentPassword: string, newPassword: string, address: string): Promise<void> {
      const row = await deps.repo.findById(userId);
      if (row?.kind !== 'account' || row.passwordHash === null || row.email === null) throw new AppError('NOT_SIGNED_IN');
      const emailKey = row.email.toLowerCase();
      await refuseWhenLimited(emailKey, address);
      if (!(await verifyPassword(currentPassword, row.passwordHash))) {
        await spend(perAccount, emailKey);
        throw new AppError('CURRENT_PASSWORD_WRONG');
      }
      await deps.repo.setPassword(userId, await hashPassword(newPassword), clock());
      // whoever else knew the old password is signed out everywhere; this browser stays in
      await deps.sessions.revokeUser(userId, sessionHash);
    },
  };
}

/** The accounts service. */
export type AccountsService = ReturnType<typeof createAccountsService>;

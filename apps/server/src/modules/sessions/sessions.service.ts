import { createHash, randomBytes } from 'node:crypto';
import type { BusTopics, ClusterBus } from '../../cluster/bus.ts';
import { createLruCache } from '../../lib/lru-cache.ts';
import type { SessionsRepository } from './sessions.repository.ts';

/** Guest sessions last this long after the last visit (sliding): the guest's history lives in them. */
export const SESSION_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** Account sessions last this long after the last visit (sliding); the account signs in again after. */
export const ACCOUNT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How stale `last_seen_at` may get before a visit writes it again; saves a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Sessions held in memory; beyond this the least recently used are dropped (and re-read). */
export const SESSION_CACHE_SIZE = 10_000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Account sessions end this long after they began however often they are used (`ACCOUNT_SESSION_MAX_DAYS`). */
export const ACCOUNT_SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Guests with nothing stored and no visit for this long are removed (`GUEST_IDLE_DAYS`). */
export const GUEST_IDLE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * With several instances, how long one trusts its cached copy of a session before reading it again
 * (a bound on a missed message that another instance ended it).
 */
export const SHARED_SESSION_CACHE_MS = 30_000;

/** A resolved session: whose it is, and the token to (re)send when the cookie must be set. */
export interface ResolvedSession {
  userId: string;
  idHash: string;
  /** Set when the browser needs a (new or refreshed) cookie. */
  setCookie?: { token: string; maxAgeSeconds: number };
}

interface CachedSession {
  userId: string;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
}

/** A session's own lifetime, read back from its row: a visit extends it by as much again. */
function lifetimeOf(entry: CachedSession): number {
  const ttl = entry.expiresAt - entry.lastSeenAt;
  return ttl > 0 ? ttl : SESSION_TTL_MS;
}

/**
 * Account sessions are the ones started with a shorter life than a guest's (sign-in, sign-up):
 * the row has no kind, and the lifetime it was given is what tells them apart.
 */
function isAccountSession(entry: CachedSession): boolean {
  return lifetimeOf(entry) < SESSION_TTL_MS;
}
/** SHA-256 of a session token, hex: the only form stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How long sessions and the guests they made are kept; each has its setting. */
export interface SessionLimits {
  /** An account session ends this long after it began, however often it is used. */
  accountSessionMaxAgeMs: number;
  /** A guest with nothing stored and no visit for this long is removed by the pruning. */
  guestIdleMs: number;
}

/** The limits when none are configured. */
export const DEFAULT_SESSION_LIMITS: SessionLimits = { accountSessionMaxAgeMs: ACCOUNT_SESSION_MAX_AGE_MS, guestIdleMs: GUEST_IDLE_MS };

/**
 * Turns a cookie value into a user id, and makes a guest user with its session when a visitor
 * first stores something ({@link startGuest}); reading makes nothing, so a client that only
 * reads (or a crawler) leaves no row. Sessions are cached by hash, per process; deletion goes
 * through `revoke`, `revokeUser` and the pruning, which drop the cache entries, and with several
 * instances on one PostgreSQL (`bus.shared`) tell the others to drop theirs. A message can be
 * lost (an instance's listening connection down), so there a cached session is also read again
 * after {@link SHARED_SESSION_CACHE_MS}.
 */
export function createSessionsService(repo: SessionsRepository, options: { clock?: () => number; limits?: Partial<SessionLimits>; bus?: ClusterBus } = {}) {
  const clock = options.clock ?? Date.now;
  const limits: SessionLimits = { ...DEFAULT_SESSION_LIMITS, ...options.limits };
  const bus = options.bus;
  const cache = createLruCache<string, CachedSession>({ maxEntries: SESSION_CACHE_SIZE, clock, ...(bus?.shared ? { ttlMs: SHARED_SESSION_CACHE_MS } : {}) });
  const forget = (ended: BusTopics['sessions.ended']) => {
    if (ended.all) cache.deleteWhere(() => true);
    for (const hash of ended.sessionHashes ?? []) cache.delete(hash);
    if (ended.userId !== undefined) cache.deleteWhere((entry) => entry.userId === ended.userId);
  };
  bus?.subscribe('sessions.ended', forget);
  bus?.onResync(() => forget({ all: true }));
  const remember = (idHash: string, entry: CachedSession) => cache.set(idHash, entry);
  const fromRow = (row: { userId: string; createdAt: Date; expiresAt: Date; lastSeenAt: Date }): CachedSession => ({
    userId: row.userId,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
  });
  /** When the session ends for good, visits or not: an account session's absolute limit. */
  const endOf = (entry: CachedSession) => (isAccountSession(entry) ? entry.createdAt + limits.accountSessionMaxAgeMs : Infinity);

  return {
    /**
     * The session behind a cookie value, or null when there is none (no cookie, a malformed,
     * unknown or expired one): the visitor is then a newcomer and nothing is created here.
     */
    async resolve(token: string | undefined): Promise<ResolvedSession | null> {
      if (!token || !TOKEN_PATTERN.test(token)) return null;
      const idHash = hashToken(token);
      const now = clock();
      let entry = cache.get(idHash);
      if (!entry) {
        const row = await repo.find(idHash);
        if (!row) return null;
        entry = fromRow(row);
        remember(idHash, entry);
      }
      if (entry.expiresAt <= now || endOf(entry) <= now) {
        // a stolen cookie of an account is not good forever, however often it is used
        cache.delete(idHash);
        await repo.delete(idHash);
        return null;
      }
      if (now - entry.lastSeenAt < SESSION_TOUCH_INTERVAL_MS) return { userId: entry.userId, idHash };
      const expiresAt = Math.min(now + lifetimeOf(entry), endOf(entry));
      await repo.touch(idHash, new Date(now), new Date(expiresAt));
      remember(idHash, { ...entry, expiresAt, lastSeenAt: now });
      return { userId: entry.userId, idHash, setCookie: { token, maxAgeSeconds: Math.floor((expiresAt - now) / 1000) } };
    },

    /** A new guest user and its first session: called when a newcomer first stores something. */
    async startGuest(): Promise<ResolvedSession & { setCookie: { token: string; maxAgeSeconds: number } }> {
      const token = generateToken();
      const idHash = hashToken(token);
      const now = clock();
      const userId = await repo.createGuest(idHash, new Date(now), new Date(now + SESSION_TTL_MS));
      remember(idHash, { userId, createdAt: now, expiresAt: now + SESSION_TTL_MS, lastSeenAt: now });
      return { userId, idHash, setCookie: { token, maxAgeSeconds: SESSION_TTL_MS / 1000 } };
    },

    /** A new session for `userId` (a sign-in: the id rotates), lasting `ttlMs` after each visit. */
    async start(userId: string, ttlMs: number = ACCOUNT_SESSION_TTL_MS): Promise<ResolvedSession & { setCookie: { token: string; maxAgeSeconds: number } }> {
      const token = generateToken();
      const idHash = hashToken(token);
      const now = clock();
      await repo.createFor(idHash, userId, new Date(now), new Date(now + ttlMs));
      remember(idHash, { userId, createdAt: now, expiresAt: now + ttlMs, lastSeenAt: now });
      return { userId, idHash, setCookie: { token, maxAgeSeconds: Math.floor(ttlMs / 1000) } };
    },

    /** Ends every session of `userId` except `exceptHash` (a password change ends the others). */
    async revokeUser(userId: string, exceptHash?: string): Promise<number> {
      const ended = await repo.deleteForUser(userId, exceptHash);
      // sessions of this user cached here but already gone from the table, and in the other instances
      forget({ userId });
      await bus?.publish('sessions.ended', { userId });
      if (exceptHash !== undefined) {
        const kept = await repo.find(exceptHash);
        if (kept) remember(exceptHash, fromRow(kept));
      }
      return ended.length;
    },

    async revoke(idHash: string): Promise<void> {
      cache.delete(idHash);
      await repo.delete(idHash);
      await bus?.publish('sessions.ended', { sessionHashes: [idHash] });
    },

    /**
     * Housekeeping: deletes expired sessions, account sessions past their absolute limit, and
     * guests nobody can reach any more (no session left) or who never came back (nothing stored,
     * no visit for {@link SessionLimits.guestIdleMs}). Accounts are kept: they can sign in again.
     */
    async pruneExpired(): Promise<{ sessions: number; guests: number }> {
      const now = clock();
      const ended = await repo.pruneExpired({
        now: new Date(now),
        accountSessionsStartedBefore: new Date(now - limits.accountSessionMaxAgeMs),
        idleGuestsLastSeenBefore: new Date(now - limits.guestIdleMs),
      });
      for (const hash of ended.sessionHashes) cache.delete(hash);
      const goneGuests = new Set(ended.guestIds);
      cache.deleteWhere((entry) => entry.expiresAt <= now || endOf(entry) <= now || goneGuests.has(entry.userId));
      // the lists could be long: the other instances read their sessions again
      if (ended.sessionHashes.length > 0 || ended.guests > 0) await bus?.publish('sessions.ended', { all: true });
      return { sessions: ended.sessionHashes.length, guests: ended.guests };
    },
  };
}

/** The sessions service. */
export type SessionsService = ReturnType<typeof createSessionsService>;

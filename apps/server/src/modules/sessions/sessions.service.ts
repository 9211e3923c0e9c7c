import { createHash, randomBytes } from 'node:crypto';
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

/** A resolved session: whose it is, and the token to (re)send when the cookie must be set. */
export interface ResolvedSession {
  userId: string;
  idHash: string;
  /** Set when the browser needs a (new or refreshed) cookie. */
  setCookie?: { token: string; maxAgeSeconds: number };
}

interface CachedSession {
  userId: string;
  expiresAt: number;
  lastSeenAt: number;
}

/** A session's own lifetime, read back from its row: a visit extends it by as much again. */
function lifetimeOf(entry: CachedSession): number {
  const ttl = entry.expiresAt - entry.lastSeenAt;
  return ttl > 0 ? ttl : SESSION_TTL_MS;
}

/** SHA-256 of a session token, hex: the only form stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Turns a cookie value into a user id, creating a guest user and session when there is none.
 * Sessions are cached by hash; the cache is per process, which is right while one process owns
 * the sessions it creates (deletion goes through `revoke`, which drops the cache entry).
 */
export function createSessionsService(repo: SessionsRepository, clock: () => number = Date.now) {
  const cache = createLruCache<string, CachedSession>({ maxEntries: SESSION_CACHE_SIZE });
  const remember = (idHash: string, entry: CachedSession) => cache.set(idHash, entry);

  const create = async (): Promise<ResolvedSession> => {
    const token = generateToken();
    const idHash = hashToken(token);
    const now = clock();
    const userId = await repo.createGuest(idHash, new Date(now + SESSION_TTL_MS));
    remember(idHash, { userId, expiresAt: now + SESSION_TTL_MS, lastSeenAt: now });
    return { userId, idHash, setCookie: { token, maxAgeSeconds: SESSION_TTL_MS / 1000 } };
  };

  return {
    async resolve(token: string | undefined): Promise<ResolvedSession> {
      if (!token || !TOKEN_PATTERN.test(token)) return create();
      const idHash = hashToken(token);
      const now = clock();
      let entry = cache.get(idHash);
      if (!entry) {
        const row = await repo.find(idHash);
        if (!row) return create();
        entry = { userId: row.userId, expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() };
        remember(idHash, entry);
      }
      if (entry.expiresAt <= now) {
        cache.delete(idHash);
        return create();
      }
      if (now - entry.lastSeenAt < SESSION_TOUCH_INTERVAL_MS) return { userId: entry.userId, idHash };
      const ttl = lifetimeOf(entry);
      const expiresAt = now + ttl;
      await repo.touch(idHash, new Date(now), new Date(expiresAt));
      remember(idHash, { userId: entry.userId, expiresAt, lastSeenAt: now });
      return { userId: entry.userId, idHash, setCookie: { token, maxAgeSeconds: Math.floor(ttl / 1000) } };
    },

    /** A new session for `userId` (a sign-in: the id rotates), lasting `ttlMs` after each visit. */
    async start(userId: string, ttlMs: number = ACCOUNT_SESSION_TTL_MS): Promise<ResolvedSession & { setCookie: { token: string; maxAgeSeconds: number } }> {
      const token = generateToken();
      const idHash = hashToken(token);
      const now = clock();
      await repo.createFor(idHash, userId, new Date(now + ttlMs));
      remember(idHash, { userId, expiresAt: now + ttlMs, lastSeenAt: now });
      return { userId, idHash, setCookie: { token, maxAgeSeconds: Math.floor(ttlMs / 1000) } };
    },

    /** Ends every session of `userId` except `exceptHash` (a password change ends the others). */
    async revokeUser(userId: string, exceptHash?: string): Promise<number> {
      const ended = await repo.deleteForUser(userId, exceptHash);
      for (const hash of ended) cache.delete(hash);
      // sessions of this user cached by this process but already gone from the table
      cache.deleteWhere((entry) => entry.userId === userId);
      if (exceptHash !== undefined) {
        const kept = await repo.find(exceptHash);
        if (kept) remember(exceptHash, { userId: kept.userId, expiresAt: kept.expiresAt.getTime(), lastSeenAt: kept.lastSeenAt.getTime() });
      }
      return ended.length;
    },

    async revoke(idHash: string): Promise<void> {
      cache.delete(idHash);
      await repo.delete(idHash);
    },

    async pruneExpired(): Promise<{ sessions: number; guests: number }> {
      const now = clock();
      cache.deleteWhere((entry) => entry.expiresAt <= now);
      return repo.pruneExpired(new Date(now));
    },
  };
}

/** The sessions service. */
export type SessionsService = ReturnType<typeof createSessionsService>;

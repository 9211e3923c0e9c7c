import { createHash, randomBytes } from 'node:crypto';
import { createLruCache } from '../../lib/lru-cache.ts';
import type { SessionsRepository } from './sessions.repository.ts';

/** Sessions last this long after the last visit (sliding). */
export const SESSION_TTL_MS = 180 * 24 * 60 * 60 * 1000;
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
      const expiresAt = now + SESSION_TTL_MS;
      await repo.touch(idHash, new Date(now), new Date(expiresAt));
      remember(idHash, { userId: entry.userId, expiresAt, lastSeenAt: now });
      return { userId: entry.userId, idHash, setCookie: { token, maxAgeSeconds: SESSION_TTL_MS / 1000 } };
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

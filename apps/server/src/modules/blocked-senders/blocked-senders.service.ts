import type { BlockedSender } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import { createLruCache } from '../../lib/lru-cache.ts';
import { DEFAULT_STORAGE_LIMITS, createCapGuard } from '../../lib/storage-limits.ts';
import type { BlockedSendersRepository } from './blocked-senders.repository.ts';

/** How long a cached blocked-senders list is trusted. */
export const BLOCKED_SENDERS_CACHE_TTL_MS = 10_000;

/** The user's blocked senders; a later scan from one of them says so in its reasons. */
export function createBlockedSendersService(repo: BlockedSendersRepository, options: { maxBlockedSenders?: number } = {}) {
  const maxBlockedSenders = options.maxBlockedSenders ?? DEFAULT_STORAGE_LIMITS.blockedSenders;
  const guard = createCapGuard();
  // Every scan with a sender needs the list and it rarely changes, so it is cached per user.
  // Changes through this process drop the entry at once; the TTL bounds how long another
  // server process sharing a PostgreSQL database can miss a change.
  const sendersByUser = createLruCache<string, string[]>({ maxEntries: 10_000, ttlMs: BLOCKED_SENDERS_CACHE_TTL_MS });

  return {
    /**
     * The whole (short) list rather than a lookup of one sender: the engine also matches the
     * address inside "Name <address>", and that rule should live in one place, the engine.
     */
    async listSenders(userId: string): Promise<string[]> {
      const cached = sendersByUser.get(userId);
      if (cached) return cached;
      const senders = await repo.listSenders(userId);
      sendersByUser.set(userId, senders);
      return senders;
    },

    /** Drops the cached list of `userId` (its blocked senders changed elsewhere: a guest merged into it). */
    forget(userId: string): void {
      sendersByUser.delete(userId);
    },

    list(userId: string): Promise<BlockedSender[]> {
      return repo.list(userId);
    },

    /** Blocking twice is not an error: the second call returns the first entry, even on a full list. */
    async block(userId: string, sender: string): Promise<{ blocked: BlockedSender; created: boolean }> {
      try {
        const stored = await guard.storeUnder(userId, maxBlockedSenders, () => repo.countFor(userId), () => repo.insertOrFind(userId, sender));
        if (stored) return stored;
        const existing = await repo.findBySender(userId, sender);
        if (existing) return { blocked: existing, created: false };
        throw new AppError('BLOCKED_SENDERS_LIMIT_REACHED', `Your blocked list holds ${maxBlockedSenders.toLocaleString('en-US')} senders, the most it keeps. Unblock one you no longer need before blocking another.`);
      } finally {
        sendersByUser.delete(userId);
      }
    },

    async unblock(userId: string, id: string): Promise<{ success: true }> {
      const deleted = await repo.delete(userId, id);
      sendersByUser.delete(userId);
      if (!deleted) throw new AppError('BLOCKED_SENDER_NOT_FOUND');
      return { success: true };
    },
  };
}

/** The blocked senders service. */
export type BlockedSendersService = ReturnType<typeof createBlockedSendersService>;

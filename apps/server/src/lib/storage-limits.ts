import { createKeyedQueue } from './keyed-queue.ts';

/**
 * How much one user may keep (`MAX_STORED_MESSAGES`, `MAX_REPORTS`, `MAX_BLOCKED_SENDERS`). These
 * hold whatever `RATE_LIMITS` says: they bound the disk one client can fill, not its speed.
 */
export interface StorageLimits {
  /** Scans kept in the history. */
  messages: number;
  /** Reports sent (each keeps a copy of the message, up to 100,000 characters). */
  reports: number;
  /** Blocked senders (every scan with a sender reads the whole list). */
  blockedSenders: number;
  /** Verdicts of scans made on the person's devices (a few bytes each, no content). */
  deviceScans: number;
}

/** The limits when none are configured: far above a person's use (a busy history is a few hundred scans). */
export const DEFAULT_STORAGE_LIMITS: StorageLimits = { messages: 5_000, reports: 200, blockedSenders: 1_000, deviceScans: 20_000 };

/**
 * Stores under a per-user cap, one write at a time per user and kind, so concurrent requests
 * cannot all see room for one more and overshoot it (within this process; the embedded database
 * has one, and a shared PostgreSQL at most overshoots by one write per extra server process).
 */
export function createCapGuard() {
  const queue = createKeyedQueue();
  return {
    /** Runs `store` when `count()` is below `cap`, else resolves null. */
    storeUnder<T>(key: string, cap: number, count: () => Promise<number>, store: () => Promise<T>): Promise<T | null> {
      return queue.run(key, async () => ((await count()) < cap ? store() : null));
    },
  };
}

import { AppError } from '../../lib/app-error.ts';

/** Password hashes computed at once, server-wide, by default (`PASSWORD_HASHING_CONCURRENCY`). */
export const DEFAULT_HASHING_CONCURRENCY = 2;
/** Hashes that may wait per one computed at once: with scrypt at about 75 ms, a wait under a second. */
export const WAITING_PER_SLOT = 8;

/** Thrown as 503 when too many password hashes are already waiting: try again in a moment. */
export class HashingBusyError extends AppError {
  readonly retryAfterSeconds = 1;
  constructor() {
    super('SERVICE_UNAVAILABLE', 'The server is busy checking passwords. Please try again in a moment.');
  }
}

/**
 * Who goes first: sign-ins and password changes (`high`) before sign-ups (`low`). Sign-ups may
 * also use only half the slots (at least one) and fill only half the line, so a flood of
 * sign-ups leaves a slot free for people signing in.
 */
export type HashingPriority = 'high' | 'low';

/**
 * A server-wide bound on concurrent password hashing. scrypt runs on libuv's thread pool (4
 * threads by default), which file reads, DNS lookups and zlib share: unbounded, 50 concurrent
 * sign-ups made an unrelated sign-in take seconds. At most `concurrency` hashes run; up to
 * `concurrency * WAITING_PER_SLOT` wait in line; past that the request is refused at once
 * ({@link HashingBusyError}) rather than queued behind seconds of work.
 */
export function createHashingGate(options: { concurrency?: number } = {}) {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_HASHING_CONCURRENCY);
  const lowSlots = Math.max(1, Math.floor(concurrency / 2));
  const maxWaiting = concurrency * WAITING_PER_SLOT;
  const running: Record<HashingPriority, number> = { high: 0, low: 0 };
  const waiting: Record<HashingPriority, (() => void)[]> = { high: [], low: [] };

  const mayStart = (priority: HashingPriority) => running.high + running.low < concurrency && (priority === 'high' || running.low < lowSlots);
  const start = (priority: HashingPriority) => {
    running[priority] += 1;
  };
  const pump = () => {
    for (;;) {
      const priority = waiting.high.length > 0 && mayStart('high') ? 'high' : waiting.low.length > 0 && mayStart('low') ? 'low' : undefined;
      if (!priority) return;
      start(priority);
      waiting[priority].shift()!();
    }
  };

  return {
    /** Runs `task` (one password hash) when a slot is free; throws {@link HashingBusyError} when the line is full. */
    async run<T>(task: () => Promise<T>, priority: HashingPriority = 'high'): Promise<T> {
      // those already waiting go first: a newcomer never overtakes its own kind
      if (waiting[priority].length === 0 && mayStart(priority)) {
        start(priority);
      } else {
        const inLine = waiting.high.length + waiting.low.length;
        if (inLine >= (priority === 'high' ? maxWaiting : maxWaiting / 2)) throw new HashingBusyError();
        // pump() counts it as running before waking it
        await new Promise<void>((resolve) => waiting[priority].push(resolve));
      }
      try {
        return await task();
      } finally {
        running[priority] -= 1;
        pump();
      }
    },
    /** Hashes running and waiting now. */
    get load(): { running: number; waiting: number } {
      return { running: running.high + running.low, waiting: waiting.high.length + waiting.low.length };
    },
  };
}

/** The hashing gate. */
export type HashingGate = ReturnType<typeof createHashingGate>;

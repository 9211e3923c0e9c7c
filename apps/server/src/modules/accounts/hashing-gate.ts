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
 * Who goes first: sign-ins from a browser that signed in to the account before (`trusted`, its
 * device cookie), then other sign-ins and password changes (`high`), then sign-ups (`low`).
 * Trusted hashes wait in a line of their own, so a flood of strangers never fills it. Sign-ups
 * may use only half the slots (at least one) and fill only half the strangers' line, so a flood
 * of sign-ups leaves a slot free for people signing in.
 */
export type HashingPriority = 'trusted' | 'high' | 'low';

const PRIORITIES: readonly HashingPriority[] = ['trusted', 'high', 'low'];

/** How a hash asks for its place: its priority, and who asks (an address key), for fairness. */
export interface HashingRequest {
  priority?: HashingPriority;
  /** One client (an address, a /64, an account) may hold at most {@link HashingGate.perClient} places, running or waiting. */
  client?: string;
}

/**
 * A server-wide bound on concurrent password hashing. scrypt runs on libuv's thread pool (4
 * threads by default), which file reads, DNS lookups and zlib share: unbounded, 50 concurrent
 * sign-ups made an unrelated sign-in take seconds. At most `concurrency` hashes run; up to
 * `concurrency * WAITING_PER_SLOT` wait in line; past that, or past one client's share of the
 * line (an eighth, at least one), the request is refused at once ({@link HashingBusyError})
 * rather than queued behind seconds of work.
 */
export function createHashingGate(options: { concurrency?: number } = {}) {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_HASHING_CONCURRENCY);
  const lowSlots = Math.max(1, Math.floor(concurrency / 2));
  const maxWaiting = concurrency * WAITING_PER_SLOT;
  const perClient = Math.max(1, Math.floor(maxWaiting / 8));
  const running: Record<HashingPriority, number> = { trusted: 0, high: 0, low: 0 };
  const waiting: Record<HashingPriority, (() => void)[]> = { trusted: [], high: [], low: [] };
  const places = new Map<string, number>();

  const runningTotal = () => running.trusted + running.high + running.low;
  const mayStart = (priority: HashingPriority) => runningTotal() < concurrency && (priority !== 'low' || running.low < lowSlots);
  const pump = () => {
    for (;;) {
      const priority = PRIORITIES.find((p) => waiting[p].length > 0 && mayStart(p));
      if (!priority) return;
      running[priority] += 1;
      waiting[priority].shift()!();
    }
  };
  const lineIsFull = (priority: HashingPriority) => {
    if (priority === 'trusted') return waiting.trusted.length >= maxWaiting;
    const strangers = waiting.high.length + waiting.low.length;
    return strangers >= (priority === 'high' ? maxWaiting : maxWaiting / 2);
  };
  const release = (client: string | undefined) => {
    if (client === undefined) return;
    const held = (places.get(client) ?? 1) - 1;
    if (held > 0) places.set(client, held);
    else places.delete(client);
  };

  return {
    perClient,

    /** Runs `task` (one password hash) when a slot is free; throws {@link HashingBusyError} when the line, or the client's share of it, is full. */
    async run<T>(task: () => Promise<T>, request: HashingRequest = {}): Promise<T> {
      const priority = request.priority ?? 'high';
      const { client } = request;
      if (client !== undefined && (places.get(client) ?? 0) >= perClient) throw new HashingBusyError();
      // those already waiting at this priority or above go first: a newcomer never overtakes them
      const ahead = PRIORITIES.slice(0, PRIORITIES.indexOf(priority) + 1).some((p) => waiting[p].length > 0);
      const startsNow = !ahead && mayStart(priority);
      if (startsNow) running[priority] += 1;
      else if (lineIsFull(priority)) throw new HashingBusyError();
      if (client !== undefined) places.set(client, (places.get(client) ?? 0) + 1);
      try {
        // pump() counts it as running before waking it
        if (!startsNow) await new Promise<void>((resolve) => waiting[priority].push(resolve));
        return await task();
      } finally {
        release(client);
        running[priority] -= 1;
        pump();
      }
    },

    /** Hashes running and waiting now. */
    get load(): { running: number; waiting: number } {
      return { running: runningTotal(), waiting: waiting.trusted.length + waiting.high.length + waiting.low.length };
    },
  };
}

/** The hashing gate. */
export type HashingGate = ReturnType<typeof createHashingGate>;

import { setTimeout as sleep } from 'node:timers/promises';
import { createLruCache } from '../lib/lru-cache.ts';

/** How a client that keeps asking after its 429s is slowed down. */
export interface RefusalBrakeOptions {
  /** Refusals in a row (each within `withinMs` of the last) answered at once; the ones after are held. */
  freeRefusals: number;
  withinMs: number;
  /** How long a further refusal is held before it is answered (never longer than the client's wait). */
  holdMs: number;
  /** Refusals held at once for one client, and for the whole process; past either, answered at once. */
  maxHeldPerClient: number;
  maxHeld: number;
}

/**
 * A script that ignores Retry-After and asks again the moment it is refused, on two connections,
 * made 1,500 refusals a second in the soak (issue 21): each one cheap, but together most of a
 * core, and everyone else's latency went with it. A client refused more than `freeRefusals` times
 * in a row now waits `holdMs` for each further refusal, so such a loop asks about once a second
 * per connection. A person who hits a limit once or twice is answered at once, as before.
 */
export const DEFAULT_REFUSAL_BRAKE: RefusalBrakeOptions = { freeRefusals: 5, withinMs: 10_000, holdMs: 1_000, maxHeldPerClient: 16, maxHeld: 2_000 };

/**
 * Holds the refusals of clients that keep asking ({@link DEFAULT_REFUSAL_BRAKE}). Per process: it
 * protects this process's CPU, which is what it is for. Holding costs a timer, no work; past the
 * caps a refusal is answered at once, so many connections cannot hold this process's memory.
 */
export function createRefusalBrake(options: Partial<RefusalBrakeOptions> & { clock?: () => number; wait?: (ms: number) => Promise<unknown> } = {}) {
  const settings: RefusalBrakeOptions = { ...DEFAULT_REFUSAL_BRAKE, ...options };
  const clock = options.clock ?? Date.now;
  const wait = options.wait ?? sleep;
  // a client's refusals in a row: forgotten withinMs after the last
  const streaks = createLruCache<string, number>({ maxEntries: 100_000, ttlMs: settings.withinMs, clock });
  const heldBy = new Map<string, number>();
  let held = 0;

  return {
    /** Refusals held now (for tests). */
    get held() {
      return held;
    },

    /** Called as `client` is refused for `waitMs`: resolves when the refusal may be answered. */
    async refused(client: string, waitMs: number): Promise<void> {
      const streak = (streaks.get(client) ?? 0) + 1;
      streaks.set(client, streak);
      if (streak <= settings.freeRefusals || settings.holdMs <= 0) return;
      const mine = heldBy.get(client) ?? 0;
      if (mine >= settings.maxHeldPerClient || held >= settings.maxHeld) return;
      heldBy.set(client, mine + 1);
      held += 1;
      try {
        await wait(Math.min(settings.holdMs, waitMs));
      } finally {
        held -= 1;
        const left = (heldBy.get(client) ?? 1) - 1;
        if (left <= 0) heldBy.delete(client);
        else heldBy.set(client, left);
      }
    },
  };
}

/** The brake of one process. */
export type RefusalBrake = ReturnType<typeof createRefusalBrake>;

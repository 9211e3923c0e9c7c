/**
 * A fixed-window counter per key (a session, an address), kept in memory and bounded: the
 * per-client limits' windows on PGlite (`http/limit-windows.ts`, one process).
 *
 * Ours rather than rate-limiter-flexible's memory store because a count is looked at and taken in
 * one synchronous step (no `await` between the look and the take, so concurrent requests cannot
 * all pass the same look), and because tests drive it with a clock instead of waiting out an hour.
 */
export interface WindowCounter {
  /** Milliseconds until `key` may count once more; 0 when it may now. */
  waitMs(key: string): number;
  /**
   * Counts one for `key` and returns its refund, which un-counts it unless its window has ended
   * meanwhile (a refund never adds to a later window) or it was already refunded. A window a
   * refund leaves at zero is dropped: what was given back keeps no key in memory.
   */
  take(key: string): () => void;
  /** Keys held now (ended windows may linger until the next count sweeps them). */
  readonly size: number;
}

/** One window: how many were counted in it, and when it ends. */
interface Window {
  count: number;
  endsAt: number;
}

/**
 * `limit` per `windowMs`, the window starting at a key's first count. At most `maxKeys` keys are
 * kept: ended windows are dropped first; past that the oldest live window is forgotten (it would
 * take that many other keys counted within one window, each costing the attacker an attempt).
 */
export function createWindowCounter(options: { limit: number; windowMs: number; clock: () => number; maxKeys?: number }): WindowCounter {
  const { limit, windowMs, clock } = options;
  const maxKeys = options.maxKeys ?? 100_000;
  // insertion order is start order, and every window lasts windowMs: the first ones end first
  const windows = new Map<string, Window>();

  const live = (key: string, now: number): Window | undefined => {
    const window = windows.get(key);
    if (window && window.endsAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  const sweep = (now: number) => {
    for (const [key, window] of windows) {
      if (window.endsAt > now && windows.size <= maxKeys) break;
      windows.delete(key);
    }
  };

  return {
    waitMs(key) {
      const now = clock();
      const window = live(key, now);
      return window && window.count >= limit ? window.endsAt - now : 0;
    },

    take(key) {
      const now = clock();
      let window = live(key, now);
      if (!window) {
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
        sweep(now);
      }
      window.count += 1;
      const counted = window;
      let refunded = false;
      return () => {
        if (refunded) return;
        refunded = true;
        if (windows.get(key) !== counted || counted.endsAt <= clock()) return;
        counted.count -= 1;
        if (counted.count <= 0) windows.delete(key);
      };
    },

    get size() {
      return windows.size;
    },
  };
}

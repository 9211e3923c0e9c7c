/**
 * Runs the tasks given for one key one after another, in the order they came; tasks for other
 * keys run meanwhile. A task that fails does not stop the next. Used where two requests of one
 * person must not interleave (two checkouts, two payment events at once), so each reads what the
 * one before it wrote. With `lock` (several instances on one PostgreSQL, `createKeyLocks`) each
 * task also holds the key's lock there, so the same key's tasks in other processes wait too.
 */
export function createKeyedQueue(options: { lock?: <T>(key: string, task: () => Promise<T>) => Promise<T> } = {}) {
  const tails = new Map<string, Promise<unknown>>();
  const { lock } = options;
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const before = tails.get(key) ?? Promise.resolve();
      const guarded = lock ? () => lock(key, task) : task;
      const result = before.then(guarded, guarded);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      // the last task of a key clears it: the map holds only keys with work queued
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    /** Keys with work queued or running (for tests). */
    get size() {
      return tails.size;
    },
  };
}

/** A {@link createKeyedQueue} queue. */
export type KeyedQueue = ReturnType<typeof createKeyedQueue>;

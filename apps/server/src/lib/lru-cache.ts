/**
 * A small in-memory LRU map with an optional time to live. Enough for per-process caches of
 * tiny rows (sessions, blocked-sender lists); a hit moves the entry to the young end.
 */
export function createLruCache<K, V>(options: { maxEntries: number; ttlMs?: number; clock?: () => number }) {
  const clock = options.clock ?? Date.now;
  const map = new Map<K, { value: V; storedAt: number }>();
  return {
    get(key: K): V | undefined {
      const entry = map.get(key);
      if (!entry) return undefined;
      map.delete(key);
      if (options.ttlMs !== undefined && clock() - entry.storedAt >= options.ttlMs) return undefined;
      map.set(key, entry);
      return entry.value;
    },
    set(key: K, value: V): void {
      map.delete(key);
      map.set(key, { value, storedAt: clock() });
      if (map.size > options.maxEntries) {
        const oldest = map.keys().next();
        if (!oldest.done) map.delete(oldest.value);
      }
    },
    delete(key: K): void {
      map.delete(key);
    },
    /** Drops every entry whose value matches. */
    deleteWhere(predicate: (value: V) => boolean): void {
      for (const [key, entry] of map) if (predicate(entry.value)) map.delete(key);
    },
    get size(): number {
      return map.size;
    },
  };
}

/**
 * Lists passed in options (blocked senders, threat-feed hosts) turned into sets once per list
 * object, so a server passing the same array on every call pays for the set once.
 */

/**
 * Returns a function that gives the set of `normalise`d, non-empty entries of a list, cached per
 * list object. Entries that are not strings are ignored.
 */
export function listSetCache(normalise: (entry: string) => string): (list: readonly unknown[]) => ReadonlySet<string> {
  const cache = new WeakMap<readonly unknown[], ReadonlySet<string>>();
  return (list) => {
    let set = cache.get(list);
    if (set === undefined) {
      const entries: string[] = [];
      for (const entry of list) {
        if (typeof entry !== 'string') continue;
        const value = normalise(entry);
        if (value.length > 0) entries.push(value);
      }
      set = new Set(entries);
      cache.set(list, set);
    }
    return set;
  };
}

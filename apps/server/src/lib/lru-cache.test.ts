import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache.ts';

describe('createLruCache', () => {
  it('evicts the least recently used entry beyond maxEntries', () => {
    const cache = createLruCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('expires entries after the TTL', () => {
    let now = 0;
    const cache = createLruCache<string, number>({ maxEntries: 10, ttlMs: 100, clock: () => now });
    cache.set('a', 1);
    now = 99;
    expect(cache.get('a')).toBe(1);
    now = 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('deletes by key and by predicate', () => {
    const cache = createLruCache<string, number>({ maxEntries: 10 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.delete('a');
    cache.deleteWhere((v) => v > 2);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, undefined]);
  });
});

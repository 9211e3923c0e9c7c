import { describe, expect, it } from 'vitest';
import { createWindowCounter } from './window-counter.ts';

describe('window counter', () => {
  it('allows `limit` per window from the first count, then says how long until the window ends', () => {
    let now = 1_000;
    const counter = createWindowCounter({ limit: 3, windowMs: 60_000, clock: () => now });
    for (let i = 0; i < 3; i++) {
      expect(counter.waitMs('a')).toBe(0);
      counter.take('a');
      now += 1_000;
    }
    expect(counter.waitMs('a')).toBe(57_000);
    expect(counter.waitMs('b')).toBe(0);
    now = 61_000;
    expect(counter.waitMs('a')).toBe(0);
  });

  it('refunds once, and never into a later window', () => {
    let now = 0;
    const counter = createWindowCounter({ limit: 1, windowMs: 1_000, clock: () => now });
    const refund = counter.take('a');
    expect(counter.waitMs('a')).toBe(1_000);
    refund();
    expect(counter.waitMs('a')).toBe(0);
    counter.take('a');
    // a second call of the same refund gives nothing back
    refund();
    expect(counter.waitMs('a')).toBe(1_000);

    now = 5_000;
    const late = counter.take('b');
    now = 6_500;
    counter.take('b');
    // the refund of the ended window does not free the new one
    late();
    expect(counter.waitMs('b')).toBe(1_000);
  });

  it('keeps no key for what was given back: a refund that leaves a window at zero drops it', () => {
    const counter = createWindowCounter({ limit: 5, windowMs: 1_000, clock: () => 0 });
    for (let i = 0; i < 1000; i++) counter.take(`key ${i}`)();
    expect(counter.size).toBe(0);
    const kept = counter.take('a');
    counter.take('a')();
    expect(counter.size).toBe(1);
    kept();
    expect(counter.size).toBe(0);
  });

  it('keeps at most maxKeys windows, dropping ended ones first, then the oldest', () => {
    let now = 0;
    const counter = createWindowCounter({ limit: 1, windowMs: 100, clock: () => now, maxKeys: 2 });
    counter.take('old');
    now = 50;
    counter.take('a');
    now = 120;
    // 'old' ended and is dropped; 'a' is still held
    counter.take('b');
    expect(counter.waitMs('a')).toBe(30);
    counter.take('c');
    // three live windows for two places: the oldest, 'a', is forgotten
    expect(counter.waitMs('a')).toBe(0);
    expect(counter.waitMs('b')).toBe(100);
    expect(counter.waitMs('c')).toBe(100);
  });
});

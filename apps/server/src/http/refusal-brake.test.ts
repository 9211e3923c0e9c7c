import { describe, expect, it } from 'vitest';
import { createRefusalBrake } from './refusal-brake.ts';

/** A brake whose holds are recorded and released by the test, on a clock the test moves. */
function setUp(options: Parameters<typeof createRefusalBrake>[0] = {}) {
  const time = { now: 0 };
  const holds: { ms: number; release: () => void }[] = [];
  const brake = createRefusalBrake({
    clock: () => time.now,
    wait: (ms) => new Promise<void>((release) => holds.push({ ms, release })),
    ...options,
  });
  return { time, holds, brake };
}

describe('the refusal brake', () => {
  it('answers a client’s first 5 refusals in a row at once and holds each one after for a second', async () => {
    const { holds, brake } = setUp();
    for (let i = 0; i < 5; i++) await brake.refused('198.51.100.7', 30_000);
    expect(holds).toHaveLength(0);
    const sixth = brake.refused('198.51.100.7', 30_000);
    expect(holds.map((h) => h.ms)).toEqual([1000]);
    expect(brake.held).toBe(1);
    holds[0]!.release();
    await sixth;
    expect(brake.held).toBe(0);
  });

  it('never holds longer than the client’s own wait', async () => {
    const { holds, brake } = setUp();
    for (let i = 0; i < 5; i++) await brake.refused('198.51.100.7', 30_000);
    void brake.refused('198.51.100.7', 250);
    expect(holds.map((h) => h.ms)).toEqual([250]);
  });

  it('forgets a streak 10 s after its last refusal: a person who waits as told is answered at once', async () => {
    const { time, holds, brake } = setUp();
    for (let i = 0; i < 5; i++) {
      await brake.refused('198.51.100.7', 30_000);
      time.now += 9_999;
    }
    // each within 10 s of the last: the sixth is held
    void brake.refused('198.51.100.7', 30_000);
    expect(holds).toHaveLength(1);
    time.now += 10_000;
    await brake.refused('198.51.100.7', 30_000);
    expect(holds).toHaveLength(1);
  });

  it('keeps clients apart: one client’s streak holds nobody else', async () => {
    const { holds, brake } = setUp();
    for (let i = 0; i < 10; i++) void brake.refused('198.51.100.7', 30_000);
    expect(holds).toHaveLength(5);
    await brake.refused('203.0.113.9', 30_000);
    expect(holds).toHaveLength(5);
  });

  it('holds at most 16 of one client’s refusals and 2,000 in all at once; past that it answers at once', async () => {
    const { holds, brake } = setUp({ maxHeld: 20 });
    for (let i = 0; i < 5 + 30; i++) void brake.refused('198.51.100.7', 30_000);
    expect(holds).toHaveLength(16);
    for (let i = 0; i < 5 + 30; i++) void brake.refused('198.51.100.8', 30_000);
    // the process's cap (20 here) stops the second client at 4
    expect(holds).toHaveLength(20);
    expect(brake.held).toBe(20);
    for (const hold of holds) hold.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(brake.held).toBe(0);
  });

  it('holds nothing when its hold is 0', async () => {
    const { holds, brake } = setUp({ holdMs: 0 });
    for (let i = 0; i < 20; i++) await brake.refused('198.51.100.7', 30_000);
    expect(holds).toHaveLength(0);
  });
});

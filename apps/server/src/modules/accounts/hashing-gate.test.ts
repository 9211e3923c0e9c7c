import { describe, expect, it } from 'vitest';
import { HashingBusyError, WAITING_PER_SLOT, createHashingGate } from './hashing-gate.ts';
import { hashPassword } from './password.ts';

/** A task that finishes when told to, recording how many ran at once. */
function tasks() {
  let running = 0;
  let peak = 0;
  const releases: (() => void)[] = [];
  const order: string[] = [];
  const task = (name: string) => async () => {
    running += 1;
    peak = Math.max(peak, running);
    order.push(name);
    await new Promise<void>((resolve) => releases.push(resolve));
    running -= 1;
    return name;
  };
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { task, releaseAll, order, get peak() { return peak; } };
}

describe('hashing gate', () => {
  it('runs at most `concurrency` hashes at once, the rest in line, and refuses past the line', async () => {
    const gate = createHashingGate({ concurrency: 2 });
    const t = tasks();
    const line = 2 + 2 * WAITING_PER_SLOT;
    const accepted = Array.from({ length: line }, (_, i) => gate.run(t.task(`h${i}`)));
    await expect(gate.run(t.task('one too many'))).rejects.toBeInstanceOf(HashingBusyError);
    expect(gate.load).toEqual({ running: 2, waiting: 2 * WAITING_PER_SLOT });
    await t.releaseAll();
    expect(await Promise.all(accepted)).toHaveLength(line);
    expect(t.peak).toBe(2);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('lets sign-ins go before sign-ups, and sign-ups fill only half the line', async () => {
    const gate = createHashingGate({ concurrency: 1 });
    const t = tasks();
    const first = gate.run(t.task('first'));
    const signUps = Array.from({ length: WAITING_PER_SLOT / 2 }, (_, i) => gate.run(t.task(`sign-up ${i}`), { priority: 'low' }));
    await expect(gate.run(t.task('sign-up past half'), { priority: 'low' })).rejects.toBeInstanceOf(HashingBusyError);
    const signIn = gate.run(t.task('sign-in'), { priority: 'high' });
    await t.releaseAll();
    await Promise.all([first, signIn, ...signUps]);
    expect(t.order.slice(0, 3)).toEqual(['first', 'sign-in', 'sign-up 0']);
  });

  it('keeps a slot for sign-ins however many sign-ups wait', async () => {
    const gate = createHashingGate({ concurrency: 2 });
    const t = tasks();
    const signUps = Array.from({ length: 4 }, (_, i) => gate.run(t.task(`sign-up ${i}`), { priority: 'low' }));
    await new Promise((resolve) => setImmediate(resolve));
    // one sign-up runs, the others wait although a slot is free
    expect(gate.load).toEqual({ running: 1, waiting: 3 });
    const signIn = gate.run(t.task('sign-in'), { priority: 'high' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.order).toEqual(['sign-up 0', 'sign-in']);
    await t.releaseAll();
    await Promise.all([signIn, ...signUps]);
    expect(t.peak).toBe(2);
  });

  it('lets a trusted hash (a device cookie) go first and never turns it away for a full strangers’ line', async () => {
    const gate = createHashingGate({ concurrency: 1 });
    const t = tasks();
    const first = gate.run(t.task('first'));
    const strangers = Array.from({ length: WAITING_PER_SLOT }, (_, i) => gate.run(t.task(`stranger ${i}`), { client: `198.51.100.${i}` }));
    await expect(gate.run(t.task('one stranger too many'), { client: '198.51.100.200' })).rejects.toBeInstanceOf(HashingBusyError);
    const owner = gate.run(t.task('owner'), { priority: 'trusted', client: 'account owner@example.com' });
    await t.releaseAll();
    await Promise.all([first, owner, ...strangers]);
    expect(t.order.slice(0, 3)).toEqual(['first', 'owner', 'stranger 0']);
  });

  it('gives one client (an address, a /64) at most an eighth of the line, running or waiting', async () => {
    const gate = createHashingGate({ concurrency: 2 });
    expect(gate.perClient).toBe(2);
    const t = tasks();
    const mine = [gate.run(t.task('a'), { client: '2001:db8:1:2::/64' }), gate.run(t.task('b'), { client: '2001:db8:1:2::/64' })];
    await expect(gate.run(t.task('c'), { client: '2001:db8:1:2::/64' })).rejects.toBeInstanceOf(HashingBusyError);
    // another client still gets in line
    const other = gate.run(t.task('d'), { client: '198.51.100.7' });
    await t.releaseAll();
    await Promise.all([...mine, other]);
    // its places are given back when its hashes end
    await expect(Promise.all([gate.run(async () => 'e', { client: '2001:db8:1:2::/64' }), gate.run(async () => 'f', { client: '2001:db8:1:2::/64' })])).resolves.toEqual(['e', 'f']);
  });

  it('frees its slot when a hash fails', async () => {
    const gate = createHashingGate({ concurrency: 1 });
    await expect(gate.run(async () => Promise.reject(new Error('scrypt failed')), { client: '198.51.100.7' })).rejects.toThrow('scrypt failed');
    expect(await gate.run(async () => 'its place is free', { client: '198.51.100.7' })).toBe('its place is free');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(() => hashPassword('a real one'))).toMatch(/^scrypt\$/);
  });
});

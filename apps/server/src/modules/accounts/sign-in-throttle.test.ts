import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { signInThrottle } from '../../db/schema.ts';
import { DATABASES } from '../../test/databases.ts';
import { createSignInThrottle, type SignInAttempt, type SignInRefusal } from './sign-in-throttle.ts';
import { createDatabaseThrottleStore, createMemoryThrottleStore, type ThrottleStore } from './sign-in-throttle-store.ts';

const SECOND = 1000;
const MINUTE = 60_000;
const OWNER = 'owner@example.com';
const DEVICE = 'the owner’s device token';

/** Where a suite's throttle keeps its counts: this process's memory, or a database (what instances on one PostgreSQL share). */
interface StoreKind {
  name: string;
  /** A new, empty store reading `clock`. */
  open(clock: () => number): Promise<ThrottleStore>;
  /** Whether the suite runs the hour-long simulation (36,000 steps) and floods at full size: in memory; in a database the same logic runs smaller. */
  long: boolean;
}

const memory: StoreKind = { name: 'memory', open: async (clock) => createMemoryThrottleStore({ clock }), long: true };

/** A store in a database of `factory`, emptied for each test. */
interface DatabaseStoreKind extends StoreKind {
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
}

function inDatabase(factory: (typeof DATABASES)[number]): DatabaseStoreKind {
  let database: Database | undefined;
  const stores: ThrottleStore[] = [];
  return {
    name: `the database (${factory.name})`,
    long: false,
    async setUp() {
      database = await factory.open();
    },
    async tearDown() {
      for (const store of stores) await store.close();
      await database?.close();
    },
    async open(clock) {
      if (!database) throw new Error('no database');
      await database.db.delete(signInThrottle);
      const store = createDatabaseThrottleStore(database.db, { clock });
      stores.push(store);
      return store;
    },
  };
}

describe('sign-in throttle, counts kept in memory', () => throttleTests(memory));

for (const kind of DATABASES.map(inDatabase)) {
  describe(`sign-in throttle, counts kept in ${kind.name}`, () => {
    beforeAll(() => kind.setUp());
    afterAll(() => kind.tearDown());
    throttleTests(kind);

    it('counts together for two throttles on one database (two instances): a burst split over both lets one stranger through, and the address has its 5 in all', async () => {
      const time = { now: 0 };
      const clock = () => time.now;
      const [one, two] = [createSignInThrottle({ clock, store: await kind.open(clock) }), createSignInThrottle({ clock, store: await kind.open(clock) })];
      const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).admit(OWNER, '198.51.100.7')));
      const admitted = burst.filter((a): a is SignInAttempt => !('refused' in a));
      expect(admitted).toHaveLength(1);
      await admitted[0]?.failed();
      // the 19 refusals counted on the address too: it is out of attempts on both
      for (const throttle of [one, two]) expect(await throttle.admit(OWNER, '198.51.100.7')).toEqual({ refused: true, retryAfterMs: 15 * MINUTE });
      // the account's failures are shared: past 5 from anywhere, a new address on either is held
      for (let i = 0; i < 4; i++) {
        const a = await (i % 2 === 0 ? two : one).admit(OWNER, `198.51.101.${i}`);
        if ('refused' in a) throw new Error('refused');
        await a.failed();
      }
      const held = await one.admit(OWNER, '198.51.101.50');
      expect(held).toMatchObject({ holdMs: 1000, trusted: false });
    });
  });
}

async function setUp(kind: StoreKind) {
  const time = { now: 0 };
  const throttle = createSignInThrottle({ clock: () => time.now, store: await kind.open(() => time.now) });
  const attempt = async (address: string, account = OWNER, device?: string): Promise<SignInAttempt> => {
    const a = await throttle.admit(account, address, device);
    if ('refused' in a) throw new Error(`refused for ${a.retryAfterMs} ms`);
    return a;
  };
  const refusal = async (address: string, account = OWNER, device?: string): Promise<SignInRefusal> => {
    const a = await throttle.admit(account, address, device);
    if (!('refused' in a)) throw new Error('admitted');
    return a;
  };
  /** A stranger from a fresh address who waits as told and guesses wrong; returns what it waited. */
  let n = 0;
  const patientGuess = async (): Promise<number> => {
    const address = `198.51.${100 + Math.floor(n / 250)}.${(n++ % 250) + 1}`;
    const a = await throttle.admit(OWNER, address);
    if ('refused' in a) {
      time.now += a.retryAfterMs;
      return a.retryAfterMs + await patientGuessFrom(address);
    }
    time.now += a.holdMs;
    await a.failed();
    return a.holdMs;
  };
  const patientGuessFrom = async (address: string): Promise<number> => {
    const a = await attempt(address);
    time.now += a.holdMs;
    await a.failed();
    return a.holdMs;
  };
  return { time, throttle, attempt, refusal, patientGuess };
}

function throttleTests(kind: StoreKind) {
  it('counts an attempt when it is admitted, so a concurrent burst gets one stranger through at a time', async () => {
    const { attempt, refusal } = await setUp(kind);
    const first = await attempt('198.51.100.7');
    // the rest of the burst arrives while the first password is being checked
    expect((await refusal('198.51.100.7')).retryAfterMs).toBe(1000);
    expect((await refusal('198.51.100.8')).retryAfterMs).toBe(1000);
    await first.failed();
    expect((await attempt('198.51.100.8')).holdMs).toBe(0);
  });

  it('holds one address to 5 attempts at one account, and 20 across accounts, per 15 minutes', async () => {
    const { time, attempt, refusal } = await setUp(kind);
    for (let i = 0; i < 5; i++) await (await attempt('198.51.100.7')).failed();
    expect((await refusal('198.51.100.7')).retryAfterMs).toBe(15 * MINUTE);
    for (let i = 0; i < 15; i++) await (await attempt('198.51.100.7', `other${i}@example.com`)).failed();
    expect((await refusal('198.51.100.7', 'someone-else@example.com')).retryAfterMs).toBe(15 * MINUTE);
    time.now = 15 * MINUTE;
    expect((await attempt('198.51.100.7', 'someone-else@example.com')).holdMs).toBe(0);
  });

  it('counts refused attempts on the address: polling a wait or a busy place uses up its 5', async () => {
    const { attempt, refusal } = await setUp(kind);
    const checking = await attempt('198.51.100.1');
    // five polls while another stranger's password is checked, and the address is out
    for (let i = 0; i < 5; i++) expect((await refusal('198.51.100.7')).retryAfterMs).toBe(1000);
    await checking.failed();
    expect((await refusal('198.51.100.7')).retryAfterMs).toBe(15 * MINUTE);
  });

  it('slows an account past 5 failures from anywhere: a new address is held 1 s, then 2 s, rather than refused', async () => {
    const { time, attempt, refusal } = await setUp(kind);
    for (let i = 0; i < 5; i++) await (await attempt(`198.51.101.${i}`)).failed();
    const held = await attempt('198.51.101.50');
    expect(held.holdMs).toBe(1000);
    time.now += 1000;
    await held.failed();
    // while one is held or checked, other strangers are told to come back
    const next = await attempt('198.51.101.51');
    expect(next.holdMs).toBe(2000);
    expect((await refusal('198.51.101.52')).retryAfterMs).toBe(1000);
    await next.abandoned();
  });

  it('never holds an address that already guessed wrong, and lets it try only 10 s (or the wait again) after the others', async () => {
    const { time, attempt, refusal } = await setUp(kind);
    for (let i = 0; i < 4; i++) await (await attempt(`198.51.101.${i}`)).failed();
    await (await attempt('198.51.100.7')).failed();
    // wait 1 s for everyone; the address that just failed waits 1 + 10 s, and is not held
    expect((await refusal('198.51.100.7')).retryAfterMs).toBe(11 * SECOND);
    time.now += 11 * SECOND;
    const late = await attempt('198.51.100.7');
    expect(late.holdMs).toBe(0);
    await late.failed();
    // the wait is now 2 s for a new address, 2 + 10 s for this one
    expect((await refusal('198.51.100.7')).retryAfterMs).toBe(12 * SECOND);
    expect((await attempt('198.51.100.8')).holdMs).toBe(2 * SECOND);
  });

  it('lets patient guessers through at most about 15 times in the first 15 minutes and 4 an hour after, and never waits more than 15 minutes', async () => {
    const { time, patientGuess, refusal } = await setUp(kind);
    let guesses = 0;
    let longest = 0;
    while (time.now < 15 * MINUTE) {
      longest = Math.max(longest, await patientGuess());
      guesses += 1;
    }
    expect(guesses).toBeLessThanOrEqual(16);
    const hourStart = time.now;
    let later = 0;
    while (time.now < hourStart + 60 * MINUTE) {
      longest = Math.max(longest, await patientGuess());
      later += 1;
    }
    expect(later).toBeLessThanOrEqual(5);
    expect(longest).toBe(15 * MINUTE);
    expect((await refusal('203.0.113.250')).retryAfterMs).toBe(15 * MINUTE);
  });

  it.runIf(kind.long)('keeps no owner out: 3 addresses guessing every 100 ms for an hour; the owner’s browser gets in at once, and from a new browser when told', async () => {
    const { time, throttle, attempt } = await setUp(kind);
    const attackers = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
    let checked = 0;
    let newBrowser = 0;
    let ownerTriesAt = 2 * MINUTE;
    const ownerGotInAfter: number[] = [];
    let ownerStartedAt = ownerTriesAt;
    for (time.now = 0; time.now < 60 * MINUTE; time.now += 100) {
      for (const address of attackers) {
        const a = await throttle.admit(OWNER, address);
        if ('refused' in a) continue;
        checked += 1;
        // a held attempt is checked after its hold; at 100 ms a tick the next ones see it in flight
        await a.failed();
      }
      // the owner's own browser, every 10 minutes: in at once, whatever the strangers do
      if (time.now % (10 * MINUTE) === 5 * MINUTE) await (await attempt('203.0.113.20', OWNER, DEVICE)).succeeded();
      // the owner from a new browser on a new address, following Retry-After exactly
      if (time.now >= ownerTriesAt) {
        const address = `203.0.113.${100 + newBrowser}`;
        const a = await throttle.admit(OWNER, address);
        if ('refused' in a) {
          ownerTriesAt = time.now + Math.ceil(a.retryAfterMs / SECOND) * SECOND;
        } else {
          await a.succeeded();
          ownerGotInAfter.push(time.now - ownerStartedAt);
          newBrowser += 1;
          ownerStartedAt = ownerTriesAt = time.now + 7 * MINUTE;
        }
      }
    }
    // the strangers' 3 addresses had 5 checks each per 15 minutes at most, polling or not
    expect(checked).toBeLessThanOrEqual(3 * 5 * 4);
    // a new browser every 7 minutes, never kept out longer than the longest wait
    expect(ownerGotInAfter.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...ownerGotInAfter)).toBeLessThanOrEqual(15 * MINUTE + SECOND);
  });

  it('lets a device cookie skip the account’s wait, the one-at-a-time place and the address limits, up to 10 failures per 15 minutes', async () => {
    const { time, attempt, refusal, patientGuess } = await setUp(kind);
    // a stranger's attempt in flight: the device does not wait for its place
    const stranger = await attempt('198.51.100.200');
    const first = await attempt('198.51.100.200', OWNER, DEVICE);
    expect(first).toMatchObject({ holdMs: 0, trusted: true });
    await first.succeeded();
    await stranger.failed();
    // a long wait ahead, and this address used up its 5: the device still gets in at once
    for (let i = 0; i < 12; i++) await patientGuess();
    for (let i = 0; i < 4; i++) await refusal('198.51.100.200');
    expect((await refusal('198.51.100.200')).retryAfterMs).toBeGreaterThan(60_000);
    const device = await attempt('198.51.100.200', OWNER, DEVICE);
    expect(device).toMatchObject({ holdMs: 0, trusted: true });
    await device.succeeded();
    // the device's own failures: 10, then it is a stranger (and waits like one) until the window ends
    for (let i = 0; i < 10; i++) await (await attempt('198.51.100.200', OWNER, DEVICE)).failed();
    const over = await refusal('198.51.100.200', OWNER, DEVICE);
    expect(over.retryAfterMs).toBeGreaterThan(60_000);
    // a token is good only for the account it was checked for (the caller checks), another device's is its own
    expect((await attempt('198.51.100.200', OWNER, 'another device')).trusted).toBe(true);
    time.now += 15 * MINUTE;
    expect((await attempt('198.51.100.200', OWNER, DEVICE)).trusted).toBe(true);
  });

  it('bounds device attempts at one account, successes too, at 30 per 15 minutes', async () => {
    const { attempt } = await setUp(kind);
    for (let i = 0; i < 30; i++) await (await attempt('198.51.100.7', OWNER, `device ${i}`)).succeeded();
    // then devices are strangers: the address's own 5 apply
    expect((await attempt('198.51.100.7', OWNER, 'device 31')).trusted).toBe(false);
  });

  it('keeps a 503’s count on the address (not on the account), and gives back an attempt nothing was checked for', async () => {
    const { attempt, refusal } = await setUp(kind);
    for (let i = 0; i < 5; i++) await (await attempt('198.51.100.7', 'someone@example.com')).busy();
    expect((await refusal('198.51.100.7', 'someone@example.com')).retryAfterMs).toBe(15 * MINUTE);
    // the account's count went back (nobody guessed): the next stranger is not held
    expect((await attempt('198.51.100.8', 'someone@example.com')).holdMs).toBe(0);
    for (let i = 0; i < 10; i++) await (await attempt('198.51.100.9')).abandoned();
    await (await attempt('198.51.100.9')).failed();
  });

  it('gives back only a success’s own count: failures still in flight stay counted', async () => {
    const { time, attempt, refusal } = await setUp(kind);
    const home = '203.0.113.20';
    for (let i = 0; i < 4; i++) await (await attempt(home)).failed();
    await (await attempt(home)).succeeded();
    const guess = await attempt('198.51.100.7');
    // the owner's browser is not held back by the stranger's attempt in flight
    await (await attempt(home, OWNER, DEVICE)).succeeded();
    await guess.failed();
    // 4 + 1 failures: the successes took nothing away, so the next new address waits
    const next = await attempt('198.51.100.9');
    expect(next.holdMs).toBe(1000);
    await next.abandoned();
    // and home has one attempt left of its 5, not a fresh 5
    time.now += 11 * SECOND;
    await (await attempt(home)).failed();
    expect((await refusal(home)).retryAfterMs).toBe(15 * MINUTE - 11 * SECOND);
  });

  it('gives back an attempt that checked no password, settles once, and forgets failures an hour after the last', async () => {
    const { time, attempt } = await setUp(kind);
    for (let i = 0; i < 5; i++) await (await attempt(`198.51.101.${i}`)).failed();
    const busy = await attempt('198.51.101.9');
    expect(busy.holdMs).toBe(1000);
    await busy.abandoned();
    // settled once: a second call, or another outcome, changes nothing more
    await busy.abandoned();
    await busy.failed();
    const next = await attempt('198.51.101.10');
    expect(next.holdMs).toBe(1000);
    await next.abandoned();
    // a moment short of an hour after the last failure it is still counted...
    time.now += 60 * MINUTE - 1;
    await (await attempt('198.51.101.11')).failed();
    const counted = await attempt('198.51.101.12');
    expect(counted.holdMs).toBe(2000);
    await counted.abandoned();
    // ...an hour after, all are forgotten
    time.now += 60 * MINUTE;
    await (await attempt('198.51.101.13')).failed();
    expect((await attempt('198.51.101.14')).holdMs).toBe(0);
  });

  it('frees a stranger’s place by itself when an attempt is never settled', async () => {
    const { time, attempt, refusal } = await setUp(kind);
    await attempt('198.51.100.7');
    time.now += 29_999;
    expect((await refusal('198.51.100.8')).retryAfterMs).toBe(1000);
    time.now += 1;
    expect((await attempt('198.51.100.9')).holdMs).toBe(0);
  });

  it('keeps nothing for attempts given back, and at most 20 accounts per address per window whatever the outcome (the review ran it out of memory with 900 KB emails)', async () => {
    const { time, throttle } = await setUp(kind);
    const huge = (i: number) => `${i}-${'a'.repeat(10_000)}@example.com`;
    const settle = async (outcome: 'abandoned' | 'succeeded' | 'busy' | 'failed', i: number) => {
      const a = await throttle.admit(huge(i), '198.51.100.7');
      if (!('refused' in a)) await a[outcome]();
      return a;
    };
    // a 400 (nothing checked) and a success give their attempt back: they leave no key behind
    // (a thousand of each in memory; a hundred in a database, where each is a transaction)
    const n = kind.long ? 1000 : 100;
    for (let i = 0; i < n; i++) await settle('abandoned', i);
    for (let i = 0; i < n; i++) await settle('succeeded', 1000 + i);
    expect(await throttle.keysHeld()).toBe(0);
    // counted outcomes hold keys, but the address's 20 bound them: the rest are refused before anything is kept
    const outcomes = [];
    for (let i = 0; i < n; i++) outcomes.push(await settle(i % 2 === 0 ? 'failed' : 'busy', 2000 + i));
    expect(outcomes.filter((a) => !('refused' in a))).toHaveLength(20);
    // the address, 20 pairs, 10 accounts that failed (the busy ones gave the account's count back) and 10 wrong guessers
    expect(await throttle.keysHeld()).toBe(1 + 20 + 10 + 10);
    // a new window: the old counts ended, the accounts' failures are remembered for their hour
    time.now += 16 * MINUTE;
    await settle('failed', 5000);
    expect(await throttle.keysHeld()).toBeLessThanOrEqual(1 + 1 + 11 + 11);
  });

  it('throttles an email nobody has exactly like an account, so the throttle tells nothing', async () => {
    const { attempt, refusal } = await setUp(kind);
    for (let i = 0; i < 5; i++) await (await attempt('198.51.100.7', 'nobody@example.com')).failed();
    expect((await refusal('198.51.100.7', 'nobody@example.com')).retryAfterMs).toBe(15 * MINUTE);
    expect((await attempt('198.51.100.8', 'nobody@example.com')).holdMs).toBe(1000);
  });
}

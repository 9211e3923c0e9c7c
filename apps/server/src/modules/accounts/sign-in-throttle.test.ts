import { describe, expect, it } from 'vitest';
import { createSignInThrottle, type SignInAttempt, type SignInRefusal } from './sign-in-throttle.ts';

const SECOND = 1000;
const MINUTE = 60_000;
const OWNER = 'owner@example.com';
const DEVICE = 'the owner’s device token';

function setUp() {
  const time = { now: 0 };
  const throttle = createSignInThrottle({ clock: () => time.now });
  const attempt = (address: string, account = OWNER, device?: string): SignInAttempt => {
    const a = throttle.admit(account, address, device);
    if ('refused' in a) throw new Error(`refused for ${a.retryAfterMs} ms`);
    return a;
  };
  const refusal = (address: string, account = OWNER, device?: string): SignInRefusal => {
    const a = throttle.admit(account, address, device);
    if (!('refused' in a)) throw new Error('admitted');
    return a;
  };
  /** A stranger from a fresh address who waits as told and guesses wrong; returns what it waited. */
  let n = 0;
  const patientGuess = (): number => {
    const address = `198.51.${100 + Math.floor(n / 250)}.${(n++ % 250) + 1}`;
    const a = throttle.admit(OWNER, address);
    if ('refused' in a) {
      time.now += a.retryAfterMs;
      return a.retryAfterMs + patientGuessFrom(address);
    }
    time.now += a.holdMs;
    a.failed();
    return a.holdMs;
  };
  const patientGuessFrom = (address: string): number => {
    const a = attempt(address);
    time.now += a.holdMs;
    a.failed();
    return a.holdMs;
  };
  return { time, throttle, attempt, refusal, patientGuess };
}

describe('sign-in throttle', () => {
  it('counts an attempt when it is admitted, so a concurrent burst gets one stranger through at a time', () => {
    const { attempt, refusal } = setUp();
    const first = attempt('198.51.100.7');
    // the rest of the burst arrives while the first password is being checked
    expect(refusal('198.51.100.7').retryAfterMs).toBe(1000);
    expect(refusal('198.51.100.8').retryAfterMs).toBe(1000);
    first.failed();
    expect(attempt('198.51.100.8').holdMs).toBe(0);
  });

  it('holds one address to 5 attempts at one account, and 20 across accounts, per 15 minutes', () => {
    const { time, attempt, refusal } = setUp();
    for (let i = 0; i < 5; i++) attempt('198.51.100.7').failed();
    expect(refusal('198.51.100.7').retryAfterMs).toBe(15 * MINUTE);
    for (let i = 0; i < 15; i++) attempt('198.51.100.7', `other${i}@example.com`).failed();
    expect(refusal('198.51.100.7', 'someone-else@example.com').retryAfterMs).toBe(15 * MINUTE);
    time.now = 15 * MINUTE;
    expect(attempt('198.51.100.7', 'someone-else@example.com').holdMs).toBe(0);
  });

  it('counts refused attempts on the address: polling a wait or a busy place uses up its 5', () => {
    const { attempt, refusal } = setUp();
    const checking = attempt('198.51.100.1');
    // five polls while another stranger's password is checked, and the address is out
    for (let i = 0; i < 5; i++) expect(refusal('198.51.100.7').retryAfterMs).toBe(1000);
    checking.failed();
    expect(refusal('198.51.100.7').retryAfterMs).toBe(15 * MINUTE);
  });

  it('slows an account past 5 failures from anywhere: a new address is held 1 s, then 2 s, rather than refused', () => {
    const { time, attempt, refusal } = setUp();
    for (let i = 0; i < 5; i++) attempt(`198.51.101.${i}`).failed();
    const held = attempt('198.51.101.50');
    expect(held.holdMs).toBe(1000);
    time.now += 1000;
    held.failed();
    // while one is held or checked, other strangers are told to come back
    const next = attempt('198.51.101.51');
    expect(next.holdMs).toBe(2000);
    expect(refusal('198.51.101.52').retryAfterMs).toBe(1000);
    next.abandoned();
  });

  it('never holds an address that already guessed wrong, and lets it try only 10 s (or the wait again) after the others', () => {
    const { time, attempt, refusal } = setUp();
    for (let i = 0; i < 4; i++) attempt(`198.51.101.${i}`).failed();
    attempt('198.51.100.7').failed();
    // wait 1 s for everyone; the address that just failed waits 1 + 10 s, and is not held
    expect(refusal('198.51.100.7').retryAfterMs).toBe(11 * SECOND);
    time.now += 11 * SECOND;
    const late = attempt('198.51.100.7');
    expect(late.holdMs).toBe(0);
    late.failed();
    // the wait is now 2 s for a new address, 2 + 10 s for this one
    expect(refusal('198.51.100.7').retryAfterMs).toBe(12 * SECOND);
    expect(attempt('198.51.100.8').holdMs).toBe(2 * SECOND);
  });

  it('lets patient guessers through at most about 15 times in the first 15 minutes and 4 an hour after, and never waits more than 15 minutes', () => {
    const { time, patientGuess, refusal } = setUp();
    let guesses = 0;
    let longest = 0;
    while (time.now < 15 * MINUTE) {
      longest = Math.max(longest, patientGuess());
      guesses += 1;
    }
    expect(guesses).toBeLessThanOrEqual(16);
    const hourStart = time.now;
    let later = 0;
    while (time.now < hourStart + 60 * MINUTE) {
      longest = Math.max(longest, patientGuess());
      later += 1;
    }
    expect(later).toBeLessThanOrEqual(5);
    expect(longest).toBe(15 * MINUTE);
    expect(refusal('203.0.113.250').retryAfterMs).toBe(15 * MINUTE);
  });

  it('keeps no owner out: 3 addresses guessing every 100 ms for an hour; the owner’s browser gets in at once, and from a new browser when told', () => {
    const { time, throttle, attempt } = setUp();
    const attackers = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
    let checked = 0;
    let newBrowser = 0;
    let ownerTriesAt = 2 * MINUTE;
    const ownerGotInAfter: number[] = [];
    let ownerStartedAt = ownerTriesAt;
    for (time.now = 0; time.now < 60 * MINUTE; time.now += 100) {
      for (const address of attackers) {
        const a = throttle.admit(OWNER, address);
        if ('refused' in a) continue;
        checked += 1;
        // a held attempt is checked after its hold; at 100 ms a tick the next ones see it in flight
        a.failed();
      }
      // the owner's own browser, every 10 minutes: in at once, whatever the strangers do
      if (time.now % (10 * MINUTE) === 5 * MINUTE) attempt('203.0.113.20', OWNER, DEVICE).succeeded();
      // the owner from a new browser on a new address, following Retry-After exactly
      if (time.now >= ownerTriesAt) {
        const address = `203.0.113.${100 + newBrowser}`;
        const a = throttle.admit(OWNER, address);
        if ('refused' in a) {
          ownerTriesAt = time.now + Math.ceil(a.retryAfterMs / SECOND) * SECOND;
        } else {
          a.succeeded();
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

  it('lets a device cookie skip the account’s wait, the one-at-a-time place and the address limits, up to 10 failures per 15 minutes', () => {
    const { time, attempt, refusal, patientGuess } = setUp();
    // a stranger's attempt in flight: the device does not wait for its place
    const stranger = attempt('198.51.100.200');
    const first = attempt('198.51.100.200', OWNER, DEVICE);
    expect(first).toMatchObject({ holdMs: 0, trusted: true });
    first.succeeded();
    stranger.failed();
    // a long wait ahead, and this address used up its 5: the device still gets in at once
    for (let i = 0; i < 12; i++) patientGuess();
    for (let i = 0; i < 4; i++) refusal('198.51.100.200');
    expect(refusal('198.51.100.200').retryAfterMs).toBeGreaterThan(60_000);
    const device = attempt('198.51.100.200', OWNER, DEVICE);
    expect(device).toMatchObject({ holdMs: 0, trusted: true });
    device.succeeded();
    // the device's own failures: 10, then it is a stranger (and waits like one) until the window ends
    for (let i = 0; i < 10; i++) attempt('198.51.100.200', OWNER, DEVICE).failed();
    const over = refusal('198.51.100.200', OWNER, DEVICE);
    expect(over.retryAfterMs).toBeGreaterThan(60_000);
    // a token is good only for the account it was checked for (the caller checks), another device's is its own
    expect(attempt('198.51.100.200', OWNER, 'another device').trusted).toBe(true);
    time.now += 15 * MINUTE;
    expect(attempt('198.51.100.200', OWNER, DEVICE).trusted).toBe(true);
  });

  it('bounds device attempts at one account, successes too, at 30 per 15 minutes', () => {
    const { attempt } = setUp();
    for (let i = 0; i < 30; i++) attempt('198.51.100.7', OWNER, `device ${i}`).succeeded();
    // then devices are strangers: the address's own 5 apply
    expect(attempt('198.51.100.7', OWNER, 'device 31').trusted).toBe(false);
  });

  it('keeps a 503’s count on the address (not on the account), and gives back an attempt nothing was checked for', () => {
    const { attempt, refusal } = setUp();
    for (let i = 0; i < 5; i++) attempt('198.51.100.7', 'someone@example.com').busy();
    expect(refusal('198.51.100.7', 'someone@example.com').retryAfterMs).toBe(15 * MINUTE);
    // the account's count went back (nobody guessed): the next stranger is not held
    expect(attempt('198.51.100.8', 'someone@example.com').holdMs).toBe(0);
    for (let i = 0; i < 10; i++) attempt('198.51.100.9').abandoned();
    attempt('198.51.100.9').failed();
  });

  it('gives back only a success’s own count: failures still in flight stay counted', () => {
    const { time, attempt, refusal } = setUp();
    const home = '203.0.113.20';
    for (let i = 0; i < 4; i++) attempt(home).failed();
    attempt(home).succeeded();
    const guess = attempt('198.51.100.7');
    // the owner's browser is not held back by the stranger's attempt in flight
    attempt(home, OWNER, DEVICE).succeeded();
    guess.failed();
    // 4 + 1 failures: the successes took nothing away, so the next new address waits
    const next = attempt('198.51.100.9');
    expect(next.holdMs).toBe(1000);
    next.abandoned();
    // and home has one attempt left of its 5, not a fresh 5
    time.now += 11 * SECOND;
    attempt(home).failed();
    expect(refusal(home).retryAfterMs).toBe(15 * MINUTE - 11 * SECOND);
  });

  it('gives back an attempt that checked no password, settles once, and forgets failures an hour after the last', () => {
    const { time, attempt } = setUp();
    for (let i = 0; i < 5; i++) attempt(`198.51.101.${i}`).failed();
    const busy = attempt('198.51.101.9');
    expect(busy.holdMs).toBe(1000);
    busy.abandoned();
    // settled once: a second call, or another outcome, changes nothing more
    busy.abandoned();
    busy.failed();
    const next = attempt('198.51.101.10');
    expect(next.holdMs).toBe(1000);
    next.abandoned();
    // a moment short of an hour after the last failure it is still counted...
    time.now += 60 * MINUTE - 1;
    attempt('198.51.101.11').failed();
    const counted = attempt('198.51.101.12');
    expect(counted.holdMs).toBe(2000);
    counted.abandoned();
    // ...an hour after, all are forgotten
    time.now += 60 * MINUTE;
    attempt('198.51.101.13').failed();
    expect(attempt('198.51.101.14').holdMs).toBe(0);
  });

  it('frees a stranger’s place by itself when an attempt is never settled', () => {
    const { time, attempt, refusal } = setUp();
    attempt('198.51.100.7');
    time.now += 29_999;
    expect(refusal('198.51.100.8').retryAfterMs).toBe(1000);
    time.now += 1;
    expect(attempt('198.51.100.9').holdMs).toBe(0);
  });

  it('keeps nothing for attempts given back, and at most 20 accounts per address per window whatever the outcome (the review ran it out of memory with 900 KB emails)', () => {
    const { time, throttle } = setUp();
    const huge = (i: number) => `${i}-${'a'.repeat(10_000)}@example.com`;
    const settle = (outcome: 'abandoned' | 'succeeded' | 'busy' | 'failed', i: number) => {
      const a = throttle.admit(huge(i), '198.51.100.7');
      if (!('refused' in a)) a[outcome]();
      return a;
    };
    // a 400 (nothing checked) and a success give their attempt back: they leave no key behind
    for (let i = 0; i < 1000; i++) settle('abandoned', i);
    for (let i = 0; i < 1000; i++) settle('succeeded', 1000 + i);
    expect(throttle.keysHeld()).toBe(0);
    // counted outcomes hold keys, but the address's 20 bound them: the rest are refused before anything is kept
    const outcomes = Array.from({ length: 1000 }, (_, i) => settle(i % 2 === 0 ? 'failed' : 'busy', 2000 + i));
    expect(outcomes.filter((a) => !('refused' in a))).toHaveLength(20);
    // the address, 20 pairs, 10 accounts that failed (the busy ones gave the account's count back) and 10 wrong guessers
    expect(throttle.keysHeld()).toBe(1 + 20 + 10 + 10);
    // a new window: the old counts ended, the accounts' failures are remembered for their hour
    time.now += 16 * MINUTE;
    settle('failed', 5000);
    expect(throttle.keysHeld()).toBeLessThanOrEqual(1 + 1 + 11 + 11);
  });

  it('throttles an email nobody has exactly like an account, so the throttle tells nothing', () => {
    const { attempt, refusal } = setUp();
    for (let i = 0; i < 5; i++) attempt('198.51.100.7', 'nobody@example.com').failed();
    expect(refusal('198.51.100.7', 'nobody@example.com').retryAfterMs).toBe(15 * MINUTE);
    expect(attempt('198.51.100.8', 'nobody@example.com').holdMs).toBe(1000);
  });
});

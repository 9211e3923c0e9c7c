import { describe, expect, it } from 'vitest';
import { createSignInThrottle, type SignInAttempt, type SignInRefusal } from './sign-in-throttle.ts';

const MINUTE = 60_000;
const OWNER = 'owner@example.com';

function setUp() {
  const time = { now: 0 };
  const throttle = createSignInThrottle({ clock: () => time.now });
  const attempt = (address: string, account = OWNER): SignInAttempt => {
    const a = throttle.admit(account, address);
    if ('refused' in a) throw new Error(`refused for ${a.retryAfterMs} ms`);
    return a;
  };
  const refusal = (address: string, account = OWNER): SignInRefusal => {
    const a = throttle.admit(account, address);
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

  it('slows an account past 5 failures from anywhere: the server holds the next attempt 1 s, then 2 s, rather than refusing it', () => {
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

  it('gives back only a success’s own count: failures still in flight stay counted', () => {
    const { attempt, refusal } = setUp();
    const home = '203.0.113.20';
    for (let i = 0; i < 4; i++) attempt(home).failed();
    attempt(home).succeeded();
    const guess = attempt('198.51.100.7');
    // the owner, now known at home, is not held back by the stranger's attempt in flight
    const owner = attempt(home);
    expect(owner.holdMs).toBe(0);
    owner.succeeded();
    guess.failed();
    // 4 + 1 failures: the successes took nothing away, so the next stranger waits
    expect(attempt('198.51.100.9').holdMs).toBe(1000);
    // and home has one attempt left of its 5, not a fresh 5
    attempt(home).failed();
    expect(refusal(home).retryAfterMs).toBe(15 * MINUTE);
  });

  it('lets an address the account signed in from skip the wait (not its own limit) while strangers are slowed', () => {
    const { time, attempt, refusal, patientGuess } = setUp();
    attempt('203.0.113.20').succeeded();
    for (let i = 0; i < 12; i++) patientGuess();
    expect(refusal('198.51.100.200').retryAfterMs).toBeGreaterThan(60_000);
    const owner = attempt('203.0.113.20');
    expect(owner.holdMs).toBe(0);
    owner.succeeded();
    // another account knows nothing of that address
    attempt('203.0.113.20', 'other@example.com').failed();
    // known for 30 days
    time.now += 31 * 24 * 60 * MINUTE;
    for (let i = 0; i < 5; i++) patientGuess();
    expect(attempt('203.0.113.20').holdMs).toBe(1000);
  });

  it('gives back an attempt that checked no password, and forgets failures an hour after the last', () => {
    const { time, attempt } = setUp();
    for (let i = 0; i < 5; i++) attempt(`198.51.101.${i}`).failed();
    const busy = attempt('198.51.101.9');
    expect(busy.holdMs).toBe(1000);
    busy.abandoned();
    // settled once: a second call gives nothing more back
    busy.abandoned();
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
    expect(attempt('198.51.100.8').holdMs).toBe(0);
  });

  it('throttles an email nobody has exactly like an account, so the throttle tells nothing', () => {
    const { attempt, refusal } = setUp();
    for (let i = 0; i < 5; i++) attempt('198.51.100.7', 'nobody@example.com').failed();
    expect(refusal('198.51.100.7', 'nobody@example.com').retryAfterMs).toBe(15 * MINUTE);
    expect(attempt('198.51.100.8', 'nobody@example.com').holdMs).toBe(1000);
  });
});

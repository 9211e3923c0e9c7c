import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP's answer to lockout by password guessing; docs/decisions/005): a browser
 * that signed in to an account gets a signed token saying so, and attempts at that account
 * carrying it are not slowed by strangers' guessing. Only this server can make one (HMAC-SHA256
 * with a key kept in the database), and one proves nothing about any other account.
 */

/** Name of the device cookie over plain http. */
export const DEVICE_COOKIE = 'bc_device';
/** Name when `Secure`: like the session cookie, `__Host-` so no subdomain can plant one. */
export const SECURE_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE}`;
/** How long a token is good for after it was issued; every success issues a fresh one. */
export const DEVICE_TOKEN_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Accounts one browser is remembered for: a shared family computer, not a collection. */
export const MAX_DEVICE_TOKENS = 4;

/** How an email is keyed, here and by the throttle: a token issued for `A@x.org ` is good for `a@x.org`. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

// the email is inside the MAC, not in the cookie: the cookie names no account
const macOf = (key: Buffer, account: string, issuedAtS: number) => createHmac('sha256', key).update(`baitcheck device cookie v1\n${account}\n${issuedAtS}`).digest('base64url');

function parseToken(token: string): { issuedAtS: number; mac: string } | null {
  const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return { issuedAtS: parseInt(match[1]!, 36), mac: match[2]! };
}

// a token from the future is not ours (a minute's slack for a clock stepped back)
const isLive = (issuedAtS: number, now: number) => issuedAtS * 1000 <= now + 60_000 && now - issuedAtS * 1000 < DEVICE_TOKEN_TTL_MS;

const tokensIn = (cookie: string | undefined) => (cookie ? cookie.split('~').slice(0, 2 * MAX_DEVICE_TOKENS) : []);

const proves = (key: Buffer, token: string, account: string, now: number): boolean => {
  const parsed = parseToken(token);
  if (!parsed || !isLive(parsed.issuedAtS, now)) return false;
  return timingSafeEqual(Buffer.from(parsed.mac), Buffer.from(macOf(key, account, parsed.issuedAtS)));
};

/** A new token for `account` (an {@link emailKey}): `<issued at, seconds, base 36>.<MAC>`. */
export function signDeviceToken(key: Buffer, account: string, now: number): string {
  const issuedAtS = Math.floor(now / 1000);
  return `${issuedAtS.toString(36)}.${macOf(key, account, issuedAtS)}`;
}

/** The token in a device cookie's value that proves this browser signed in to `account` within the last year, or null. */
export function findDeviceToken(key: Buffer, cookie: string | undefined, account: string, now: number): string | null {
  return tokensIn(cookie).find((token) => proves(key, token, account, now)) ?? null;
}

/**
 * The device cookie's value after a success at `account`: a fresh token for it first, then the
 * browser's live tokens for other accounts (its old ones for this account and anything
 * malformed or expired dropped), at most {@link MAX_DEVICE_TOKENS}.
 */
export function addDeviceToken(key: Buffer, cookie: string | undefined, account: string, now: number): string {
  const others = tokensIn(cookie).filter((token) => {
    const parsed = parseToken(token);
    return parsed !== null && isLive(parsed.issuedAtS, now) && !proves(key, token, account, now);
  });
  return [signDeviceToken(key, account, now), ...new Set(others)].slice(0, MAX_DEVICE_TOKENS).join('~');
}

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt's cost (N = 2^15, r = 8, p = 1: 32 MiB and about 50-100 ms a hash on a server core), the
 * memory-hard setting OWASP lists for scrypt. Stored with each hash, so it can be raised later
 * without breaking old passwords.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** What new hashes use: SCRYPT_PARAMS, except in the tests' own processes (below). */
let current: { N: number; r: number; p: number } = SCRYPT_PARAMS;

/**
 * The server's tests sign up thousands of people, and at the real cost their hashing was a
 * third of the server suite's time: they hash at a lower N (src/test/setup.ts). Nothing else
 * changes: the cost is stored with each hash and verified from it, as an older hash would be.
 * Refused outside Vitest, so no configuration can weaken a real server's hashes.
 */
export function setHashCostForTests(N: number): void {
  if (!process.env.VITEST) throw new Error('setHashCostForTests is for the test runner only');
  current = { ...SCRYPT_PARAMS, N };
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes a password with a fresh random salt: `scrypt$N$r$p$salt$key` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const params = current;
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash of nothing anyone knows, checked against when the email is unknown so both answers take as long. */
const decoys = new Map<number, Promise<string>>();
export function decoyHash(): Promise<string> {
  // at the cost new hashes are made with, so it takes as long to check (one cost outside the tests)
  let decoy = decoys.get(current.N);
  if (!decoy) {
    decoy = hashPassword(randomBytes(24).toString('base64url'));
    decoys.set(current.N, decoy);
  }
  return decoy;
}

/** True when `password` is the one `stored` was made from; false for any malformed `stored`. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // bounds keep a tampered row from asking for gigabytes
  if (![N, r, p].every(Number.isInteger) || N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length !== KEY_BYTES) return false;
  const key = await derive(password, salt, { N, r, p });
  return timingSafeEqual(key, expected);
}

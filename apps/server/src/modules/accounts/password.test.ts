import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRYPT_PARAMS, decoyHash, hashPassword, setHashCostForTests, verifyPassword } from './password.ts';
import { TEST_SCRYPT_N } from '../../test/setup.ts';

describe('passwords', () => {
  // at the real cost here (the other files hash at a lower one: src/test/setup.ts)
  beforeAll(() => setHashCostForTests(SCRYPT_PARAMS.N));
  afterAll(() => setHashCostForTests(TEST_SCRYPT_N));

  it('hashes with scrypt and a per-user salt, and verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('treats canonically equal Unicode as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-passw0rd');
    expect(await verifyPassword('cafe\u0301-passw0rd', stored)).toBe(true);
  });

  it.each([
    ['not a hash', 'plain'],
    ['another scheme', 'bcrypt$10$abc$def$ghi$jkl'],
    ['a huge cost', `scrypt$${2 ** 24}$8$1$c2FsdHNhbHRzYWx0c2E$${'A'.repeat(43)}`],
    ['a cost that is not a power of two', `scrypt$1000$8$1$c2FsdHNhbHRzYWx0c2E$${'A'.repeat(43)}`],
    ['a short key', 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2E$AAAA'],
  ])('refuses %s without throwing', async (_name, stored) => {
    expect(await verifyPassword('whatever-password', stored)).toBe(false);
  });

  it('keeps one decoy hash that matches nothing typed', async () => {
    const decoy = await decoyHash();
    expect(await decoyHash()).toBe(decoy);
    expect(await verifyPassword('password1', decoy)).toBe(false);
  });
});

describe('the tests\' hashing cost', () => {
  it('is lower in the tests, verified from what each hash stores, and cannot be changed outside the test runner', async () => {
    const cheap = await hashPassword('correct horse battery');
    expect(cheap.split('$')[1]).toBe(String(TEST_SCRYPT_N));
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => setHashCostForTests(2)).toThrow(/test runner only/);
    } finally {
      process.env.VITEST = vitest;
    }
  });
});

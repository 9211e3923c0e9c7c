import { setHashCostForTests } from '../modules/accounts/password.ts';

/**
 * Before each server test file (vitest.config.ts, setupFiles). Passwords are hashed at N = 2^10
 * rather than 2^15: the suite signs up thousands of people, and at the real cost their hashing
 * was a third of its time. password.test.ts checks the real cost.
 */
export const TEST_SCRYPT_N = 2 ** 10;

setHashCostForTests(TEST_SCRYPT_N);

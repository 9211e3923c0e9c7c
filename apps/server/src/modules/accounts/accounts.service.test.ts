import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';
import { createAccountsService } from './accounts.service.ts';
import { createHashingGate, type HashingGate } from './hashing-gate.ts';
import { hashPassword } from './password.ts';

// The integration tests (accounts.test.ts) see answers; these count the password hashes behind them.

const OWNER_EMAIL = 'owner@example.com';

async function setUp() {
  const owner: UserRow = { id: 'owner', kind: 'account', email: OWNER_EMAIL, passwordHash: await hashPassword('the right password'), createdAt: new Date(0) };
  const guest: UserRow = { id: 'guest', kind: 'guest', email: null, passwordHash: null, createdAt: new Date(0) };
  const repo: AccountsRepository = {
    findById: async (id) => [owner, guest].find((u) => u.id === id),
    findAccountByEmail: async (email) => (email.toLowerCase() === OWNER_EMAIL ? owner : undefined),
    upgradeGuest: async () => 'ok',
    setPasswordIfUnchanged: async () => true,
    deleteAccount: async () => undefined,
    loadServerKey: async () => Buffer.alloc(32, 7),
    mergeGuestInto: async () => undefined,
  };
  const sessions = {
    start: async () => ({ setCookie: { token: 't', maxAgeSeconds: 60 } }),
    revoke: async () => undefined,
    revokeUser: async () => 0,
  } as unknown as SessionsService;
  const real = createHashingGate({ concurrency: 2 });
  const hashes = { count: 0 };
  const hashing: HashingGate = {
    perClient: real.perClient,
    run: (task, request) => {
      hashes.count += 1;
      return real.run(task, request);
    },
    get load() {
      return real.load;
    },
  };
  return { service: createAccountsService({ repo, sessions, hashing }), hashes };
}

const codeOf = (err: unknown) => (err instanceof AppError ? err.code : String(err));

describe('accounts service: password hashing', () => {
  it('answers a taken email before hashing the new password', async () => {
    const { service, hashes } = await setUp();
    const err = await service.signUp('guest', 'h', OWNER_EMAIL.toUpperCase(), 'another password', '198.51.100.7').catch((e: unknown) => e);
    expect(codeOf(err)).toBe('EMAIL_TAKEN');
    expect(hashes.count).toBe(0);
    await service.signUp('guest', 'h', 'new@example.com', 'another password', '198.51.100.7');
    expect(hashes.count).toBe(1);
  });

  it('checks at most 5 passwords for 40 concurrent wrong guesses, from one address or from 40', async () => {
    const { service, hashes } = await setUp();
    const signIn = async (address: string) => service.signIn('guest', 'h', OWNER_EMAIL, 'wrong guess', address, await service.admitSignIn(OWNER_EMAIL, address));
    const one = await Promise.allSettled(Array.from({ length: 40 }, () => signIn('198.51.100.7')));
    const many = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => signIn(`198.51.101.${i + 1}`)));
    expect(hashes.count).toBeLessThanOrEqual(5);
    const codes = [...one, ...many].map((r) => (r.status === 'rejected' ? codeOf(r.reason) : 'signed in'));
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(hashes.count);
    expect(codes.filter((c) => c !== 'INVALID_CREDENTIALS').every((c) => c === 'RATE_LIMITED')).toBe(true);
  });
});

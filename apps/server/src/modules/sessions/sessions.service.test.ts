import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { messages, sessions, users } from '../../db/schema.ts';
import { DATABASES } from '../../test/databases.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { ACCOUNT_SESSION_TTL_MS, SESSION_TTL_MS, createSessionsService, hashToken } from './sessions.service.ts';

const DAY = 24 * 60 * 60 * 1000;

for (const factory of DATABASES) {
  describe(`sessions service [${factory.name}]`, () => {
    let database: Database;
    let now = Date.UTC(2025, 0, 1);
    const clock = () => now;

    beforeAll(async () => {
      database = await factory.open();
    });
    afterAll(async () => {
      await database.close();
    });

    const service = () => createSessionsService(createSessionsRepository(database.db), clock);

    it('creates a guest user and a session whose token is stored only as a hash', async () => {
      const s = await service().resolve(undefined);
      expect(s.setCookie?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(s.idHash).toBe(hashToken(s.setCookie!.token));
      const [row] = await database.db.select().from(sessions).where(eq(sessions.idHash, s.idHash));
      expect(row?.userId).toBe(s.userId);
      expect(row?.expiresAt.getTime()).toBe(now + SESSION_TTL_MS);
      const [user] = await database.db.select().from(users).where(eq(users.id, s.userId));
      expect(user?.kind).toBe('guest');
    });

    it('resolves the same token to the same user, from a fresh process too', async () => {
      const first = await service().resolve(undefined);
      const again = await service().resolve(first.setCookie!.token);
      expect(again).toEqual({ userId: first.userId, idHash: first.idHash });
    });

    it('slides the expiry forward on a visit a day or more later, and re-sends the cookie', async () => {
      const svc = service();
      const first = await svc.resolve(undefined);
      now += 2 * DAY;
      const later = await svc.resolve(first.setCookie!.token);
      expect(later.userId).toBe(first.userId);
      expect(later.setCookie?.token).toBe(first.setCookie!.token);
      const [row] = await database.db.select().from(sessions).where(eq(sessions.idHash, first.idHash));
      expect(row?.expiresAt.getTime()).toBe(now + SESSION_TTL_MS);
    });

    it('replaces an expired session with a new guest', async () => {
      const svc = service();
      const first = await svc.resolve(undefined);
      now += SESSION_TTL_MS + DAY;
      const later = await svc.resolve(first.setCookie!.token);
      expect(later.userId).not.toBe(first.userId);
      expect(later.setCookie?.token).not.toBe(first.setCookie!.token);
    });

    it("gives an account's session its own shorter life, slid by as much on each visit, then ends it", async () => {
      const svc = service();
      const guest = await svc.resolve(undefined);
      await database.db.update(users).set({ kind: 'account', email: `s${now}@example.com`, passwordHash: 'scrypt$x' }).where(eq(users.id, guest.userId));
      const signedIn = await svc.start(guest.userId);
      expect(signedIn.setCookie.maxAgeSeconds).toBe(ACCOUNT_SESSION_TTL_MS / 1000);
      now += 10 * DAY;
      const visit = await svc.resolve(signedIn.setCookie.token);
      expect(visit).toMatchObject({ userId: guest.userId, setCookie: { maxAgeSeconds: ACCOUNT_SESSION_TTL_MS / 1000 } });
      const [row] = await database.db.select().from(sessions).where(eq(sessions.idHash, signedIn.idHash));
      expect(row?.expiresAt.getTime()).toBe(now + ACCOUNT_SESSION_TTL_MS);
      // a fresh process reads the same life back from the row
      now += ACCOUNT_SESSION_TTL_MS - DAY;
      expect((await service().resolve(signedIn.setCookie.token)).userId).toBe(guest.userId);
      now += ACCOUNT_SESSION_TTL_MS + DAY;
      const expired = await service().resolve(signedIn.setCookie.token);
      expect(expired.userId).not.toBe(guest.userId);
    });

    it("ends every other session of a user, cached or not", async () => {
      const svc = service();
      const first = await svc.resolve(undefined);
      const second = await svc.start(first.userId);
      const third = await svc.start(first.userId);
      expect(await svc.revokeUser(first.userId, second.idHash)).toBe(2);
      expect((await svc.resolve(second.setCookie.token)).userId).toBe(first.userId);
      expect((await svc.resolve(third.setCookie.token)).userId).not.toBe(first.userId);
      expect((await svc.resolve(first.setCookie!.token)).userId).not.toBe(first.userId);
    });

    it('forgets a revoked session even when it was cached', async () => {
      const svc = service();
      const first = await svc.resolve(undefined);
      await svc.revoke(first.idHash);
      const later = await svc.resolve(first.setCookie!.token);
      expect(later.userId).not.toBe(first.userId);
    });

    it('prunes expired sessions and the guests left without one, with their data', async () => {
      const svc = service();
      const stale = await svc.resolve(undefined);
      await database.db.insert(messages).values({
        userId: stale.userId,
        kind: 'text',
        content: 'x',
        threatLevel: 'safe',
        score: 0,
        threatDetails: { reasons: [], reasonDetails: [], highlights: [], recommendations: [], checks: [], notes: [] },
      });
      now += SESSION_TTL_MS + DAY;
      const fresh = await svc.resolve(undefined);
      const pruned = await svc.pruneExpired();
      expect(pruned.sessions).toBeGreaterThanOrEqual(1);
      expect(await database.db.select().from(users).where(eq(users.id, stale.userId))).toEqual([]);
      expect(await database.db.select().from(messages).where(eq(messages.userId, stale.userId))).toEqual([]);
      expect((await database.db.select().from(users).where(eq(users.id, fresh.userId))).length).toBe(1);
    });
  });
}

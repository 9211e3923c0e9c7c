import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { messages, notificationPreferences, sessions, users } from '../../db/schema.ts';
import { DATABASES } from '../../test/databases.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { ACCOUNT_SESSION_MAX_AGE_MS, ACCOUNT_SESSION_TTL_MS, GUEST_IDLE_MS, SESSION_TTL_MS, createSessionsService, hashToken } from './sessions.service.ts';

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

    const service = () => createSessionsService(createSessionsRepository(database.db), { clock });

    it('makes nothing for a visitor without a (valid) cookie', async () => {
      const before = (await database.db.select().from(users)).length;
      expect(await service().resolve(undefined)).toBeNull();
      expect(await service().resolve('x'.repeat(43))).toBeNull();
      expect(await service().resolve('not a token')).toBeNull();
      expect((await database.db.select().from(users)).length).toBe(before);
    });

    it('creates a guest user and a session whose token is stored only as a hash', async () => {
      const s = await service().startGuest();
      expect(s.setCookie.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(s.idHash).toBe(hashToken(s.setCookie.token));
      const [row] = await database.db.select().from(sessions).where(eq(sessions.idHash, s.idHash));
      expect(row?.userId).toBe(s.userId);
      expect(row?.expiresAt.getTime()).toBe(now + SESSION_TTL_MS);
      const [user] = await database.db.select().from(users).where(eq(users.id, s.userId));
      expect(user?.kind).toBe('guest');
    });

    it('resolves the same token to the same user, from a fresh process too', async () => {
      const first = await service().startGuest();
      const again = await service().resolve(first.setCookie.token);
      expect(again).toEqual({ userId: first.userId, idHash: first.idHash });
    });

    it('slides the expiry forward on a visit a day or more later, and re-sends the cookie', async () => {
      const svc = service();
      const first = await svc.startGuest();
      now += 2 * DAY;
      const later = await svc.resolve(first.setCookie.token);
      expect(later?.userId).toBe(first.userId);
      expect(later?.setCookie?.token).toBe(first.setCookie.token);
      const [row] = await database.db.select().from(sessions).where(eq(sessions.idHash, first.idHash));
      expect(row?.expiresAt.getTime()).toBe(now + SESSION_TTL_MS);
    });

    it('treats an expired session as no session', async () => {
      const svc = service();
      const first = await svc.startGuest();
      now += SESSION_TTL_MS + DAY;
      expect(await svc.resolve(first.setCookie.token)).toBeNull();
    });

    it("gives an account's session its own shorter life, slid by as much on each visit, then ends it", async () => {
      const svc = service();
      const guest = await svc.startGuest();
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
      expect((await service().resolve(signedIn.setCookie.token))?.userId).toBe(guest.userId);
      now += ACCOUNT_SESSION_TTL_MS + DAY;
      expect(await service().resolve(signedIn.setCookie.token)).toBeNull();
    });

    it("ends an account's session at its absolute limit even when it is used every day", async () => {
      const svc = service();
      const guest = await svc.startGuest();
      await database.db.update(users).set({ kind: 'account', email: `abs${now}@example.com`, passwordHash: 'scrypt$x' }).where(eq(users.id, guest.userId));
      const signedIn = await svc.start(guest.userId);
      const end = now + ACCOUNT_SESSION_MAX_AGE_MS;
      let lastCookieEnd = 0;
      while (now + DAY < end) {
        now += DAY;
        const visit = await svc.resolve(signedIn.setCookie.token);
        expect(visit?.userId).toBe(guest.userId);
        // the cookie never outlives the absolute limit either
        if (visit?.setCookie) lastCookieEnd = now + visit.setCookie.maxAgeSeconds * 1000;
        expect(lastCookieEnd).toBeLessThanOrEqual(end);
      }
      now = end;
      expect(await svc.resolve(signedIn.setCookie.token)).toBeNull();
      // nor does a fresh process that reads the row accept it
      expect(await service().resolve(signedIn.setCookie.token)).toBeNull();
      // a guest's session has no such limit
      const otherGuest = await svc.startGuest();
      now += ACCOUNT_SESSION_MAX_AGE_MS + DAY;
      expect((await svc.resolve(otherGuest.setCookie.token))?.userId).toBe(otherGuest.userId);
    });

    it('honours a configured absolute limit', async () => {
      const svc = createSessionsService(createSessionsRepository(database.db), { clock, limits: { accountSessionMaxAgeMs: 3 * DAY } });
      const guest = await svc.startGuest();
      await database.db.update(users).set({ kind: 'account', email: `abs3${now}@example.com`, passwordHash: 'scrypt$x' }).where(eq(users.id, guest.userId));
      const signedIn = await svc.start(guest.userId);
      now += 2 * DAY;
      expect((await svc.resolve(signedIn.setCookie.token))?.userId).toBe(guest.userId);
      now += DAY;
      expect(await svc.resolve(signedIn.setCookie.token)).toBeNull();
    });

    it("ends every other session of a user, cached or not", async () => {
      const svc = service();
      const first = await svc.startGuest();
      const second = await svc.start(first.userId);
      const third = await svc.start(first.userId);
      expect(await svc.revokeUser(first.userId, second.idHash)).toBe(2);
      expect((await svc.resolve(second.setCookie.token))?.userId).toBe(first.userId);
      expect(await svc.resolve(third.setCookie.token)).toBeNull();
      expect(await svc.resolve(first.setCookie.token)).toBeNull();
    });

    it('forgets a revoked session even when it was cached', async () => {
      const svc = service();
      const first = await svc.startGuest();
      await svc.revoke(first.idHash);
      expect(await svc.resolve(first.setCookie.token)).toBeNull();
    });

    it('prunes expired sessions and the guests left without one, with their data', async () => {
      const svc = service();
      const stale = await svc.startGuest();
      await database.db.insert(messages).values({
        userId: stale.userId,
        kind: 'text',
        content: 'x',
        threatLevel: 'safe',
        score: 0,
        threatDetails: { reasons: [], reasonDetails: [], highlights: [], recommendations: [], checks: [], notes: [] },
      });
      now += SESSION_TTL_MS + DAY;
      const fresh = await svc.startGuest();
      const pruned = await svc.pruneExpired();
      expect(pruned.sessions).toBeGreaterThanOrEqual(1);
      expect(await database.db.select().from(users).where(eq(users.id, stale.userId))).toEqual([]);
      expect(await database.db.select().from(messages).where(eq(messages.userId, stale.userId))).toEqual([]);
      expect((await database.db.select().from(users).where(eq(users.id, fresh.userId))).length).toBe(1);
    });

    it('prunes guests who stored nothing and have not come back, keeping accounts and guests with data', async () => {
      const svc = service();
      const idle = await svc.startGuest();
      const withData = await svc.startGuest();
      await database.db.insert(notificationPreferences).values({
        userId: withData.userId,
        phishingAlerts: true,
        securityUpdates: true,
        suspiciousContent: true,
        tipsAndEducation: false,
        push: true,
        email: false,
        sms: false,
        sensitivity: 3,
      });
      const account = await svc.startGuest();
      await database.db.update(users).set({ kind: 'account', email: `idle${now}@example.com`, passwordHash: 'scrypt$x' }).where(eq(users.id, account.userId));
      const accountSession = await svc.start(account.userId);
      const returning = await svc.startGuest();
      now += GUEST_IDLE_MS - DAY;
      await svc.resolve(returning.setCookie.token);
      now += 2 * DAY;

      await svc.pruneExpired();
      const exists = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id))).length === 1;
      expect(await exists(idle.userId)).toBe(false);
      expect(await svc.resolve(idle.setCookie.token)).toBeNull();
      expect(await exists(withData.userId)).toBe(true);
      expect(await exists(returning.userId)).toBe(true);
      expect(await exists(account.userId)).toBe(true);
      expect((await svc.resolve(returning.setCookie.token))?.userId).toBe(returning.userId);
      expect((await svc.resolve(withData.setCookie.token))?.userId).toBe(withData.userId);
      expect((await svc.resolve(accountSession.setCookie.token))?.userId).toBe(account.userId);
    });

    it('prunes account sessions past their absolute limit from the table', async () => {
      const svc = service();
      const guest = await svc.startGuest();
      await database.db.update(users).set({ kind: 'account', email: `prune-abs${now}@example.com`, passwordHash: 'scrypt$x' }).where(eq(users.id, guest.userId));
      const signedIn = await svc.start(guest.userId);
      // used every few weeks, so its sliding expiry never passes
      for (let day = 20; day < ACCOUNT_SESSION_MAX_AGE_MS / DAY; day += 20) {
        now += 20 * DAY;
        await svc.resolve(signedIn.setCookie.token);
      }
      now += 20 * DAY;
      await svc.pruneExpired();
      expect(await database.db.select().from(sessions).where(eq(sessions.idHash, signedIn.idHash))).toEqual([]);
      expect((await database.db.select().from(users).where(eq(users.id, guest.userId))).length).toBe(1);
    });
  });
}

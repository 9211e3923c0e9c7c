import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { sessions, users } from '../db/schema.ts';
import { DATABASES } from '../test/databases.ts';
import { makeVisitor } from '../test/harness.ts';
import { SESSION_COOKIE } from './session.ts';

/** Every read a screen makes before the visitor has done anything. */
const READS = [
  '/api/messages',
  '/api/messages?limit=5',
  '/api/message-stats?tz=Europe/Paris',
  '/api/protection-settings',
  '/api/protection-status',
  '/api/notification-preferences',
  '/api/reports',
  '/api/blocked-senders',
  '/api/auth/me',
  '/api/plugins',
];

for (const factory of DATABASES) {
  describe(`newcomers [${factory.name}]`, () => {
    let database: Database;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await factory.open();
      // load tests of our own: the per-client limits would stop them, and have their own tests
      app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', rateLimits: false }, database });
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });
    const rows = async () => ({
      users: (await database.db.select({ n: count() }).from(users))[0]!.n,
      sessions: (await database.db.select({ n: count() }).from(sessions))[0]!.n,
    });

    it('make no user or session with 1,000 cookieless reads, and see what an empty guest sees', async () => {
      const before = await rows();
      const answers = new Map<string, string>();
      for (let i = 0; i < 1000; i++) {
        const url = READS[i % READS.length]!;
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['set-cookie'], url).toBeUndefined();
        if (i < READS.length) answers.set(url, res.body);
      }
      expect(await rows()).toEqual(before);
      expect(JSON.parse(answers.get('/api/messages')!)).toEqual([]);
      expect(JSON.parse(answers.get('/api/reports')!)).toEqual([]);
      expect(JSON.parse(answers.get('/api/blocked-senders')!)).toEqual([]);
      expect(JSON.parse(answers.get('/api/auth/me')!).user).toMatchObject({ kind: 'guest', email: null });
      expect(JSON.parse(answers.get('/api/message-stats?tz=Europe/Paris')!)).toMatchObject({ phishing: 0, suspicious: 0, safe: 0 });

      // what an empty guest with a session sees is the same
      const guest = makeVisitor(app);
      await guest.patch('/api/notification-preferences', { sensitivity: 3 });
      for (const url of ['/api/messages', '/api/protection-settings', '/api/protection-status', '/api/notification-preferences', '/api/reports', '/api/blocked-senders']) {
        expect((await guest.get(url)).json(), url).toEqual(JSON.parse(answers.get(url)!));
      }
    });

    it('make no row for writes that store nothing: an unsaved scan, the assistant, sign-out, a delete, a bad request', async () => {
      const before = await rows();
      const post = (url: string, payload?: object) => app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
      expect((await post('/api/scan/text', { content: 'Hello, see you at 6', saveToHistory: false })).statusCode).toBe(200);
      expect((await post('/api/scan/url', { url: 'https://example.com/', saveToHistory: false })).statusCode).toBe(200);
      expect((await post('/api/assistant/chat', { query: 'What is phishing?' })).statusCode).toBe(200);
      expect((await post('/api/auth/sign-out')).json().error.code).toBe('NOT_SIGNED_IN');
      expect((await post('/api/auth/change-password', { currentPassword: 'x'.repeat(8), newPassword: 'y'.repeat(8) })).json().error.code).toBe('NOT_SIGNED_IN');
      expect((await app.inject({ method: 'DELETE', url: '/api/messages/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
      expect((await post('/api/scan/text', { content: '' })).statusCode).toBe(400);
      expect((await app.inject({ method: 'PATCH', url: '/api/protection-settings', payload: {} })).statusCode).toBe(400);
      expect(await rows()).toEqual(before);
    });

    it('make exactly one guest and session with a first saved scan, which later requests reuse', async () => {
      const before = await rows();
      const visitor = makeVisitor(app);
      const first = await visitor.post('/api/scan/text', { content: 'URGENT: your account is locked, verify at http://bit.ly/x' });
      expect(first.statusCode).toBe(200);
      expect(first.cookies.map((c) => c.name)).toEqual([SESSION_COOKIE]);
      expect(await rows()).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
      await visitor.post('/api/scan/text', { content: 'Second one' });
      expect(await rows()).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
      expect((await visitor.get('/api/messages')).json()).toHaveLength(2);
    });

    it('can sign up and sign in without having stored anything first', async () => {
      const email = `newcomer-${Date.now()}@example.com`;
      const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: 'correct horse battery' } });
      expect(signUp.statusCode).toBe(201);
      expect(signUp.json().user).toMatchObject({ kind: 'account', email });
      const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: 'correct horse battery' } });
      expect(signIn.statusCode).toBe(200);
      const cookie = signIn.cookies.find((c) => c.name === SESSION_COOKIE)!;
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', cookies: { [SESSION_COOKIE]: cookie.value } });
      expect(me.json().user).toMatchObject({ kind: 'account', email });
    });
  });
}

import { AlertChannelsSchema, NotificationListSchema, type NotificationList } from '@baitcheck/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { alertDeliveries, deviceTokens, notifications } from '../../db/schema.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { signUp, TEST_PASSWORD } from '../../test/plans.ts';
import { SESSION_COOKIE } from '../../http/session.ts';

const PHISHING_SMS =
  'URGENT: Your account has been suspended due to unusual activity. Verify now at http://paypal-account-verify.com/login within 24 hours or lose access.';
// the engine's verdicts today: suspicious (score about 0.78), phishing short of the clearest (about 0.92)
const SUSPICIOUS_SMS = 'Your parcel is waiting, book a slot: https://track.northfield-parcel-centre.com/slot';
const OTHER_SUSPICIOUS_SMS = 'Hi, this is Anna from HR. Please review the attached document and confirm your details by replying today.';
const PLAIN_PHISHING_SMS = 'We noticed a login to your account. If this was not you, call us at 800-555-0199.';
const SAFE_SMS = 'Hi Sam, are we still on for lunch tomorrow at noon? Let me know.';
const BASE = { cookieSecure: 'auto' as const, trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 0, rateLimits: false as const };

const listOf = async (v: Visitor): Promise<NotificationList> => {
  const res = await v.get('/api/notifications');
  expect(res.statusCode).toBe(200);
  return NotificationListSchema.parse(res.json());
};

describeWithDatabases('alerts in the app', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: { ...BASE }, database: ctx.database, logger: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  const scan = async (v: Visitor, content: string, extra: Record<string, unknown> = {}) => {
    const res = await v.post('/api/scan/text', { content, sender: '+1 555 0100', source: 'manual', ...extra });
    expect(res.statusCode).toBe(200);
    return res.json() as { message: { id: string }; analysis: { threatLevel: string } };
  };

  it('lists a phishing scan as a phishing alert that opens its History entry, and nothing for a safe one', async () => {
    const v = makeVisitor(app);
    const phishing = await scan(v, PHISHING_SMS);
    expect(phishing.analysis.threatLevel).toBe('phishing');
    await scan(v, SAFE_SMS);
    const list = await listOf(v);
    expect(list.unread).toBe(1);
    expect(list.notifications).toEqual([
      {
        id: expect.any(String),
        type: 'phishing_alert',
        title: expect.stringMatching(/phishing/i),
        body: expect.any(String),
        messageId: phishing.message.id,
        threatLevel: 'phishing',
        url: `/history?messageId=${phishing.message.id}`,
        count: 1,
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);
    // never the scam's link in what the alert says
    expect(list.notifications[0]!.body).not.toContain('paypal-account-verify.com');
    // a scan made in the app is told in the app alone: no outside delivery queued
    const userId = await userIdOf(ctx.database, v);
    expect(await ctx.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, userId))).toEqual([]);
  });

  it('tells a message once, however often its scan is repeated with the same Idempotency-Key', async () => {
    const v = makeVisitor(app);
    for (let i = 0; i < 3; i++) {
      const res = await v.request('POST', '/api/scan/text', { content: PHISHING_SMS, source: 'manual' }, { 'idempotency-key': 'same-scan' });
      expect(res.statusCode).toBe(200);
    }
    expect((await listOf(v)).notifications).toHaveLength(1);
  });

  it('keeps unsaved scans out, and removes an alert with its History entry', async () => {
    const v = makeVisitor(app);
    await scan(v, PHISHING_SMS, { saveToHistory: false });
    expect((await listOf(v)).notifications).toEqual([]);
    const saved = await scan(v, PHISHING_SMS);
    expect((await listOf(v)).unread).toBe(1);
    expect((await v.delete(`/api/messages/${saved.message.id}`)).statusCode).toBe(200);
    expect(await listOf(v)).toEqual({ notifications: [], unread: 0 });
  });

  it('follows the preferences: a type switched off is not told, and Medium-High tells suspicious messages as phishing alerts', async () => {
    const v = makeVisitor(app);
    await v.patch('/api/notification-preferences', { types: { phishing_alerts: false } });
    await scan(v, PHISHING_SMS);
    expect((await listOf(v)).notifications).toEqual([]);
    // Medium: a suspicious message is Suspicious Content; Medium-High: a phishing alert
    await v.patch('/api/notification-preferences', { types: { phishing_alerts: true } });
    const suspicious = await scan(v, SUSPICIOUS_SMS);
    expect(suspicious.analysis.threatLevel).toBe('suspicious');
    expect((await listOf(v)).notifications.map((n) => [n.type, n.messageId])).toEqual([['suspicious_content', suspicious.message.id]]);
    await v.patch('/api/notification-preferences', { sensitivity: 4 });
    const again = await scan(v, OTHER_SUSPICIOUS_SMS);
    expect(again.analysis.threatLevel).toBe('suspicious');
    expect((await listOf(v)).notifications[0]).toMatchObject({ type: 'phishing_alert', messageId: again.message.id, threatLevel: 'suspicious' });
    // Low: a phishing verdict short of the clearest is not told
    await v.patch('/api/notification-preferences', { sensitivity: 1 });
    const plain = await scan(v, PLAIN_PHISHING_SMS);
    expect(plain.analysis.threatLevel).toBe('phishing');
    expect((await listOf(v)).notifications.map((n) => n.messageId)).not.toContain(plain.message.id);
  });

  it('marks one read, then all, for the person alone', async () => {
    const alice = makeVisitor(app);
    const bob = makeVisitor(app);
    await scan(alice, PHISHING_SMS);
    await scan(alice, `${PHISHING_SMS} Reply STOP to opt out.`);
    await scan(bob, PHISHING_SMS);
    const [first] = (await listOf(alice)).notifications;
    // another person cannot see or mark it
    expect((await bob.post(`/api/notifications/${first!.id}/read`)).statusCode).toBe(404);
    expect((await bob.post(`/api/notifications/${first!.id}/read`)).json().error.code).toBe('NOTIFICATION_NOT_FOUND');
    expect((await listOf(bob)).notifications.map((n) => n.id)).not.toContain(first!.id);
    const read = await alice.post(`/api/notifications/${first!.id}/read`);
    expect(read.json()).toEqual({ unread: 1 });
    expect((await listOf(alice)).notifications.find((n) => n.id === first!.id)!.readAt).not.toBeNull();
    expect((await alice.post('/api/notifications/read-all')).json()).toEqual({ unread: 0 });
    expect((await listOf(bob)).unread).toBe(1);
  });

  it('pages newest first with before=, and refuses a bad limit or cursor (400)', async () => {
    const v = makeVisitor(app);
    for (let i = 0; i < 5; i++) await scan(v, `${PHISHING_SMS} Ref ${i}.`);
    const firstPage = NotificationListSchema.parse((await v.get('/api/notifications?limit=2')).json());
    expect(firstPage.notifications).toHaveLength(2);
    const next = NotificationListSchema.parse((await v.get(`/api/notifications?limit=10&before=${firstPage.notifications[1]!.id}`)).json());
    expect(next.notifications).toHaveLength(3);
    const all = [...firstPage.notifications, ...next.notifications];
    expect(new Set(all.map((n) => n.id)).size).toBe(5);
    const times = all.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const bad of ['limit=0', 'limit=101', 'limit=x', 'before=not-an-id', 'colour=red']) {
      const res = await v.get(`/api/notifications?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers a newcomer an empty list, stores nothing for them, and refuses marking what is not theirs', async () => {
    const v = makeVisitor(app);
    expect(await listOf(v)).toEqual({ notifications: [], unread: 0 });
    expect((await v.post('/api/notifications/read-all')).json()).toEqual({ unread: 0 });
    expect(v.cookie).toBeUndefined();
  });

  it('says which channels this server has: web push with its key, no email, SMS or app push', async () => {
    const v = makeVisitor(app);
    const channels = AlertChannelsSchema.parse((await v.get('/api/notifications/channels')).json());
    expect(channels.webPush).toMatchObject({ available: true, publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/), devices: 0 });
    expect(channels.nativePush).toMatchObject({ available: false, reason: expect.stringContaining('not set up') });
    expect(channels.email).toMatchObject({ available: false, reason: expect.stringContaining('no mail server') });
    expect(channels.sms).toMatchObject({ available: false, reason: expect.stringContaining('no SMS service') });
  });

  it('refuses a push subscription to an address that is not a browser push service', async () => {
    const v = makeVisitor(app);
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    for (const endpoint of ['http://127.0.0.1:5432/x', 'https://169.254.169.254/latest/meta-data', 'https://internal.example/push', 'http://fcm.googleapis.com/fcm/send/abc']) {
      const res = await v.post('/api/push-subscriptions', { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.code).toBe('PUSH_ENDPOINT_REFUSED');
    }
    const bad = await v.post('/api/push-subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const ok = await v.post('/api/push-subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc-123', keys });
    expect(ok.statusCode).toBe(200);
    expect(AlertChannelsSchema.parse(ok.json()).webPush.devices).toBe(1);
    const gone = await v.request('DELETE', '/api/push-subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc-123' });
    expect(AlertChannelsSchema.parse(gone.json()).webPush.devices).toBe(0);
  });

  it('stores a native app token (spec: POST /api/device-tokens), once, for whoever registers it last', async () => {
    const a = makeVisitor(app);
    const b = makeVisitor(app);
    const token = `fcm-token-${crypto.randomUUID()}`;
    expect((await a.post('/api/device-tokens', { token, platform: 'android' })).json()).toEqual({ success: true });
    expect((await b.post('/api/device-tokens', { token, platform: 'android' })).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(deviceTokens).where(eq(deviceTokens.token, token));
    expect(rows.map((r) => r.userId)).toEqual([await userIdOf(ctx.database, b)]);
    for (const body of [{ token }, { token: '', platform: 'ios' }, { token, platform: 'windows' }, { token: 'x'.repeat(5000), platform: 'ios' }]) {
      expect((await a.post('/api/device-tokens', body)).statusCode).toBe(400);
    }
    expect(AlertChannelsSchema.parse((await b.get('/api/notifications/channels')).json()).nativePush.devices).toBe(1);
  });

  it('tells a sign-in from a browser new to the account and a password change as Security Updates', async () => {
    const first = makeVisitor(app);
    const email = await signUp(first);
    const other = makeVisitor(app);
    expect((await other.post('/api/auth/sign-in', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const afterSignIn = await listOf(first);
    expect(afterSignIn.notifications.map((n) => [n.type, n.url])).toEqual([['security_update', '/']]);
    expect(afterSignIn.notifications[0]!.title).toMatch(/sign-in/i);
    const changed = await other.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'another long passphrase' });
    expect(changed.statusCode).toBe(200);
    const titles = (await listOf(other)).notifications.map((n) => n.title);
    expect(titles).toHaveLength(2);
    expect(titles[0]).toMatch(/password/i);
    // Security Updates switched off: none
    await other.patch('/api/notification-preferences', { types: { security_updates: false } });
    const third = makeVisitor(app);
    expect((await third.post('/api/auth/sign-in', { email, password: 'another long passphrase' })).statusCode).toBe(200);
    expect((await listOf(other)).notifications).toHaveLength(2);
    const userId = await userIdOf(ctx.database, other);
    expect((await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).length).toBe(2);
  });
});

/** Reads Server-Sent Events from a live stream: `next()` answers the next event (name and parsed data). */
function readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<{ event: string; data: unknown }> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (event && data) return { event, data: JSON.parse(data) };
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describeWithDatabases('the live notification stream', (ctx) => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await buildApp({ config: { ...BASE, host: '127.0.0.1' }, database: ctx.database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A visitor of the listening app, by its session cookie. */
  const person = async () => {
    const v = makeVisitor(app);
    await v.post('/api/scan/text', { content: SAFE_SMS });
    return { v, cookie: `${SESSION_COOKIE}=${v.cookie}` };
  };

  it('says the unread count on opening, then each new alert and count as it happens, to that person alone', async () => {
    const alice = await person();
    const bob = await person();
    const res = await fetch(`${base}/api/notifications/stream`, { headers: { cookie: alice.cookie, accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const events = readEvents(res.body!);
    expect(await events.next()).toEqual({ event: 'unread', data: { unread: 0 } });
    // someone else's phishing is not told here
    await bob.v.post('/api/scan/text', { content: PHISHING_SMS });
    const scanned = (await alice.v.post('/api/scan/text', { content: PHISHING_SMS })).json();
    const told = await events.next();
    expect(told.event).toBe('notification');
    expect(told.data).toMatchObject({ type: 'phishing_alert', messageId: scanned.message.id, url: `/history?messageId=${scanned.message.id}` });
    expect(await events.next()).toEqual({ event: 'unread', data: { unread: 1 } });
    // marking read elsewhere (another tab) is told too
    await alice.v.post('/api/notifications/read-all');
    expect(await events.next()).toEqual({ event: 'unread', data: { unread: 0 } });
    await events.cancel();
  });

  it('repeats, on opening with since=, the unread alerts made after it, oldest first', async () => {
    const { v, cookie } = await person();
    const before = new Date(Date.now() - 1000).toISOString();
    const first = (await v.post('/api/scan/text', { content: PHISHING_SMS })).json();
    const second = (await v.post('/api/scan/text', { content: `${PHISHING_SMS} Ref 2.` })).json();
    await v.post(`/api/notifications/${(await listOf(v)).notifications.find((n) => n.messageId === first.message.id)!.id}/read`);
    const res = await fetch(`${base}/api/notifications/stream?since=${encodeURIComponent(before)}`, { headers: { cookie } });
    const events = readEvents(res.body!);
    const replayed = await events.next();
    expect(replayed).toMatchObject({ event: 'notification', data: { messageId: second.message.id } });
    expect(await events.next()).toEqual({ event: 'unread', data: { unread: 1 } });
    await events.cancel();
    for (const since of ['yesterday', '0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z']) {
      const bad = await fetch(`${base}/api/notifications/stream?since=${encodeURIComponent(since)}`, { headers: { cookie } });
      expect(bad.status, since).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('asks a newcomer back later, and limits the streams one person holds open', async () => {
    const newcomer = await fetch(`${base}/api/notifications/stream`);
    expect(newcomer.status).toBe(200);
    const text = await newcomer.text();
    expect(text).toMatch(/^retry: \d+\n/);
    expect(text).toContain('event: unread\ndata: {"unread":0}');
    const { cookie } = await person();
    const open: Array<ReturnType<typeof readEvents>> = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${base}/api/notifications/stream`, { headers: { cookie } });
      expect(res.status).toBe(200);
      open.push(readEvents(res.body!));
    }
    const refused = await fetch(`${base}/api/notifications/stream`, { headers: { cookie } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TOO_MANY_STREAMS');
    for (const s of open) await s.cancel();
  });

  it('answers HEAD with the stream\'s headers at once, holding no stream open (found by the fuzzer: it never answered)', async () => {
    const { cookie } = await person();
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`${base}/api/notifications/stream`, { method: 'HEAD', headers: { cookie }, signal: AbortSignal.timeout(5_000) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    }
    // none of them took one of the person's streams
    const res = await fetch(`${base}/api/notifications/stream`, { headers: { cookie } });
    expect(res.status).toBe(200);
    await res.body!.cancel();
  });

  it('lets the app close while streams are open', async () => {
    const other = await buildApp({ config: { ...BASE, host: '127.0.0.1' }, database: ctx.database, logger: false });
    await other.listen({ host: '127.0.0.1', port: 0 });
    const address = other.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const v = makeVisitor(other);
    await v.post('/api/scan/text', { content: SAFE_SMS });
    const res = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, { headers: { cookie: `${SESSION_COOKIE}=${v.cookie}` } });
    const events = readEvents(res.body!);
    await events.next();
    await other.close();
    await expect(events.next()).rejects.toThrow();
  });
});

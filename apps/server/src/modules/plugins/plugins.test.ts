import { PluginListSchema, PluginMessageListSchema, PluginsChangedSchema, type PluginList } from '@baitcheck/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { messages, pluginConnections, pluginMessages } from '../../db/schema.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { signedUpVisitor, upgrade } from '../../test/plans.ts';
import { twilioSignature } from '../../test/source-signatures.ts';
import { EMPTY_TWIML } from './sms/sms.routes.ts';
import { FEED_POSTS, SCAM_HANDLES } from './social/feed-posts.ts';
import { MAX_WAITING_PER_PLUGIN } from './plugins.service.ts';

/** A person with an account: connecting a source needs one. */
const account = signedUpVisitor;

const TWILIO_TOKEN = 'twilio-test-auth-token';
const SERVICE_NUMBER = '+15550100100';
const ORIGIN = 'https://baitcheck.test';
const BASE = { cookieSecure: 'auto' as const, trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 0, rateLimits: false, publicOrigins: [ORIGIN] };
const INBOUND = '/api/plugins/sms/inbound';

let sids = 0;
const nextSid = () => `SM${String(++sids).padStart(32, '0')}`;

describeWithDatabases('source plugins', (ctx) => {
  let app: FastifyInstance;
  let limited: FastifyInstance;
  let bare: FastifyInstance;
  // the feed's clock: moved on by the tests
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);
  beforeAll(async () => {
    const plugins = { twilio: { authToken: TWILIO_TOKEN, phoneNumber: SERVICE_NUMBER }, socialFeedMinutes: 10 };
    app = await buildApp({ config: { ...BASE, plugins }, database: ctx.database, logger: false, clock: now });
    limited = await buildApp({ config: { ...BASE, plugins, scanLimitPerDay: 2 }, database: ctx.database, logger: false, clock: now });
    bare = await buildApp({ config: { ...BASE }, database: ctx.database, logger: false, clock: now });
  });
  afterAll(async () => {
    for (const a of [app, limited, bare]) await a?.close();
  });

  const twilio = (on: FastifyInstance, fields: Record<string, string>, sign: (url: string, f: Record<string, string>) => string | undefined = (url, f) => twilioSignature(TWILIO_TOKEN, url, f)) => {
    const signature = sign(`${ORIGIN}${INBOUND}`, fields);
    return on.inject({
      method: 'POST',
      url: INBOUND,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { 'x-twilio-signature': signature } : {}) },
      payload: new URLSearchParams(fields).toString(),
    });
  };
  const text = (from: string, body: string, sid = nextSid()) => ({ MessageSid: sid, AccountSid: 'AC0', From: from, To: SERVICE_NUMBER, Body: body, NumMedia: '0' });

  /** A person with a confirmed phone: the SMS plugin connected and on. */
  const withPhone = async (on: FastifyInstance = app) => {
    const person = await account(on);
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const configured = await person.post('/api/plugins/sms/configure', { phoneNumber: phone.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '+1 ($1) $2-$3') });
    expect(configured.statusCode).toBe(200);
    const code = PluginsChangedSchema.parse(configured.json()).plugins.sms!.status.confirmation!.code;
    expect((await twilio(on, text(phone, `${code}`))).statusCode).toBe(200);
    const { sms } = PluginListSchema.parse((await person.get('/api/plugins')).json());
    expect(sms!.status).toMatchObject({ connected: true, enabled: true });
    return { person, phone };
  };
  const historyOf = async (person: Visitor) => (await person.get('/api/messages')).json() as { id: string; content: string; source: string; sender: string; threatLevel: string }[];

  describe('the API', () => {
    it('lists the four plugins by id with the spec fields, ours beside them, and no secrets', async () => {
      const res = await makeVisitor(bare).get('/api/plugins');
      expect(res.statusCode).toBe(200);
      const plugins: PluginList = PluginListSchema.parse(res.json());
      expect(Object.keys(plugins)).toEqual(['sms', 'email', 'slack', 'social-media']);
      expect(plugins.email).toMatchObject({ id: 'email', name: 'Email inbox', type: 'email', icon: 'mail', status: { connected: false, enabled: false, available: true, requiresAuth: true } });
      // no Twilio, no Slack on this server, and social is Premium's: each says why
      expect(plugins.sms!.status).toMatchObject({ available: false, unavailableReason: expect.stringContaining('Twilio') });
      expect(plugins.slack!.status).toMatchObject({ available: false, unavailableReason: expect.stringContaining('Slack app') });
      expect(plugins['social-media']!.status).toMatchObject({ available: false, simulated: true, unavailableReason: 'Social media protection is part of the Premium and Family plans.' });
      expect(plugins.sms!.activity).toEqual({ lastMessageAt: null, scanned: 0, waiting: 0 });
    });

    it('answers an unknown plugin 404 on every call, and refuses to turn on a plugin that is not connected (409)', async () => {
      const person = await account(app);
      for (const [method, path] of [
        ['POST', '/api/plugins/telegram/enable'],
        ['POST', '/api/plugins/telegram/disable'],
        ['POST', '/api/plugins/telegram/configure'],
        ['POST', '/api/plugins/telegram/auth'],
        ['GET', '/api/plugins/telegram/messages'],
        ['POST', '/api/plugins/__proto__/enable'],
      ] as const) {
        const res = await person.request(method, path, method === 'POST' ? {} : undefined);
        expect(res.statusCode, path).toBe(404);
        expect(res.json().error.code).toBe('PLUGIN_NOT_FOUND');
      }
      const res = await person.post('/api/plugins/email/enable');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'PLUGIN_NOT_CONNECTED', message: expect.stringContaining('app password') });
      // a plugin the server cannot run says so, whatever its settings
      const unavailable = await (await account(bare)).post('/api/plugins/sms/enable');
      expect(unavailable.statusCode).toBe(409);
      expect(unavailable.json().error.code).toBe('PLUGIN_UNAVAILABLE');
    });

    it('lets a guest see the plugins but connect none: an account is needed to come back and stop a source', async () => {
      const guest = makeVisitor(app);
      expect((await guest.get('/api/plugins')).statusCode).toBe(200);
      for (const [path, body] of [
        ['/api/plugins/sms/configure', { phoneNumber: '+15550100123' }],
        ['/api/plugins/email/auth', { host: 'imap.example.com', username: 'a', password: 'b' }],
        ['/api/plugins/social-media/enable', undefined],
      ] as const) {
        const res = await guest.post(path, body);
        expect(res.statusCode, path).toBe(401);
        expect(res.json().error).toMatchObject({ code: 'ACCOUNT_REQUIRED', message: expect.stringContaining('needs an account') });
      }
      expect((await guest.post('/api/plugins/sms/disable')).statusCode).toBe(200);
    });

    it("disables and lists messages of a plugin never configured without making anything, and validates each type's fields", async () => {
      const person = await account(app);
      const off = await person.post('/api/plugins/slack/disable');
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ success: true, plugins: { slack: { status: { enabled: false } } } });
      expect((await person.get('/api/plugins/slack/messages')).json()).toEqual({ messages: [] });
      const bad = await person.post('/api/plugins/social-media/configure', { platform: 'myspace' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details[0].field).toBe('platform');
      const extra = await person.post('/api/plugins/slack/configure', { workspaceName: 'Acme', password: 'x' });
      expect(extra.statusCode).toBe(400);
      const phone = await person.post('/api/plugins/sms/configure', { phoneNumber: '555 0100' });
      expect(phone.statusCode).toBe(400);
      expect(phone.json().error.details[0]).toEqual({ field: 'phoneNumber', message: 'Enter your mobile number with its country code, such as +1 555 010 0199.' });
      const limit = await person.get('/api/plugins/sms/messages?limit=0');
      expect(limit.statusCode).toBe(400);
    });

    it('keeps Slack manual mode with both names (spec section 5), and says Slack is not set up on this server', async () => {
      const person = await account(app);
      const one = await person.post('/api/plugins/slack/configure', { manualMode: true, workspaceName: 'Acme' });
      expect(one.json().plugins.slack.status.connected).toBe(false);
      const both = await person.post('/api/plugins/slack/configure', { channelName: '#general' });
      expect(both.statusCode).toBe(200);
      expect(both.json().plugins.slack).toMatchObject({ status: { available: false }, configuration: { workspaceName: 'Acme', channelName: 'general', manualMode: true } });
      expect((await person.post('/api/plugins/slack/enable')).json().error.code).toBe('PLUGIN_UNAVAILABLE');
    });
  });

  describe('SMS, through Twilio', () => {
    it('confirms a number with the code texted from it, then keeps and scans what is forwarded: History shows it with source sms', async () => {
      const { person, phone } = await withPhone();
      const scam = 'USPS: your parcel is on hold for an unpaid fee of $1.99. Pay now at https://usps-redelivery-fee.example/track to avoid return.';
      const res = await twilio(app, text(phone, scam));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/xml');
      expect(res.body).toBe(EMPTY_TWIML);
      await app.pluginRuntime.tick();
      const history = await historyOf(person);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ source: 'sms', content: scam });
      expect(history[0]!.threatLevel).not.toBe('safe');
      const listed = PluginMessageListSchema.parse((await person.get('/api/plugins/sms/messages')).json()).messages;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ status: 'scanned', content: scam, messageId: history[0]!.id, threatLevel: history[0]!.threatLevel, urls: ['https://usps-redelivery-fee.example/track'] });
      const { sms } = PluginListSchema.parse((await person.get('/api/plugins')).json());
      expect(sms!.activity).toMatchObject({ scanned: 1, waiting: 0 });
      expect(sms!.activity.lastMessageAt).not.toBeNull();
    });

    it('refuses unsigned, forged and replayed-elsewhere requests with 403 and stores nothing', async () => {
      const { person, phone } = await withPhone();
      const fields = text(phone, 'Your code is 123456');
      const unsigned = await twilio(app, fields, () => undefined);
      expect(unsigned.statusCode).toBe(403);
      expect(unsigned.json().error.code).toBe('SOURCE_SIGNATURE_INVALID');
      expect((await twilio(app, fields, (url, f) => twilioSignature('another-token', url, f))).statusCode).toBe(403);
      // signed for another address, or with a field changed after signing
      expect((await twilio(app, fields, (_url, f) => twilioSignature(TWILIO_TOKEN, 'https://evil.test/api/plugins/sms/inbound', f))).statusCode).toBe(403);
      const signature = twilioSignature(TWILIO_TOKEN, `${ORIGIN}${INBOUND}`, fields);
      const tampered = await app.inject({ method: 'POST', url: INBOUND, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, payload: new URLSearchParams({ ...fields, Body: 'changed' }).toString() });
      expect(tampered.statusCode).toBe(403);
      await app.pluginRuntime.tick();
      expect(await historyOf(person)).toHaveLength(0);
      const userId = await userIdOf(ctx.database, person);
      expect(await ctx.database.db.select().from(pluginMessages).where(eq(pluginMessages.userId, userId))).toHaveLength(0);
    });

    it('keeps a text Twilio sends twice once, and ignores texts from numbers nobody confirmed or to another number', async () => {
      const { person, phone } = await withPhone();
      const fields = text(phone, 'Hi mum, I lost my phone, this is my new number. Can you send £200 for rent today?');
      expect((await twilio(app, fields)).statusCode).toBe(200);
      expect((await twilio(app, fields)).statusCode).toBe(200);
      expect((await twilio(app, text('+15550199999', 'from a stranger'))).body).toBe(EMPTY_TWIML);
      expect((await twilio(app, { ...text(phone, 'to another number'), To: '+15550100999' })).statusCode).toBe(200);
      await app.pluginRuntime.tick();
      expect((await historyOf(person)).map((m) => m.content)).toEqual([fields.Body]);
    });

    it("keeps a confirmed number with its account, without telling anyone who asks, and confirms only with a person's own code from that phone", async () => {
      const { person, phone } = await withPhone();
      // asking about someone's number says nothing: a code is shown as for any number
      const other = await account(app);
      const asked = await other.post('/api/plugins/sms/configure', { phoneNumber: phone });
      expect(asked.statusCode).toBe(200);
      const code = asked.json().plugins.sms.status.confirmation.code as string;
      // only the phone can send it; when it does, the number stays where it was confirmed first
      await twilio(app, text(phone, code));
      const { sms } = PluginListSchema.parse((await other.get('/api/plugins')).json());
      expect(sms!.status).toMatchObject({ connected: false, problem: expect.stringContaining('already connected to another Baitcheck account') });
      expect(PluginListSchema.parse((await person.get('/api/plugins')).json()).sms!.status.connected).toBe(true);
      // a number waiting for its code is confirmed only by that code, from that number
      const third = await account(app);
      const mine = '+15550123456';
      const thirdCode = (await third.post('/api/plugins/sms/configure', { phoneNumber: mine })).json().plugins.sms.status.confirmation.code as string;
      expect(thirdCode).toMatch(/^Baitcheck \d{6}$/);
      await twilio(app, text('+15550654321', thirdCode));
      await twilio(app, text(mine, thirdCode.endsWith('000000') ? 'Baitcheck 111111' : 'Baitcheck 000000'));
      expect(PluginListSchema.parse((await third.get('/api/plugins')).json()).sms!.status.connected).toBe(false);
      expect((await third.post('/api/plugins/sms/enable')).json().error.message).toContain('text the code');
    });

    it('keeps at most 200 messages waiting per plugin: past that what arrives is listed, unread and unkept', async () => {
      const { person, phone } = await withPhone(limited);
      for (let n = 0; n < 2 + MAX_WAITING_PER_PLUGIN + 3; n++) await twilio(limited, text(phone, `Flood message ${n}`));
      await limited.pluginRuntime.tick();
      const { sms } = PluginListSchema.parse((await person.get('/api/plugins')).json());
      expect(sms!.activity).toMatchObject({ scanned: 2, waiting: MAX_WAITING_PER_PLUGIN });
      const [newest] = PluginMessageListSchema.parse((await person.get('/api/plugins/sms/messages?limit=1')).json()).messages;
      expect(newest).toMatchObject({ status: 'skipped', content: '', note: `Not checked: ${MAX_WAITING_PER_PLUGIN} messages were already waiting to be scanned.` });
    });

    it('keeps nothing while SMS Protection is off, and nothing once the plugin is disabled', async () => {
      const { person, phone } = await withPhone();
      expect((await person.patch('/api/protection-settings', { smsProtection: false })).statusCode).toBe(200);
      await twilio(app, text(phone, 'Your account is locked, verify at http://secure-bank-login.example'));
      await person.patch('/api/protection-settings', { smsProtection: true });
      await person.post('/api/plugins/sms/disable');
      await twilio(app, text(phone, 'Your account is locked again, verify at http://secure-bank-login.example'));
      await app.pluginRuntime.tick();
      expect(await historyOf(person)).toHaveLength(0);
      expect((await person.get('/api/plugins/sms/messages')).json()).toEqual({ messages: [] });
    });

    it('says a plugin is paused while its protection switch is off, rather than showing it as working', async () => {
      const { person } = await withPhone();
      await person.patch('/api/protection-settings', { smsProtection: false });
      const { sms } = PluginListSchema.parse((await person.get('/api/plugins')).json());
      expect(sms!.status).toMatchObject({ connected: true, enabled: true, problem: 'Paused: SMS Protection is off in Settings, Protection. Nothing that arrives is checked or kept while it is off.' });
      await person.patch('/api/protection-settings', { smsProtection: true });
      expect(PluginListSchema.parse((await person.get('/api/plugins')).json()).sms!.status.problem).toBeUndefined();
    });

    it("counts plugin scans toward Basic's daily limit: past it a text waits, kept, and is scanned when scans are back", async () => {
      const { person, phone } = await withPhone(limited);
      for (const n of [1, 2, 3]) await twilio(limited, text(phone, `Message number ${n}: see you at the game tonight`));
      await limited.pluginRuntime.tick();
      expect(await historyOf(person)).toHaveLength(2);
      const listed = PluginMessageListSchema.parse((await person.get('/api/plugins/sms/messages')).json()).messages;
      expect(listed.map((m) => m.status)).toEqual(['waiting', 'scanned', 'scanned']);
      expect(listed[0]!.note).toContain('free scans are used up');
      expect(listed[0]!.content).toBe('Message number 3: see you at the game tonight');
      expect(PluginListSchema.parse((await person.get('/api/plugins')).json()).sms!.activity.waiting).toBe(1);
      // the next day
      ahead += 24 * 60 * 60 * 1000;
      try {
        await limited.pluginRuntime.tick();
      } finally {
        ahead -= 24 * 60 * 60 * 1000;
      }
      expect(await historyOf(person)).toHaveLength(3);
    });

    it('never shows one person another person’s plugins or messages', async () => {
      const { person, phone } = await withPhone();
      await twilio(app, text(phone, 'private text for the owner only'));
      await app.pluginRuntime.tick();
      const stranger = await account(app);
      expect((await stranger.get('/api/plugins/sms/messages')).json()).toEqual({ messages: [] });
      expect(PluginListSchema.parse((await stranger.get('/api/plugins')).json()).sms!.status.connected).toBe(false);
      expect((await historyOf(stranger)).length).toBe(0);
      expect((await person.get('/api/plugins/sms/messages')).json().messages).toHaveLength(1);
    });

    it('keeps what arrived when the History entry is deleted: the list says so and shows no text', async () => {
      const { person, phone } = await withPhone();
      await twilio(app, text(phone, 'A text the person deletes later'));
      await app.pluginRuntime.tick();
      const [entry] = await historyOf(person);
      expect((await person.delete(`/api/messages/${entry!.id}`)).statusCode).toBe(200);
      const [listed] = PluginMessageListSchema.parse((await person.get('/api/plugins/sms/messages')).json()).messages;
      expect(listed).toMatchObject({ status: 'scanned', content: '', messageId: null, note: 'Deleted from your History.' });
    });
  });

  describe('the simulated social feed', () => {
    it('is for Premium and Family: Basic is refused with the reason; on Premium it posts, scanned as source social', async () => {
      const person = await account(app);
      expect((await person.post('/api/plugins/social-media/configure', { platform: 'instagram', username: '@ann.lee' })).statusCode).toBe(200);
      const refused = await person.post('/api/plugins/social-media/enable');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('PLUGIN_PLAN_REQUIRED');
      await upgrade(person, 'premium');
      const enabled = await person.post('/api/plugins/social-media/enable');
      expect(enabled.statusCode).toBe(200);
      expect(enabled.json().plugins['social-media'].status).toMatchObject({ connected: true, enabled: true, available: true, simulated: true });
      await app.pluginRuntime.tick();
      const listed = PluginMessageListSchema.parse((await person.get('/api/plugins/social-media/messages')).json()).messages;
      expect(listed).toHaveLength(3);
      for (const m of listed) {
        expect(m).toMatchObject({ status: 'scanned', messageId: null, note: null, metadata: { platform: 'instagram', recipient: 'ann.lee', simulated: true } });
        expect(m.threatLevel).not.toBeNull();
        expect(m.content).not.toBe('');
        expect(m.sender.handle).toMatch(/^@/);
        expect(m.externalId).toMatch(/^instagram:ann\.lee:\d+$/);
      }
      // made-up scams never pass for the person's own alerts: not in History, the dashboard or the banner
      expect(await historyOf(person)).toHaveLength(0);
      expect((await person.get('/api/message-stats')).json()).toMatchObject({ phishing: 0, suspicious: 0, safe: 0 });
      // ten minutes on: one more post, the same for the same account at the same time
      ahead += 10 * 60_000;
      try {
        await app.pluginRuntime.tick();
      } finally {
        ahead -= 10 * 60_000;
      }
      expect((await person.get('/api/plugins/social-media/messages')).json().messages).toHaveLength(4);
    });

    it('starts the feed as soon as a person on Premium picks a platform, as the other plugins start once connected', async () => {
      const person = await account(app);
      await upgrade(person, 'premium');
      const res = await person.post('/api/plugins/social-media/configure', { platform: 'reddit' });
      expect(res.json().plugins['social-media'].status).toMatchObject({ connected: true, enabled: true });
    });

    it('mixes ordinary messages and scams, and the engine tells most scams apart', async () => {
      expect(FEED_POSTS.filter((p) => SCAM_HANDLES.has(p.handle)).length).toBeGreaterThanOrEqual(FEED_POSTS.length / 3);
      const person = await account(app);
      await upgrade(person, 'premium');
      const flagged: Record<'scam' | 'ordinary', number[]> = { scam: [], ordinary: [] };
      for (const post of FEED_POSTS) {
        const res = await person.post('/api/scan/text', { content: post.content, sender: `@${post.handle}`, source: 'social', saveToHistory: false });
        flagged[SCAM_HANDLES.has(post.handle) ? 'scam' : 'ordinary'].push(res.json().analysis.threatLevel === 'safe' ? 0 : 1);
      }
      const rate = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      expect(rate(flagged.scam)).toBeGreaterThanOrEqual(0.75);
      expect(rate(flagged.ordinary)).toBeLessThanOrEqual(0.25);
    });
  });

  describe('kept before scanned', () => {
    it('scans a message kept by a worker that stopped mid-way once: its History entry is not made twice', async () => {
      const { person, phone } = await withPhone();
      await twilio(app, text(phone, 'Scanned once even if the worker is interrupted'));
      const userId = await userIdOf(ctx.database, person);
      // a first worker scanned it and stopped before marking it: the row is still waiting
      await app.pluginRuntime.tick();
      await ctx.database.db
        .update(pluginMessages)
        .set({ status: 'waiting', nextAttemptAt: new Date(0) })
        .where(and(eq(pluginMessages.userId, userId), eq(pluginMessages.pluginId, 'sms')));
      await app.pluginRuntime.tick();
      expect(await ctx.database.db.select().from(messages).where(eq(messages.userId, userId))).toHaveLength(1);
      const [row] = await ctx.database.db.select().from(pluginMessages).where(eq(pluginMessages.userId, userId));
      expect(row).toMatchObject({ status: 'scanned', content: '' });
      const [connection] = await ctx.database.db.select().from(pluginConnections).where(and(eq(pluginConnections.userId, userId), eq(pluginConnections.pluginId, 'sms')));
      expect(connection!.secret).toBeNull();
    });
  });
});

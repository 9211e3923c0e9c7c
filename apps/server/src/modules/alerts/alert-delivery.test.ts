import { AlertChannelsSchema, NotificationListSchema, PluginsChangedSchema } from '@baitcheck/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { alertDeliveries, deviceTokens, pushSubscriptions } from '../../db/schema.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { signUp, TEST_PASSWORD } from '../../test/plans.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { startPushServicePeer, type PushServicePeer } from '../../test/push-service-peer.ts';
import { startFcmPeer, type FcmPeer } from '../../test/fcm-peer.ts';
import { startTwilioPeer, type TwilioPeer } from '../../test/twilio-peer.ts';
import { twilioSignature } from '../../test/source-signatures.ts';

const ORIGIN = 'https://baitcheck.test';
const TWILIO = { accountSid: `AC${'0123456789abcdef'.repeat(2)}`, authToken: 'twilio-test-auth-token', phoneNumber: '+15550100100' };
const PHISHING_SMS =
  'URGENT: Your account has been suspended due to unusual activity. Verify now at http://paypal-account-verify.com/login within 24 hours or lose access.';
const BASE = { cookieSecure: 'auto' as const, trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 0, rateLimits: false as const, publicOrigins: [ORIGIN] };

let sids = 0;
const nextSid = () => `SM${String(++sids).padStart(32, '0')}`;

describeWithDatabases('alerts delivered outside the app', (ctx) => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let push: PushServicePeer;
  let fcm: FcmPeer;
  let twilio: TwilioPeer;
  // the summaries' clock: moved on by the tests
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    push = await startPushServicePeer();
    fcm = await startFcmPeer();
    twilio = await startTwilioPeer({ accountSid: TWILIO.accountSid, authToken: TWILIO.authToken });
    app = await buildApp({
      config: {
        ...BASE,
        email: { smtpUrl: smtp.url(), from: 'Baitcheck <alerts@baitcheck.test>' },
        plugins: { twilio: { authToken: TWILIO.authToken, phoneNumber: TWILIO.phoneNumber } },
        alerts: {
          pushServiceHosts: [push.host],
          fcm: { serviceAccount: JSON.stringify(fcm.serviceAccount()), apiUrl: fcm.apiUrl },
          twilioMessages: { accountSid: TWILIO.accountSid, authToken: TWILIO.authToken, from: TWILIO.phoneNumber, apiUrl: twilio.apiUrl },
          allowance: { perWindow: 3, windowMs: 15 * 60_000 },
        },
      },
      database: ctx.database,
      logger: false,
      clock: now,
    });
  });
  afterAll(async () => {
    await app?.close();
    for (const peer of [smtp, push, fcm, twilio]) await peer?.close();
  });

  const inbound = (fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/plugins/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TWILIO.authToken, `${ORIGIN}/api/plugins/sms/inbound`, fields) },
      payload: new URLSearchParams(fields).toString(),
    });
  const text = (from: string, body: string) => ({ MessageSid: nextSid(), AccountSid: TWILIO.accountSid, From: from, To: TWILIO.phoneNumber, Body: body, NumMedia: '0' });

  /** A person with an account, a confirmed phone (the SMS plugin), this browser subscribed, an app, and every channel on. */
  const everywhere = async () => {
    const person = makeVisitor(app);
    const email = await signUp(person);
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const configured = await person.post('/api/plugins/sms/configure', { phoneNumber: phone });
    const code = PluginsChangedSchema.parse(configured.json()).plugins.sms!.status.confirmation!.code;
    expect((await inbound(text(phone, code))).statusCode).toBe(200);
    const subscription = push.subscribe();
    expect((await person.post('/api/push-subscriptions', subscription)).statusCode).toBe(200);
    const token = `device-${crypto.randomUUID()}`;
    expect((await person.post('/api/device-tokens', { token, platform: 'android' })).statusCode).toBe(200);
    expect((await person.patch('/api/notification-preferences', { channels: { push: true, email: true, sms: true } })).statusCode).toBe(200);
    await confirmEmail(person, email);
    return { person, email, phone, subscription, token };
  };

  /** Follows the confirmation link email alerts' address was sent (turning the channel on sent it). */
  const confirmEmail = async (person: Visitor, email: string) => {
    const mail = await waitForMail(email, /confirm email alerts/);
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    expect(link.startsWith(`${ORIGIN}/settings?tab=notifications&confirm-email=`)).toBe(true);
    const token = new URL(link).searchParams.get('confirm-email')!;
    const res = await person.post('/api/notifications/email/confirm', { token });
    expect(res.statusCode).toBe(200);
    return { link, token };
  };
  const waitForMail = async (to: string, subject: RegExp) => {
    for (let i = 0; i < 100; i++) {
      const found = smtp.received.filter((m) => m.to.includes(to) && subject.test(m.subject));
      if (found.length > 0) return found[found.length - 1]!;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${to} matching ${subject}`);
  };

  /** Scans what arrived and sends what is due. */
  const settle = async () => {
    await app.pluginRuntime.tick();
    await app.alerts.worker.runOnce();
  };
  const listOf = async (v: Visitor) => NotificationListSchema.parse((await v.get('/api/notifications')).json());

  it('says which channels reach the person: the account address, the confirmed phone, the browser and the app', async () => {
    const { person, email, phone } = await everywhere();
    const channels = AlertChannelsSchema.parse((await person.get('/api/notifications/channels')).json());
    expect(channels).toEqual({
      webPush: { available: true, publicKey: expect.any(String), devices: 1 },
      nativePush: { available: true, devices: 1 },
      email: { available: true, sendsTo: email },
      sms: { available: true, sendsTo: phone },
    });
  });

  it('tells a phishing text from the SMS plugin by web push, app push, email and text, each once, linking to the entry', async () => {
    const { person, email, phone, subscription, token } = await everywhere();
    const mailsBefore = smtp.received.length;
    expect((await inbound(text(phone, PHISHING_SMS))).statusCode).toBe(200);
    await settle();
    const [alert] = (await listOf(person)).notifications;
    expect(alert).toMatchObject({ type: 'phishing_alert', threatLevel: 'phishing', url: `/history?messageId=${alert!.messageId}` });
    const payload = { type: 'phishing_alert', messageId: alert!.messageId, title: alert!.title, body: alert!.body, url: alert!.url, notificationId: alert!.id };

    // web push: encrypted for the browser, signed with the server's VAPID key
    const pushed = push.received.filter((p) => subscription.endpoint.endsWith(p.path));
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ status: 201, problem: undefined, urgency: 'high', contentEncoding: 'aes128gcm' });
    expect(JSON.parse(pushed[0]!.plaintext!)).toEqual(payload);
    const { publicKey } = AlertChannelsSchema.parse((await person.get('/api/notifications/channels')).json()).webPush;
    expect(pushed[0]!.vapidKey).toBe(publicKey);

    // the app: FCM HTTP v1 with an OAuth token minted for the service account
    const sent = fcm.sent.filter((m) => (m.message as { token?: string } | undefined)?.token === token);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ status: 200, problem: undefined });
    expect(sent[0]!.message).toMatchObject({ token, notification: { title: alert!.title, body: alert!.body }, data: { type: 'phishing_alert', messageId: alert!.messageId, url: alert!.url } });

    // email: to the account address, the entry's link, the scam's link never clickable
    const mails = await smtp.waitFor(mailsBefore + 1);
    const mail = mails.filter((m) => m.to.includes(email) && m.subject.includes(alert!.title));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(alert!.title);
    expect(mail[0]!.text).toContain(`${ORIGIN}/history?messageId=${alert!.messageId}`);
    expect(mail[0]!.text).not.toContain('paypal-account-verify.com');
    expect(mail[0]!.text).not.toMatch(/https?:\/\/(?!baitcheck\.test)/);

    // a text: from the service's number to the confirmed phone, with the link and no scam
    const texts = twilio.messages.filter((m) => m.to === phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ from: TWILIO.phoneNumber });
    expect(texts[0]!.body).toContain(`${ORIGIN}/history?messageId=${alert!.messageId}`);
    expect(texts[0]!.body).not.toContain('paypal');

    const userId = await userIdOf(ctx.database, person);
    const deliveries = await ctx.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, userId));
    expect(deliveries.map((d) => [d.channel, d.status]).sort()).toEqual([['email', 'sent'], ['push', 'sent'], ['sms', 'sent']]);
    // a second pass sends nothing again
    await settle();
    expect(push.received.filter((p) => subscription.endpoint.endsWith(p.path))).toHaveLength(1);
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);
  });

  it('removes a browser subscription the push service says has expired (410) and an app token FCM says is gone', async () => {
    const { person, phone, subscription, token } = await everywhere();
    push.answer(subscription.endpoint, 410);
    fcm.setDevice(token, 'unregistered');
    await inbound(text(phone, PHISHING_SMS));
    await settle();
    expect(await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint))).toEqual([]);
    expect(await ctx.database.db.select().from(deviceTokens).where(eq(deviceTokens.token, token))).toEqual([]);
    const channels = AlertChannelsSchema.parse((await person.get('/api/notifications/channels')).json());
    expect([channels.webPush.devices, channels.nativePush.devices]).toEqual([0, 0]);
  });

  it('sends email alerts only to an address whose owner followed the link sent to it', async () => {
    const person = makeVisitor(app);
    const email = await signUp(person);
    await person.patch('/api/notification-preferences', { channels: { push: false, email: true } });
    const before = AlertChannelsSchema.parse((await person.get('/api/notifications/channels')).json()).email;
    expect(before).toMatchObject({ available: false, needsConfirmation: true, sendsTo: email, confirmationSentAt: expect.any(String), reason: expect.stringContaining('Confirm') });
    const mail = await waitForMail(email, /confirm email alerts/);
    // the link is the only link, and it is ours
    expect(mail.text.match(/https?:\/\/\S+/g)).toHaveLength(1);
    expect(mail.text).toContain("If it wasn't you, ignore this email");
    // not confirmed: a Security Update is listed but not emailed
    const other = makeVisitor(app);
    await other.post('/api/auth/sign-in', { email, password: TEST_PASSWORD });
    await app.alerts.worker.runOnce();
    expect(smtp.received.filter((m) => m.to.includes(email) && /sign-in/i.test(m.subject))).toEqual([]);
    // a wrong or used token is refused
    for (const token of ['x'.repeat(43), 'not a token']) {
      const res = await person.post('/api/notifications/email/confirm', { token });
      expect(res.statusCode).toBe(400);
    }
    const { token } = await confirmEmail(person, email);
    expect((await person.post('/api/notifications/email/confirm', { token })).json().error.code).toBe('ALERT_EMAIL_LINK_INVALID');
    expect(AlertChannelsSchema.parse((await person.get('/api/notifications/channels')).json()).email).toEqual({ available: true, sendsTo: email });
    const third = makeVisitor(app);
    await third.post('/api/auth/sign-in', { email, password: TEST_PASSWORD });
    await app.alerts.worker.runOnce();
    expect((await waitForMail(email, /sign-in/i)).text).toContain(`${ORIGIN}/`);
  });

  it('sends at most 3 confirmation links an hour, and none to a guest', async () => {
    const person = makeVisitor(app);
    await signUp(person);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await person.post('/api/notifications/email/confirmation')).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    // another account made with the same mailbox (dots, a +tag) gets no link for a day
    const [name, domain] = (await (await person.get('/api/auth/me')).json()).user.email.split('@');
    const twin = makeVisitor(app);
    await signUp(twin, `${name}+again@${domain}`);
    const refusedTwin = await twin.post('/api/notifications/email/confirmation');
    expect(refusedTwin.statusCode).toBe(429);
    const guest = makeVisitor(app);
    await guest.patch('/api/notification-preferences', { channels: { email: true } });
    const refused = await guest.post('/api/notifications/email/confirmation');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ALERT_EMAIL_UNAVAILABLE');
  });

  it('counts Security Updates in the allowance: a hundred sign-ins are not a hundred texts', async () => {
    const { person, email, phone } = await everywhere();
    await person.patch('/api/notification-preferences', { channels: { push: false, email: false } });
    const before = twilio.messages.filter((m) => m.to === phone).length;
    for (let i = 0; i < 8; i++) expect((await makeVisitor(app).post('/api/auth/sign-in', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    await app.alerts.worker.runOnce();
    expect(twilio.messages.filter((m) => m.to === phone).length - before).toBeLessThanOrEqual(3);
    ahead += 16 * 60_000;
    await app.alerts.worker.runOnce();
    const texts = twilio.messages.filter((m) => m.to === phone);
    expect(texts[texts.length - 1]!.body).toMatch(/account alerts/);
  });

  it('sends nothing more to a browser or app whose session was signed out (a password change signs out the others)', async () => {
    const { person, email } = await everywhere();
    const thief = makeVisitor(app);
    await thief.post('/api/auth/sign-in', { email, password: TEST_PASSWORD });
    const stolen = push.subscribe();
    expect((await thief.post('/api/push-subscriptions', stolen)).statusCode).toBe(200);
    const changed = await person.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'a new long passphrase' });
    expect(changed.statusCode).toBe(200);
    await app.alerts.worker.runOnce();
    expect(push.received.filter((p) => stolen.endpoint.endsWith(p.path))).toEqual([]);
    expect(await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, stolen.endpoint))).toEqual([]);
  });

  it('keeps at most 10 browsers and 10 apps a person, and never moves another browser subscription without its keys', async () => {
    const person = makeVisitor(app);
    await signUp(person);
    for (let i = 0; i < 12; i++) expect((await person.post('/api/push-subscriptions', push.subscribe())).statusCode).toBe(200);
    for (let i = 0; i < 12; i++) expect((await person.post('/api/device-tokens', { token: `tok-${i}-${crypto.randomUUID()}`, platform: 'ios' })).statusCode).toBe(200);
    const channels = AlertChannelsSchema.parse((await person.get('/api/notifications/channels')).json());
    expect([channels.webPush.devices, channels.nativePush.devices]).toEqual([10, 10]);
    const alice = makeVisitor(app);
    await signUp(alice);
    const hers = push.subscribe();
    await alice.post('/api/push-subscriptions', hers);
    const mine = push.subscribe();
    // the same endpoint, spelt otherwise, with other keys: still hers
    const endpoint = hers.endpoint.replace('http://127.0.0.1', 'HTTP://127.0.0.1');
    expect((await person.post('/api/push-subscriptions', { endpoint, keys: mine.keys })).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, hers.endpoint));
    expect(row!.userId).toBe(await userIdOf(ctx.database, alice));
    for (const token of ['x'.repeat(1025), 'has space', '<script>']) expect((await person.post('/api/device-tokens', { token, platform: 'ios' })).statusCode).toBe(400);
    expect((await person.post('/api/push-subscriptions', { endpoint: `https://fcm.googleapis.com/fcm/send/${'字'.repeat(700)}`, keys: mine.keys })).statusCode).toBe(400);
  });

  it('tries a failed delivery again later, and gives up on a number that texted STOP', async () => {
    const { person, phone } = await everywhere();
    await person.patch('/api/notification-preferences', { channels: { push: false, email: false } });
    twilio.failNext(500);
    await inbound(text(phone, PHISHING_SMS));
    await settle();
    const userId = await userIdOf(ctx.database, person);
    const [first] = await ctx.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, userId));
    expect(first).toMatchObject({ channel: 'sms', status: 'pending', attempts: 1 });
    ahead += 60 * 60_000;
    await app.alerts.worker.runOnce();
    const [retried] = await ctx.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, userId));
    expect(retried).toMatchObject({ status: 'sent', attempts: 2 });
    twilio.refuse(phone, 21610);
    await inbound(text(phone, `${PHISHING_SMS} Case 2.`));
    await settle();
    const rows = await ctx.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, userId));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'sent']);
  });

  it('turns a flood into a few alerts and one summary: three sent at once, the rest told together when the window has passed', async () => {
    const { person, phone } = await everywhere();
    await person.patch('/api/notification-preferences', { channels: { push: false, email: false } });
    for (let i = 0; i < 8; i++) await inbound(text(phone, `${PHISHING_SMS} Ref ${i}.`));
    await settle();
    // every message is listed in the app
    expect((await listOf(person)).notifications.filter((n) => n.messageId !== null)).toHaveLength(8);
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(3);
    ahead += 16 * 60_000;
    await app.alerts.worker.runOnce();
    const texts = twilio.messages.filter((m) => m.to === phone);
    expect(texts).toHaveLength(4);
    expect(texts[3]!.body).toMatch(/5 phishing messages/);
    const [summary] = (await listOf(person)).notifications;
    expect(summary).toMatchObject({ messageId: null, count: 5, url: '/history', type: 'phishing_alert' });
    // told once: another pass adds nothing
    await app.alerts.worker.runOnce();
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(4);
  });

  it('keeps to the allowance when a flood arrives at once (the alerts decided together count each other)', async () => {
    const { person, phone } = await everywhere();
    await person.patch('/api/notification-preferences', { channels: { push: false, email: false } });
    await Promise.all(Array.from({ length: 8 }, (_, i) => inbound(text(phone, `${PHISHING_SMS} Burst ${i}.`))));
    await settle();
    expect((await listOf(person)).notifications.filter((n) => n.messageId !== null)).toHaveLength(8);
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(3);
  });

  it('tells a plugin disconnected as a Security Update on the channels, and a scan in the app in the app alone', async () => {
    const { person, phone } = await everywhere();
    await person.patch('/api/notification-preferences', { channels: { push: false, email: false } });
    const before = twilio.messages.filter((m) => m.to === phone).length;
    await person.post('/api/scan/text', { content: PHISHING_SMS, source: 'manual' });
    await app.alerts.worker.runOnce();
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(before);
    expect((await person.post('/api/plugins/sms/disconnect')).statusCode).toBe(200);
    await app.alerts.worker.runOnce();
    const [latest] = (await listOf(person)).notifications;
    expect(latest).toMatchObject({ type: 'security_update', url: '/' });
    expect(latest!.title).toMatch(/SMS/);
    // the phone was the SMS plugin's: once disconnected, there is no number to text
    expect(AlertChannelsSchema.parse((await person.get('/api/notifications/channels')).json()).sms.available).toBe(false);
  });
});

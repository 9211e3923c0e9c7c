import { ContactSupportInfoSchema, ContactSupportResponseSchema, SUPPORT_REQUESTS_PER_ADDRESS_PER_HOUR, SUPPORT_REQUESTS_PER_HOUR, type ContactSupportResponse } from '@baitcheck/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { supportRequests } from '../../db/schema.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { signUp, upgrade } from '../../test/plans.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.ts';
import { createContactSupportRepository } from './contact-support.repository.ts';

const HOUR = 60 * 60 * 1000;
const SUPPORT = 'support@baitcheck.example';
const FROM = 'Baitcheck <no-reply@baitcheck.example>';
const BASE = { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 0, rateLimits: false } as const;

let addresses = 0;
/** A mailbox no other test uses. */
const fresh = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

describeWithDatabases('Contact Support', (ctx) => {
  // the service's clock: the real time, moved on by the tests that wait out an hour
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);
  let smtp: TestSmtpServer;
  /** SMTP and the support inbox: both emails go out. */
  let mailApp: FastifyInstance;
  /** The support inbox named, no SMTP: requests are stored, nothing is sent. */
  let noSmtpApp: FastifyInstance;
  /** SMTP, but no support inbox: nothing is sent either. */
  let noInboxApp: FastifyInstance;
  /** An SMTP server that is down (nothing listens on its port). */
  let downApp: FastifyInstance;
  /** The per-client limits on (RATE_LIMITS=on), no SMTP. */
  let limitedApp: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const freePort = (free.address() as AddressInfo).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const build = (extra: object) => buildApp({ config: { ...BASE, ...extra }, database: ctx.database, logger: false, clock: now });
    mailApp = await build({ email: { smtpUrl: smtp.url(), from: FROM }, supportEmail: SUPPORT });
    noSmtpApp = await build({ supportEmail: SUPPORT });
    noInboxApp = await build({ email: { smtpUrl: smtp.url(), from: FROM } });
    downApp = await build({ email: { smtpUrl: `smtp://127.0.0.1:${freePort}`, from: FROM }, supportEmail: SUPPORT });
    limitedApp = await build({ supportEmail: SUPPORT, rateLimits: true });
  });
  afterAll(async () => {
    for (const app of [mailApp, noSmtpApp, noInboxApp, downApp, limitedApp]) await app?.close();
    await smtp?.close();
  });

  const visitor = (on: FastifyInstance = mailApp) => makeVisitor(on, { remoteAddress: `192.0.2.${++addresses % 250}` });
  const request = (overrides: Partial<Record<'name' | 'email' | 'subject' | 'message', string>> = {}) => ({
    name: 'Ann Lee',
    email: fresh('ann'),
    subject: 'TECHNICAL: Scan button does nothing',
    message: 'When I press Scan Message nothing happens on my phone.',
    ...overrides,
  });
  const send = (v: Visitor, body: object) => v.post('/api/contact-support', body);
  const accepted = async (v: Visitor, body: object): Promise<ContactSupportResponse> => {
    const res = await send(v, body);
    expect(res.statusCode, res.body).toBe(201);
    return ContactSupportResponseSchema.parse(res.json());
  };
  const rowOf = async (id: string) => (await ctx.database.db.select().from(supportRequests).where(eq(supportRequests.id, id)))[0];
  const rowsTo = async (mailbox: string) => ctx.database.db.select().from(supportRequests).where(eq(supportRequests.mailbox, mailbox));
  const codeOf = (res: LightMyRequestResponse) => (res.json() as { error: { code: string } }).error.code;
  const messageOf = (res: LightMyRequestResponse) => (res.json() as { error: { message: string } }).error.message;
  /** The mails of one request, by its reference in the subject. */
  const mailsOf = (id: string): { toSupport: ReceivedMail | undefined; confirmation: ReceivedMail | undefined } => {
    const mails = smtp.received.filter((m) => m.subject.includes(`(#${id})`));
    return { toSupport: mails.find((m) => m.to.includes(SUPPORT)), confirmation: mails.find((m) => !m.to.includes(SUPPORT)) };
  };
  const account = async (plan: 'basic' | 'premium' | 'family' = 'basic', on: FastifyInstance = mailApp) => {
    const v = visitor(on);
    const email = await signUp(v);
    if (plan !== 'basic') await upgrade(v, plan);
    return { v, email, id: await userIdOf(ctx.database, v) };
  };

  it('tells the form where to write, whether email goes out, the plan and the account email; a newcomer gets no row', async () => {
    const newcomer = visitor(noSmtpApp);
    const res = await newcomer.get('/api/contact-support');
    expect(res.statusCode).toBe(200);
    expect(ContactSupportInfoSchema.parse(res.json())).toEqual({ supportEmail: SUPPORT, emailConfigured: false, plan: 'basic', priority: false, accountEmail: null });
    expect(newcomer.cookie).toBeUndefined();

    expect((await visitor(noInboxApp).get('/api/contact-support')).json()).toMatchObject({ supportEmail: null, emailConfigured: false });
    expect((await visitor(mailApp).get('/api/contact-support')).json()).toMatchObject({ supportEmail: SUPPORT, emailConfigured: true });

    const basic = await account();
    expect((await basic.v.get('/api/contact-support')).json()).toEqual({ supportEmail: SUPPORT, emailConfigured: true, plan: 'basic', priority: false, accountEmail: basic.email });
    const premium = await account('premium');
    expect((await premium.v.get('/api/contact-support')).json()).toEqual({ supportEmail: SUPPORT, emailConfigured: true, plan: 'premium', priority: true, accountEmail: premium.email });
  });

  it('stores the request and sends the support inbox everything, replies going to the person', async () => {
    const v = visitor();
    const body = request({ name: 'Ann Lee', email: 'Ann+Help@Example.com' });
    const answer = await accepted(v, body);
    expect(answer).toEqual({ emailSent: true, supportNotified: true, confirmationSent: true, requestId: answer.requestId, issueType: 'technical', priority: false });
    expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);

    await smtp.waitFor(2);
    const { toSupport, confirmation } = mailsOf(answer.requestId);
    expect(toSupport).toMatchObject({
      from: 'no-reply@baitcheck.example',
      to: [SUPPORT],
      toHeader: [{ address: SUPPORT }],
      // nodemailer writes the domain in lower case (it normalises it for IDNA); the local part as typed
      replyTo: [{ name: 'Ann Lee', address: 'Ann+Help@example.com' }],
      subject: `TECHNICAL: Scan button does nothing (#${answer.requestId})`,
      fromHeader: { name: 'Baitcheck', address: 'no-reply@baitcheck.example' },
    });
    for (const line of [
      `Reference: ${answer.requestId}`,
      'Priority: no',
      'Issue type: Technical issue (technical)',
      'Subject: Scan button does nothing',
      'Name: Ann Lee',
      'Email: Ann+Help@Example.com',
      'Sent by: a guest (no account)',
      'Plan: Basic',
      body.message,
    ]) {
      expect(toSupport!.text).toContain(line);
    }
    expect(confirmation).toBeDefined();

    const row = await rowOf(answer.requestId);
    expect(row).toMatchObject({
      userId: await userIdOf(ctx.database, v),
      name: 'Ann Lee',
      email: 'Ann+Help@Example.com',
      mailbox: 'ann@example.com',
      issueType: 'technical',
      subject: 'TECHNICAL: Scan button does nothing',
      message: body.message,
      plan: 'basic',
      priority: false,
      supportEmailSent: true,
      confirmationSent: true,
    });
  });

  it('confirms to the person with the reference and issue type only: nothing a spammer could write, nothing of the account', async () => {
    const { v, email } = await account('premium');
    const body = request({ name: 'Buy cheap pills at spam.example', subject: 'BILLING: Visit spam.example now', message: 'Cheap pills at https://spam.example, best prices!!' });
    const answer = await accepted(v, body);
    expect(answer).toMatchObject({ emailSent: true, issueType: 'billing', priority: true });
    await smtp.waitFor(smtp.received.length);
    const { confirmation } = mailsOf(answer.requestId);
    expect(confirmation).toMatchObject({
      to: [body.email],
      toHeader: [{ name: '', address: body.email }],
      replyTo: [{ address: SUPPORT }],
      subject: `We received your support request (#${answer.requestId})`,
    });
    expect(confirmation!.text).toContain(`Reference: ${answer.requestId}`);
    expect(confirmation!.text).toContain('Issue type: Billing');
    expect(confirmation!.text).toContain('about 24 hours');
    expect(confirmation!.text).toContain('If you did not send this request');
    // none of what was typed, nor the plan or the account
    for (const typed of ['spam.example', 'pills', 'Premium', 'priority', email]) expect(confirmation!.text.toLowerCase()).not.toContain(typed.toLowerCase());
  });

  it('marks a paying plan\'s request priority, in the answer, the row and the inbox email, naming the account', async () => {
    for (const plan of ['premium', 'family'] as const) {
      const { v, email } = await account(plan);
      const answer = await accepted(v, request({ email, subject: 'SECURITY: Someone used my card' }));
      expect(answer).toMatchObject({ emailSent: true, issueType: 'security', priority: true });
      const { toSupport } = mailsOf(answer.requestId);
      expect(toSupport!.subject).toBe(`[Priority] SECURITY: Someone used my card (#${answer.requestId})`);
      expect(toSupport!.text).toContain('Priority: yes');
      expect(toSupport!.text).toContain(`Plan: ${plan === 'premium' ? 'Premium' : 'Family'}`);
      expect(toSupport!.text).toContain(`Sent by: an account (${email})`);
      expect(await rowOf(answer.requestId)).toMatchObject({ plan, priority: true });
    }
    // an account writing with another address: the inbox is told
    const { v, email } = await account();
    const answer = await accepted(v, request({ email: fresh('other') }));
    expect(answer.priority).toBe(false);
    expect(mailsOf(answer.requestId).toSupport!.text).toContain(`Sent by: an account (${email}), which is not the email given above`);
  });

  it('reads the issue type from the subject\'s prefix in any case, and "other" without one', async () => {
    const v = visitor();
    const lower = await accepted(v, request({ subject: 'feature:   Dark mode please' }));
    expect(lower.issueType).toBe('feature');
    expect(mailsOf(lower.requestId).toSupport!.subject).toBe(`FEATURE: Dark mode please (#${lower.requestId})`);
    const none = await accepted(v, request({ subject: 'Just a question' }));
    expect(none.issueType).toBe('other');
    expect(mailsOf(none.requestId).toSupport!.subject).toBe(`OTHER: Just a question (#${none.requestId})`);
    expect((await rowOf(none.requestId))!.subject).toBe('Just a question');
  });

  it('says emailSent false when the mail server refuses either email, and keeps the request', async () => {
    const refused = fresh('refused');
    smtp.refuse.add(refused.toLowerCase());
    const v = visitor();
    const answer = await accepted(v, request({ email: refused }));
    expect(answer.emailSent).toBe(false);
    const { toSupport, confirmation } = mailsOf(answer.requestId);
    expect(toSupport).toBeDefined();
    expect(confirmation).toBeUndefined();
    expect(await rowOf(answer.requestId)).toMatchObject({ email: refused, supportEmailSent: true, confirmationSent: false });

    // the support inbox itself refused: the person's confirmation went, but not both
    smtp.refuse.add(SUPPORT);
    try {
      const second = await accepted(v, request());
      expect(second.emailSent).toBe(false);
      expect(mailsOf(second.requestId).toSupport).toBeUndefined();
      expect(await rowOf(second.requestId)).toMatchObject({ supportEmailSent: false, confirmationSent: true });
    } finally {
      smtp.refuse.delete(SUPPORT);
    }
  });

  it('says emailSent false when the mail server is down, and keeps the request', async () => {
    const answer = await accepted(visitor(downApp), request());
    expect(answer.emailSent).toBe(false);
    expect(await rowOf(answer.requestId)).toMatchObject({ supportEmailSent: false, confirmationSent: false });
  });

  it('without SMTP, or without the support inbox, stores the request and sends nothing', async () => {
    const before = smtp.received.length;
    for (const app of [noSmtpApp, noInboxApp]) {
      const body = request();
      const answer = await accepted(visitor(app), body);
      expect(answer).toMatchObject({ emailSent: false, issueType: 'technical', priority: false });
      expect(await rowOf(answer.requestId)).toMatchObject({ email: body.email, supportEmailSent: false, confirmationSent: false });
    }
    // a moment for anything that might still arrive
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received).toHaveLength(before);
  });

  it('refuses each invalid field with the form\'s own message, storing nothing and making no guest', async () => {
    const cases: [object, string, string][] = [
      [request({ name: '   ' }), 'name', 'Name is required'],
      [request({ name: 'a'.repeat(101) }), 'name', 'Name must be at most 100 characters'],
      [request({ email: 'not an email' }), 'email', 'Please enter a valid email address'],
      [request({ subject: '' }), 'subject', 'Subject is required'],
      [request({ subject: 'TECHNICAL: ' }), 'subject', 'Subject is required'],
      [request({ subject: `BILLING: ${'s'.repeat(151)}` }), 'subject', 'Subject must be at most 150 characters'],
      [request({ message: 'too short' }), 'message', 'Message must be at least 10 characters'],
      [request({ message: `${'m'.repeat(1001)}` }), 'message', 'Message must be less than 1000 characters'],
      [{ ...request(), extra: true }, '', ''],
    ];
    for (const [body, field, message] of cases) {
      const v = visitor();
      const res = await send(v, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
      if (field) expect(res.json().error.details).toContainEqual({ field, message });
      expect(await rowsTo((body as { email: string }).email.toLowerCase())).toHaveLength(0);
      expect(v.cookie).toBeUndefined();
    }
    // 150 characters typed after the prefix are fine
    expect((await send(visitor(), request({ subject: `BILLING: ${'s'.repeat(150)}` }))).statusCode).toBe(201);
  });

  it('refuses line breaks in the name, email and subject (no header injection): 400, nothing sent, nothing stored', async () => {
    const before = smtp.received.length;
    const victim = 'victim@example.com';
    for (const overrides of [
      { name: `Ann\r\nBcc: ${victim}` },
      { name: `Ann\nBcc: ${victim}` },
      { email: `ann@example.com\r\nBcc: ${victim}` },
      { email: `ann@example.com, ${victim}` },
      { subject: `TECHNICAL: Help\r\nBcc: ${victim}` },
      { subject: `TECHNICAL: Help\u2028Bcc: ${victim}` },
    ]) {
      const body = request({ email: fresh('inject'), ...overrides });
      const res = await send(visitor(), body);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received).toHaveLength(before);
    expect(smtp.received.some((m) => m.to.includes(victim))).toBe(false);
  });

  it(`lets one person send ${SUPPORT_REQUESTS_PER_HOUR} an hour, then answers 429 with Retry-After until the hour has passed`, async () => {
    const v = visitor(noSmtpApp);
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i++) await accepted(v, request());
    const refused = await send(v, request());
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe('SUPPORT_REQUESTS_LIMIT_REACHED');
    expect(messageOf(refused)).toMatch(/^You have sent 5 support requests in the last hour, the most we take in an hour\. The ones you sent are saved; you can send another in 60 minutes\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(HOUR / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(HOUR / 1000);
    // someone else is not held back by it
    await accepted(visitor(noSmtpApp), request());
    // an hour later there is room again
    ahead += HOUR + 1000;
    await accepted(v, request());
  });

  it(`sends one mailbox ${SUPPORT_REQUESTS_PER_HOUR} confirmations an hour from anyone, however its address is written; later requests are kept and reach support`, async () => {
    const local = `bob${crypto.randomUUID().slice(0, 6)}`;
    const spellings = [`${local}@gmail.com`, `${local.toUpperCase()}@Gmail.com`, `${local}+a@gmail.com`, `${local.slice(0, 2)}.${local.slice(2)}@googlemail.com`, `${local}+c@gmail.com`];
    // five different people (guests and an account)
    for (const [i, email] of spellings.entries()) {
      const answer = await accepted(i === 0 ? (await account()).v : visitor(), request({ email }));
      expect(answer).toMatchObject({ emailSent: true, supportNotified: true, confirmationSent: true });
    }
    const sixth = await accepted(visitor(), request({ email: `${local.slice(0, 3)}.${local.slice(3)}+new@gmail.com` }));
    // kept and sent to support, but that inbox gets no sixth confirmation
    expect(sixth).toMatchObject({ emailSent: false, supportNotified: true, confirmationSent: false });
    expect(mailsOf(sixth.requestId).toSupport).toBeDefined();
    expect(mailsOf(sixth.requestId).confirmation).toBeUndefined();
    expect(await rowsTo(`${local}@gmail.com`)).toHaveLength(6);
    // the person whose address it is is not locked out by strangers: their request is kept too
    const owner = await account();
    const own = await accepted(owner.v, request({ email: `${local}@gmail.com` }));
    expect(own.supportNotified).toBe(true);
    // another mailbox is not touched
    expect(await accepted(visitor(), request({ email: `${local}x@gmail.com` }))).toMatchObject({ confirmationSent: true });
  });

  it(`takes ${SUPPORT_REQUESTS_PER_ADDRESS_PER_HOUR} requests an hour from one client address, however many guests it makes`, async () => {
    const remoteAddress = '198.51.100.77';
    for (let i = 0; i < SUPPORT_REQUESTS_PER_ADDRESS_PER_HOUR; i++) await accepted(makeVisitor(limitedApp, { remoteAddress }), request());
    const refused = await send(makeVisitor(limitedApp, { remoteAddress }), request());
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe('SUPPORT_REQUESTS_LIMIT_REACHED');
    expect(messageOf(refused)).toMatch(/^20 support requests came from your network in the last hour/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not held back, nor the same one with RATE_LIMITS=off (a trusted load test)
    await accepted(makeVisitor(limitedApp, { remoteAddress: '198.51.100.78' }), request());
    for (let i = 0; i <= SUPPORT_REQUESTS_PER_ADDRESS_PER_HOUR; i++) await accepted(makeVisitor(noSmtpApp, { remoteAddress }), request());
  });

  it('makes no sixth request, and no sixth confirmation, when requests arrive together from one person or to one mailbox', async () => {
    const v = visitor(noSmtpApp);
    await userIdOf(ctx.database, v);
    const together = await Promise.all(Array.from({ length: 10 }, () => send(v, request())));
    expect(together.filter((r) => r.statusCode === 201)).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);
    expect(together.filter((r) => r.statusCode === 429)).toHaveLength(10 - SUPPORT_REQUESTS_PER_HOUR);
    const userId = await userIdOf(ctx.database, v);
    expect(await ctx.database.db.select().from(supportRequests).where(eq(supportRequests.userId, userId))).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);

    const mailbox = fresh('crowd');
    const crowd = await Promise.all(Array.from({ length: 8 }, () => visitor()).map(async (c) => (await userIdOf(ctx.database, c), c)));
    const sent = await Promise.all(crowd.map((c) => accepted(c, request({ email: mailbox }))));
    expect(sent.filter((r) => r.confirmationSent)).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);
    expect(sent.every((r) => r.supportNotified)).toBe(true);
    expect(await rowsTo(mailbox)).toHaveLength(8);
    expect(smtp.received.filter((m) => m.to.includes(mailbox))).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);

    // the same race straight at the repository, its transactions overlapping on PostgreSQL's connections
    const repo = createContactSupportRepository(ctx.database.db);
    const person = await userIdOf(ctx.database, visitor(noSmtpApp));
    const at = now();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        repo.storeWithinLimits(
          { userId: person, name: 'Race', email: `race${i}@example.com`, mailbox: fresh('race'), issueType: 'other', subject: 'Race', message: 'Ten at once, please.', plan: 'basic', priority: false },
          { perHour: SUPPORT_REQUESTS_PER_HOUR, now: at },
        ),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'stored')).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);
    expect(outcomes.filter((o) => o.kind === 'limited')).toHaveLength(12 - SUPPORT_REQUESTS_PER_HOUR);
    const ids = outcomes.flatMap((o) => (o.kind === 'stored' ? [o.id] : []));
    expect(await ctx.database.db.select().from(supportRequests).where(inArray(supportRequests.id, ids))).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);
  });

  it("keeps each person's requests their own: another's count, address and account email are not theirs", async () => {
    const ann = await account('basic', noSmtpApp);
    const bob = await account('premium', noSmtpApp);
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i++) await accepted(ann.v, request({ email: ann.email }));
    expect((await send(ann.v, request())).statusCode).toBe(429);
    // Bob is not limited by Ann's requests, and sees only his own account
    const answer = await accepted(bob.v, request({ email: bob.email }));
    expect(answer.priority).toBe(true);
    expect((await rowOf(answer.requestId))!.userId).toBe(bob.id);
    expect((await bob.v.get('/api/contact-support')).json()).toMatchObject({ accountEmail: bob.email, plan: 'premium' });
    expect((await ann.v.get('/api/contact-support')).json()).toMatchObject({ accountEmail: ann.email, plan: 'basic', priority: false });
  });
});

import {
  FAMILY_MAX_MEMBERS,
  FamilyDashboardSchema,
  FamilyInvitationCreatedSchema,
  FamilyViewSchema,
  ScanUsageSchema,
  type FamilyInvitationCreated,
  type FamilyView,
  type ManagedFamily,
} from '@baitcheck/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { families, familyInvitations, familyMembers, messages } from '../../db/schema.ts';
import { insertMessage, userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { cancelNow, signUp, TEST_PASSWORD, upgrade } from '../../test/plans.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { createFamilyRepository } from './family.repository.ts';
import { hashInvitationToken, invitationEmail, newInvitationToken } from './family.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const BASE = { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 2, rateLimits: false } as const;

let addresses = 0;

/** The token of an invitation link (`…/family/join#<token>`). */
const tokenOf = (created: FamilyInvitationCreated) => new URL(created.link!).hash.slice(1);

describeWithDatabases('the Family plan', (ctx) => {
  // the family's clock (invitations' expiry, the dashboard's window): the real time, moved by the tests
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);
  let app: FastifyInstance;
  let mailApp: FastifyInstance;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildApp({ config: BASE, database: ctx.database, logger: false, clock: now });
    // the same database, served by a server that has SMTP
    mailApp = await buildApp({ config: { ...BASE, email: { smtpUrl: smtp.url(), from: 'Baitcheck <family@baitcheck.example>' } }, database: ctx.database, logger: false, clock: now });
  });
  afterAll(async () => {
    await app?.close();
    await mailApp?.close();
    await smtp?.close();
  });

  const visitor = (on: FastifyInstance = app) => makeVisitor(on, { remoteAddress: `192.0.2.${++addresses % 250}` });
  /** A new account, on `plan`. */
  const account = async (plan: 'basic' | 'premium' | 'family' = 'basic') => {
    const v = visitor();
    const email = await signUp(v);
    if (plan !== 'basic') await upgrade(v, plan);
    return { v, email, id: await userIdOf(ctx.database, v) };
  };
  const view = async (v: Visitor): Promise<FamilyView> => {
    const res = await v.get('/api/family');
    expect(res.statusCode).toBe(200);
    return FamilyViewSchema.parse(res.json());
  };
  const invite = async (v: Visitor, email: string, adultConfirmed = true): Promise<FamilyInvitationCreated> => {
    const res = await v.post('/api/family/invitations', { email, adultConfirmed });
    expect(res.statusCode, res.body).toBe(201);
    return FamilyInvitationCreatedSchema.parse(res.json());
  };
  const join = (v: Visitor, token: string) => v.post('/api/family/join', { token });
  /** A manager on Family with `n` members who joined. */
  const family = async (n: number) => {
    const manager = await account('family');
    const members = [];
    for (let i = 0; i < n; i++) {
      const member = await account();
      const res = await join(member.v, tokenOf(await invite(manager.v, member.email)));
      expect(res.statusCode, res.body).toBe(200);
      members.push(member);
    }
    return { manager, members };
  };
  const codeOf = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;
  const usageOf = async (v: Visitor) => ScanUsageSchema.parse((await v.get('/api/scan-usage')).json());

  it('tells a newcomer, a Basic account and a Family account where they stand, storing nothing for the newcomer', async () => {
    const newcomer = visitor();
    expect(await view(newcomer)).toEqual({ role: 'none', canCreate: false, emailConfigured: false });
    expect(newcomer.cookie).toBeUndefined();
    expect(await view((await account()).v)).toEqual({ role: 'none', canCreate: false, emailConfigured: false });
    expect(await view((await account('family')).v)).toEqual({ role: 'none', canCreate: true, emailConfigured: false });
    expect(await view(visitor(mailApp))).toMatchObject({ emailConfigured: true });
  });

  it('lets only an account on the Family plan invite, and only once it states the manager is 18 or over', async () => {
    const guest = visitor();
    const refused = await guest.post('/api/family/invitations', { email: 'kid@example.com', adultConfirmed: true });
    expect(refused.statusCode).toBe(401);
    expect(codeOf(refused)).toBe('ACCOUNT_REQUIRED');
    expect(guest.cookie).toBeUndefined();

    const premium = await account('premium');
    const notFamily = await premium.v.post('/api/family/invitations', { email: 'kid@example.com', adultConfirmed: true });
    expect(notFamily.statusCode).toBe(403);
    expect(codeOf(notFamily)).toBe('FAMILY_PLAN_REQUIRED');

    const manager = await account('family');
    for (const body of [{ email: 'kid@example.com' }, { email: 'kid@example.com', adultConfirmed: false }]) {
      const res = await manager.v.post('/api/family/invitations', body);
      expect(res.statusCode).toBe(400);
      expect(codeOf(res)).toBe('FAMILY_ADULT_CONFIRMATION_REQUIRED');
    }
    expect(await ctx.database.db.select().from(families).where(eq(families.managerId, manager.id))).toHaveLength(0);

    const self = await manager.v.post('/api/family/invitations', { email: manager.email.toUpperCase(), adultConfirmed: true });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.details[0].field).toBe('email');

    const before = Date.now();
    const created = await invite(manager.v, 'Kid@Example.com');
    const [row] = await ctx.database.db.select().from(families).where(eq(families.managerId, manager.id));
    expect(row!.adultConfirmedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // founded once: later invitations need no statement
    await invite(manager.v, 'other@example.com', false);
    const managerView = await view(manager.v);
    expect(managerView).toMatchObject({ role: 'manager', planActive: true, maxMembers: FAMILY_MAX_MEMBERS, adultConfirmedAt: row!.adultConfirmedAt.toISOString(), members: [] });
    expect(managerView.role === 'manager' && managerView.invitations.map((i) => i.email)).toEqual(['other@example.com', 'Kid@Example.com']);
    expect(created.invitation.expiresAt).toBe(new Date(new Date(created.invitation.createdAt).getTime() + 7 * DAY).toISOString());
  });

  it('without SMTP answers the link to copy, a single random token of which only a hash is kept', async () => {
    const manager = await account('family');
    const a = await invite(manager.v, 'a@example.com');
    const b = await invite(manager.v, 'b@example.com');
    expect(a.delivery).toBe('not-configured');
    const link = new URL(a.link!);
    expect(link.pathname).toBe('/family/join');
    expect(tokenOf(a)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenOf(a)).not.toBe(tokenOf(b));
    const rows = await ctx.database.db.select().from(familyInvitations).where(eq(familyInvitations.id, a.invitation.id));
    expect(rows[0]!.tokenHash).toBe(hashInvitationToken(tokenOf(a)));
    expect(JSON.stringify(rows)).not.toContain(tokenOf(a));
    // the manager's view never shows a link again
    expect(JSON.stringify(await view(manager.v))).not.toContain(tokenOf(a));
  });

  it('with SMTP emails the invitation, holding only the link and the inviter, and shows no link', async () => {
    const manager = visitor(mailApp);
    const managerEmail = await signUp(manager);
    await upgrade(manager, 'family');
    // something private of the manager's, which must never reach an email
    await manager.post('/api/scan/text', { content: 'PRIVATE-NOTE urgent verify your account', sender: 'PRIVATE-SENDER' });
    const count = smtp.received.length;
    const res = await manager.post('/api/family/invitations', { email: 'grandma@example.com', adultConfirmed: true });
    expect(res.statusCode).toBe(201);
    const created = FamilyInvitationCreatedSchema.parse(res.json());
    expect(created).toMatchObject({ delivery: 'emailed', link: null });
    const mail = (await smtp.waitFor(count + 1)).at(-1)!;
    expect(mail.to).toEqual(['grandma@example.com']);
    expect(mail.fromHeader.address).toBe('family@baitcheck.example');
    const link = /http:\/\/localhost:80\/family\/join#[A-Za-z0-9_-]{43}|http:\/\/localhost\/family\/join#[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const expected = invitationEmail(managerEmail, link!);
    expect(mail.subject).toBe(expected.subject);
    // the account's address is not confirmed: the subject names nobody, the text says so
    expect(mail.subject).not.toContain(managerEmail);
    expect(mail.text).toContain('Baitcheck has not confirmed that this address belongs to them');
    expect(mail.text.trim()).toBe(expected.text);
    expect(mail.text).not.toContain('PRIVATE');
    // the emailed link works
    const member = await account();
    expect((await join(member.v, new URL(link!).hash.slice(1))).statusCode).toBe(200);

    // a mail server that refuses the address: the link to copy instead
    smtp.refuse.add('nobody@example.com');
    const refused = FamilyInvitationCreatedSchema.parse((await manager.post('/api/family/invitations', { email: 'nobody@example.com' })).json());
    expect(refused.delivery).toBe('failed');
    expect(refused.link).toMatch(/\/family\/join#[A-Za-z0-9_-]{43}$/);
  });

  it('emails an address at most once an hour, and a manager at most 20 invitations a day, however often the family is ended and founded again', async () => {
    const manager = visitor(mailApp);
    await signUp(manager);
    await upgrade(manager, 'family');
    await invite(manager, 'cousin@example.com');
    const count = smtp.received.length;
    // a re-invite within the hour sends nothing and keeps the first link working
    const again = await manager.post('/api/family/invitations', { email: 'Cousin@example.com' });
    expect([again.statusCode, codeOf(again)]).toEqual([429, 'FAMILY_INVITATION_TOO_SOON']);
    expect(smtp.received.length).toBe(count);
    // ending the family (no members) and founding it again does not start the count afresh
    expect((await manager.post('/api/family/leave')).statusCode).toBe(200);
    const refounded = await manager.post('/api/family/invitations', { email: 'cousin@example.com', adultConfirmed: true });
    expect([refounded.statusCode, codeOf(refounded)]).toEqual([429, 'FAMILY_INVITATION_TOO_SOON']);
    expect(smtp.received.length).toBe(count);
    ahead = 61 * 60 * 1000;
    try {
      expect((await manager.post('/api/family/invitations', { email: 'cousin@example.com', adultConfirmed: true })).statusCode).toBe(201);
      // cancelling and inviting others, ending the family between: the day's budget counts every email sent
      let sent = 2;
      for (let i = 0; sent < 20; i++) {
        const created = await invite(manager, `friend${i}@example.com`);
        sent += 1;
        expect((await manager.delete(`/api/family/invitations/${created.invitation.id}`)).statusCode).toBe(200);
        if (i % 5 === 4) expect((await manager.post('/api/family/leave')).statusCode).toBe(200);
      }
      const over = await manager.post('/api/family/invitations', { email: 'one-more@example.com' });
      expect([over.statusCode, codeOf(over)]).toEqual([429, 'FAMILY_INVITATION_EMAILS_EXHAUSTED']);
      // a day later the budget is back
      ahead = 25 * 60 * 60 * 1000 + 61 * 60 * 1000;
      expect((await manager.post('/api/family/invitations', { email: 'one-more@example.com' })).statusCode).toBe(201);
    } finally {
      ahead = 0;
    }
  });

  it('emails one mailbox at most once an hour and 3 times a day, whichever accounts invite it and however its address is dressed', async () => {
    const managers = [];
    for (let i = 0; i < 5; i++) {
      const m = visitor(mailApp);
      await signUp(m);
      await upgrade(m, 'family');
      managers.push(m);
    }
    const count = smtp.received.length;
    expect((await managers[0]!.post('/api/family/invitations', { email: 'victim@example.org', adultConfirmed: true })).statusCode).toBe(201);
    // another account, the same mailbox (case, a +tag): nothing more is sent this hour
    for (const [i, email] of ['victim@example.org', 'Victim+1@Example.org', 'victim+spam@example.org'].entries()) {
      const again = await managers[i + 1]!.post('/api/family/invitations', { email, adultConfirmed: true });
      expect([again.statusCode, codeOf(again)]).toEqual([429, 'FAMILY_INVITATION_TOO_SOON']);
    }
    expect(smtp.received.length).toBe(count + 1);
    try {
      // an hour apart, from different accounts: three a day, then none until the day has passed
      ahead = 61 * 60 * 1000;
      expect((await managers[1]!.post('/api/family/invitations', { email: 'victim+a@example.org', adultConfirmed: true })).statusCode).toBe(201);
      ahead = 122 * 60 * 1000;
      expect((await managers[2]!.post('/api/family/invitations', { email: 'victim@example.org', adultConfirmed: true })).statusCode).toBe(201);
      ahead = 183 * 60 * 1000;
      const fourth = await managers[3]!.post('/api/family/invitations', { email: 'victim@example.org', adultConfirmed: true });
      expect([fourth.statusCode, codeOf(fourth)]).toEqual([429, 'FAMILY_INVITATION_TOO_SOON']);
      expect(smtp.received.length).toBe(count + 3);
      ahead = 25 * 60 * 60 * 1000;
      expect((await managers[4]!.post('/api/family/invitations', { email: 'victim@example.org', adultConfirmed: true })).statusCode).toBe(201);
    } finally {
      ahead = 0;
    }
  });

  it('shows the invitation to anyone holding the link, and says why a link no longer works', async () => {
    const { manager } = await family(0);
    const created = await invite(manager.v, 'kid@example.com');
    const preview = await visitor().post('/api/family/invitations/preview', { token: tokenOf(created) });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ inviter: manager.email, email: 'kid@example.com', expiresAt: created.invitation.expiresAt });

    const unknown = await visitor().post('/api/family/invitations/preview', { token: newInvitationToken() });
    expect(unknown.statusCode).toBe(404);
    expect(codeOf(unknown)).toBe('FAMILY_INVITATION_NOT_FOUND');
    for (const token of ['short', `${newInvitationToken()}x`, 'a'.repeat(42) + '!']) {
      const bad = await visitor().post('/api/family/invitations/preview', { token });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('gives a member who accepts the family plan: no daily limit, 90 days of history', async () => {
    const { manager } = await family(0);
    const member = await account();
    await insertMessage(ctx.database, member.id, { threatLevel: 'phishing', scanDate: new Date(Date.now() - 60 * DAY), content: 'sixty days old' });
    expect((await usageOf(member.v)).limit).toBe(2);
    expect((await member.v.get('/api/messages')).json()).toHaveLength(0);

    const res = await join(member.v, tokenOf(await invite(manager.v, member.email)));
    expect(res.statusCode).toBe(200);
    expect(FamilyViewSchema.parse(res.json())).toEqual({ role: 'member', manager: manager.email, joinedAt: expect.any(String), planActive: true, planEndsAt: null, protectionManaged: false });
    expect(await usageOf(member.v)).toMatchObject({ plan: 'family', limit: null, remaining: null });
    for (let i = 0; i < 3; i++) expect((await member.v.post('/api/scan/text', { content: `hello ${i}` })).statusCode).toBe(200);
    expect(((await member.v.get('/api/messages')).json() as { content: string }[]).map((m) => m.content)).toContain('sixty days old');
    // their own subscription is untouched: they pay nothing
    expect((await member.v.get('/api/subscription')).json().plan).toBe('basic');
    const managerView = await view(manager.v);
    expect(managerView.role === 'manager' && managerView.members.map((m) => m.email)).toEqual([member.email]);
  });

  it('asks a guest to sign in first, storing nothing, and the link still works afterwards', async () => {
    const { manager } = await family(0);
    const created = await invite(manager.v, 'new@example.com');
    const guest = visitor();
    const res = await join(guest, tokenOf(created));
    expect(res.statusCode).toBe(401);
    expect(codeOf(res)).toBe('ACCOUNT_REQUIRED');
    expect(res.json().error.message).toMatch(/^Sign in or create an account first/);
    expect(guest.cookie).toBeUndefined();
    await signUp(guest);
    expect((await join(guest, tokenOf(created))).statusCode).toBe(200);
  });

  it('uses an invitation once: not twice, nor by a second account', async () => {
    const { manager } = await family(0);
    const token = tokenOf(await invite(manager.v, 'kid@example.com'));
    const first = await account();
    const second = await account();
    expect((await join(first.v, token)).statusCode).toBe(200);
    for (const v of [first.v, second.v]) {
      const again = await join(v, token);
      expect(again.statusCode).toBe(409);
      expect(codeOf(again)).toBe('FAMILY_INVITATION_USED');
    }
    expect((await visitor().post('/api/family/invitations/preview', { token })).json().error.code).toBe('FAMILY_INVITATION_USED');
    expect(await view(second.v)).toMatchObject({ role: 'none' });
  });

  it('refuses an invitation after 7 days, and an expired one frees its place', async () => {
    const { manager } = await family(0);
    const late = await account();
    const tokens = [];
    for (let i = 0; i < FAMILY_MAX_MEMBERS - 1; i++) tokens.push(tokenOf(await invite(manager.v, `p${i}@example.com`)));
    expect(codeOf(await manager.v.post('/api/family/invitations', { email: 'one-more@example.com' }))).toBe('FAMILY_FULL');
    ahead = 7 * DAY + 60_000;
    try {
      const res = await join(late.v, tokens[0]!);
      expect(res.statusCode).toBe(410);
      expect(codeOf(res)).toBe('FAMILY_INVITATION_EXPIRED');
      const managerView = await view(manager.v);
      expect(managerView.role === 'manager' && managerView.invitations.every((i) => i.expired)).toBe(true);
      expect((await manager.v.post('/api/family/invitations', { email: 'one-more@example.com' })).statusCode).toBe(201);
    } finally {
      ahead = 0;
    }
  });

  it('refuses the manager their own invitation, and anyone already in a family', async () => {
    const a = await family(1);
    const b = await family(0);
    const own = await join(a.manager.v, tokenOf(await invite(a.manager.v, 'kid@example.com')));
    expect(own.statusCode).toBe(409);
    expect(codeOf(own)).toBe('FAMILY_OWN_INVITATION');

    // a member of family A, and the manager of family A, invited to family B
    for (const who of [a.members[0]!, a.manager]) {
      const res = await join(who.v, tokenOf(await invite(b.manager.v, who.email)));
      expect(res.statusCode).toBe(409);
      expect(codeOf(res)).toBe('FAMILY_ALREADY_IN_FAMILY');
    }
    // nor can a member found a family of their own
    await upgrade(a.members[0]!.v, 'family');
    const founding = await a.members[0]!.v.post('/api/family/invitations', { email: 'x@example.com', adultConfirmed: true });
    expect(codeOf(founding)).toBe('FAMILY_ALREADY_IN_FAMILY');
    // an existing member is not invited again
    expect(codeOf(await a.manager.v.post('/api/family/invitations', { email: a.members[0]!.email.toUpperCase() }))).toBe('FAMILY_ALREADY_MEMBER');
  });

  it(`refuses the sixth person: ${FAMILY_MAX_MEMBERS} places, the manager's and the waiting invitations counted`, async () => {
    const { manager, members } = await family(2);
    const waiting = [await invite(manager.v, 'w1@example.com'), await invite(manager.v, 'w2@example.com')];
    const full = await manager.v.post('/api/family/invitations', { email: 'sixth@example.com' });
    expect(full.statusCode).toBe(409);
    expect(codeOf(full)).toBe('FAMILY_FULL');
    // a new invitation to an address already invited replaces it, so it takes no new place
    const again = await invite(manager.v, 'W1@example.com');
    expect((await join((await account()).v, tokenOf(waiting[0]!))).json().error.code).toBe('FAMILY_INVITATION_NOT_FOUND');
    for (const created of [again, waiting[1]!]) expect((await join((await account()).v, tokenOf(created))).statusCode).toBe(200);
    const managerView = await view(manager.v);
    expect(managerView.role === 'manager' && managerView.members).toHaveLength(4);
    expect(codeOf(await manager.v.post('/api/family/invitations', { email: 'sixth@example.com' }))).toBe('FAMILY_FULL');
    // cancelling an invitation or removing a member makes room
    expect((await manager.v.delete(`/api/family/members/${members[0]!.id}`)).statusCode).toBe(200);
    expect((await manager.v.post('/api/family/invitations', { email: 'sixth@example.com' })).statusCode).toBe(201);
  });

  it('makes no sixth member when accepts arrive together, nor lets one invitation in twice', async () => {
    // three members, and two invitations for the one place left: only possible by writing them
    // directly (inviting counts waiting invitations), so the accept's own check is what holds
    const { manager } = await family(3);
    const [fam] = await ctx.database.db.select().from(families).where(eq(families.managerId, manager.id));
    const tokens = [newInvitationToken(), newInvitationToken()];
    for (const [i, token] of tokens.entries()) {
      await ctx.database.db.insert(familyInvitations).values({ familyId: fam!.id, email: `race${i}@example.com`, tokenHash: hashInvitationToken(token), expiresAt: new Date(Date.now() + DAY) });
    }
    const racers = [await account(), await account()];
    const results = await Promise.all(racers.map((r, i) => join(r.v, tokens[i]!)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.map((r) => (r.statusCode === 200 ? 'joined' : codeOf(r))).sort()).toEqual(['FAMILY_FULL', 'joined']);
    const membersOf = async (familyId: string) =>
      (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(familyMembers).where(eq(familyMembers.familyId, familyId)))[0]!.n;
    expect(await membersOf(fam!.id)).toBe(4);

    // the same race straight at the repository, its transactions overlapping on PostgreSQL's
    // connections: four accepts, one place
    const crowded = await family(3);
    const [crowdedFamily] = await ctx.database.db.select().from(families).where(eq(families.managerId, crowded.manager.id));
    const many = await Promise.all([1, 2, 3, 4].map(async (i) => ({ person: await account(), token: newInvitationToken(), i })));
    for (const { token, i } of many) {
      await ctx.database.db.insert(familyInvitations).values({ familyId: crowdedFamily!.id, email: `crowd${i}@example.com`, tokenHash: hashInvitationToken(token), expiresAt: new Date(Date.now() + DAY) });
    }
    const repo = createFamilyRepository(ctx.database.db);
    const outcomes = await Promise.all(many.map(({ person, token }) => repo.join({ userId: person.id, tokenHash: hashInvitationToken(token), now: new Date(), maxPeople: FAMILY_MAX_MEMBERS })));
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['full', 'full', 'full', 'joined']);
    expect(await membersOf(crowdedFamily!.id)).toBe(4);

    // two accounts with one link at once: one joins
    const other = await family(0);
    const token = tokenOf(await invite(other.manager.v, 'kid@example.com'));
    const pair = [await account(), await account()];
    const both = await Promise.all(pair.map((p) => join(p.v, token)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    // one account with two families' links at once: one family
    const [f1, f2] = [await family(0), await family(0)];
    const person = await account();
    const links = [tokenOf(await invite(f1.manager.v, person.email)), tokenOf(await invite(f2.manager.v, person.email))];
    const twice = await Promise.all(links.map((t) => join(person.v, t)));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ctx.database.db.select().from(familyMembers).where(eq(familyMembers.userId, person.id))).toHaveLength(1);

    // invitations sent together for the last place: one is sent
    const last = await family(3);
    const sent = await Promise.all(['l1@example.com', 'l2@example.com', 'l3@example.com'].map((email) => last.manager.v.post('/api/family/invitations', { email })));
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('tells the manager and each member the day a Family plan that will not renew ends, and no longer once it is kept', async () => {
    const { manager, members } = await family(1);
    const [member] = members;
    expect(await view(manager.v)).toMatchObject({ planActive: true, planEndsAt: null });
    const scheduled = await manager.v.post('/api/subscription/cancel', { refund: false });
    expect(scheduled.statusCode).toBe(200);
    const ends = scheduled.json().subscription.currentPeriodEnd as string;
    expect(ends).toEqual(expect.any(String));
    expect(await view(manager.v)).toMatchObject({ role: 'manager', planActive: true, planEndsAt: ends });
    expect(await view(member!.v)).toMatchObject({ role: 'member', planActive: true, planEndsAt: ends });
    expect((await manager.v.post('/api/subscription/resume')).statusCode).toBe(200);
    expect(await view(member!.v)).toMatchObject({ planActive: true, planEndsAt: null });
  });

  it('ends a family and takes an invitation sent at the same moment one after the other, never answering 500', async () => {
    const { manager } = await family(0);
    for (let round = 0; round < 8; round++) {
      await invite(manager.v, `seed${round}@example.com`);
      const [ended, invited] = await Promise.all([manager.v.post('/api/family/leave'), manager.v.post('/api/family/invitations', { email: `x${round}@example.com`, adultConfirmed: true })]);
      expect(ended.statusCode).toBe(200);
      expect(invited.statusCode, invited.body).toBe(201);
      // whichever came first, what stands is whole: the family with the new invitation (the leave
      // came first and the invitation founded it again), or no family (the invitation came first)
      const after = await view(manager.v);
      if (after.role === 'manager') {
        expect(after.invitations.map((i) => i.email)).toEqual([`x${round}@example.com`]);
        expect((await manager.v.post('/api/family/leave')).statusCode).toBe(200);
      } else {
        expect(after.role).toBe('none');
      }
    }
  });

  it("keeps a manager's takeover of the switches when the member changes one at the same moment", async () => {
    for (let round = 0; round < 8; round++) {
      const { manager, members } = await family(1);
      const [member] = members;
      const [taken, own] = await Promise.all([
        manager.v.patch(`/api/family/members/${member!.id}/protection`, { settings: { socialMediaProtection: false }, managed: true }),
        member!.v.patch('/api/protection-settings', { socialMediaProtection: true }),
      ]);
      expect(taken.statusCode).toBe(200);
      // either the member's change came first (and the manager's replaced it) or it was refused: the manager's stands
      expect([200, 403]).toContain(own.statusCode);
      expect((await member!.v.get('/api/protection-settings')).json()).toMatchObject({ socialMediaProtection: false });
    }
  });

  it("never writes a member's switches once they have left, when the leave and the manager's save come together", async () => {
    for (let round = 0; round < 8; round++) {
      const { manager, members } = await family(1);
      const [member] = members;
      const before = (await member!.v.get('/api/protection-settings')).json();
      const [saved, left] = await Promise.all([
        manager.v.patch(`/api/family/members/${member!.id}/protection`, { settings: { socialMediaProtection: !before.socialMediaProtection }, managed: true }),
        member!.v.post('/api/family/leave'),
      ]);
      expect(left.statusCode).toBe(200);
      const after = (await member!.v.get('/api/protection-settings')).json();
      if (saved.statusCode === 404) expect(after).toEqual(before);
      else expect(saved.statusCode).toBe(200);
    }
  });

  it("says a member's switches are nobody's but theirs once the family's plan has ended", async () => {
    const { manager, members } = await family(1);
    const [member] = members;
    const set = await manager.v.patch(`/api/family/members/${member!.id}/protection`, {
      settings: { smsProtection: true, emailProtection: true, socialMediaProtection: false, onDeviceScanning: false },
      managed: true,
    });
    expect(set.statusCode).toBe(200);
    expect(((await view(manager.v)) as ManagedFamily).members[0]).toMatchObject({ userId: member!.id, protectionManaged: true });
    await cancelNow(manager.v);
    expect(((await view(manager.v)) as ManagedFamily).members[0]).toMatchObject({ userId: member!.id, protectionManaged: false });
    expect(await view(member!.v)).toMatchObject({ protectionManaged: false });
  });

  it('gives priority support to paying users and to members of a running family, to nobody else', async () => {
    const basic = await account();
    const premium = await account('premium');
    const { manager, members } = await family(1);
    const [member] = members;
    expect(await app.plans.prioritySupport(basic.id)).toBe(false);
    expect(await app.plans.prioritySupport(premium.id)).toBe(true);
    expect(await app.plans.prioritySupport(manager.id)).toBe(true);
    expect(await app.plans.prioritySupport(member!.id)).toBe(true);
    expect(await app.plans.prioritySupport('')).toBe(false);
    await cancelNow(manager.v);
    expect(await app.plans.prioritySupport(manager.id)).toBe(false);
    expect(await app.plans.prioritySupport(member!.id)).toBe(false);
  });

  it("takes the plan away from every member the moment the manager's lapses, and gives it back on renewal", async () => {
    const { manager, members } = await family(2);
    const [member] = members;
    await insertMessage(ctx.database, member!.id, { threatLevel: 'phishing', scanDate: new Date(Date.now() - 60 * DAY), content: 'kept while on Family' });
    expect((await app.retention.run())).not.toBeNull();
    expect(await ctx.database.db.select().from(messages).where(eq(messages.userId, member!.id))).toHaveLength(1);
    await cancelNow(manager.v);
    for (const m of members) expect((await usageOf(m.v)).plan).toBe('basic');
    expect(await view(member!.v)).toMatchObject({ role: 'member', planActive: false });
    expect(await view(manager.v)).toMatchObject({ role: 'manager', planActive: false });
    const dashboard = await manager.v.get('/api/family/dashboard');
    expect(dashboard.statusCode).toBe(403);
    expect(codeOf(dashboard)).toBe('FAMILY_PLAN_REQUIRED');
    // nobody joins a family whose plan has ended (the invitation was sent while it lasted)
    const [fam] = await ctx.database.db.select().from(families).where(eq(families.managerId, manager.id));
    const token = newInvitationToken();
    await ctx.database.db.insert(familyInvitations).values({ familyId: fam!.id, email: 'late@example.com', tokenHash: hashInvitationToken(token), expiresAt: new Date(Date.now() + DAY) });
    expect(codeOf(await join((await account()).v, token))).toBe('FAMILY_PLAN_ENDED');
    // the invitation page says so before anyone presses Accept
    expect(codeOf(await visitor().post('/api/family/invitations/preview', { token }))).toBe('FAMILY_PLAN_ENDED');
    expect(codeOf(await manager.v.post('/api/family/invitations', { email: 'x@example.com' }))).toBe('FAMILY_PLAN_REQUIRED');

    await upgrade(manager.v, 'family');
    for (const m of members) expect((await usageOf(m.v)).plan).toBe('family');
  });

  it('deletes a lapsed member’s scans past the Basic window, and keeps a member’s 90 days', async () => {
    const kept = await family(1);
    const lapsed = await family(1);
    const keptMember = kept.members[0]!;
    const lapsedMember = lapsed.members[0]!;
    for (const m of [keptMember, lapsedMember]) await insertMessage(ctx.database, m.id, { threatLevel: 'safe', scanDate: new Date(Date.now() - 45 * DAY), content: '45 days old' });
    await cancelNow(lapsed.manager.v);
    await app.retention.run();
    expect(await ctx.database.db.select().from(messages).where(eq(messages.userId, keptMember.id))).toHaveLength(1);
    expect(await ctx.database.db.select().from(messages).where(eq(messages.userId, lapsedMember.id))).toHaveLength(0);
  });

  it('lets the manager remove members and cancel invitations, and nobody else', async () => {
    const { manager, members } = await family(2);
    const [a, b] = members;
    const other = await family(1);
    const created = await invite(manager.v, 'pending@example.com');

    // a member, a stranger and another family's manager change nothing
    for (const [who, status, code] of [
      [a!.v, 403, 'FAMILY_MANAGER_ONLY'],
      [(await account()).v, 404, 'FAMILY_NOT_FOUND'],
    ] as const) {
      const res = await who.delete(`/api/family/members/${b!.id}`);
      expect([res.statusCode, codeOf(res)]).toEqual([status, code]);
      const revoke = await who.delete(`/api/family/invitations/${created.invitation.id}`);
      expect([revoke.statusCode, codeOf(revoke)]).toEqual([status, code]);
    }
    const foreign = await other.manager.v.delete(`/api/family/members/${b!.id}`);
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([404, 'FAMILY_MEMBER_NOT_FOUND']);
    const foreignRevoke = await other.manager.v.delete(`/api/family/invitations/${created.invitation.id}`);
    expect([foreignRevoke.statusCode, codeOf(foreignRevoke)]).toEqual([404, 'FAMILY_INVITATION_NOT_FOUND']);
    expect(await view(b!.v)).toMatchObject({ role: 'member' });

    expect((await manager.v.delete(`/api/family/invitations/${created.invitation.id}`)).statusCode).toBe(200);
    expect(codeOf(await join((await account()).v, tokenOf(created)))).toBe('FAMILY_INVITATION_NOT_FOUND');
    expect((await manager.v.delete(`/api/family/members/${b!.id}`)).statusCode).toBe(200);
    expect(await view(b!.v)).toMatchObject({ role: 'none' });
    expect((await usageOf(b!.v)).plan).toBe('basic');
    expect(codeOf(await manager.v.delete(`/api/family/members/${b!.id}`))).toBe('FAMILY_MEMBER_NOT_FOUND');
  });

  it('lets a member leave; the manager ends the family only once no member remains', async () => {
    const { manager, members } = await family(1);
    const pending = await invite(manager.v, 'pending@example.com');
    const stays = await manager.v.post('/api/family/leave');
    expect([stays.statusCode, codeOf(stays)]).toEqual([409, 'FAMILY_HAS_MEMBERS']);
    expect((await members[0]!.v.post('/api/family/leave')).statusCode).toBe(200);
    expect(await view(members[0]!.v)).toMatchObject({ role: 'none' });
    expect((await usageOf(members[0]!.v)).plan).toBe('basic');
    const again = await members[0]!.v.post('/api/family/leave');
    expect([again.statusCode, codeOf(again)]).toEqual([404, 'FAMILY_NOT_FOUND']);

    expect((await manager.v.post('/api/family/leave')).statusCode).toBe(200);
    expect(await view(manager.v)).toMatchObject({ role: 'none', canCreate: true });
    expect(codeOf(await join((await account()).v, tokenOf(pending)))).toBe('FAMILY_INVITATION_NOT_FOUND');
    // a new family needs the statement again
    expect(codeOf(await manager.v.post('/api/family/invitations', { email: 'x@example.com' }))).toBe('FAMILY_ADULT_CONFIRMATION_REQUIRED');
  });

  it("shows the manager each member's 30-day counts and alerts, never a message's content or sender", async () => {
    // the family was made ten days ago
    ahead = -10 * DAY;
    const { manager, members } = await family(2).finally(() => (ahead = 0));
    const [a, b] = members;
    const at = (days: number) => new Date(Date.now() - days * DAY);
    // before a joined: never shown, though within the 30 days
    await insertMessage(ctx.database, a!.id, { threatLevel: 'phishing', scanDate: at(12), content: 'SECRET-BEFORE-JOINING' });
    await insertMessage(ctx.database, a!.id, { threatLevel: 'phishing', scanDate: at(1), content: 'SECRET-CONTENT-1', sender: 'SECRET-SENDER-1' });
    await insertMessage(ctx.database, a!.id, { threatLevel: 'suspicious', scanDate: at(2), content: 'SECRET-CONTENT-2', sender: 'SECRET-SENDER-2' });
    await insertMessage(ctx.database, a!.id, { threatLevel: 'safe', scanDate: at(3), content: 'SECRET-CONTENT-3' });
    await insertMessage(ctx.database, a!.id, { threatLevel: 'phishing', scanDate: at(45), content: 'SECRET-CONTENT-OLD' });
    await a!.v.post('/api/scan/text', { content: 'URGENT: your account is suspended. Click here http://paypa1-secure.com/login to verify', sender: 'SECRET-SENDER-SMS', source: 'sms' });
    // the manager's own scans are not a member's
    await insertMessage(ctx.database, manager.id, { threatLevel: 'phishing', scanDate: at(1), content: 'MANAGER-OWN' });

    const res = await manager.v.get('/api/family/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/SECRET|MANAGER-OWN|paypa1/);
    const dashboard = FamilyDashboardSchema.parse(res.json());
    expect(dashboard.windowDays).toBe(30);
    expect(dashboard.members.map((m) => m.email)).toEqual([a!.email, b!.email]);
    const first = dashboard.members[0]!;
    expect(first.counts).toEqual({ phishing: 2, suspicious: 1, safe: 1 });
    expect(first.alerts.map((x) => [x.source, x.threatLevel])).toEqual([
      ['sms', 'phishing'],
      ['manual', 'phishing'],
      ['manual', 'suspicious'],
    ]);
    for (const alert of first.alerts) expect(Object.keys(alert).sort()).toEqual(['scanDate', 'source', 'threatLevel']);
    expect(dashboard.members[1]).toMatchObject({ counts: { phishing: 0, suspicious: 0, safe: 0 }, alerts: [] });

    // a member, a stranger: no dashboard; another family's manager sees only their own
    expect([(await a!.v.get('/api/family/dashboard')).statusCode, codeOf(await a!.v.get('/api/family/dashboard'))]).toEqual([403, 'FAMILY_MANAGER_ONLY']);
    expect((await (await account()).v.get('/api/family/dashboard')).statusCode).toBe(404);
    const other = await family(1);
    const theirs = FamilyDashboardSchema.parse((await other.manager.v.get('/api/family/dashboard')).json());
    expect(theirs.members.map((m) => m.userId)).toEqual([other.members[0]!.id]);
  });

  it("counts and lists a member's scans checked on their device (only their verdicts reach the server), from when they joined", async () => {
    ahead = -10 * DAY;
    const { manager, members } = await family(1).finally(() => (ahead = 0));
    const [a] = members;
    const at = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const id = (n: number) => n.toString(16).padStart(32, '0');
    const sync = await a!.v.post('/api/device-scans', {
      scans: [
        { id: id(1), threatLevel: 'phishing', scannedAt: at(1) },
        { id: id(2), threatLevel: 'safe', scannedAt: at(2) },
        { id: id(3), threatLevel: 'suspicious', scannedAt: at(4) },
        // before they joined: never shown
        { id: id(4), threatLevel: 'phishing', scannedAt: at(12) },
      ],
    });
    expect(sync.statusCode).toBe(200);
    await insertMessage(ctx.database, a!.id, { threatLevel: 'phishing', scanDate: new Date(Date.now() - 3 * DAY), content: 'SECRET-KEPT' });

    const dashboard = FamilyDashboardSchema.parse((await manager.v.get('/api/family/dashboard')).json());
    const [member] = dashboard.members;
    expect(member!.counts).toEqual({ phishing: 2, suspicious: 1, safe: 1 });
    expect(member!.alerts.map((x) => [x.source, x.threatLevel])).toEqual([
      [null, 'phishing'],
      ['manual', 'phishing'],
      [null, 'suspicious'],
    ]);
  });

  it("keeps each member's messages their own: not the manager's, not another member's", async () => {
    const { manager, members } = await family(2);
    const [a, b] = members;
    const id = await insertMessage(ctx.database, a!.id, { threatLevel: 'phishing', scanDate: new Date(), content: 'only mine' });
    for (const v of [manager.v, b!.v]) {
      expect((await v.get(`/api/messages/${id}`)).statusCode).toBe(404);
      expect(JSON.stringify((await v.get('/api/messages')).json())).not.toContain('only mine');
      expect((await v.delete(`/api/messages/${id}`)).statusCode).toBe(404);
    }
    // a member learns whose family it is, not who else is in it
    const memberView = await view(b!.v);
    expect(JSON.stringify(memberView)).not.toContain(a!.email);
    expect(Object.keys(memberView).sort()).toEqual(['joinedAt', 'manager', 'planActive', 'planEndsAt', 'protectionManaged', 'role']);
    expect(await ctx.database.db.select().from(messages).where(eq(messages.id, id))).toHaveLength(1);
  });

  it('keeps managed switches when the member signs in from a guest who changed theirs', async () => {
    const { manager, members } = await family(1);
    const kid = members[0]!;
    // taken over with no switches given: the member's (default) switches are stored now
    expect((await manager.v.patch(`/api/family/members/${kid.id}/protection`, { managed: true })).statusCode).toBe(200);
    const guest = visitor();
    expect((await guest.patch('/api/protection-settings', { smsProtection: false, emailProtection: false, socialMediaProtection: false })).statusCode).toBe(200);
    expect((await guest.post('/api/auth/sign-in', { email: kid.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await guest.get('/api/protection-settings')).json()).toMatchObject({ smsProtection: true, emailProtection: true, socialMediaProtection: true });
    expect(await view(guest)).toMatchObject({ role: 'member', protectionManaged: true });
  });

  it("lets the manager set a member's switches, read-only for the member while managed", async () => {
    const { manager, members } = await family(2);
    const [a, b] = members;
    const set = await manager.v.patch(`/api/family/members/${a!.id}/protection`, { settings: { smsProtection: false, onDeviceScanning: true }, managed: true });
    expect(set.statusCode).toBe(200);
    const expected = { smsProtection: false, emailProtection: true, socialMediaProtection: true, onDeviceScanning: true };
    expect(set.json()).toEqual({ protection: expected, protectionManaged: true });
    expect((await a!.v.get('/api/protection-settings')).json()).toEqual(expected);
    expect(await view(a!.v)).toMatchObject({ role: 'member', protectionManaged: true });
    const managerView = await view(manager.v);
    expect(managerView.role === 'manager' && managerView.members.find((m) => m.userId === a!.id)).toMatchObject({ protection: expected, protectionManaged: true });

    const flip = await a!.v.patch('/api/protection-settings', { smsProtection: true });
    expect([flip.statusCode, codeOf(flip)]).toEqual([403, 'PROTECTION_MANAGED']);
    expect((await a!.v.get('/api/protection-settings')).json()).toEqual(expected);
    // the other member is not managed
    expect((await b!.v.patch('/api/protection-settings', { smsProtection: false })).statusCode).toBe(200);

    // a member, a stranger, another family's manager: no controls
    for (const [who, status, code] of [
      [b!.v, 403, 'FAMILY_MANAGER_ONLY'],
      [(await account()).v, 404, 'FAMILY_NOT_FOUND'],
      [(await family(1)).manager.v, 404, 'FAMILY_MEMBER_NOT_FOUND'],
    ] as const) {
      const res = await who.patch(`/api/family/members/${a!.id}/protection`, { settings: { smsProtection: true } });
      expect([res.statusCode, codeOf(res)]).toEqual([status, code]);
    }
    expect((await manager.v.patch(`/api/family/members/${a!.id}/protection`, {})).statusCode).toBe(400);
    expect((await manager.v.patch(`/api/family/members/${a!.id}/protection`, { settings: { volume: 3 } })).statusCode).toBe(400);

    // released: the member's own again
    expect((await manager.v.patch(`/api/family/members/${a!.id}/protection`, { managed: false })).json()).toEqual({ protection: expected, protectionManaged: false });
    expect((await a!.v.patch('/api/protection-settings', { smsProtection: true })).statusCode).toBe(200);

    // managed again, then the plan lapses: the switches are theirs again
    await manager.v.patch(`/api/family/members/${a!.id}/protection`, { managed: true });
    expect(codeOf(await a!.v.patch('/api/protection-settings', { emailProtection: false }))).toBe('PROTECTION_MANAGED');
    await cancelNow(manager.v);
    expect(await view(a!.v)).toMatchObject({ protectionManaged: false });
    expect((await a!.v.patch('/api/protection-settings', { emailProtection: false })).statusCode).toBe(200);
    // and removed members are never managed
    await upgrade(manager.v, 'family');
    expect(codeOf(await a!.v.patch('/api/protection-settings', { emailProtection: true }))).toBe('PROTECTION_MANAGED');
    await manager.v.delete(`/api/family/members/${a!.id}`);
    expect((await a!.v.patch('/api/protection-settings', { emailProtection: true })).statusCode).toBe(200);
  });

  it('refuses malformed requests with 400 and stores nothing', async () => {
    const manager = await account('family');
    for (const body of [{ email: 'not an email', adultConfirmed: true }, { email: 'a@example.com', adultConfirmed: 'yes' }, { email: 'a@example.com', adultConfirmed: true, role: 'manager' }, {}]) {
      const res = await manager.v.post('/api/family/invitations', body);
      expect(res.statusCode).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
    expect(await ctx.database.db.select().from(families).where(eq(families.managerId, manager.id))).toHaveLength(0);
    for (const body of [{}, { token: 42 }, { token: newInvitationToken(), extra: true }]) {
      const res = await manager.v.post('/api/family/join', body);
      expect([res.statusCode, codeOf(res)]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await ctx.database.db.select().from(familyMembers).where(eq(familyMembers.userId, manager.id))).toHaveLength(0);
  });
});

import { MyDataExportSchema } from '@baitcheck/contracts';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { signUp, TEST_PASSWORD, upgrade } from '../../test/plans.ts';
import { EXPORT_PAGE_ROWS } from './my-data.service.ts';

// Issue 21, "Your data": 'Download my data' and 'Delete my account'.

const SCAM = 'URGENT: your account is suspended. Click http://paypa1-secure.com/login to verify within 24 hours';
const DETAILS = { reasons: [], reasonDetails: [], highlights: [], recommendations: [], checks: [], notes: [] };

async function exportOf(visitor: Visitor) {
  const res = await visitor.get('/api/account/export');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="baitcheck-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
  expect(res.headers['cache-control']).toBe('no-store');
  return MyDataExportSchema.parse(JSON.parse(res.body));
}

/** Every row of every table of the database that names `userId` or `email` anywhere in it. */
async function rowsNaming(database: Database, userId: string, email: string): Promise<string[]> {
  const rows = (q: ReturnType<typeof sql>) => database.db.execute(q) as unknown as Promise<{ rows: Record<string, unknown>[] }>;
  const tables = (await rows(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).rows.map((r) => String(r.table_name));
  expect(tables).toContain('messages');
  const found: string[] = [];
  for (const table of tables) {
    const hits = await rows(sql`select t::text as row from ${sql.identifier(table)} t where t::text ilike ${`%${userId}%`} or t::text ilike ${`%${email}%`}`);
    for (const hit of hits.rows) found.push(`${table}: ${String(hit.row).slice(0, 200)}`);
  }
  return found;
}

describeWithDatabases('your data', (ctx) => {
  it("'Download my data' holds the history whole, the reports, blocked senders and preferences, and nobody else's", async () => {
    const person = ctx.visitor();
    const email = await signUp(person);
    const scanned = await person.post('/api/scan/text', { content: SCAM, sender: '+1 555 0100', source: 'sms' });
    expect(scanned.statusCode).toBe(200);
    await person.post('/api/scan/text', { content: 'Hi Sam, lunch at 1 tomorrow?', sender: 'Ann', source: 'sms' });
    expect((await person.post('/api/reports', { messageId: scanned.json().message.id, note: 'my bank never texts' })).statusCode).toBe(201);
    expect((await person.post('/api/blocked-senders', { sender: '+1 555 0100' })).statusCode).toBe(201);
    expect((await person.patch('/api/notification-preferences', { sensitivity: 5 })).statusCode).toBe(200);
    const other = ctx.visitor();
    await other.post('/api/scan/text', { content: 'someone else’s message', sender: '', source: 'sms' });

    const data = await exportOf(person);
    expect(data.account).toMatchObject({ kind: 'account', email });
    expect(data.history.map((m) => m.content)).toEqual(['Hi Sam, lunch at 1 tomorrow?', SCAM]);
    expect(data.history[1]).toMatchObject({ sender: '+1 555 0100', threatLevel: 'phishing' });
    expect(data.history[1]!.threatDetails.reasons.length).toBeGreaterThan(0);
    expect(data.reports).toHaveLength(1);
    expect(data.reports[0]).toMatchObject({ note: 'my bank never texts', content: SCAM });
    expect(data.blockedSenders.map((b) => b.sender)).toEqual(['+1 555 0100']);
    expect(data.notificationPreferences.sensitivity).toBe(5);
    expect(data.subscription.plan).toBe('basic');
    expect(JSON.stringify(data)).not.toContain('someone else');
  });

  it('writes a long history out page by page, newest first, each message once; a newcomer gets an empty document', async () => {
    const person = ctx.visitor();
    const userId = await userIdOf(ctx.database, person);
    const count = EXPORT_PAGE_ROWS * 2 + 17;
    const start = Date.now() - 60_000;
    // some share a time: the pages must still take each message once
    await ctx.database.db.insert(messages).values(
      Array.from({ length: count }, (_, i) => ({ userId, kind: 'text' as const, content: `message ${i}`, threatLevel: 'safe' as const, score: 0.1, threatDetails: DETAILS, scanDate: new Date(start + Math.floor(i / 3) * 1000) })),
    );
    const data = await exportOf(person);
    expect(data.history).toHaveLength(count);
    expect(new Set(data.history.map((m) => m.id)).size).toBe(count);
    const times = data.history.map((m) => Date.parse(m.scanDate));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const newcomer = makeVisitor(ctx.app);
    const empty = await exportOf(newcomer);
    expect(empty).toMatchObject({ account: { kind: 'guest', email: null }, history: [], reports: [], blockedSenders: [] });
    // asking stores nothing: no guest is made for it
    expect(newcomer.cookie).toBeUndefined();
  });

  it("'Delete my account' needs the password, an account and no plan that still renews", async () => {
    const guest = ctx.visitor();
    await guest.post('/api/scan/text', { content: 'hello', sender: '', source: 'sms' });
    expect((await guest.post('/api/auth/delete-account', { password: 'anything at all' })).json().error.code).toBe('NOT_SIGNED_IN');

    const person = ctx.visitor();
    await signUp(person);
    const wrong = await person.post('/api/auth/delete-account', { password: 'not the password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('CURRENT_PASSWORD_WRONG');
    expect((await person.post('/api/auth/delete-account', {})).json().error.code).toBe('VALIDATION_FAILED');

    await upgrade(person, 'premium');
    const renewing = await person.post('/api/auth/delete-account', { password: TEST_PASSWORD });
    expect(renewing.statusCode).toBe(409);
    expect(renewing.json().error.code).toBe('PLAN_STILL_ACTIVE');
    expect((await person.get('/api/auth/me')).json().user.kind).toBe('account');
    // cancelled at the end of the period: nothing more will be charged, so the account can go
    expect((await person.post('/api/subscription/cancel', { refund: false })).statusCode).toBe(200);
    expect((await person.post('/api/auth/delete-account', { password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('deletes everything of the account in every table and signs out every browser', async () => {
    const person = ctx.visitor();
    const email = await signUp(person);
    const userId = await userIdOf(ctx.database, person);
    const scanned = await person.post('/api/scan/text', { content: SCAM, sender: '+1 555 0100', source: 'sms' });
    await person.post('/api/reports', { messageId: scanned.json().message.id, note: 'fake' });
    await person.post('/api/blocked-senders', { sender: '+1 555 0100' });
    await person.patch('/api/notification-preferences', { sensitivity: 4 });
    await person.patch('/api/protection-settings', { smsProtection: false });
    const synced = await person.post('/api/device-scans', { scans: [{ id: 'd'.repeat(32), threatLevel: 'phishing', scannedAt: new Date().toISOString() }] });
    expect(synced.statusCode, synced.body).toBeLessThan(300);
    const asked = await person.post('/api/contact-support', { name: 'Sam Lee', email, subject: 'A question', message: 'How do I block a number?' });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    // a second browser signed in to the same account
    const phone = ctx.visitor();
    expect((await phone.post('/api/auth/sign-in', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const bystander = ctx.visitor();
    await bystander.post('/api/scan/text', { content: 'not theirs', sender: '', source: 'sms' });
    expect(await rowsNaming(ctx.database, userId, email)).not.toEqual([]);

    const deleted = await person.post('/api/auth/delete-account', { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect(await rowsNaming(ctx.database, userId, email)).toEqual([]);
    // the other browser's session is gone, cached or not: it goes on as a new guest, and what it
    // stores is its own (it was answered 500 while its cached session named the deleted user)
    expect((await phone.get('/api/auth/me')).json().user.kind).toBe('guest');
    const after = await phone.post('/api/scan/text', { content: 'hello again', sender: '', source: 'sms' });
    expect(after.statusCode, after.body).toBe(200);
    expect((await phone.get('/api/auth/me')).json().user.kind).toBe('guest');
    expect((await person.get('/api/auth/me')).json().user.kind).toBe('guest');
    expect((await ctx.visitor().post('/api/auth/sign-in', { email, password: TEST_PASSWORD })).statusCode).toBe(401);
    // nobody else lost anything
    expect((await bystander.get('/api/messages')).json()).toHaveLength(1);
    // and the email can make a new account
    expect((await ctx.visitor().post('/api/auth/sign-up', { email, password: TEST_PASSWORD })).statusCode).toBe(201);
  });
});

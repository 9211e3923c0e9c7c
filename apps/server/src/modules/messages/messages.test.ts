import { MessageListSchema, MessageSchema } from '@baitcheck/contracts';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insertMessage, userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases } from '../../test/harness.ts';

const HOUR = 60 * 60 * 1000;

describeWithDatabases('GET /api/messages', (ctx) => {
  it('lists the visitor’s messages newest first, limited and filtered by verdict', async () => {
    const visitor = ctx.visitor();
    const userId = await userIdOf(ctx.database, visitor);
    const now = Date.now();
    const oldest = await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: new Date(now - 3 * HOUR) });
    const middle = await insertMessage(ctx.database, userId, { threatLevel: 'safe', scanDate: new Date(now - 2 * HOUR) });
    const newest = await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: new Date(now - 1 * HOUR) });

    const all = await visitor.get('/api/messages');
    expect(all.statusCode).toBe(200);
    const list = MessageListSchema.parse(all.json());
    expect(list.map((m) => m.id)).toEqual([newest, middle, oldest]);
    expect(new Date(list[0]!.scanDate).getTime()).toBe(now - HOUR);

    expect((await visitor.get('/api/messages?limit=2')).json().map((m: { id: string }) => m.id)).toEqual([newest, middle]);
    expect((await visitor.get('/api/messages?threatLevel=phishing')).json().map((m: { id: string }) => m.id)).toEqual([newest, oldest]);
    expect((await visitor.get('/api/messages?threatLevel=suspicious')).json()).toEqual([]);
  });

  it('reads a page longer than one read (100 rows) whole and in order, with the cursor of the next', async () => {
    const visitor = ctx.visitor();
    const userId = await userIdOf(ctx.database, visitor);
    const now = Date.now();
    const ids: string[] = [];
    // 230 scans, newest first; two of them at the same moment (the id then orders them)
    for (let i = 0; i < 230; i++) ids.push(await insertMessage(ctx.database, userId, { threatLevel: i % 3 === 0 ? 'phishing' : 'safe', scanDate: new Date(now - (i === 150 ? 149 : i) * 1000) }));
    const sameMoment = [ids[149]!, ids[150]!].sort().reverse();
    const expected = [...ids.slice(0, 149), ...sameMoment, ...ids.slice(151)];
    const first = await visitor.get('/api/messages?limit=210');
    expect(first.json().map((m: { id: string }) => m.id)).toEqual(expected.slice(0, 210));
    const next = first.headers['x-next-cursor'] as string;
    expect(next).toBeDefined();
    const rest = await visitor.get(`/api/messages?limit=210&before=${encodeURIComponent(next)}`);
    expect(rest.json().map((m: { id: string }) => m.id)).toEqual(expected.slice(210));
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    // a filtered page shorter than the limit: all of them, and no next page announced
    const phishing = new Set(ids.filter((_, i) => i % 3 === 0));
    const filtered = await visitor.get('/api/messages?limit=100&threatLevel=phishing');
    expect(filtered.json().map((m: { id: string }) => m.id)).toEqual(expected.filter((id) => phishing.has(id)));
    expect(filtered.headers['x-next-cursor']).toBeUndefined();
    // exactly one read's worth with more behind it: the next page is announced
    const hundred = await visitor.get('/api/messages?limit=100');
    expect(hundred.json()).toHaveLength(100);
    expect(hundred.headers['x-next-cursor']).toBeDefined();
  });

  it('gives rows saved before checks and notes existed empty lists for them', async () => {
    const visitor = ctx.visitor();
    const userId = await userIdOf(ctx.database, visitor);
    const id = await insertMessage(ctx.database, userId, { threatLevel: 'safe', scanDate: new Date() });
    await ctx.database.db.execute(sql`update messages set threat_details = threat_details - 'checks' - 'notes' where id = ${id}`);
    const message = (await visitor.get(`/api/messages/${id}`)).json();
    expect(message.threatDetails.checks).toEqual([]);
    expect(message.threatDetails.notes).toEqual([]);
    expect(MessageSchema.safeParse(message).success).toBe(true);
    expect(MessageListSchema.safeParse((await visitor.get('/api/messages')).json()).success).toBe(true);
  });

  it.each([['limit=0'], ['limit=abc'], ['limit=1001'], ['limit=2.5'], ['threatLevel=dangerous'], ['before=yesterday'], ['before=2025-13-45T99:00:00Z_x'], ['before=0000-01-01T00:00:00Z_x'], ['before=1969-12-31T23:59:59Z_x']])('rejects ?%s with 400', async (query) => {
    const res = await ctx.visitor().get(`/api/messages?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details[0].field).toBe(query.split('=')[0]);
  });
});

describeWithDatabases('DELETE /api/messages/:id', (ctx) => {
  it('deletes the visitor’s message, then answers 404 for it', async () => {
    const visitor = ctx.visitor();
    const { message } = (await visitor.post('/api/scan/text', { content: 'See you at 6' })).json();
    const res = await visitor.delete(`/api/messages/${message.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await visitor.get('/api/messages')).json()).toEqual([]);

    const again = await visitor.delete(`/api/messages/${message.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('MESSAGE_NOT_FOUND');
  });

  it('answers 404 for an id that never existed', async () => {
    const res = await ctx.visitor().delete('/api/messages/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('MESSAGE_NOT_FOUND');
  });

  it('rejects an over-long id with 400', async () => {
    const res = await ctx.visitor().delete(`/api/messages/${'x'.repeat(65)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('id');
  });
});

describeWithDatabases('two visitors', (ctx) => {
  it('keep separate sessions and cannot see, delete or report each other’s messages', async () => {
    const a = ctx.visitor();
    const b = ctx.visitor();
    const { message } = (await a.post('/api/scan/text', { content: 'Your parcel is waiting, pay the fee at http://bit.ly/xyz', sender: 'DHL' })).json();
    await b.patch('/api/protection-settings', { smsProtection: true });
    expect(a.cookie).toBeDefined();
    expect(b.cookie).toBeDefined();
    expect(a.cookie).not.toBe(b.cookie);

    expect((await b.get('/api/messages')).json()).toEqual([]);
    const stats = (await b.get('/api/message-stats')).json();
    expect([stats.phishing, stats.suspicious, stats.safe]).toEqual([0, 0, 0]);

    const del = await b.delete(`/api/messages/${message.id}`);
    expect(del.statusCode).toBe(404);
    expect(del.json().error.code).toBe('MESSAGE_NOT_FOUND');

    const report = await b.post('/api/reports', { messageId: message.id });
    expect(report.statusCode).toBe(404);
    expect(report.json().error.code).toBe('MESSAGE_NOT_FOUND');
    expect((await b.get('/api/reports')).json()).toEqual([]);

    const aList = (await a.get('/api/messages')).json();
    expect(aList.map((m: { id: string }) => m.id)).toEqual([message.id]);
  });
});

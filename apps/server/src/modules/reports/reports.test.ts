import { NEXT_CURSOR_HEADER, ReportListSchema, ReportSchema } from '@baitcheck/contracts';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { reports } from '../../db/schema.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { REPORTS_PAGE_SIZE } from './reports.service.ts';

/** Every report of `visitor`, page after page, and the size of each page. */
async function readAllPages(visitor: Visitor): Promise<{ ids: string[]; pages: number[]; largestBytes: number }> {
  const ids: string[] = [];
  const pages: number[] = [];
  let largestBytes = 0;
  let url: string | null = '/api/reports';
  while (url) {
    const res = await visitor.get(url);
    expect(res.statusCode).toBe(200);
    const page = ReportListSchema.parse(res.json());
    largestBytes = Math.max(largestBytes, res.body.length);
    pages.push(page.length);
    ids.push(...page.map((r) => r.id));
    const next = res.headers[NEXT_CURSOR_HEADER];
    url = typeof next === 'string' ? `/api/reports?before=${encodeURIComponent(next)}` : null;
  }
  return { ids, pages, largestBytes };
}

const SCAM = 'Congratulations! You won a $500 gift card. Click here to claim: http://bit.ly/claim-now';

describeWithDatabases('/api/reports', (ctx) => {
  it('reports a stored message by id, copying it, and keeps the report after the message is deleted', async () => {
    const visitor = ctx.visitor();
    const scan = (await visitor.post('/api/scan/text', { content: SCAM, sender: 'Rewards', source: 'sms' })).json();
    const res = await visitor.post('/api/reports', { messageId: scan.message.id, note: 'got this twice' });
    expect(res.statusCode).toBe(201);
    const report = ReportSchema.parse(res.json());
    expect(report).toMatchObject({
      kind: 'report',
      messageId: scan.message.id,
      content: SCAM,
      sender: 'Rewards',
      source: 'sms',
      threatLevel: scan.analysis.threatLevel,
      note: 'got this twice',
    });

    await visitor.delete(`/api/messages/${scan.message.id}`);
    const list = ReportListSchema.parse((await visitor.get('/api/reports')).json());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: report.id, messageId: null, content: SCAM });
  });

  it('reports an unsaved scan by content, as a false positive', async () => {
    const visitor = ctx.visitor();
    const res = await visitor.post('/api/reports', { kind: 'false_positive', content: 'Your code is 123456', sender: 'MyBank', source: 'sms', threatLevel: 'phishing' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'false_positive', messageId: null, content: 'Your code is 123456', threatLevel: 'phishing' });
  });

  it('lists the visitor’s reports newest first, and only theirs', async () => {
    const visitor = ctx.visitor();
    const first = (await visitor.post('/api/reports', { content: 'first' })).json();
    const second = (await visitor.post('/api/reports', { content: 'second' })).json();
    await ctx.visitor().post('/api/reports', { content: 'someone else' });
    const list = (await visitor.get('/api/reports')).json();
    expect(list.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
  });

  it('answers 404 for a message id that is not the visitor’s', async () => {
    const res = await ctx.visitor().post('/api/reports', { messageId: 'no-such-message' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('MESSAGE_NOT_FOUND');
  });

  it.each([
    ['neither message id nor content', {}, 'content'],
    ['whitespace content', { content: '   ' }, 'content'],
    ['an unknown kind', { kind: 'spam', content: 'x' }, 'kind'],
    ['an unknown source', { content: 'x', source: 'fax' }, 'source'],
    ['a content of the wrong type', { content: 5 }, 'content'],
  ])('rejects %s with 400 naming the field', async (_name, body, field) => {
    const visitor = ctx.visitor();
    const res = await visitor.post('/api/reports', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await visitor.get('/api/reports')).json()).toEqual([]);
  });

  it('answers a page at a time: at most 100 reports, newest first, the next page’s cursor in x-next-cursor (the whole list was one 494 MB answer)', async () => {
    const visitor = ctx.visitor();
    const first = ReportSchema.parse((await visitor.post('/api/reports', { content: 'the first' })).json());
    const [{ userId } = { userId: '' }] = await ctx.database.db.select({ userId: reports.userId }).from(reports).where(eq(reports.id, first.id));
    // 120 more, some in one millisecond whose microseconds differ: a page may end between them
    await ctx.database.db.insert(reports).values(
      Array.from({ length: 120 }, (_, i) => ({
        userId,
        kind: 'report' as const,
        content: `report ${i}`,
        createdAt: sql`${`2030-01-01T00:00:${String(Math.floor(i / 8)).padStart(2, '0')}.123${String(i % 8)}00Z`}::timestamptz`,
      })),
    );
    const { ids, pages } = await readAllPages(visitor);
    expect(pages).toEqual([REPORTS_PAGE_SIZE, 121 - REPORTS_PAGE_SIZE]);
    expect(new Set(ids).size).toBe(121);
    expect(ids.at(-1)).toBe(first.id);
    const all = await ctx.database.db.select({ id: reports.id }).from(reports).where(eq(reports.userId, userId)).orderBy(sql`${reports.createdAt} desc`);
    expect(new Set(ids)).toEqual(new Set(all.map((r) => r.id)));
  });

  it('ends a page at the byte budget (HISTORY_PAGE_BYTES), whatever the reports hold', async () => {
    const app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', rateLimits: false, historyPageBytes: 10_000 }, database: ctx.database, logger: false });
    try {
      const visitor = makeVisitor(app);
      for (let i = 0; i < 7; i++) expect((await visitor.post('/api/reports', { content: `${i} ${'long message '.repeat(230)}` })).statusCode).toBe(201);
      const { ids, pages, largestBytes } = await readAllPages(visitor);
      expect(pages).toEqual([3, 3, 1]);
      expect(new Set(ids).size).toBe(7);
      expect(largestBytes).toBeLessThanOrEqual(10_000);
    } finally {
      await app.close();
    }
  });

  it('refuses a cursor it did not make', async () => {
    const res = await ctx.visitor().get('/api/reports?before=yesterday');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain('before');
  });
});

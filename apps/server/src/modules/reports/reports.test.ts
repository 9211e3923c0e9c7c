import { ReportListSchema, ReportSchema } from '@baitcheck/contracts';
import { expect, it } from 'vitest';
import { describeWithDatabases } from '../../test/harness.ts';

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
});

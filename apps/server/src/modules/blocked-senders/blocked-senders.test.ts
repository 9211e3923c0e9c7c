import { BlockedSenderListSchema, BlockedSenderSchema } from '@baitcheck/contracts';
import { expect, it } from 'vitest';
import { describeWithDatabases } from '../../test/harness.ts';

describeWithDatabases('/api/blocked-senders', (ctx) => {
  it('blocks a sender once per visitor, whatever the case or spacing', async () => {
    const visitor = ctx.visitor();
    const created = await visitor.post('/api/blocked-senders', { sender: '  Prize-Desk@Example.com ' });
    expect(created.statusCode).toBe(201);
    const blocked = BlockedSenderSchema.parse(created.json());
    expect(blocked.sender).toBe('Prize-Desk@Example.com');

    const again = await visitor.post('/api/blocked-senders', { sender: 'prize-desk@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(blocked);

    const list = BlockedSenderListSchema.parse((await visitor.get('/api/blocked-senders')).json());
    expect(list).toEqual([blocked]);

    // The same sender is independent for another visitor.
    expect((await ctx.visitor().post('/api/blocked-senders', { sender: 'prize-desk@example.com' })).statusCode).toBe(201);
  });

  it('unblocks by id, and answers 404 afterwards and for another visitor', async () => {
    const a = ctx.visitor();
    const b = ctx.visitor();
    const first = (await a.post('/api/blocked-senders', { sender: '+44 7700 900123' })).json();
    const second = (await a.post('/api/blocked-senders', { sender: 'Courier' })).json();

    const foreign = await b.delete(`/api/blocked-senders/${first.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('BLOCKED_SENDER_NOT_FOUND');

    const res = await a.delete(`/api/blocked-senders/${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await a.get('/api/blocked-senders')).json()).toEqual([second]);
    expect((await a.delete(`/api/blocked-senders/${first.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['an empty sender', { sender: '' }],
    ['a whitespace sender', { sender: '   ' }],
    ['a missing sender', {}],
    ['a sender of the wrong type', { sender: 12 }],
  ])('rejects %s with 400', async (_name, body) => {
    const res = await ctx.visitor().post('/api/blocked-senders', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('sender');
  });
});

import { ProtectionStatusSchema } from '@baitcheck/contracts';
import { expect, it } from 'vitest';
import { insertMessage, userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases } from '../../test/harness.ts';

const HOUR = 60 * 60 * 1000;

describeWithDatabases('GET /api/protection-status', (ctx) => {
  it('is active with no recent phishing, even with older phishing and recent suspicious messages', async () => {
    const visitor = ctx.visitor();
    const userId = await userIdOf(ctx.database, visitor);
    expect((await visitor.get('/api/protection-status')).json()).toEqual({ status: 'active', phishingLast24h: 0, lastPhishingAt: null });
    await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: new Date(Date.now() - 25 * HOUR) });
    await insertMessage(ctx.database, userId, { threatLevel: 'suspicious', scanDate: new Date(Date.now() - HOUR) });
    expect((await visitor.get('/api/protection-status')).json()).toMatchObject({ status: 'active', phishingLast24h: 0 });
  });

  it('is alert after a phishing message in the last 24 hours, naming the newest', async () => {
    const visitor = ctx.visitor();
    const userId = await userIdOf(ctx.database, visitor);
    const newest = new Date(Date.now() - HOUR);
    await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: new Date(Date.now() - 5 * HOUR) });
    await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: newest });
    const res = await visitor.get('/api/protection-status');
    expect(res.statusCode).toBe(200);
    const status = ProtectionStatusSchema.parse(res.json());
    expect(status).toEqual({ status: 'alert', phishingLast24h: 2, lastPhishingAt: newest.toISOString() });

    // The alert is this visitor's alone.
    expect((await ctx.visitor().get('/api/protection-status')).json().status).toBe('active');
  });
});

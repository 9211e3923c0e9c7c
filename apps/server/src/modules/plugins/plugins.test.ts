import { expect, it } from 'vitest';
import { describeWithDatabases } from '../../test/harness.ts';

describeWithDatabases('plugins', (ctx) => {
  it('lists the installed plugins: none yet', async () => {
    const res = await ctx.visitor().get('/api/plugins');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });
});

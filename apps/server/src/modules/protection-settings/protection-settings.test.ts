import { expect, it } from 'vitest';
import { describeWithDatabases } from '../../test/harness.ts';

const DEFAULTS = { smsProtection: true, emailProtection: true, socialMediaProtection: true, onDeviceScanning: false };

describeWithDatabases('/api/protection-settings', (ctx) => {
  it('starts with the defaults', async () => {
    const res = await ctx.visitor().get('/api/protection-settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULTS);
  });

  it('changes only the booleans sent, and keeps them', async () => {
    const visitor = ctx.visitor();
    const first = await visitor.patch('/api/protection-settings', { smsProtection: false });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...DEFAULTS, smsProtection: false });

    const second = await visitor.patch('/api/protection-settings', { socialMediaProtection: false, emailProtection: false });
    expect(second.json()).toEqual({ ...DEFAULTS, smsProtection: false, socialMediaProtection: false, emailProtection: false });
    expect((await visitor.get('/api/protection-settings')).json()).toEqual(second.json());

    // Another visitor is untouched.
    expect((await ctx.visitor().get('/api/protection-settings')).json()).toEqual(DEFAULTS);
  });

  it.each([
    ['an unknown key', { smsProtection: true, pushNotifications: true }],
    ['an empty patch', {}],
    ['a non-boolean value', { smsProtection: 'false' }],
    ['a null value', { emailProtection: null }],
    ['an array body', [true]],
  ])('rejects %s with 400 and changes nothing', async (_name, body) => {
    const visitor = ctx.visitor();
    const res = await visitor.patch('/api/protection-settings', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details.length).toBeGreaterThan(0);
    expect((await visitor.get('/api/protection-settings')).json()).toEqual(DEFAULTS);
  });
});

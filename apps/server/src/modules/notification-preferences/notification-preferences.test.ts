import { expect, it } from 'vitest';
import { describeWithDatabases } from '../../test/harness.ts';

describeWithDatabases('notification preferences', (ctx) => {
  it('starts from the defaults of the specification', async () => {
    const res = await ctx.visitor().get('/api/notification-preferences');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      types: { phishing_alerts: true, security_updates: true, suspicious_content: true, tips_and_education: false },
      channels: { push: true, email: false, sms: false },
      sensitivity: 3,
    });
  });

  it('changes only what is named, and keeps it for the visitor alone', async () => {
    const v = ctx.visitor();
    await v.patch('/api/notification-preferences', { types: { tips_and_education: true } });
    await v.patch('/api/notification-preferences', { channels: { email: true } });
    const res = await v.patch('/api/notification-preferences', { sensitivity: 5 });
    expect(res.json()).toEqual({
      types: { phishing_alerts: true, security_updates: true, suspicious_content: true, tips_and_education: true },
      channels: { push: true, email: true, sms: false },
      sensitivity: 5,
    });
    expect((await v.get('/api/notification-preferences')).json().sensitivity).toBe(5);
    expect((await ctx.visitor().get('/api/notification-preferences')).json().sensitivity).toBe(3);
  });

  it.each([
    ['a sensitivity out of range', { sensitivity: 6 }],
    ['a sensitivity that is not whole', { sensitivity: 2.5 }],
    ['an unknown type', { types: { lottery_wins: true } }],
    ['an unknown field', { volume: 11 }],
    ['nothing to change', {}],
    ['a channel that is not a switch', { channels: { push: 'yes' } }],
  ])('refuses %s (400) and changes nothing', async (_name, body) => {
    const v = ctx.visitor();
    const res = await v.patch('/api/notification-preferences', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect((await v.get('/api/notification-preferences')).json().sensitivity).toBe(3);
  });
});

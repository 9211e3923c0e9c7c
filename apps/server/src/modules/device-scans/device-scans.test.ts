import { MessageStatsSchema, ProtectionSettingsSchema, SyncDeviceScansResponseSchema } from '@baitcheck/contracts';
import { expect, it } from 'vitest';
import { describeWithDatabases, type Visitor } from '../../test/harness.ts';
import { cancelNow, signedUpVisitor, upgrade } from '../../test/plans.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const hexId = () => crypto.randomUUID().replaceAll('-', '');
const verdict = (threatLevel: 'safe' | 'suspicious' | 'phishing', at = new Date()) => ({ id: hexId(), threatLevel, scannedAt: at.toISOString() });

describeWithDatabases('on-device scanning', (ctx) => {
  it('turns on for a paid plan only, and reads off again when the plan ends', async () => {
    const person = await signedUpVisitor(ctx.app);
    const refused = await person.patch('/api/protection-settings', { onDeviceScanning: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ON_DEVICE_PLAN_REQUIRED');
    // a guest neither
    expect((await ctx.visitor().patch('/api/protection-settings', { onDeviceScanning: true })).json().error.code).toBe('ON_DEVICE_PLAN_REQUIRED');
    // turning it off is always allowed
    expect((await person.patch('/api/protection-settings', { onDeviceScanning: false })).statusCode).toBe(200);

    await upgrade(person, 'premium');
    const on = await person.patch('/api/protection-settings', { onDeviceScanning: true });
    expect(on.statusCode).toBe(200);
    expect(ProtectionSettingsSchema.parse(on.json()).onDeviceScanning).toBe(true);

    await cancelNow(person);
    expect(ProtectionSettingsSchema.parse((await person.get('/api/protection-settings')).json()).onDeviceScanning).toBe(false);
    // back on a paid plan, the choice made before holds again
    await upgrade(person, 'premium');
    expect(ProtectionSettingsSchema.parse((await person.get('/api/protection-settings')).json()).onDeviceScanning).toBe(true);
  });

  it("counts the verdicts a device sends in the dashboard and the banner, once each, and never another person's", async () => {
    const person = await signedUpVisitor(ctx.app);
    await upgrade(person, 'premium');
    const scans = [verdict('phishing'), verdict('suspicious'), verdict('safe'), verdict('safe')];
    const res = await person.post('/api/device-scans', { scans });
    expect(res.statusCode).toBe(200);
    expect(SyncDeviceScansResponseSchema.parse(res.json())).toEqual({ stored: 4, known: 0, skipped: 0 });
    // a resend (the answer was lost) stores nothing twice
    expect((await person.post('/api/device-scans', { scans })).json()).toEqual({ stored: 0, known: 4, skipped: 0 });

    const stats = MessageStatsSchema.parse((await person.get('/api/message-stats?timeZone=UTC')).json());
    expect({ phishing: stats.phishing, suspicious: stats.suspicious, safe: stats.safe }).toEqual({ phishing: 1, suspicious: 1, safe: 2 });
    expect(stats.lastSevenDays.at(-1)).toMatchObject({ phishing: 1, suspicious: 1, safe: 2 });
    const status = (await person.get('/api/protection-status')).json();
    expect(status).toMatchObject({ status: 'alert', phishingLast24h: 1 });

    // someone else sees none of it, and cannot delete it
    const other = await signedUpVisitor(ctx.app);
    const theirs = MessageStatsSchema.parse((await other.get('/api/message-stats?timeZone=UTC')).json());
    expect(theirs.phishing + theirs.suspicious + theirs.safe).toBe(0);
    expect((await other.delete(`/api/device-scans/${scans[0]!.id}`)).json().error.code).toBe('DEVICE_SCAN_NOT_FOUND');

    // deleted on the device, it is no longer counted
    expect((await person.delete(`/api/device-scans/${scans[0]!.id}`)).json()).toEqual({ success: true });
    expect((await person.delete(`/api/device-scans/${scans[0]!.id}`)).statusCode).toBe(404);
    expect(MessageStatsSchema.parse((await person.get('/api/message-stats?timeZone=UTC')).json()).phishing).toBe(0);
    expect((await person.get('/api/protection-status')).json()).toMatchObject({ status: 'active', phishingLast24h: 0 });
  });

  it('takes a time ahead of the clock as now, and keeps nothing older than the history window', async () => {
    const person = await signedUpVisitor(ctx.app);
    await upgrade(person, 'premium');
    const ahead = verdict('phishing', new Date(Date.now() + 3 * DAY_MS));
    const old = verdict('phishing', new Date(Date.now() - 31 * DAY_MS));
    const res = await person.post('/api/device-scans', { scans: [ahead, old, ahead] });
    expect(res.json()).toEqual({ stored: 1, known: 0, skipped: 1 });
    const stats = MessageStatsSchema.parse((await person.get('/api/message-stats?timeZone=UTC')).json());
    expect(stats.phishing).toBe(1);
    expect(stats.lastSevenDays.at(-1)!.phishing).toBe(1);
  });

  it('needs an account', async () => {
    const guest = ctx.visitor();
    const res = await guest.post('/api/device-scans', { scans: [verdict('safe')] });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'ACCOUNT_REQUIRED', message: expect.stringContaining('on your devices') });
  });

  let person: Visitor | undefined;
  it.each([
    ['content beside the verdict', { scans: [{ ...verdict('safe'), content: 'Your parcel is waiting' }] }],
    ['a sender beside the verdict', { scans: [{ ...verdict('safe'), sender: '+447700900123' }] }],
    ['another field at the top', { scans: [verdict('safe')], content: 'x' }],
    ['no scans', { scans: [] }],
    ['101 scans', { scans: Array.from({ length: 101 }, () => verdict('safe')) }],
    ['an unknown verdict', { scans: [{ ...verdict('safe'), threatLevel: 'dangerous' }] }],
    ['an id that is not 32 hex characters', { scans: [{ ...verdict('safe'), id: '../../etc' }] }],
    ['a date without an offset', { scans: [{ ...verdict('safe'), scannedAt: '2026-11-27T10:00:00' }] }],
    ['a date before 1970', { scans: [{ ...verdict('safe'), scannedAt: '0001-01-01T00:00:00Z' }] }],
  ])('refuses %s with 400, storing nothing', async (_name, body) => {
    // one account for all cases: sign-ups from one address are limited
    person ??= await signedUpVisitor(ctx.app);
    const res = await person.post('/api/device-scans', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    const stats = MessageStatsSchema.parse((await person.get('/api/message-stats?timeZone=UTC')).json());
    expect(stats.phishing + stats.suspicious + stats.safe).toBe(0);
  });
});

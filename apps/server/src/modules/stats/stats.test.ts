import { MessageStatsSchema } from '@baitcheck/contracts';
import { describe, expect, it } from 'vitest';
import { insertMessage, userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases } from '../../test/harness.ts';
import { signUp, upgrade } from '../../test/plans.ts';
import { lastLocalDates } from './stats.service.ts';

const DAY = 24 * 60 * 60 * 1000;

function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

describe('lastLocalDates', () => {
  it('lists seven local dates ending with the local today, across a month end', () => {
    const now = new Date('2025-03-02T03:00:00Z');
    expect(lastLocalDates(now, 'UTC', 7)).toEqual(['2025-02-24', '2025-02-25', '2025-02-26', '2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02']);
    // 03:00 UTC is still the evening before in Los Angeles.
    expect(lastLocalDates(now, 'America/Los_Angeles', 7).at(-1)).toBe('2025-03-01');
  });

  it('does not skip or repeat a day across a DST change', () => {
    const dates = lastLocalDates(new Date('2025-03-31T12:00:00Z'), 'Europe/Berlin', 7);
    expect(dates).toEqual(['2025-03-25', '2025-03-26', '2025-03-27', '2025-03-28', '2025-03-29', '2025-03-30', '2025-03-31']);
  });
});

describeWithDatabases('GET /api/message-stats', (ctx) => {
  it('counts the last 30 days by verdict and fills seven local days, today last', async () => {
    // on Premium: its history keeps 30 days, the whole dashboard window
    const visitor = ctx.visitor();
    await signUp(visitor);
    await upgrade(visitor, 'premium');
    const userId = await userIdOf(ctx.database, visitor);
    const now = Date.now();
    await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: new Date(now - 60_000) });
    await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: new Date(now - 2 * DAY) });
    await insertMessage(ctx.database, userId, { threatLevel: 'suspicious', scanDate: new Date(now - 2 * DAY) });
    await insertMessage(ctx.database, userId, { threatLevel: 'safe', scanDate: new Date(now - 10 * DAY) });
    await insertMessage(ctx.database, userId, { threatLevel: 'safe', scanDate: new Date(now - 31 * DAY) });

    const res = await visitor.get('/api/message-stats');
    expect(res.statusCode).toBe(200);
    const stats = MessageStatsSchema.parse(res.json());
    expect(stats).toMatchObject({ phishing: 2, suspicious: 1, safe: 1, windowDays: 30 });
    expect(stats.lastSevenDays).toHaveLength(7);
    expect(stats.lastSevenDays.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => utcDate(now - (6 - i) * DAY)));
    expect(stats.lastSevenDays[6]).toMatchObject({ phishing: 1, suspicious: 0, safe: 0 });
    expect(stats.lastSevenDays[4]).toMatchObject({ phishing: 1, suspicious: 1, safe: 0 });
    const totalInChart = stats.lastSevenDays.reduce((n, d) => n + d.phishing + d.suspicious + d.safe, 0);
    expect(totalInChart).toBe(3);
  });

  it("counts only the Basic plan's 7 days of history, and says so", async () => {
    const visitor = ctx.visitor();
    const userId = await userIdOf(ctx.database, visitor);
    const now = Date.now();
    await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: new Date(now - 60_000) });
    await insertMessage(ctx.database, userId, { threatLevel: 'suspicious', scanDate: new Date(now - 6 * DAY) });
    // past the history window: not shown anywhere, even before the retention job deletes it
    await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: new Date(now - 7 * DAY - 60_000) });
    await insertMessage(ctx.database, userId, { threatLevel: 'safe', scanDate: new Date(now - 10 * DAY) });
    const stats = MessageStatsSchema.parse((await visitor.get('/api/message-stats')).json());
    expect(stats).toMatchObject({ phishing: 1, suspicious: 1, safe: 0, windowDays: 7 });
    expect(stats.lastSevenDays.reduce((n, d) => n + d.phishing + d.suspicious + d.safe, 0)).toBe(2);
  });

  it('buckets days in the time zone asked for', async () => {
    const visitor = ctx.visitor();
    const userId = await userIdOf(ctx.database, visitor);
    // 00:30 UTC yesterday is the afternoon of the day before in Los Angeles.
    const yesterdayUtc = utcDate(Date.now() - DAY);
    const instant = new Date(`${yesterdayUtc}T00:30:00Z`);
    await insertMessage(ctx.database, userId, { threatLevel: 'phishing', scanDate: instant });
    const dayBefore = utcDate(instant.getTime() - DAY);

    const utc = (await visitor.get('/api/message-stats?tz=UTC')).json();
    expect(utc.lastSevenDays.find((d: { date: string }) => d.date === yesterdayUtc).phishing).toBe(1);
    expect(utc.lastSevenDays.find((d: { date: string }) => d.date === dayBefore).phishing).toBe(0);

    const la = (await visitor.get(`/api/message-stats?tz=${encodeURIComponent('America/Los_Angeles')}`)).json();
    expect(la.lastSevenDays.find((d: { date: string }) => d.date === dayBefore).phishing).toBe(1);
    expect(la.lastSevenDays.find((d: { date: string }) => d.date === yesterdayUtc)?.phishing ?? 0).toBe(0);
  });

  it('accepts a time zone in any letter case', async () => {
    const res = await ctx.visitor().get('/api/message-stats?tz=america/new_york');
    expect(res.statusCode).toBe(200);
    expect(res.json().lastSevenDays).toHaveLength(7);
  });

  it('rejects an unknown time zone with 400', async () => {
    const res = await ctx.visitor().get('/api/message-stats?tz=Mars/Olympus_Mons');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('tz');
  });
});

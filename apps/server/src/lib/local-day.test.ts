import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, localDayBounds } from './local-day.ts';

const bounds = (now: string, tz: string) => {
  const { start, end } = localDayBounds(new Date(now), tz);
  return { start: start.toISOString(), end: end.toISOString() };
};

describe('localDayBounds', () => {
  it('is the UTC day in UTC', () => {
    expect(bounds('2026-03-10T22:30:00.123Z', 'UTC')).toEqual({ start: '2026-03-10T00:00:00.000Z', end: '2026-03-11T00:00:00.000Z' });
  });

  it('is the local day west and east of Greenwich, and at half and three-quarter hours', () => {
    // 22:30 UTC is 18:30 in New York (summer time since 8 March) and 07:30 the next day in Tokyo
    expect(bounds('2026-03-10T22:30:00Z', 'America/New_York')).toEqual({ start: '2026-03-10T04:00:00.000Z', end: '2026-03-11T04:00:00.000Z' });
    expect(bounds('2026-03-10T22:30:00Z', 'Asia/Tokyo')).toEqual({ start: '2026-03-10T15:00:00.000Z', end: '2026-03-11T15:00:00.000Z' });
    expect(bounds('2026-03-10T22:30:00Z', 'Asia/Kolkata')).toEqual({ start: '2026-03-10T18:30:00.000Z', end: '2026-03-11T18:30:00.000Z' });
    expect(bounds('2026-03-10T22:30:00Z', 'Asia/Kathmandu')).toEqual({ start: '2026-03-10T18:15:00.000Z', end: '2026-03-11T18:15:00.000Z' });
    expect(bounds('2026-03-10T22:30:00Z', 'Pacific/Kiritimati')).toEqual({ start: '2026-03-10T10:00:00.000Z', end: '2026-03-11T10:00:00.000Z' });
  });

  it('holds exactly at midnight: the new day has begun', () => {
    expect(bounds('2026-03-11T04:00:00.000Z', 'America/New_York').start).toBe('2026-03-11T04:00:00.000Z');
    expect(bounds('2026-03-11T03:59:59.999Z', 'America/New_York').end).toBe('2026-03-11T04:00:00.000Z');
  });

  it('has 23 and 25 hour days where summer time starts and ends', () => {
    // Berlin: 29 March 2026 loses an hour, 25 October 2026 gains one
    expect(bounds('2026-03-29T12:00:00Z', 'Europe/Berlin')).toEqual({ start: '2026-03-28T23:00:00.000Z', end: '2026-03-29T22:00:00.000Z' });
    expect(bounds('2026-10-25T12:00:00Z', 'Europe/Berlin')).toEqual({ start: '2026-10-24T22:00:00.000Z', end: '2026-10-25T23:00:00.000Z' });
  });

  it('starts the day at the jump where the clocks skip midnight, and at the first midnight where it comes twice', () => {
    // Chile: on 7 September 2025 00:00 became 01:00 (-04 -> -03); on 6 April 2025 00:00 became 23:00 of the 5th (-03 -> -04)
    expect(bounds('2025-09-07T12:00:00Z', 'America/Santiago')).toEqual({ start: '2025-09-07T04:00:00.000Z', end: '2025-09-08T03:00:00.000Z' });
    expect(bounds('2025-09-06T12:00:00Z', 'America/Santiago').end).toBe('2025-09-07T04:00:00.000Z');
    expect(bounds('2025-04-05T12:00:00Z', 'America/Santiago')).toEqual({ start: '2025-04-05T03:00:00.000Z', end: '2025-04-06T04:00:00.000Z' });
  });

  it('skips a date the zone never had', () => {
    // Samoa went from 29 December 2011 straight to the 31st
    expect(bounds('2011-12-29T12:00:00Z', 'Pacific/Apia')).toEqual({ start: '2011-12-29T10:00:00.000Z', end: '2011-12-30T10:00:00.000Z' });
  });
});

describe('canonicalTimeZone', () => {
  it('spells a zone as the time zone database does', () => {
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });
});

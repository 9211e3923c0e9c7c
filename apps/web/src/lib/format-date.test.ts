import { describe, expect, it } from 'vitest';
import { formatAlertDate, formatScanDate, longDayOf, toDayKey, weekdayOf } from './format-date';

describe('formatScanDate', () => {
  it("formats like 'Jan 5, 2025 3:04 PM'", () => {
    expect(formatScanDate('2025-01-05T15:04:00Z', 'UTC')).toBe('Jan 5, 2025 3:04 PM');
    expect(formatScanDate('2025-12-25T00:09:00Z', 'UTC')).toBe('Dec 25, 2025 12:09 AM');
  });

  it('uses the given time zone', () => {
    expect(formatScanDate('2025-01-05T15:04:00Z', 'America/New_York')).toBe('Jan 5, 2025 10:04 AM');
  });

  it('returns an empty string for a date that does not parse', () => {
    expect(formatScanDate('not a date')).toBe('');
  });
});

describe('formatAlertDate', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  it("says 'Today' and 'Yesterday'", () => {
    expect(formatAlertDate('2025-03-10T01:00:00Z', now, 'UTC')).toBe('Today');
    expect(formatAlertDate('2025-03-09T23:59:00Z', now, 'UTC')).toBe('Yesterday');
  });

  it('gives a short month and day for older dates', () => {
    expect(formatAlertDate('2025-03-08T10:00:00Z', now, 'UTC')).toBe('Mar 8');
    expect(formatAlertDate('2024-12-31T10:00:00Z', now, 'UTC')).toBe('Dec 31');
  });

  it('counts days in the time zone given', () => {
    // 23:30 UTC on the 9th is already the 10th in Tokyo.
    expect(formatAlertDate('2025-03-09T23:30:00Z', now, 'Asia/Tokyo')).toBe('Today');
  });
});

describe('day helpers', () => {
  it('names the weekday of a calendar date', () => {
    expect(weekdayOf('2025-01-06')).toBe('Mon');
    expect(weekdayOf('2025-01-12')).toBe('Sun');
    expect(longDayOf('2025-01-06')).toBe('Monday, Jan 6');
  });

  it('keys a date by its calendar day', () => {
    expect(toDayKey(new Date('2025-01-05T23:30:00Z'), 'UTC')).toBe('2025-01-05');
    expect(toDayKey(new Date('2025-01-05T23:30:00Z'), 'Asia/Tokyo')).toBe('2025-01-06');
  });
});

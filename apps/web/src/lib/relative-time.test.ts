import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

describe('formatRelativeTime', () => {
  const now = new Date(2025, 5, 15, 12, 0, 0);
  const before = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;

  it('says how long ago, in words, then the date after a week', () => {
    expect(formatRelativeTime(before(10_000), now)).toBe('Just now');
    expect(formatRelativeTime(new Date(now.getTime() + 5_000), now)).toBe('Just now');
    expect(formatRelativeTime(before(MIN), now)).toBe('1 minute ago');
    expect(formatRelativeTime(before(5 * MIN), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(before(3 * 60 * MIN), now)).toBe('3 hours ago');
    expect(formatRelativeTime(before(24 * 60 * MIN), now)).toBe('yesterday');
    expect(formatRelativeTime(before(4 * 24 * 60 * MIN), now)).toBe('4 days ago');
    expect(formatRelativeTime(new Date(2025, 0, 5, 9), now)).toBe('Jan 5');
    expect(formatRelativeTime(new Date(2024, 11, 31, 9), now)).toBe('Dec 31, 2024');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `value` was, as a list of alerts says it: 'Just now', '5 minutes ago', '3 hours
 * ago', 'yesterday', '4 days ago', then the date ('Jan 5', with the year when it is not this one).
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const ago = now.getTime() - date.getTime();
  // a clock a little ahead of this device's still reads as now
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return RELATIVE.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return RELATIVE.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return RELATIVE.format(-Math.floor(ago / DAY), 'day');
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) }).format(date);
}

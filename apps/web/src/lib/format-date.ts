const MONTH_DAY = { month: 'short', day: 'numeric' } as const;

function parts(date: Date, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  const formatted = new Intl.DateTimeFormat('en-US', { ...options, ...(timeZone ? { timeZone } : {}) }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => formatted.find((p) => p.type === type)?.value ?? '';
  return get;
}

/** A scan date as the history shows it: 'Jan 5, 2025 3:04 PM'. */
export function formatScanDate(value: string | Date, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const get = parts(
    date,
    { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true },
    timeZone,
  );
  return `${get('month')} ${get('day')}, ${get('year')} ${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`;
}

/** The calendar day of `date` in `timeZone` (local when absent), as `YYYY-MM-DD`. */
export function toDayKey(date: Date, timeZone?: string): string {
  const get = parts(date, { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone);
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** 'Today', 'Yesterday' or a short month and day ('Jan 5'), as the recent alerts show dates. */
export function formatAlertDate(value: string | Date, now: Date = new Date(), timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = toDayKey(date, timeZone);
  if (day === toDayKey(now, timeZone)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  // Noon avoids a daylight-saving jump moving "yesterday" by two calendar days.
  yesterday.setHours(12, 0, 0, 0);
  if (day === toDayKey(yesterday, timeZone)) return 'Yesterday';
  return new Intl.DateTimeFormat('en-US', { ...MONTH_DAY, ...(timeZone ? { timeZone } : {}) }).format(date);
}

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const WEEKDAY_LONG = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });

function fromDayKey(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** The short weekday ('Mon') of a `YYYY-MM-DD` calendar date. */
export function weekdayOf(day: string): string {
  const date = fromDayKey(day);
  return date ? WEEKDAY.format(date) : day;
}

/** A long label ('Monday, Jan 5') of a `YYYY-MM-DD` calendar date, for screen readers. */
export function longDayOf(day: string): string {
  const date = fromDayKey(day);
  return date ? WEEKDAY_LONG.format(date) : day;
}

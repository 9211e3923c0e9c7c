/**
 * A person's own day in their IANA time zone, as instants: when it began and when it ends. Read
 * with the runtime's time zone data (Intl), so it needs no database and agrees with what the
 * browser says the date is.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Formatters and names kept per zone: building a formatter costs far more than formatting with it
 * (a fresh one for each dashboard's counters was a tenth of a millisecond, over and over, in the
 * soak). Only zones the runtime knows are kept, a few hundred spellings at most, and never more
 * than 1,000 per cache.
 */
const MAX_ZONES = 1000;
const keep = <T>(cache: Map<string, T>, key: string, value: T): T => {
  if (cache.size < MAX_ZONES) cache.set(key, value);
  return value;
};
// Intl reads zone names in any case ('EUROPE/PARIS'): the caches are keyed in lower case, so
// spellings cannot fill them (the review filled them with a thousand)
const keyOf = (timeZone: string) => timeZone.toLowerCase();

const canonicalNames = new Map<string, string>();
/** The canonical spelling of a zone the runtime knows ('europe/paris' -> 'Europe/Paris'); throws a RangeError for one it does not. */
export function canonicalTimeZone(timeZone: string): string {
  const key = keyOf(timeZone);
  return canonicalNames.get(key) ?? keep(canonicalNames, key, new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone);
}

const calendarDates = new Map<string, Intl.DateTimeFormat>();
/** The local date of `instant` in `timeZone` (a zone the runtime knows), as YYYY-MM-DD. */
export function localDate(instant: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD
  const key = keyOf(timeZone);
  const format = calendarDates.get(key) ?? keep(calendarDates, key, new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
  return format.format(instant);
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClockOf(timeZone: string): Intl.DateTimeFormat {
  const key = keyOf(timeZone);
  let format = wallClocks.get(key);
  if (!format) {
    format = keep(
      wallClocks,
      key,
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }),
    );
  }
  return format;
}

/** The wall-clock reading of instant `ms` in `timeZone`, written as if it were UTC (ms). */
function wallClockMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockOf(timeZone).formatToParts(new Date(ms))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** How far `timeZone`'s clock is ahead of UTC at instant `ms` (negative west of Greenwich). */
function offsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/** The local calendar date of `ms` in `timeZone`, as a UTC midnight (ms). */
function localDateMs(ms: number, timeZone: string): number {
  const wall = wallClockMs(ms, timeZone);
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * The first instant of the local date `dateMs` (a UTC midnight naming the date) in `timeZone`.
 * Usually its 00:00; where the clocks jump over midnight (Chile starts summer time at 00:00)
 * the day begins at the jump, and where 00:00 comes twice the first one counts.
 */
function startOfLocalDate(dateMs: number, timeZone: string): number | null {
  // 00:00 of the date read with each offset in force around it; the earliest that falls on the date is its start
  const first = dateMs - offsetMs(dateMs, timeZone);
  const offsets = new Set([offsetMs(dateMs, timeZone), offsetMs(first, timeZone), offsetMs(first - 3 * HOUR_MS, timeZone), offsetMs(first + 3 * HOUR_MS, timeZone)]);
  let start = Number.POSITIVE_INFINITY;
  for (const offset of offsets) {
    const candidate = dateMs - offset;
    if (localDateMs(candidate, timeZone) === dateMs && candidate < start) start = candidate;
  }
  // none lands on the date only where the zone skipped the whole day (Samoa, 30 December 2011)
  return Number.isFinite(start) ? start : null;
}

/** When the local day holding `now` began and when it ends (the next local midnight), in `timeZone`. */
export function localDayBounds(now: Date, timeZone: string): { start: Date; end: Date } {
  const date = localDateMs(now.getTime(), timeZone);
  let next = date + DAY_MS;
  let end = startOfLocalDate(next, timeZone);
  while (end === null) end = startOfLocalDate((next += DAY_MS), timeZone);
  // the date holding now exists, so one of its readings lands on it
  return { start: new Date(startOfLocalDate(date, timeZone)!), end: new Date(end) };
}

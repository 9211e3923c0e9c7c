import { SUPPORT_EMAIL_RESPONSE_HOURS } from '@baitcheck/contracts/lite';

/**
 * Support hours (spec section 9) and whether support is open at a given moment. The spec writes
 * EST; the hours are kept in New York time (America/New_York), so they follow daylight saving
 * time as an office in that zone does.
 */
export const SUPPORT_TIME_ZONE = 'America/New_York';

export const EMAIL_RESPONSE_TIME = `About ${SUPPORT_EMAIL_RESPONSE_HOURS} hours`;
/**
 * In place of the spec's 'Live chat Monday to Friday 9am-5pm EST': no person answers the chat
 * at any hour yet, so the tab does not give it hours.
 */
export const CHAT_WITH_PERSON = 'Not available yet (this chat is an automated preview)';

interface OpenHours {
  /** Minutes after midnight, New York time. */
  opens: number;
  closes: number;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const WEEKDAY_HOURS: OpenHours = { opens: 9 * 60, closes: 17 * 60 };
const SATURDAY_HOURS: OpenHours = { opens: 10 * 60, closes: 14 * 60 };
/** Indexed by day of the week, Sunday first (as Date.getDay). */
const HOURS_BY_DAY: readonly (OpenHours | null)[] = [null, WEEKDAY_HOURS, WEEKDAY_HOURS, WEEKDAY_HOURS, WEEKDAY_HOURS, WEEKDAY_HOURS, SATURDAY_HOURS];

export interface SupportStatus {
  open: boolean;
  /** The day and time in New York, in the spec's 9:00-17:00 style, e.g. 'Tuesday 9:05'. */
  localTime: string;
  /** When that changes: 'Closes at 17:00', 'Opens today at 10:00', 'Opens tomorrow at 9:00', 'Opens Monday at 9:00'. */
  next: string;
}

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: SUPPORT_TIME_ZONE,
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 540 → '9:00', as the spec writes times (midnight is '0:00'). */
function clock(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Whether support is open at `now`, read in New York time. */
export function supportStatusAt(now: Date): SupportStatus {
  const parts = formatter.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = part('weekday');
  const day = WEEKDAYS.indexOf(weekday as (typeof WEEKDAYS)[number]);
  if (day < 0) throw new Error(`Unexpected weekday from Intl: ${weekday}`);
  // Some engines once wrote midnight as 24 even with h23.
  const minutes = (Number(part('hour')) % 24) * 60 + Number(part('minute'));
  const localTime = `${weekday} ${clock(minutes)}`;

  const today = HOURS_BY_DAY[day];
  if (today && minutes >= today.opens && minutes < today.closes) return { open: true, localTime, next: `Closes at ${clock(today.closes)}` };
  if (today && minutes < today.opens) return { open: false, localTime, next: `Opens today at ${clock(today.opens)}` };
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const hours = HOURS_BY_DAY[(day + ahead) % 7];
    if (!hours) continue;
    const when = ahead === 1 ? 'tomorrow' : WEEKDAYS[(day + ahead) % 7];
    return { open: false, localTime, next: `Opens ${when} at ${clock(hours.opens)}` };
  }
  throw new Error('Support has no open day');
}

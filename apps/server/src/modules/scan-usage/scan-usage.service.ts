import { PLANS, type PlanId, type ScanUsage } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import { localDayBounds } from '../../lib/local-day.ts';
import { waitWords } from '../../lib/wait-words.ts';
import type { ScanUsageRepository, UsageCounts, UsageWindows } from './scan-usage.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a repeat of an unsaved scan (its Idempotency-Key and body) is the same scan: the scan module's window. */
const REPEAT_WINDOW_MS = DAY_MS;

/**
 * A scan refused for the daily limit: 429 SCAN_LIMIT_REACHED, its sentence naming the limit and
 * when scans come back in the person's time; `retryAfterSeconds` for the Retry-After header.
 */
export class ScanLimitError extends AppError {
  constructor(
    message: string,
    readonly resetsAt: Date,
    readonly retryAfterSeconds: number,
  ) {
    super('SCAN_LIMIT_REACHED', message);
  }
}

/** What the sentence says the time is: 'midnight', or '6:30 AM' (a person hopping zones waits for their own window). */
function clockWords(at: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  return time === '12:00 AM' ? 'midnight' : time;
}

/** The sentence of a refused scan: the limit, when scans come back in the person's own time, and that Premium has none. */
export function scanLimitMessage(limit: number, resetsAt: Date, timeZone: string, now: Date): string {
  return (
    `You have used all ${limit} of today's free scans on the Basic plan. ` +
    `You can scan again at ${clockWords(resetsAt, timeZone)} your time (${timeZone}), in ${waitWords(resetsAt.getTime() - now.getTime())}. ` +
    'Premium has no daily limit: upgrade on the Upgrade page.'
  );
}

/** A counted scan, to take back if the scan then fails. */
export interface SpentScan {
  refund(): Promise<void>;
}

const NOTHING_SPENT: SpentScan = { refund: async () => undefined };

/**
 * The daily scan limit (spec sections 6 and 9): a user on a plan with a limit (Basic) may make
 * `limitPerDay` scans from their local midnight to the next, whatever they scan and whether it is
 * saved; Premium and Family are unlimited, and `limitPerDay` 0 turns the limit off. The count
 * lives in the database, so it holds across restarts and servers sharing PostgreSQL.
 *
 * The time zone is the client's word, so a person could name a zone whose day has just begun to
 * start counting again; whatever the zones, no more than twice the limit count in any 24 hours (a
 * person who stays in one zone never meets that: 24 hours span at most two of their days).
 */
export function createScanUsageService(deps: {
  repo: ScanUsageRepository;
  /** The plan in effect (the billing service). */
  plans: { effectivePlan(userId: string): Promise<PlanId> };
  /** `SCAN_LIMIT_PER_DAY`; 0: no limit. */
  limitPerDay: number;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  const limitOf = (plan: PlanId): number | null => (deps.limitPerDay > 0 && PLANS[plan].scansPerDay !== null ? deps.limitPerDay : null);
  const windowsOf = (userId: string, now: Date, timeZone: string): UsageWindows & { dayEnd: Date } => {
    const { start, end } = localDayBounds(now, timeZone);
    return { userId, dayStart: start, dayEnd: end, rollingSince: new Date(now.getTime() - DAY_MS) };
  };
  /** When a scan is next allowed: the next local midnight, or later if the 24 hours are full too. */
  const nextScanAt = (counts: UsageCounts, limit: number, dayEnd: Date, now: Date): Date => {
    const dayFull = counts.today >= limit;
    const rollingAt = counts.rollingFreesAt;
    if (dayFull && rollingAt) return rollingAt > dayEnd ? rollingAt : dayEnd;
    if (dayFull) return dayEnd;
    return rollingAt ?? now;
  };

  return {
    /** Whether scans are counted at all (a limit is set): a newcomer's every scan then makes their guest. */
    counts: deps.limitPerDay > 0,

    /** Today's scans of `userId` against their plan's limit, in `timeZone` (canonical). */
    async usage(userId: string, timeZone: string): Promise<ScanUsage> {
      const now = clock();
      // a newcomer has no user yet: on basic, with nothing counted
      const plan = userId === '' ? 'basic' : await deps.plans.effectivePlan(userId);
      const limit = limitOf(plan);
      const windows = windowsOf(userId, now, timeZone);
      const counts: UsageCounts = userId === '' ? { today: 0, rolling: 0, rollingFreesAt: null } : await deps.repo.count(windows, limit === null ? Number.MAX_SAFE_INTEGER : 2 * limit);
      if (limit === null) return { plan, limit: null, used: counts.today, remaining: null, resetsAt: windows.dayEnd.toISOString(), timeZone };
      const remaining = Math.max(0, Math.min(limit - counts.today, 2 * limit - counts.rolling));
      const resetsAt = remaining > 0 ? windows.dayEnd : nextScanAt(counts, limit, windows.dayEnd, now);
      return { plan, limit, used: counts.today, remaining, resetsAt: resetsAt.toISOString(), timeZone };
    },

    /**
     * Counts a scan of `userId` before it runs; throws {@link ScanLimitError} when the plan's
     * limit for today is used up. `repeat`: an unsaved scan's Idempotency-Key and request, so a
     * repeat of it is not counted again. Refund the answer if the scan fails.
     */
    async spend(userId: string, timeZone: string, repeat: { key: string; requestHash: string } | null): Promise<SpentScan> {
      if (deps.limitPerDay <= 0 || userId === '') return NOTHING_SPENT;
      const limit = limitOf(await deps.plans.effectivePlan(userId));
      if (limit === null) return NOTHING_SPENT;
      const now = clock();
      const windows = windowsOf(userId, now, timeZone);
      const reservation = await deps.repo.reserve(windows, now, { limit, rollingLimit: 2 * limit }, repeat && { ...repeat, since: new Date(now.getTime() - REPEAT_WINDOW_MS) });
      if (reservation.kind === 'repeat') return NOTHING_SPENT;
      if (reservation.kind === 'refused') {
        const resetsAt = nextScanAt(reservation.counts, limit, windows.dayEnd, now);
        throw new ScanLimitError(scanLimitMessage(limit, resetsAt, timeZone, now), resetsAt, Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)));
      }
      const { id } = reservation;
      return { refund: () => deps.repo.release(id) };
    },
  };
}

/** The scan usage service. */
export type ScanUsageService = ReturnType<typeof createScanUsageService>;

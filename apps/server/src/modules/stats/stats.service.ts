import { DASHBOARD_WINDOW_DAYS, PLANS, type DailyCount, type MessageStats } from '@baitcheck/contracts';
import { canonicalTimeZone, localDate } from '../../lib/local-day.ts';
import type { HistoryWindow } from '../messages/history-window.ts';
import type { StatsRepository } from './stats.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days in the bar chart. */
export const CHART_DAYS = 7;

/** The `count` local dates ending with today, oldest first. Calendar arithmetic, so DST cannot skip a day. */
export function lastLocalDates(now: Date, timeZone: string, count: number): string[] {
  const [y, m, d] = localDate(now, timeZone).split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1, d - (count - 1 - i))).toISOString().slice(0, 10));
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * Dashboard counters: the last 30 days by verdict and the last seven local days, each within the
 * plan's history window (a Basic history keeps 7 days, so its dashboard counts 7).
 */
export function createStatsService(repo: StatsRepository, window: HistoryWindow) {
  return {
    async get(userId: string, requestedTimeZone: string): Promise<MessageStats> {
      // The canonical spelling ('europe/paris' -> 'Europe/Paris') is the one PostgreSQL's
      // time zone database is sure to share with the runtime's.
      const timeZone = canonicalTimeZone(requestedTimeZone);
      const { plan, since, now } = await window.of(userId);
      const windowDays = Math.min(DASHBOARD_WINDOW_DAYS, PLANS[plan].retentionDays);
      // Seven local days start at most seven days ago in any time zone; eight leaves margin.
      const totalsSince = later(since, new Date(now.getTime() - DASHBOARD_WINDOW_DAYS * DAY_MS));
      const dailySince = later(since, new Date(now.getTime() - (CHART_DAYS + 1) * DAY_MS));
      // the history's scans and the verdicts of scans made on the person's devices (issue 20)
      const none = { safe: 0, suspicious: 0, phishing: 0 };
      const [totals, daily] = userId === '' ? [none, []] : await Promise.all([repo.countByLevel(userId, totalsSince), repo.countByLocalDay(userId, dailySince, timeZone)]);
      const stats: MessageStats = { ...totals, windowDays, lastSevenDays: [] };
      const days = new Map<string, DailyCount>(
        lastLocalDates(now, timeZone, CHART_DAYS).map((date) => [date, { date, phishing: 0, suspicious: 0, safe: 0 }]),
      );
      for (const { day, ...counts } of daily) if (days.has(day)) days.set(day, { date: day, ...counts });
      stats.lastSevenDays = [...days.values()];
      return stats;
    },
  };
}

/** The stats service. */
export type StatsService = ReturnType<typeof createStatsService>;

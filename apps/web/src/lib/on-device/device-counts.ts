import type { QueryClient } from '@tanstack/react-query';
import type { MessageStats, ThreatLevel } from '@baitcheck/contracts';
import { getTimeZone } from '../api-client';
import { deviceOwnerOf } from './on-device-mirror';
import { pendingDeviceSync } from './device-history';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the server's counts lack until it is told: scans made here not yet sent (+1), entries deleted here it still counts (-1). */
export interface PendingCounts {
  /** Each pending change: its verdict, its local date (`YYYY-MM-DD`) and +1 or -1. */
  changes: { threatLevel: ThreatLevel; day: string; delta: 1 | -1 }[];
}

function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The device history's changes the server has not heard of, within the dashboard's window. */
export async function pendingDeviceCounts(queryClient: QueryClient, windowDays: number, now = new Date()): Promise<PendingCounts> {
  const owner = deviceOwnerOf(queryClient);
  if (owner === null) return { changes: [] };
  try {
    const { toSend, toDelete } = await pendingDeviceSync(owner);
    const since = now.getTime() - windowDays * DAY_MS;
    const timeZone = getTimeZone();
    const change = (delta: 1 | -1) => (r: { threatLevel: ThreatLevel; scanDate: string }) => ({ threatLevel: r.threatLevel, day: localDay(new Date(r.scanDate), timeZone), delta });
    const inWindow = (r: { scanDate: string }) => Date.parse(r.scanDate) >= since;
    return { changes: [...toSend.filter(inWindow).map(change(1)), ...toDelete.filter(inWindow).map(change(-1))] };
  } catch {
    return { changes: [] };
  }
}

/** The server's dashboard counts with this device's pending changes applied. */
export function addPendingDeviceCounts(stats: MessageStats, pending: PendingCounts): MessageStats {
  if (pending.changes.length === 0) return stats;
  const next: MessageStats = { ...stats, lastSevenDays: stats.lastSevenDays.map((d) => ({ ...d })) };
  for (const { threatLevel, day, delta } of pending.changes) {
    next[threatLevel] = Math.max(0, next[threatLevel] + delta);
    const bar = next.lastSevenDays.find((d) => d.date === day);
    if (bar) bar[threatLevel] = Math.max(0, bar[threatLevel] + delta);
  }
  return next;
}

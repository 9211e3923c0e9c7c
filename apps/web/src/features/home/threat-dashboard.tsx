import type { DailyCount, MessageStats } from '@baitcheck/contracts';
import { DASHBOARD_WINDOW_DAYS } from '@baitcheck/contracts/lite';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCw, ShieldAlert, ShieldCheck, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { longDayOf, weekdayOf } from '@/lib/format-date';
import { useMessageStats } from '@/lib/api/messages';
import { isUnreachable } from '@/lib/network-error';
import { THREAT_COLORS } from '@/lib/threat-colors';

const COUNTERS = [
  { key: 'phishing', label: 'Phishing', tone: THREAT_COLORS.phishing.text.tone, ring: THREAT_COLORS.phishing.text.panel },
  { key: 'suspicious', label: 'Suspicious', tone: THREAT_COLORS.suspicious.text.tone, ring: THREAT_COLORS.suspicious.text.panel },
  { key: 'safe', label: 'Safe', tone: THREAT_COLORS.safe.text.tone, ring: THREAT_COLORS.safe.text.panel },
] as const;

const CHART_HEIGHT_PX = 80;

function plural(n: number, word: string) {
  return `${n} ${word}`;
}

/** One bar per day, stacked phishing / suspicious / safe, height from that day's real count. */
export function WeekChart({ days }: { days: readonly DailyCount[] }) {
  const totals = days.map((d) => d.phishing + d.suspicious + d.safe);
  const max = Math.max(1, ...totals);
  return (
    <figure className="mt-4">
      <figcaption className="mb-2 text-xs font-medium text-slate-600">
        Scans in the last 7 days
        {totals.every((t) => t === 0) ? <span className="font-normal"> · none yet</span> : null}
      </figcaption>
      <ul className="flex items-end justify-between gap-2" style={{ height: CHART_HEIGHT_PX + 24 }}>
        {days.map((day, i) => {
          const total = totals[i] ?? 0;
          const label = `${longDayOf(day.date)}: ${plural(total, total === 1 ? 'scan' : 'scans')} (${day.phishing} phishing, ${day.suspicious} suspicious, ${day.safe} safe)`;
          const height = total === 0 ? 4 : Math.max(8, Math.round((total / max) * CHART_HEIGHT_PX));
          const part = (n: number) => (total === 0 ? 0 : (n / total) * 100);
          return (
            <li key={day.date} className="flex flex-1 flex-col items-center gap-1">
              <span aria-hidden="true" className="text-[11px] tabular-nums text-slate-700">
                {total}
              </span>
              <div
                role="img"
                aria-label={label}
                data-testid="day-bar"
                className="flex w-full max-w-8 flex-col-reverse overflow-hidden rounded-t-md bg-slate-200"
                style={{ height }}
              >
                {total > 0 && (
                  <>
                    <div className={THREAT_COLORS.safe.fill} style={{ height: `${part(day.safe)}%` }} />
                    <div className={THREAT_COLORS.suspicious.fill} style={{ height: `${part(day.suspicious)}%` }} />
                    <div className={THREAT_COLORS.phishing.fill} style={{ height: `${part(day.phishing)}%` }} />
                  </>
                )}
              </div>
              <span aria-hidden="true" className="text-xs text-slate-600">
                {weekdayOf(day.date)}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 flex flex-wrap gap-3 text-xs text-slate-600" aria-hidden="true">
        {COUNTERS.map((c) => (
          <span key={c.key} className="inline-flex items-center gap-1.5">
            <span className={`h-3 w-3 rounded-sm ${THREAT_COLORS[c.key].fill}`} /> {c.label}
          </span>
        ))}
      </p>
    </figure>
  );
}

/** 'Threat Dashboard': 30-day counters (or the plan's shorter history) and the seven-day chart. */
export function ThreatDashboard() {
  const stats = useMessageStats();
  const queryClient = useQueryClient();
  const data: Partial<MessageStats> = stats.data ?? {};
  // Unknown (loading or failed): no badge and no counts, rather than zeros that read as "nothing found".
  const unknown = !stats.isSuccess;
  // Everything on the page that failed with it (alerts, settings, the banner) is asked again too.
  const retry = () => void queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between">
        <div>
          <h3 className="font-semibold text-slate-900">Threat Dashboard</h3>
          {/* 30 days (spec section 9), or the plan's shorter history (7 days on Basic) */}
          <p className="text-sm text-slate-600">Last {data.windowDays ?? DASHBOARD_WINDOW_DAYS} days</p>
        </div>
        {/* what the counts say, not the spec's 'Protected': nothing watches incoming messages yet */}
        {unknown ? null : (data.phishing ?? 0) > 0 ? (
          <Badge variant="danger">
            <ShieldAlert aria-hidden="true" className="h-3.5 w-3.5" />
            Phishing found
          </Badge>
        ) : (
          <Badge variant="success">
            <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5" />
            No phishing found
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        {stats.isError ? (
          <div role="alert" className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-300 bg-slate-100 p-3 text-sm text-slate-900">
            <span className="flex items-center gap-2">
              <WifiOff aria-hidden="true" className="h-4 w-4 shrink-0" />
              {isUnreachable(stats.error) ? "Can't reach Baitcheck — check your connection" : 'Could not load your dashboard.'}
            </span>
            <Button variant="outline" size="sm" onClick={retry} disabled={stats.isFetching}>
              <RotateCw aria-hidden="true" className="h-4 w-4" />
              Retry
            </Button>
          </div>
        ) : null}
        <dl className="grid grid-cols-3 gap-2" aria-busy={stats.isPending}>
          {COUNTERS.map((c) => (
            <div key={c.key} className={`rounded-lg border p-3 text-center ${c.ring}`}>
              <dt className="text-xs font-medium text-slate-700">{c.label}</dt>
              <dd className={`text-2xl font-bold tabular-nums ${c.tone}`}>
                {stats.isPending ? (
                  <Skeleton className="mx-auto mt-1 h-7 w-10" />
                ) : stats.isError ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">not known</span>
                  </>
                ) : (
                  (data[c.key] ?? 0)
                )}
              </dd>
            </div>
          ))}
        </dl>
        {stats.isPending ? (
          <Skeleton className="mt-4 h-32 w-full" />
        ) : data.lastSevenDays && data.lastSevenDays.length > 0 ? (
          <WeekChart days={data.lastSevenDays} />
        ) : null}
      </CardContent>
    </Card>
  );
}

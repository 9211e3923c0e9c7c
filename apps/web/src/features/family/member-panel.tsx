import { ON_BASIC_HISTORY } from '@/lib/plan-wording';
import { useId } from 'react';
import { Lock, UserMinus } from 'lucide-react';
import type { FamilyAlert, FamilyDashboard, FamilyMember } from '@baitcheck/contracts';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { THREAT_LEVEL_META } from '@/components/threat-level';
import { formatScanDate } from '@/lib/format-date';
import { THREAT_COLORS } from '@/lib/threat-colors';
import { useRemoveFamilyMember } from '@/lib/api/family';
import { ConfirmButton } from './confirm-dialog';
import { ProtectionDialog } from './protection-dialog';
import { SOURCE_LABELS, formatFamilyDate } from './labels';

type MemberStats = FamilyDashboard['members'][number];

function Counts({ stats, windowDays }: { stats: MemberStats; windowDays: number }) {
  const levels = ['phishing', 'suspicious', 'safe'] as const;
  return (
    <div>
      <p className="mb-1 text-sm text-slate-600">Scans in the last {windowDays} days</p>
      <dl className="grid grid-cols-3 gap-2">
      {levels.map((level) => (
        <div key={level} className={`rounded-lg border p-2 text-center ${THREAT_COLORS[level].text.panel}`}>
          <dt className={`text-xs font-medium ${THREAT_COLORS[level].text.tone}`}>{THREAT_LEVEL_META[level].label}</dt>
          <dd className="text-xl font-bold text-slate-900">{stats.counts[level]}</dd>
        </div>
      ))}
      </dl>
    </div>
  );
}

function Alerts({ alerts, headingId }: { alerts: readonly FamilyAlert[]; headingId: string }) {
  if (alerts.length === 0) return <p className="text-sm text-slate-600">No threats found in the last 30 days.</p>;
  return (
    <ul aria-labelledby={headingId} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {alerts.map((alert, i) => (
        <li key={`${alert.scanDate}-${i}`} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <span className="text-slate-800">
            <time dateTime={alert.scanDate}>{formatScanDate(alert.scanDate)}</time>
            <span className="text-slate-600"> · {alert.source === null ? 'Checked on their device' : SOURCE_LABELS[alert.source]}</span>
          </span>
          <Badge variant={THREAT_LEVEL_META[alert.threatLevel].badge}>{THREAT_LEVEL_META[alert.threatLevel].label}</Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * One member on the Family Dashboard: their counts of the last 30 days and their alerts (when,
 * which channel, how serious), their parental controls, and Remove. `stats` is undefined while
 * the dashboard loads (or when it could not be read: `statsError`).
 */
export function MemberPanel({
  member,
  stats,
  windowDays,
  statsState,
  canControl,
  onRemoved,
}: {
  member: FamilyMember;
  stats: MemberStats | undefined;
  windowDays: number;
  statsState: 'loading' | 'error' | 'ready' | 'closed';
  /** The family's plan is active: parental controls can be set. */
  canControl: boolean;
  onRemoved: () => void;
}) {
  const id = useId();
  const remove = useRemoveFamilyMember();
  return (
    <article aria-labelledby={`${id}-name`} className="space-y-3 rounded-xl border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={`${id}-name`} className="break-all text-base font-semibold text-slate-900">
            {member.email}
          </h4>
          <p className="text-sm text-slate-600">Joined {formatFamilyDate(member.joinedAt)}</p>
        </div>
        {member.protectionManaged ? (
          <Badge variant="neutral">
            <Lock aria-hidden="true" className="h-3 w-3" />
            Switches set by you
          </Badge>
        ) : null}
      </div>
      {statsState === 'loading' ? <Skeleton className="h-16 w-full" /> : null}
      {statsState === 'error' ? <p className="text-sm text-slate-700">Could not load this member's counts. Try again in a moment.</p> : null}
      {stats ? (
        <>
          <Counts stats={stats} windowDays={windowDays} />
          <h5 id={`${id}-alerts`} className="text-sm font-semibold text-slate-900">
            Threats found
          </h5>
          <Alerts alerts={stats.alerts} headingId={`${id}-alerts`} />
        </>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canControl ? <ProtectionDialog member={member} /> : null}
        <ConfirmButton
          trigger={
            <>
              <UserMinus aria-hidden="true" className="h-4 w-4" />
              Remove
            </>
          }
          triggerLabel={`Remove ${member.email}`}
          title={`Remove ${member.email}?`}
          description={`They leave your family at once and are back on their own plan ${ON_BASIC_HISTORY}. Their scans stay theirs.`}
          confirmText="Remove"
          busyText="Removing..."
          run={async () => {
            await remove.mutateAsync(member.userId);
            toast({ title: 'Member removed', description: `${member.email} is no longer in your family.` });
          }}
          onDone={onRemoved}
        />
      </div>
    </article>
  );
}

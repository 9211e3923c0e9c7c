import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Crown, Gauge } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ScanUsage } from '@baitcheck/contracts';
import { paths } from '@/config/paths';
import { queryKeys } from '@/lib/api/query-keys';
import { isOutOfScans, useScanUsage } from './api';

const LINK = 'font-semibold text-primary-strong underline underline-offset-2 focus-ring';
/** The longest timer a browser keeps (about 24.8 days); a reset is never that far. */
const MAX_TIMER_MS = 2_147_000_000;

/** When scans come back, in the reader's clock: 'midnight' or '3:15 PM'. */
export function resetTimeWords(resetsAt: string): string {
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(resetsAt));
  return time === '12:00 AM' ? 'midnight' : time;
}

/**
 * The Scan screen's line on the plan's daily limit (a plan without one shows nothing): how many
 * scans are left today, or, when none are, when they come back and the way to Premium. It asks
 * the server again when the day turns, so an open screen does not stay empty-handed.
 */
export function ScanAllowance() {
  const usage = useScanUsage();
  const queryClient = useQueryClient();
  const resetsAt = usage.data?.resetsAt;
  useEffect(() => {
    if (!resetsAt) return;
    const wait = Date.parse(resetsAt) - Date.now();
    if (!(wait > 0)) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.scanUsage }), Math.min(wait + 1000, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [resetsAt, queryClient]);

  const data = usage.data;
  // unknown (loading, failed) or unlimited: nothing to say
  if (!data || data.limit === null || data.remaining === null) return null;
  if (isOutOfScans(data)) return <OutOfScans usage={data} />;
  return (
    <p className="mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700" data-testid="scans-left">
      <Gauge aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
      <span>
        <strong className="font-semibold text-slate-900">
          {data.remaining} of {data.limit}
        </strong>{' '}
        free {data.limit === 1 ? 'scan' : 'scans'} left today
      </span>
      <Link href={paths.subscription} className={LINK}>
        Unlimited with Premium
      </Link>
    </p>
  );
}

/** None left today: when they come back, and Upgrade. */
function OutOfScans({ usage }: { usage: ScanUsage & { limit: number } }) {
  return (
    <section aria-labelledby="out-of-scans-heading" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900" data-testid="out-of-scans">
      <h2 id="out-of-scans-heading" className="flex items-center gap-2 font-semibold">
        <Gauge aria-hidden="true" className="h-4 w-4 shrink-0" />
        No scans left today
      </h2>
      <p className="mt-1">
        You have used all {usage.limit} of today&apos;s free scans on the Basic plan. You can scan again at {resetTimeWords(usage.resetsAt)}. Premium has no daily
        limit.
      </p>
      <Link
        href={paths.subscription}
        className="mt-3 inline-flex h-9 items-center gap-2 rounded-lg bg-primary px-3 font-medium text-white shadow-sm hover:bg-primary-hover focus-ring"
      >
        <Crown aria-hidden="true" className="h-4 w-4" />
        Upgrade
      </Link>
    </section>
  );
}

/** An `aria-describedby` of the ids given (null ones left out), or undefined when none. */
export const describedBy = (...ids: Array<string | null>) => ids.filter((x) => x !== null).join(' ') || undefined;

/**
 * Said under a scan button while no scans are left, as the button's and the box's description:
 * why it does nothing, when it will, and the way to Premium. When it appears because a scan was
 * just refused, the focus (left on a button that is now disabled) moves to it.
 */
export function ScanLimitNote({ id, usage }: { id: string; usage: ScanUsage }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || (active instanceof HTMLButtonElement && active.disabled)) note.current?.focus();
  }, []);
  return (
    <p ref={note} id={id} tabIndex={-1} className="rounded-md text-sm text-slate-700 outline-none focus-visible:ring-2 focus-visible:ring-primary" data-testid="scan-limit-note">
      No scans left today: you can scan again at {resetTimeWords(usage.resetsAt)}.{' '}
      <Link href={paths.subscription} className={LINK}>
        Upgrade
      </Link>{' '}
      for unlimited scans.
    </p>
  );
}

import { AlertCircle, AlertTriangle, Info } from 'lucide-react';
import type { Reason, Severity } from '@baitcheck/contracts';
import { cn } from '@/lib/cn';

const SEVERITY = {
  high: { Icon: AlertTriangle, tone: 'text-red-700', text: 'High risk' },
  medium: { Icon: AlertCircle, tone: 'text-amber-700', text: 'Medium risk' },
  low: { Icon: Info, tone: 'text-slate-600', text: 'Low risk' },
} as const satisfies Record<Severity, unknown>;

/**
 * The reasons of a verdict, each with an icon. Uses the detailed reasons when the result has
 * them, else the plain labels.
 */
export function ReasonList({
  labels,
  details = [],
  className,
  emptyText,
}: {
  labels: readonly string[];
  details?: readonly Reason[];
  className?: string;
  emptyText?: string;
}) {
  const items: Array<{ key: string; label: string; severity: Severity | null }> =
    details.length > 0
      ? details.map((r) => ({ key: r.id, label: r.label, severity: r.severity }))
      : labels.map((label, i) => ({ key: `${i}-${label}`, label, severity: null }));
  if (items.length === 0) return emptyText ? <p className={cn('text-sm text-slate-700', className)}>{emptyText}</p> : null;
  return (
    <ul className={cn('space-y-2', className)}>
      {items.map((item) => {
        const meta = item.severity ? SEVERITY[item.severity] : null;
        const Icon = meta?.Icon ?? AlertCircle;
        return (
          <li key={item.key} className="flex items-start gap-2 text-sm text-slate-800">
            <Icon aria-hidden="true" className={cn('mt-0.5 h-4 w-4 shrink-0', meta?.tone ?? 'text-amber-700')} />
            <span>
              {meta ? <span className="sr-only">{meta.text}: </span> : null}
              {item.label}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

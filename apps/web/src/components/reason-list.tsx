import { AlertCircle, AlertTriangle, ChevronDown, Info } from 'lucide-react';
import type { Reason, Severity } from '@baitcheck/contracts';
// its own entry, not re-exported by '/lite': through it the first screen's chunks grew by 2.3 KB
import { plainWordsFor } from '@baitcheck/contracts/reason-words';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { cn } from '@/lib/cn';

const SEVERITY = {
  high: { Icon: AlertTriangle, tone: 'text-red-700', text: 'High risk', rank: 0 },
  medium: { Icon: AlertCircle, tone: 'text-amber-700', text: 'Medium risk', rank: 1 },
  low: { Icon: Info, tone: 'text-slate-600', text: 'Low risk', rank: 2 },
} as const satisfies Record<Severity, unknown>;

interface Item {
  key: string;
  label: string;
  severity: Severity | null;
}

function Items({ items, className }: { items: readonly Item[]; className?: string }) {
  return (
    <ul className={cn('space-y-2', className)}>
      {items.map((item) => {
        const meta = item.severity ? SEVERITY[item.severity] : null;
        const Icon = meta?.Icon ?? AlertCircle;
        const plain = plainWordsFor(item.label);
        return (
          <li key={item.key} className="flex items-start gap-2 text-sm text-slate-800">
            <Icon aria-hidden="true" className={cn('mt-0.5 h-4 w-4 shrink-0', meta?.tone ?? 'text-amber-700')} />
            <span>
              {meta ? <span className="sr-only">{meta.text}: </span> : null}
              {item.label}
              {plain ? <span className="block text-slate-600">{plain}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The reasons of a verdict, each with an icon (and, under the specification's terse ones, what
 * they mean in plain words). Uses the detailed reasons when the result has
 * them, else the plain labels. With `collapseLow`, the most severe come first and the low ones
 * (the spec's word lists: "urgent", "free", a time) wait behind 'More details', unless they are
 * all there is.
 */
export function ReasonList({
  labels,
  details = [],
  className,
  emptyText,
  collapseLow = false,
}: {
  labels: readonly string[];
  details?: readonly Reason[];
  className?: string;
  emptyText?: string;
  collapseLow?: boolean;
}) {
  const items: Item[] =
    details.length > 0
      ? details.map((r) => ({ key: r.id, label: r.label, severity: r.severity }))
      : labels.map((label, i) => ({ key: `${i}-${label}`, label, severity: null }));
  if (items.length === 0) return emptyText ? <p className={cn('text-sm text-slate-700', className)}>{emptyText}</p> : null;
  if (!collapseLow) return <Items items={items} className={className} />;

  const sorted = [...items].sort((a, b) => (a.severity ? SEVERITY[a.severity].rank : 1) - (b.severity ? SEVERITY[b.severity].rank : 1));
  const main = sorted.filter((i) => i.severity !== 'low');
  const low = sorted.filter((i) => i.severity === 'low');
  if (main.length === 0 || low.length === 0) return <Items items={sorted} className={className} />;
  return (
    <div className={className}>
      <Items items={main} />
      <Collapsible className="mt-3">
        <CollapsibleTrigger className="group inline-flex min-h-11 cursor-pointer items-center gap-1 rounded-md text-sm font-medium text-primary focus-ring sm:min-h-6">
          More details
          <span className="font-normal text-slate-600">({low.length === 1 ? '1 smaller sign' : `${low.length} smaller signs`})</span>
          <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
        </CollapsibleTrigger>
        <CollapsibleContent className="mt-2">
          <Items items={low} />
        </CollapsibleContent>
      </Collapsible>
    </div>
  );
}

import type { Highlight, Reason } from '@baitcheck/contracts';
import { segmentContent } from '@/lib/highlight';
import { cn } from '@/lib/cn';

/**
 * Content with its suspicious parts wrapped in `<mark>` (underlined as well as tinted, so colour
 * is not the only signal). Hovering a mark names the reasons behind it.
 */
export function HighlightedText({
  content,
  highlights,
  reasons = [],
  className,
  id,
}: {
  content: string;
  highlights: readonly Highlight[];
  reasons?: readonly Reason[];
  className?: string;
  id?: string;
}) {
  const labels = new Map(reasons.map((r) => [r.id, r.label]));
  return (
    <p id={id} className={cn('whitespace-pre-wrap break-words text-sm text-slate-800', className)}>
      {segmentContent(content, highlights).map((s) =>
        s.reasonIds.length > 0 ? (
          <mark
            key={s.start}
            title={s.reasonIds.map((rid) => labels.get(rid) ?? rid).join('; ')}
            className="rounded-sm bg-amber-200 px-0.5 text-slate-900 underline decoration-red-700 decoration-2 underline-offset-2"
          >
            {s.text}
          </mark>
        ) : (
          <span key={s.start}>{s.text}</span>
        ),
      )}
    </p>
  );
}

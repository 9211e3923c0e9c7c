import { useId, useState } from 'react';
import type { Highlight, Reason } from '@baitcheck/contracts';
import { segmentContent, type Segment } from '@/lib/highlight';
import { cn } from '@/lib/cn';

function Segments({ segments, labels }: { segments: readonly Segment[]; labels: ReadonlyMap<string, string> }) {
  return segments.map((s) =>
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
  );
}

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
    <p id={id} className={cn('whitespace-pre-wrap wrap-anywhere text-sm text-slate-800', className)}>
      <Segments segments={segmentContent(content, highlights)} labels={labels} />
    </p>
  );
}

/** How much of a long message a preview shows: at most this many characters... */
export const PREVIEW_MAX_CHARS = 280;
/** ...and at most this many lines. */
export const PREVIEW_MAX_LINES = 6;
/** A message longer than the preview by less than this is shown whole: a button would hide only a line. */
const PREVIEW_MIN_HIDDEN_CHARS = 120;

/**
 * Where the preview of `content` ends, or null when it is shown whole: after
 * {@link PREVIEW_MAX_LINES} lines or {@link PREVIEW_MAX_CHARS} characters, at a word break, and
 * never through the middle of a highlighted part (it ends after a short one, before a long one).
 */
export function previewEnd(content: string, segments: readonly Segment[]): number | null {
  let cut = Math.min(content.length, PREVIEW_MAX_CHARS);
  let newlines = 0;
  for (let i = 0; i < cut; i++) {
    if (content[i] === '\n' && ++newlines === PREVIEW_MAX_LINES) {
      cut = i;
      break;
    }
  }
  if (content.length - cut < PREVIEW_MIN_HIDDEN_CHARS) return null;
  const space = content.slice(0, cut + 1).search(/\s\S*$/);
  if (space > cut - 60 && space > 0) cut = space;
  const inside = segments.find((s) => s.reasonIds.length > 0 && s.start < cut && s.start + s.text.length > cut);
  if (inside) {
    const end = inside.start + inside.text.length;
    cut = end - cut <= 80 || inside.start === 0 ? end : inside.start;
  }
  return content.length - cut < PREVIEW_MIN_HIDDEN_CHARS ? null : cut;
}

/**
 * {@link HighlightedText} that shows a long message's first lines, with their highlights, and a
 * 'Show full message' button: a 5,000-word email would otherwise push the reasons off the screen.
 * Says how many highlighted parts the hidden rest holds, so nothing flagged goes unmentioned.
 */
export function ExpandableHighlightedText({
  content,
  highlights,
  reasons = [],
  className,
}: {
  content: string;
  highlights: readonly Highlight[];
  reasons?: readonly Reason[];
  className?: string;
}) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const labels = new Map(reasons.map((r) => [r.id, r.label]));
  const segments = segmentContent(content, highlights);
  const cut = previewEnd(content, segments);
  if (cut === null) {
    return (
      <p className={cn('whitespace-pre-wrap wrap-anywhere text-sm text-slate-800', className)}>
        <Segments segments={segments} labels={labels} />
      </p>
    );
  }
  const shown = expanded
    ? segments
    : segments.filter((s) => s.start < cut).map((s) => (s.start + s.text.length > cut ? { ...s, text: s.text.slice(0, cut - s.start) } : s));
  const hiddenMarks = segments.filter((s) => s.reasonIds.length > 0 && s.start >= cut).length;
  return (
    <div>
      <p id={id} className={cn('whitespace-pre-wrap wrap-anywhere text-sm text-slate-800', className)}>
        <Segments segments={shown} labels={labels} />
        {expanded ? null : <span aria-hidden="true">…</span>}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
          className="min-h-11 cursor-pointer rounded-md text-sm font-medium text-primary underline underline-offset-4 focus-ring sm:min-h-0"
        >
          {expanded ? 'Show less' : 'Show full message'}
        </button>
        {!expanded && hiddenMarks > 0 ? (
          <span className="text-xs text-slate-600">
            {hiddenMarks === 1 ? '1 more highlighted part further down' : `${hiddenMarks} more highlighted parts further down`}
          </span>
        ) : null}
      </div>
    </div>
  );
}

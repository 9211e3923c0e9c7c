import type { Reason } from '@baitcheck/contracts';
import { ReasonList } from './reason-list';

/** What a result says when it found nothing to report. */
export const NO_REASONS_TEXT = 'No suspicious elements detected.';

/**
 * The reasons of a verdict. A warning lists them all (the smaller signs folded away). A safe
 * verdict hides its weakest signs (a "20 mins" is no reason to worry about a message we call
 * safe) but never claims there was nothing when the engine saw something of weight (a link on a
 * domain ending scammers favour): those are listed as worth knowing, not as a warning.
 */
export function VerdictReasons({ safe, labels, details }: { safe: boolean; labels: readonly string[]; details: readonly Reason[] | undefined }) {
  if (!safe) return <ReasonList labels={labels} details={details} emptyText={NO_REASONS_TEXT} collapseLow />;
  const worthKnowing = (details ?? []).filter((r) => r.severity !== 'low');
  if (worthKnowing.length === 0) return <p className="text-sm text-slate-700">{NO_REASONS_TEXT}</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">Not enough to call it suspicious, but worth knowing:</p>
      <ReasonList labels={worthKnowing.map((r) => r.label)} details={worthKnowing} />
    </div>
  );
}

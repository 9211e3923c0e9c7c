/** Turns reasons' evidence into the spans the UI highlights: sorted, non-overlapping, each tied to a reason. */
import type { Highlight, Reason } from './types';

/** Highlights considered at most (evidence is already capped per rule). */
const MAX_CANDIDATES = 1_000;

/**
 * Picks highlight spans from `reasons` (most severe first): where spans overlap, the span of the
 * more severe reason wins, then the longer span. Facts (`start === end`) are not highlighted.
 */
export function buildHighlights(reasons: readonly Reason[]): Highlight[] {
  const candidates: { h: Highlight; rank: number }[] = [];
  reasons.forEach((reason, rank) => {
    for (const e of reason.evidence) {
      if (e.end > e.start && candidates.length < MAX_CANDIDATES) {
        candidates.push({ h: { start: e.start, end: e.end, text: e.text, reasonId: reason.id }, rank });
      }
    }
  });
  candidates.sort((a, b) => a.rank - b.rank || b.h.end - b.h.start - (a.h.end - a.h.start) || a.h.start - b.h.start);
  const chosen: Highlight[] = [];
  for (const { h } of candidates) {
    if (!chosen.some((c) => c.start < h.end && h.start < c.end)) chosen.push(h);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

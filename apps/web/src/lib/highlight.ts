import type { Highlight } from '@baitcheck/contracts';

/** A run of content: plain, or highlighted because of one or more reasons. */
export interface Segment {
  text: string;
  start: number;
  /** Ids of the reasons that flagged this run; empty for plain text. */
  reasonIds: string[];
}

/** Where a highlight really is in `content`: its own range, or where its text occurs. */
function locate(content: string, h: Highlight): [number, number] | null {
  const start = Math.max(0, Math.min(h.start, content.length));
  const end = Math.max(start, Math.min(h.end, content.length));
  if (end > start && (h.text === '' || content.slice(start, end) === h.text)) return [start, end];
  if (h.text) {
    const found = content.indexOf(h.text);
    if (found >= 0) return [found, found + h.text.length];
  }
  return null;
}

/**
 * Splits `content` into plain and highlighted runs. Overlapping highlights are merged into runs
 * that carry every reason covering them; spans outside the content are ignored.
 */
export function segmentContent(content: string, highlights: readonly Highlight[]): Segment[] {
  const ranges = highlights
    .map((h) => {
      const at = locate(content, h);
      return at ? { start: at[0], end: at[1], reasonId: h.reasonId } : null;
    })
    .filter((r): r is { start: number; end: number; reasonId: string } => r !== null);
  if (content === '') return [];
  const cuts = new Set<number>([0, content.length]);
  for (const r of ranges) {
    cuts.add(r.start);
    cuts.add(r.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    const reasonIds = [...new Set(ranges.filter((r) => r.start <= start && r.end >= end).map((r) => r.reasonId))];
    const last = segments[segments.length - 1];
    if (last && last.reasonIds.length === reasonIds.length && last.reasonIds.every((id, k) => id === reasonIds[k])) {
      last.text += content.slice(start, end);
    } else {
      segments.push({ text: content.slice(start, end), start, reasonIds });
    }
  }
  return segments;
}

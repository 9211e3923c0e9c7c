/** Checks the invariants every {@link Analysis} must hold. Test-only. */
import { expect } from 'vitest';
import { THRESHOLDS } from '../scoring';
import type { Analysis } from '../types';

const LEVELS = ['safe', 'suspicious', 'phishing'];
const SEVERITY = { high: 3, medium: 2, low: 1 } as const;

/** Asserts that `a` is a well-formed analysis of `content`. */
export function expectWellFormed(a: Analysis, content: string): void {
  expect(LEVELS).toContain(a.threatLevel);
  expect(a.score).toBeGreaterThanOrEqual(0);
  expect(a.score).toBeLessThanOrEqual(1);
  const expected = a.score >= THRESHOLDS.phishing ? 'phishing' : a.score >= THRESHOLDS.suspicious ? 'suspicious' : 'safe';
  expect(a.threatLevel).toBe(expected);
  if (a.threatLevel !== 'safe') expect(a.reasons.length).toBeGreaterThan(0);
  for (let i = 1; i < a.reasons.length; i++) {
    expect(SEVERITY[a.reasons[i - 1]!.severity]).toBeGreaterThanOrEqual(SEVERITY[a.reasons[i]!.severity]);
  }
  const ids = new Set(a.reasons.map((r) => r.id));
  expect(ids.size).toBe(a.reasons.length);
  for (const r of a.reasons) {
    expect(r.label.length).toBeGreaterThan(0);
    expect(r.evidence.length).toBeGreaterThan(0);
    for (const e of r.evidence) {
      if (e.end > e.start) expect(content.slice(e.start, e.end)).toBe(e.text);
      else expect([e.start, e.end]).toEqual([0, 0]);
    }
  }
  let last = 0;
  for (const h of a.highlights) {
    expect(ids.has(h.reasonId)).toBe(true);
    expect(h.start).toBeGreaterThanOrEqual(last);
    expect(h.end).toBeGreaterThan(h.start);
    expect(content.slice(h.start, h.end)).toBe(h.text);
    last = h.end;
  }
  for (const l of a.links) expect(content.slice(l.start, l.end)).toBe(l.text);
  expect(Array.isArray(a.recommendations)).toBe(true);
  if (a.threatLevel !== 'safe') expect(a.recommendations.length).toBeGreaterThan(0);
  else expect(a.recommendations.length).toBeLessThanOrEqual(1);
  const d = a.threatData?.domainInfo;
  if (d) {
    expect(d.reputationScore).toBeGreaterThanOrEqual(0);
    expect(d.reputationScore).toBeLessThanOrEqual(100);
    expect(d.sources).toEqual(['Baitcheck engine']);
  }
  expect(() => JSON.stringify(a)).not.toThrow();
}

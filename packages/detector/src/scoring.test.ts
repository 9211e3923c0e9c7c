import { describe, expect, it } from 'vitest';
import type { Signal } from './rules/types';
import { groupsTogether, linkRisk, noisyOr, scoreSignals, THRESHOLDS, verdictFor } from './scoring';

const signal = (ruleId: string, ...texts: string[]): Signal => ({
  ruleId,
  label: ruleId,
  severity: 'low',
  evidence: (texts.length > 0 ? texts : ['x']).map((text) => ({ start: 0, end: 0, text })),
});

describe('scoring', () => {
  it('maps scores to verdicts at the thresholds', () => {
    expect(THRESHOLDS.suspicious).toBeLessThan(THRESHOLDS.phishing);
    expect(verdictFor(0)).toBe('safe');
    expect(verdictFor(THRESHOLDS.suspicious - 0.0001)).toBe('safe');
    expect(verdictFor(THRESHOLDS.suspicious)).toBe('suspicious');
    expect(verdictFor(THRESHOLDS.phishing - 0.0001)).toBe('suspicious');
    expect(verdictFor(THRESHOLDS.phishing)).toBe('phishing');
    expect(verdictFor(1)).toBe('phishing');
  });

  it('combines by noisy-OR and stays in [0, 1]', () => {
    expect(noisyOr([])).toBe(0);
    expect(noisyOr([0.5, 0.5])).toBeCloseTo(0.75);
    expect(noisyOr([1, 0.2])).toBe(1);
    expect(noisyOr([2, -1])).toBe(1);
    expect(scoreSignals([])).toBe(0);
  });

  it('keeps any single phrase group, even with several phrases, below suspicious', () => {
    for (const id of ['urgency-language', 'reward-language', 'security-threat-language', 'link-instructions', 'time-pressure', 'suspicious-url']) {
      expect(verdictFor(scoreSignals([signal(id, 'a', 'b', 'c', 'd')]))).toBe('safe');
    }
  });

  it('adds up corroborating phrase groups and more distinct phrases', () => {
    const two = scoreSignals([signal('urgency-language'), signal('security-threat-language')]);
    const three = scoreSignals([signal('urgency-language'), signal('security-threat-language'), signal('reward-language')]);
    expect(verdictFor(two)).toBe('safe');
    expect(verdictFor(three)).toBe('suspicious');
    expect(scoreSignals([signal('reward-language', 'won', 'prize')])).toBeGreaterThan(scoreSignals([signal('reward-language', 'won', 'WON')]));
  });

  it('counts phrase groups as corroborating only when they stand close together', () => {
    const at = (ruleId: string, start: number): Signal => ({ ...signal(ruleId), evidence: [{ start, end: start + 1, text: 'x' }] });
    const near = [at('urgency-language', 0), at('security-threat-language', 100), at('reward-language', 200)];
    const far = [at('urgency-language', 0), at('security-threat-language', 5_000), at('reward-language', 10_000)];
    expect(groupsTogether(near)).toBe(3);
    expect(groupsTogether(far)).toBe(1);
    expect(verdictFor(scoreSignals(near))).toBe('suspicious');
    expect(verdictFor(scoreSignals(far))).toBe('safe');
    expect(groupsTogether([at('url-shortener', 0)])).toBe(0);
  });

  it('makes a blocked sender alone suspicious, and link red flags strong', () => {
    expect(verdictFor(scoreSignals([{ ...signal('blocked-sender'), severity: 'high' }]))).toBe('suspicious');
    expect(verdictFor(linkRisk(['known-phishing-host']))).toBe('phishing');
    expect(verdictFor(linkRisk(['ip-host', 'brand-in-path']))).toBe('phishing');
    expect(verdictFor(linkRisk(['url-shortener']))).toBe('safe');
    expect(linkRisk([])).toBe(0);
  });

  it('weights an unknown rule by its severity', () => {
    expect(scoreSignals([{ ...signal('some-new-rule'), severity: 'high' }])).toBeGreaterThan(
      scoreSignals([{ ...signal('some-new-rule'), severity: 'low' }]),
    );
  });
});

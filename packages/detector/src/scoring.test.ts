import { describe, expect, it } from 'vitest';
import { MODEL_DATA } from './model/weights-generated';
import { ALL_RULES } from './rules/index';
import type { Signal } from './rules/types';
import { channelOf, combine, linkRisk, ruleWeight, scoreSignals, THRESHOLDS, verdictFloor, verdictFor } from './scoring';

const signal = (ruleId: string, polarity: 'risk' | 'trust' = 'risk', severity: Signal['severity'] = 'medium'): Signal => ({
  ruleId,
  polarity,
  label: ruleId,
  severity,
  evidence: [{ start: 0, end: 0, text: 'x' }],
});

describe('scoring', () => {
  it('maps scores to verdicts at the thresholds', () => {
    expect(THRESHOLDS.suspicious).toBeGreaterThan(0);
    expect(THRESHOLDS.suspicious).toBeLessThan(THRESHOLDS.phishing);
    expect(THRESHOLDS.phishing).toBeLessThan(1);
    expect(verdictFor(0)).toBe('safe');
    expect(verdictFor(THRESHOLDS.suspicious - 0.0001)).toBe('safe');
    expect(verdictFor(THRESHOLDS.suspicious)).toBe('suspicious');
    expect(verdictFor(THRESHOLDS.phishing - 0.0001)).toBe('suspicious');
    expect(verdictFor(THRESHOLDS.phishing)).toBe('phishing');
    expect(verdictFor(1)).toBe('phishing');
  });

  it('gives a probability in [0, 1] that grows with the model logits', () => {
    for (const kind of ['text', 'url'] as const) {
      const low = combine({ kind, model: -8, link: null, signals: [] }).score;
      const mid = combine({ kind, model: 0, link: null, signals: [] }).score;
      const high = combine({ kind, model: 8, link: 2, signals: [] }).score;
      for (const s of [low, mid, high]) {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
      }
      expect(low).toBeLessThanOrEqual(mid);
      expect(mid).toBeLessThanOrEqual(high);
    }
  });

  it('raises the score for every risk rule and lowers it for every trust rule', () => {
    const base = { kind: 'text' as const, model: 0, link: null };
    const none = combine({ ...base, signals: [] }).score;
    for (const rule of ALL_RULES) {
      const s = combine({ ...base, signals: [signal(rule.id, rule.polarity ?? 'risk', rule.severity)] }).score;
      if (rule.polarity === 'trust') expect(s, rule.id).toBeLessThanOrEqual(none);
      else expect(s, rule.id).toBeGreaterThanOrEqual(none);
    }
  });

  it('never lets a risk weight go negative or a trust weight positive, learned or not', () => {
    for (const kind of ['text', 'url'] as const) {
      for (const rule of ALL_RULES) {
        const w = ruleWeight(rule.id, rule.severity, rule.polarity ?? 'risk', kind);
        if (rule.polarity === 'trust') expect(w, rule.id).toBeLessThanOrEqual(0);
        else expect(w, rule.id).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('weights a rule unseen at training by its severity (a rule added after the last training run)', () => {
    const unseen = 'a-rule-added-after-training';
    expect(MODEL_DATA.combiner.text.rules[unseen]).toBeUndefined();
    expect(ruleWeight(unseen, 'high')).toBe(MODEL_DATA.fallback.high);
    expect(ruleWeight(unseen, 'low')).toBe(MODEL_DATA.fallback.low);
    expect(ruleWeight(unseen, 'high', 'trust')).toBe(-MODEL_DATA.fallback.high);
    expect(scoreSignals([signal(unseen, 'risk', 'high')])).toBeGreaterThan(scoreSignals([signal(unseen, 'risk', 'low')]));
    expect(scoreSignals([signal(unseen, 'trust', 'high')])).toBeLessThan(scoreSignals([]));
  });

  it('counts a rule once however many signals it reported', () => {
    const one = scoreSignals([signal('urgency-language')]);
    expect(scoreSignals([signal('urgency-language'), signal('urgency-language')])).toBe(one);
  });

  it('scores a link from its rules: none is 0, a red flag raises it', () => {
    expect(linkRisk([])).toBe(0);
    const risky = ALL_RULES.find((r) => r.scope === 'link' && r.polarity !== 'trust' && r.severity === 'high');
    if (risky) expect(linkRisk([risky.id])).toBeGreaterThan(linkRisk(['an-unknown-trust-free-id-low']) - 1);
    expect(linkRisk(['ip-host', 'at-sign-in-url'])).toBeGreaterThan(linkRisk(['ip-host']));
  });

  it('calibrates texts of unknown channel by length', () => {
    expect(channelOf('sms', 5000)).toBe('sms');
    expect(channelOf('email', 10)).toBe('email');
    expect(channelOf(undefined, 100)).toBe('sms');
    expect(channelOf('manual', 2000)).toBe('email');
  });
});

describe('verdictFloor', () => {
  const hosting = (platform: string, kind: string): Signal => ({
    ruleId: 'free-hosting',
    polarity: 'risk',
    label: 'free-hosting',
    severity: 'low',
    evidence: [{ start: 0, end: 20, text: 'https://x/' }, { start: 0, end: 0, text: platform }, { start: 0, end: 0, text: kind }],
  });

  it('floors a page on a site builder, app host or dynamic DNS scanned alone, not in a message', () => {
    expect(verdictFloor([hosting('weebly.com', 'free-hosting')], 'url')).toBe('suspicious');
    expect(verdictFloor([hosting('pages.dev', 'app-hosting')], 'url')).toBe('suspicious');
    expect(verdictFloor([hosting('duckdns.org', 'dynamic-dns')], 'url')).toBe('suspicious');
    expect(verdictFloor([hosting('docs.google.com', 'form-builder')], 'url')).toBe('suspicious');
    expect(verdictFloor([hosting('weebly.com', 'free-hosting')], 'text')).toBe('safe');
  });

  it('makes an email that failed its domain\'s authentication at least suspicious, in a text scan', () => {
    expect(verdictFloor([signal('email-auth-failed', 'risk', 'high')], 'text')).toBe('suspicious');
  });

  it('does not floor blogs (Blogger on any country domain) or files shared from the big suites', () => {
    for (const p of ['blogspot.com', 'blogspot.lt', 'blogspot.com.by', 'wordpress.com', 'medium.com']) {
      expect(verdictFloor([hosting(p, 'free-hosting')], 'url')).toBe('safe');
    }
    expect(verdictFloor([hosting('docs.google.com', 'file-sharing')], 'url')).toBe('safe');
  });

  it('floors a brand look-alike address anywhere, and keeps the strongest floor', () => {
    expect(verdictFloor([signal('typosquat-domain')], 'text')).toBe('suspicious');
    expect(verdictFloor([signal('homoglyph-host')], 'url')).toBe('suspicious');
    expect(verdictFloor([signal('homoglyph-host'), signal('known-phishing-host')], 'url')).toBe('phishing');
    expect(verdictFloor([signal('url-shortener')], 'url')).toBe('suspicious');
    expect(verdictFloor([signal('url-shortener')], 'text')).toBe('safe');
  });
});

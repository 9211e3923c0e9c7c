import { describe, expect, it } from 'vitest';
import type { DataLabel } from '../data/types.ts';
import { addRow, emptyCounts, findRegressions, metricsOf, missingGroups, roundedMetrics, type Metrics, type Verdict } from './metrics.ts';
import { groupsOf, inputOf, sortGroupKeys } from './run.ts';

// A tiny hand-made table: 4 legit, 3 scam, 3 phishing.
const TABLE: [DataLabel, Verdict][] = [
  ['legit', 'safe'],
  ['legit', 'safe'],
  ['legit', 'safe'],
  ['legit', 'suspicious'], // false positive
  ['scam', 'suspicious'],
  ['scam', 'safe'], // miss
  ['scam', 'phishing'],
  ['phishing', 'phishing'],
  ['phishing', 'suspicious'],
  ['phishing', 'safe'], // miss
];

describe('metrics', () => {
  const c = TABLE.reduce((acc, [l, v]) => addRow(acc, l, v), emptyCounts());

  it('counts', () => {
    expect(c).toEqual({ n: 10, legit: 4, scam: 3, phishing: 3, threatsFlagged: 4, legitFlagged: 1, phishingAsPhishing: 1 });
  });

  it('computes the rates', () => {
    const m = metricsOf(c);
    expect(m.recall).toBeCloseTo(4 / 6);
    expect(m.fpr).toBeCloseTo(1 / 4);
    expect(m.phishingAsPhishing).toBeCloseTo(1 / 3);
    expect(m.accuracy).toBeCloseTo(7 / 10);
    expect(m.precision).toBeCloseTo(4 / 5);
    expect(m.f1).toBeCloseTo((2 * (4 / 6) * (4 / 5)) / (4 / 6 + 4 / 5));
  });

  it('rounds to 4 decimals in a fixed key order', () => {
    const m = roundedMetrics(c);
    expect(Object.keys(m)).toEqual(['n', 'legit', 'scam', 'phishing', 'recall', 'fpr', 'phishingAsPhishing', 'accuracy', 'precision', 'f1']);
    expect(m.recall).toBe(0.6667);
    expect(m.f1).toBe(0.7273);
  });

  it('gives null where a rate is undefined, 0 F1 when nothing is caught', () => {
    const legitOnly = metricsOf(addRow(emptyCounts(), 'legit', 'safe'));
    expect(legitOnly).toMatchObject({ recall: null, fpr: 0, phishingAsPhishing: null, precision: null, f1: null, accuracy: 1 });
    const missed = metricsOf(addRow(emptyCounts(), 'scam', 'safe'));
    expect(missed).toMatchObject({ recall: 0, fpr: null, precision: null, f1: 0, accuracy: 0 });
  });
});

describe('findRegressions', () => {
  const m = (over: Partial<Metrics>): Metrics => ({
    n: 10, legit: 5, scam: 5, phishing: 0, recall: 0.5, fpr: 0.1, phishingAsPhishing: null, accuracy: 0.7, precision: 0.8, f1: 0.6, ...over,
  });

  it('names every metric worse by more than 0.5 points, in the right direction', () => {
    const base = { g: m({}) };
    const cur = { g: m({ recall: 0.49, fpr: 0.106, accuracy: 0.696, precision: 0.9 }) };
    expect(findRegressions(base, cur)).toEqual([
      { group: 'g', metric: 'recall', baseline: 0.5, current: 0.49 },
      { group: 'g', metric: 'fpr', baseline: 0.1, current: 0.106 },
    ]);
  });

  it('tolerates exactly 0.5 points and ignores nulls and new groups', () => {
    expect(findRegressions({ g: m({}) }, { g: m({ recall: 0.495, fpr: 0.105 }), h: m({ recall: 0 }) })).toEqual([]);
    expect(findRegressions({ g: m({ phishingAsPhishing: 0.9 }) }, { g: m({ phishingAsPhishing: null }) })).toEqual([]);
  });

  it('lists baseline groups the run did not produce', () => {
    expect(missingGroups({ g: m({}), h: m({}) }, { g: m({}) })).toEqual(['h']);
  });
});

describe('eval grouping and input', () => {
  const base = { id: 'x:1', origLabel: 'benign', label: 'legit' as const };

  it('feeds URL rows as URL scans (refanged, scheme added) and text rows as messages', () => {
    expect(inputOf({ ...base, set: 'x', channel: 'url', text: 'google.com', url: 'google.com' })).toEqual({ kind: 'url', content: 'http://google.com' });
    expect(inputOf({ ...base, set: 'x', channel: 'url', text: 'hxxp://a[.]top', url: 'hxxp://a[.]top' })).toEqual({ kind: 'url', content: 'http://a.top' });
    expect(inputOf({ ...base, set: 'x', channel: 'email', text: 'S\n\nB', sender: 'a.com' })).toEqual({
      kind: 'text', content: 'S\n\nB', source: 'email', sender: 'a.com',
    });
  });

  it('counts a row in each set holding it, its form and its channel total', () => {
    expect(groupsOf({ ...base, set: 'a', alsoIn: ['b'], channel: 'url', text: 'x.com', form: 'domain' })).toEqual([
      'url/a', 'url/a/form=domain', 'url/b', 'url/b/form=domain', 'url/TOTAL shared', 'url/TOTAL shared/form=domain',
    ]);
    expect(groupsOf({ ...base, set: 'modern-sms-legit', channel: 'sms', text: 'hi' })).toEqual(['sms/modern-sms-legit', 'sms/TOTAL modern']);
    expect(groupsOf({ ...base, label: 'scam', set: 'modern-sms-scam', channel: 'sms', text: 'call us' })).toEqual([
      'sms/modern-sms-scam', 'sms/modern-sms-scam/label=scam', 'sms/TOTAL modern',
    ]);
    // the derived set of mail-linked websites stays out of the split's totals
    expect(groupsOf({ ...base, set: 'mail-linked-legit', channel: 'url', text: 'http://a.org/x', form: 'url' })).toEqual([
      'url/mail-linked-legit', 'url/mail-linked-legit/form=url',
    ]);
  });

  it('sorts groups by channel, set order, totals last', () => {
    const keys = ['url/TOTAL shared', 'sms/b', 'url/a/form=url', 'sms/TOTAL modern', 'url/a', 'sms/a', 'sms/TOTAL shared'];
    expect(sortGroupKeys(keys, ['a', 'b'])).toEqual(['sms/a', 'sms/b', 'sms/TOTAL shared', 'sms/TOTAL modern', 'url/a', 'url/a/form=url', 'url/TOTAL shared']);
  });
});

// Checks the hand-written modern dev sets in <repo>/data/modern: shape, sizes, unique ids and texts.
import { describe, expect, it } from 'vitest';
import { loadModernSet } from './load.ts';
import { MODERN_SETS } from './sources.ts';

const MIN_ROWS: Record<string, number> = {
  'modern-sms-scam': 150,
  'modern-sms-legit': 200,
  'modern-email-phishing': 80,
  'modern-email-legit': 100,
  'modern-url-phishing': 150,
  'modern-url-legit': 200,
};

describe.each(MODERN_SETS.map((s) => [s.name, s] as const))('%s', (name, set) => {
  const rows = loadModernSet(name);

  it(`has at least ${MIN_ROWS[name]} rows with unique ids and texts`, () => {
    expect(rows.length).toBeGreaterThanOrEqual(MIN_ROWS[name]!);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.text.toLowerCase())).size).toBe(rows.length);
  });

  it('has the channel and labels its name promises', () => {
    const legit = name.endsWith('-legit');
    for (const r of rows) {
      expect(r.channel).toBe(set.channel);
      expect(r.label === 'legit').toBe(legit);
      if (set.channel === 'url') expect(r.url).toBeTruthy();
      if (set.channel === 'email') expect(r.subject).toBeTruthy();
    }
  });
});

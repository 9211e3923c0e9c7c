/** Confusion counts and the figures `npm run eval` reports. Pure arithmetic, no I/O. */
import type { DataLabel } from '../data/types.ts';

export type Verdict = 'safe' | 'suspicious' | 'phishing';

/** Counts for one group of rows. A threat is a scam or phishing row; flagged is any verdict but safe. */
export interface Counts {
  n: number;
  legit: number;
  scam: number;
  phishing: number;
  /** Threat rows flagged (true positives). */
  threatsFlagged: number;
  /** Legit rows flagged (false positives). */
  legitFlagged: number;
  /** Phishing rows whose verdict was phishing. */
  phishingAsPhishing: number;
}

/** The reported figures, each in [0, 1], or null where the denominator is 0. */
export interface Metrics {
  n: number;
  legit: number;
  scam: number;
  phishing: number;
  /** Threats flagged / threats. */
  recall: number | null;
  /** Legit flagged / legit. */
  fpr: number | null;
  /** Phishing rows called phishing / phishing rows. */
  phishingAsPhishing: number | null;
  /** Correct (threat flagged, legit safe) / n. */
  accuracy: number | null;
  /** Threats flagged / all flagged. */
  precision: number | null;
  f1: number | null;
}

/** Metric names where a higher value is better (the others: lower is better). */
export const HIGHER_IS_BETTER = ['recall', 'phishingAsPhishing', 'accuracy', 'precision', 'f1'] as const;
export const LOWER_IS_BETTER = ['fpr'] as const;
export type RateName = (typeof HIGHER_IS_BETTER)[number] | (typeof LOWER_IS_BETTER)[number];
export const RATE_NAMES: readonly RateName[] = ['recall', 'fpr', 'phishingAsPhishing', 'accuracy', 'precision', 'f1'];

export function emptyCounts(): Counts {
  return { n: 0, legit: 0, scam: 0, phishing: 0, threatsFlagged: 0, legitFlagged: 0, phishingAsPhishing: 0 };
}

/** Adds one row's truth and verdict to the counts (mutates and returns them). */
export function addRow(c: Counts, label: DataLabel, verdict: Verdict): Counts {
  c.n++;
  c[label]++;
  const flagged = verdict !== 'safe';
  if (label === 'legit') {
    if (flagged) c.legitFlagged++;
  } else if (flagged) c.threatsFlagged++;
  if (label === 'phishing' && verdict === 'phishing') c.phishingAsPhishing++;
  return c;
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

/** Rounds to 4 decimals (as written to the baseline). */
export function round4(x: number | null): number | null {
  return x === null ? null : Math.round(x * 10_000) / 10_000;
}

/** The figures for one group of counts. */
export function metricsOf(c: Counts): Metrics {
  const threats = c.scam + c.phishing;
  const recall = ratio(c.threatsFlagged, threats);
  const precision = ratio(c.threatsFlagged, c.threatsFlagged + c.legitFlagged);
  const f1 = recall === null || precision === null || recall + precision === 0 ? (recall === 0 ? 0 : null) : (2 * recall * precision) / (recall + precision);
  return {
    n: c.n,
    legit: c.legit,
    scam: c.scam,
    phishing: c.phishing,
    recall,
    fpr: ratio(c.legitFlagged, c.legit),
    phishingAsPhishing: ratio(c.phishingAsPhishing, c.phishing),
    accuracy: ratio(c.threatsFlagged + (c.legit - c.legitFlagged), c.n),
    precision,
    f1,
  };
}

/** `metricsOf` with every rate rounded to 4 decimals, keys in a fixed order. */
export function roundedMetrics(c: Counts): Metrics {
  const m = metricsOf(c);
  return {
    n: m.n,
    legit: m.legit,
    scam: m.scam,
    phishing: m.phishing,
    recall: round4(m.recall),
    fpr: round4(m.fpr),
    phishingAsPhishing: round4(m.phishingAsPhishing),
    accuracy: round4(m.accuracy),
    precision: round4(m.precision),
    f1: round4(m.f1),
  };
}

/** One metric that got worse than the baseline allows. */
export interface Regression {
  group: string;
  metric: RateName;
  baseline: number;
  current: number;
}

/**
 * Metrics that got worse by more than `tolerance` (default 0.005 = 0.5 percentage points): a
 * lower recall, phishing-as-phishing, accuracy, precision or F1, or a higher false-positive rate.
 * Groups or metrics missing on either side are not regressions (see `missingGroups`).
 */
export function findRegressions(
  baseline: Readonly<Record<string, Metrics>>,
  current: Readonly<Record<string, Metrics>>,
  tolerance = 0.005,
): Regression[] {
  const out: Regression[] = [];
  for (const [group, b] of Object.entries(baseline)) {
    const c = current[group];
    if (!c) continue;
    for (const metric of RATE_NAMES) {
      const bv = b[metric];
      const cv = c[metric];
      if (bv === null || cv === null || bv === undefined || cv === undefined) continue;
      const worse = (LOWER_IS_BETTER as readonly string[]).includes(metric) ? cv - bv : bv - cv;
      // Compare at the baseline's precision so that rounding never makes a regression.
      if (Math.round(worse * 10_000) / 10_000 > tolerance) out.push({ group, metric, baseline: bv, current: cv });
    }
  }
  return out;
}

/** Baseline groups that the current run did not produce. */
export function missingGroups(baseline: Readonly<Record<string, Metrics>>, current: Readonly<Record<string, Metrics>>): string[] {
  return Object.keys(baseline).filter((g) => !(g in current));
}

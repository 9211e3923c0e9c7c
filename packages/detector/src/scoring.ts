/**
 * Turns signals into one score and a verdict. Every weight and threshold lives here.
 *
 * Each fired rule contributes a weight w (the probability that it alone means a scam); weights
 * combine by noisy-OR, `score = 1 - Π(1 - w)`, so independent pieces of evidence add up while
 * the score stays in [0, 1]. The spec's phrase groups are weak (one everyday word stays safe);
 * a phrase group that matched several different phrases counts a little more, and several
 * different phrase groups together add a corroboration term. Link red flags are strong.
 * These weights are hand-set for the first detector; the full engine (issue 3) calibrates them
 * on the dev split.
 */
import type { Severity, ThreatLevel } from './types';
import type { Signal } from './rules/types';

/** Score thresholds of the verdict: at or above `phishing` is phishing, at or above `suspicious` is suspicious. */
export const THRESHOLDS = { suspicious: 0.4, phishing: 0.7 } as const;

/** Weight of each rule, by id. */
export const RULE_WEIGHTS: Readonly<Record<string, number>> = {
  // the spec's phrase groups: weak on their own
  'urgency-language': 0.15,
  'reward-language': 0.15,
  'security-threat-language': 0.15,
  'link-instructions': 0.2,
  'time-pressure': 0.12,
  'suspicious-url': 0.05,
  // sender
  'blocked-sender': 0.5,
  // links
  'known-phishing-host': 0.95,
  'ip-host': 0.55,
  'at-sign-in-url': 0.55,
  'brand-outside-domain': 0.65,
  'brand-in-path': 0.35,
  'punycode-host': 0.35,
  'url-shortener': 0.3,
  'login-path': 0.15,
};

/** Weight of a rule missing from {@link RULE_WEIGHTS}, by severity. */
export const SEVERITY_WEIGHTS: Readonly<Record<Severity, number>> = { low: 0.12, medium: 0.3, high: 0.55 };

/** Rules that are the spec's text phrase groups (they corroborate each other). */
const TEXT_PHRASE_RULES: ReadonlySet<string> = new Set([
  'urgency-language',
  'reward-language',
  'security-threat-language',
  'link-instructions',
  'time-pressure',
]);

/** Extra weight per distinct phrase matched beyond the first within one phrase group (at most two). */
const REPEAT_BONUS = 0.05;
/** Corroboration weight per text phrase group beyond the second (groups within the window). */
const GROUP_BONUS = 0.1;
/** Characters within which phrase groups count as corroborating each other (a long SMS, a short email). */
const GROUP_WINDOW = 600;

/** The weight of one rule id (known weight, else by severity). */
export function ruleWeight(ruleId: string, severity: Severity): number {
  return RULE_WEIGHTS[ruleId] ?? SEVERITY_WEIGHTS[severity];
}

function distinctPhrases(signal: Signal): number {
  const seen = new Set<string>();
  for (const e of signal.evidence) {
    seen.add(e.text.toLowerCase().replace(/\s+/g, ' '));
    if (seen.size >= 3) break;
  }
  return seen.size;
}

/** The weight a signal contributes, with the repeat bonus for phrase groups. */
export function signalWeight(signal: Signal): number {
  const base = ruleWeight(signal.ruleId, signal.severity);
  if (!TEXT_PHRASE_RULES.has(signal.ruleId)) return base;
  return base + REPEAT_BONUS * (distinctPhrases(signal) - 1);
}

/** Combines independent probabilities by noisy-OR. */
export function noisyOr(weights: readonly number[]): number {
  let keep = 1;
  for (const w of weights) keep *= 1 - Math.min(Math.max(w, 0), 1);
  return 1 - keep;
}

/** The score of a set of signals, in [0, 1]. */
export function scoreSignals(signals: readonly Signal[]): number {
  const weights: number[] = [];
  for (const s of signals) weights.push(signalWeight(s));
  const groups = groupsTogether(signals);
  if (groups > 2) weights.push(GROUP_BONUS * (groups - 2));
  return round(noisyOr(weights));
}

/**
 * The most phrase groups seen together within {@link GROUP_WINDOW} characters: groups that
 * corroborate each other stand close, in a long text they meet by chance.
 */
export function groupsTogether(signals: readonly Signal[]): number {
  const hits: { at: number; group: string }[] = [];
  for (const s of signals) {
    if (!TEXT_PHRASE_RULES.has(s.ruleId)) continue;
    for (const e of s.evidence) hits.push({ at: e.start, group: s.ruleId });
  }
  if (hits.length === 0) return 0;
  hits.sort((a, b) => a.at - b.at);
  let best = 0;
  const inWindow = new Map<string, number>();
  let lo = 0;
  for (const hit of hits) {
    inWindow.set(hit.group, (inWindow.get(hit.group) ?? 0) + 1);
    while (hit.at - (hits[lo] as { at: number }).at > GROUP_WINDOW) {
      const old = hits[lo++] as { group: string };
      const n = (inWindow.get(old.group) ?? 1) - 1;
      if (n === 0) inWindow.delete(old.group);
      else inWindow.set(old.group, n);
    }
    best = Math.max(best, inWindow.size);
  }
  return best;
}

/** The risk of one link from the ids of the link rules that fired on it, in [0, 1]. */
export function linkRisk(ruleIds: readonly string[]): number {
  return round(noisyOr(ruleIds.map((id) => ruleWeight(id, 'medium'))));
}

/** The verdict for a score. */
export function verdictFor(score: number): ThreatLevel {
  if (score >= THRESHOLDS.phishing) return 'phishing';
  if (score >= THRESHOLDS.suspicious) return 'suspicious';
  return 'safe';
}

const SEVERITY_RANK: Readonly<Record<Severity, number>> = { high: 3, medium: 2, low: 1 };

/** Rank of a severity, higher is more severe. */
export function severityRank(severity: Severity): number {
  return SEVERITY_RANK[severity];
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

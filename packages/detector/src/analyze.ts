/** The engine: runs the registry's rules over an input and assembles the {@link Analysis}. */
import { domainInfoFor } from './domain-info';
import { buildHighlights } from './highlights';
import { buildContext } from './context';
import { MAX_EVIDENCE_PER_RULE } from './limits';
import { toLinkFinding, type ParsedLink } from './links';
import { recommend } from './recommendations';
import { LINK_RULES, MESSAGE_RULES } from './rules/index';
import { fact, type LinkRule, type RuleContext, type Signal } from './rules/types';
import { linkRisk, scoreSignals, severityRank, signalWeight, THRESHOLDS, verdictFor } from './scoring';
import type { Analysis, AnalyzeInput, AnalyzeOptions, Span, ThreatData } from './types';

/** Registry position of each rule, the last tie-breaker when ordering reasons. */
const RULE_ORDER: ReadonlyMap<string, number> = new Map(
  [...MESSAGE_RULES, ...LINK_RULES].map((rule, i) => [rule.id, i] as const),
);

/** Reason id of the result returned if the engine itself fails (it should not). */
export const ANALYSIS_ERROR_ID = 'analysis-error';

/**
 * Analyses a message or a URL and returns a verdict with reasons, evidence, highlights,
 * recommendations and local domain facts. Pure and synchronous; never throws.
 */
export function analyze(input: AnalyzeInput, options: AnalyzeOptions = {}): Analysis {
  try {
    return run(input, options ?? {});
  } catch {
    return failed();
  }
}

function run(rawInput: AnalyzeInput, options: AnalyzeOptions): Analysis {
  const ctx = buildContext(rawInput, options);
  const { input, links } = ctx;

  const signals: Signal[] = [];
  for (const rule of MESSAGE_RULES) {
    if (!rule.kinds.includes(input.kind)) continue;
    const evidence = rule.detect(ctx);
    if (evidence.length > 0) signals.push({ ruleId: rule.id, label: rule.label, severity: rule.severity, evidence });
  }
  const perLink = runLinkRules(links, ctx, signals);

  signals.sort(
    (a, b) =>
      severityRank(b.severity) - severityRank(a.severity) ||
      signalWeight(b) - signalWeight(a) ||
      (RULE_ORDER.get(a.ruleId) ?? 0) - (RULE_ORDER.get(b.ruleId) ?? 0),
  );
  const score = scoreSignals(signals);
  const threatLevel = verdictFor(score);
  const reasons = signals.map((s) => ({ id: s.ruleId, label: s.label, severity: s.severity, evidence: s.evidence }));

  let threatData: ThreatData | null = null;
  const worst = mostSuspicious(perLink);
  if (worst !== null) {
    threatData = { domainInfo: domainInfoFor(worst.link, worst.ruleIds, worst.categories, typeof options.now === 'string' ? options.now : '') };
  }
  const senderInfo = options.intel?.senderInfo;
  if (senderInfo) threatData = { ...(threatData ?? {}), senderInfo };

  return {
    threatLevel,
    score,
    reasons,
    highlights: buildHighlights(reasons),
    recommendations: recommend(threatLevel, reasons, links.length),
    links: links.map(toLinkFinding),
    threatData,
  };
}

interface LinkResult {
  link: ParsedLink;
  ruleIds: string[];
  categories: string[];
}

/** Applies every link rule to every link; adds one signal per rule that fired on any link. */
function runLinkRules(links: readonly ParsedLink[], ctx: RuleContext, signals: Signal[]): LinkResult[] {
  const results: LinkResult[] = [];
  const byRule = new Map<LinkRule, Span[]>();
  for (const link of links) {
    const result: LinkResult = { link, ruleIds: [], categories: [] };
    for (const rule of LINK_RULES) {
      const facts = rule.detect(link, ctx);
      if (facts === null) continue;
      result.ruleIds.push(rule.id);
      result.categories.push(rule.category);
      let evidence = byRule.get(rule);
      if (evidence === undefined) {
        evidence = [];
        byRule.set(rule, evidence);
      }
      addEvidence(evidence, link.end > link.start ? { start: link.start, end: link.end, text: link.text } : null, facts);
    }
    results.push(result);
  }
  for (const [rule, evidence] of byRule) {
    signals.push({ ruleId: rule.id, label: rule.label, severity: rule.severity, evidence });
  }
  return results;
}

function addEvidence(evidence: Span[], span: Span | null, facts: readonly Span[]): void {
  if (span !== null && evidence.length < MAX_EVIDENCE_PER_RULE) evidence.push(span);
  for (const f of facts) {
    if (evidence.length >= MAX_EVIDENCE_PER_RULE) return;
    if (!evidence.some((e) => e.start === f.start && e.end === f.end && e.text === f.text)) evidence.push(f);
  }
}

/** The link with the highest risk (the first on a tie), or null when there are no links. */
function mostSuspicious(results: readonly LinkResult[]): LinkResult | null {
  let best: LinkResult | null = null;
  let bestRisk = -1;
  for (const r of results) {
    const risk = r.ruleIds.length === 0 ? 0 : linkRisk(r.ruleIds);
    if (risk > bestRisk) {
      best = r;
      bestRisk = risk;
    }
  }
  return best;
}

/** The result when the engine failed: never a silent "safe". */
function failed(): Analysis {
  return {
    threatLevel: 'suspicious',
    score: THRESHOLDS.suspicious,
    reasons: [
      {
        id: ANALYSIS_ERROR_ID,
        label: 'This content could not be fully checked, so treat it with care',
        severity: 'medium',
        evidence: [fact('analysis failed')],
      },
    ],
    highlights: [],
    recommendations: [
      'Check the message with the sender through a phone number, website or app you already know.',
    ],
    links: [],
    threatData: null,
  };
}

/** The engine: runs the registry's rules over an input and assembles the {@link Analysis}. */
import { domainInfoFor } from './domain-info';
import { buildHighlights } from './highlights';
import { MAX_ANALYSED_CHARS, MAX_EVIDENCE_PER_RULE } from './limits';
import { findLinks, parseLink, toLinkFinding, type ParsedLink } from './links';
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
    return failed(options);
  }
}

function run(rawInput: AnalyzeInput, options: AnalyzeOptions): Analysis {
  const input = normaliseInput(rawInput);
  const content = input.content.length > MAX_ANALYSED_CHARS ? input.content.slice(0, MAX_ANALYSED_CHARS) : input.content;
  const links = input.kind === 'url' ? urlScanLinks(content) : findLinks(content);
  const ctx: RuleContext = { input, content, links, options, insideLink: (s, e) => insideAny(links, s, e) };

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

/** Coerces whatever arrived (from JSON, a worker message...) into a well-formed input. */
function normaliseInput(raw: AnalyzeInput): AnalyzeInput {
  const obj = (raw ?? {}) as Partial<AnalyzeInput>;
  const content = typeof obj.content === 'string' ? obj.content : obj.content == null ? '' : String(obj.content);
  const out: AnalyzeInput = { kind: obj.kind === 'url' ? 'url' : 'text', content };
  if (typeof obj.sender === 'string') out.sender = obj.sender;
  if (typeof obj.source === 'string') out.source = obj.source;
  return out;
}

/** The URL of a URL scan as the one link, its span the content without surrounding spaces. */
function urlScanLinks(content: string): ParsedLink[] {
  const start = content.length - content.trimStart().length;
  const raw = content.trim();
  return raw.length === 0 ? [] : [parseLink(raw, start)];
}

/** True when `[start, end)` lies within one of the sorted, non-overlapping `links`. */
function insideAny(links: readonly ParsedLink[], start: number, end: number): boolean {
  let lo = 0;
  let hi = links.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const link = links[mid] as ParsedLink;
    if (link.end <= start) lo = mid + 1;
    else if (link.start >= end) hi = mid - 1;
    else return true;
  }
  return false;
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
function failed(options: AnalyzeOptions): Analysis {
  void options;
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

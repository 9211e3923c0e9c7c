/** The engine: runs the registry's rules over an input and assembles the {@link Analysis}. */
import { domainInfoFor } from './domain-info';
import { buildHighlights } from './highlights';
import { buildContext } from './context';
import { MAX_EVIDENCE_PER_RULE } from './limits';
import { toLinkFinding, type ParsedLink } from './links';
import { recommend, RECOMMENDATIONS } from './recommendations';
import { LINK_RULES, MESSAGE_RULES } from './rules/index';
import { PHRASE_RULES } from './rules/phrases/index';
import { fact, type LinkRule, type RuleContext, type Signal } from './rules/types';
import { hostLogit, logit, MODELS, topScamWords } from './model/runtime';
import type { SparseVector } from './model/hash';
import { MODEL_MAX_CHARS, textFeatures } from './model/text-features';
import { linkVectorOf, type LinkVector } from './model/url-features';
import { givesNumberAmountOrLink, givesWayToRespond, givesWayToRespondBesidesLinks } from './actionable';
import { detectLanguage } from './language';
import { normalizeMessage } from './normalize';
import { channelOf, combine, linkRisk, verdictFloor, severityRank, signalWeight, THRESHOLDS, verdictFor, sigmoid } from './scoring';
import type { Analysis, AnalyzeInput, AnalyzeOptions, Reason, Severity, Span, ThreatData } from './types';

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
    return run(bareLinkAsUrl(input), options ?? {});
  } catch {
    return failed();
  }
}

/** A message that is one web address and nothing else (`https://...`, `www....`). */
const BARE_LINK = /^(?:https?:\/\/|www\.)[^\s]{1,8190}$/i;

/**
 * A "message" that is only a link, with no sender, is a link: it is judged as one, so the same
 * address gets the same verdict pasted in either box (it was suspicious as a message and safe as
 * a link: the text path's thresholds are a message's, chosen with its words to go on).
 */
function bareLinkAsUrl(input: AnalyzeInput): AnalyzeInput {
  if (input === null || typeof input !== 'object' || input.kind !== 'text' || typeof input.content !== 'string') return input;
  if (typeof input.sender === 'string' && input.sender.trim() !== '') return input;
  // trailing space only: the highlights' offsets are the content's as it was sent
  const content = input.content.trimEnd();
  if (!BARE_LINK.test(content)) return input;
  const { source: _source, ...rest } = input;
  return { ...rest, kind: 'url', content };
}

/** The note of a result whose text is not in English. */
export const NOT_ENGLISH_NOTE =
  "This message doesn't look like English. Our checks of wording are made for English, so this result rests on its links, its sender and any number or payment it asks for, not on how it is worded.";

/** Reason id when the text model is what makes a message look like a scam. */
export const TEXT_MODEL_ID = 'text-model';
/** Reason id when the URL model is what makes a link look like phishing. */
export const URL_MODEL_ID = 'url-model';
const TEXT_MODEL_LABEL = 'The wording matches known scam messages';
const URL_MODEL_LABEL = 'The web address looks like known phishing addresses';
/** A model's logit contribution from which it is shown as a reason of a non-safe verdict. */
const MODEL_REASON_MIN = 1;
/** Scam words shown as the text model's evidence. */
const MODEL_EVIDENCE_WORDS = 3;

/** The spec's six phrase groups: word lists, shown as reasons but never the only ones of a warning. */
const PHRASE_RULE_IDS: ReadonlySet<string> = new Set(PHRASE_RULES.map((r) => r.id));

/**
 * True when a message gives the reader something to act on besides its words: a link, a phone
 * number, a short code or an amount, or a request a rule recognised (not the spec's word lists).
 */
function givesSomethingToActOn(ctx: RuleContext, signals: readonly Signal[]): boolean {
  if (ctx.links.length > 0 || givesNumberAmountOrLink(ctx.content)) return true;
  return signals.some((s) => (s.polarity ?? 'risk') === 'risk' && !PHRASE_RULE_IDS.has(s.ruleId));
}

/** Everything the models and the combiner see of one input, computed once per call. */
interface Collected {
  ctx: RuleContext;
  signals: Signal[];
  perLink: LinkResult[];
  /** The normalised message the text model reads ('' for URL scans). */
  message: string;
  textVector: SparseVector | null;
  /** Per link: host and path feature vectors. */
  linkVectors: LinkVector[];
}

function collect(rawInput: AnalyzeInput, options: AnalyzeOptions): Collected {
  const ctx = buildContext(rawInput, options);
  const { input, links } = ctx;
  const signals: Signal[] = [];
  for (const rule of MESSAGE_RULES) {
    if (!rule.kinds.includes(input.kind)) continue;
    const evidence = rule.detect(ctx);
    if (evidence.length > 0) signals.push({ ruleId: rule.id, polarity: rule.polarity ?? 'risk', label: rule.label, severity: rule.severity, evidence });
  }
  const perLink = runLinkRules(links, ctx, signals);
  let message = '';
  let textVector: SparseVector | null = null;
  if (input.kind === 'text') {
    // the model reads at most MODEL_MAX_CHARS; normalising a little more keeps the cut stable
    const head = ctx.content.length > MODEL_MAX_CHARS + 256 ? ctx.content.slice(0, MODEL_MAX_CHARS + 256) : ctx.content;
    message = normalizeMessage(head);
    textVector = textFeatures(message);
  }
  const linkVectors = links.map(linkVectorOf);
  return { ctx, signals, perLink, message, textVector, linkVectors };
}

/**
 * What the trained models and the combiner see of an input: the rules that fired (by id and
 * polarity) and the feature vectors. Training (`npm run train`) calls this so that it sees
 * exactly what the engine sees at inference.
 */
export interface ModelView {
  kind: 'text' | 'url';
  rules: { id: string; polarity: 'risk' | 'trust'; severity: Severity }[];
  text: SparseVector | null;
  /** Per link: host and path features, and whether it is someone's page on a hosting platform (its host logit is then 0). */
  links: LinkVector[];
}

/** The {@link ModelView} of an input (for training and tests). */
export function modelView(input: AnalyzeInput, options: AnalyzeOptions = {}): ModelView {
  const c = collect(input, options);
  return {
    kind: c.ctx.input.kind,
    rules: c.signals.map((s) => ({ id: s.ruleId, polarity: s.polarity ?? 'risk', severity: s.severity })),
    text: c.textVector,
    links: c.linkVectors,
  };
}

function run(rawInput: AnalyzeInput, options: AnalyzeOptions): Analysis {
  const c = collect(rawInput, options);
  const { ctx, signals, perLink } = c;
  const { input, links } = ctx;
  const foreign = input.kind === 'text' && detectLanguage(ctx.content).code === 'other';

  // model inputs: text logit and the worst link (text scans); host and path logits (URL scans)
  let modelLogit: number | null = null;
  let linkLogit: number | null = null;
  let worstModelLink = -1;
  if (input.kind === 'text') {
    modelLogit = c.textVector === null ? null : logit(MODELS.text, c.textVector);
    // the text model learned English, and the other languages mostly from spam: in another
    // language its resemblance alone would call a mother's "llego a casa a las ocho" a scam. It
    // counts there only beside something the message asks the reader to act on.
    if (foreign && !givesSomethingToActOn(ctx, signals)) modelLogit = null;
    c.linkVectors.forEach((v, i) => {
      const host = hostLogit(v);
      if (host === null) return;
      const total = host + (v.path === null ? 0 : (logit(MODELS.path, v.path) ?? 0));
      if (linkLogit === null || total > linkLogit) {
        linkLogit = total;
        worstModelLink = i;
      }
    });
  } else if (c.linkVectors.length > 0) {
    const v = c.linkVectors[0] as LinkVector;
    modelLogit = hostLogit(v);
    linkLogit = v.path === null ? null : logit(MODELS.path, v.path);
    worstModelLink = 0;
  }
  const kind = input.kind;
  const channel = channelOf(input.source, ctx.content.length);
  const combined = combine({ kind, channel, model: modelLogit, link: linkLogit, signals });
  let score = combined.score;
  const floor = verdictFloor(signals, kind);
  if (floor === 'phishing') score = Math.max(score, THRESHOLDS.phishing);
  else if (floor === 'suspicious') score = Math.max(score, THRESHOLDS.suspicious);
  let threatLevel = verdictFor(score);

  const risk = signals.filter((s) => (s.polarity ?? 'risk') === 'risk');
  const trust = signals.filter((s) => s.polarity === 'trust');
  const weighted: { reason: Reason; weight: number; order: number }[] = risk.map((s) => ({
    reason: { id: s.ruleId, label: s.label, severity: s.severity, evidence: s.evidence },
    weight: combined.ruleContributions.get(s.ruleId) ?? signalWeight(s, kind),
    order: RULE_ORDER.get(s.ruleId) ?? 0,
  }));
  if (threatLevel !== 'safe') {
    const textPart = kind === 'text' ? combined.modelContribution : 0;
    const urlPart = kind === 'text' ? combined.linkContribution : combined.modelContribution + combined.linkContribution;
    const alone = weighted.length === 0;
    // When the rules found only the spec's word lists ("alert", "reward", a link) or nothing,
    // whatever the models found is shown, however small its part: otherwise the warning would
    // have no reason a person can check and be dropped below. Only for a message that gives the
    // reader something to act on (a link, a number, a keyword to reply): without one, word lists
    // and a resemblance are no warning at all.
    const showModels = weighted.every((w) => PHRASE_RULE_IDS.has(w.reason.id)) && (kind === 'url' || givesSomethingToActOn(ctx, signals));
    // a model reason is low beside the rules' specific reasons, and comes after them
    const showText = textPart >= MODEL_REASON_MIN || (alone && textPart > 0 && textPart >= urlPart) || (showModels && textPart > 0);
    if (showText) {
      weighted.push({ reason: textModelReason(ctx.content, c.message, showModels ? textPart : 0, foreign), weight: textPart, order: RULE_ORDER.size });
    }
    const link = worstModelLink >= 0 ? links[worstModelLink] : undefined;
    if (link !== undefined && (urlPart >= MODEL_REASON_MIN || (showModels && urlPart > 0))) {
      weighted.push({ reason: urlModelReason(link, showModels ? urlPart : 0), weight: urlPart, order: RULE_ORDER.size + 1 });
    }
  }
  const isModel = (id: string) => id === TEXT_MODEL_ID || id === URL_MODEL_ID;
  weighted.sort(
    (a, b) =>
      severityRank(b.reason.severity) - severityRank(a.reason.severity) ||
      Number(isModel(a.reason.id)) - Number(isModel(b.reason.id)) ||
      b.weight - a.weight ||
      a.order - b.order,
  );
  const reasons = weighted.map((w) => w.reason);
  /** Only the word lists and the text model's resemblance speak against the message. */
  const wordingOnly = reasons.every((r) => PHRASE_RULE_IDS.has(r.id) || r.id === TEXT_MODEL_ID);
  if (threatLevel !== 'safe' && reasons.every((r) => PHRASE_RULE_IDS.has(r.id))) {
    // invariant: no warning without a reason shown (only trust signals and priors remain), and
    // the spec's word lists alone ("alert", "reward", a link) are not evidence enough for one
    threatLevel = 'safe';
    score = Math.min(score, justBelow(THRESHOLDS.suspicious));
  }
  if (
    threatLevel === 'phishing' &&
    kind === 'text' &&
    links.length === 0 &&
    wordingOnly &&
    !givesWayToRespond(ctx.content)
  ) {
    // spam is not a scam: a text with no link, no number to call or text, no keyword to reply
    // and no request a rule recognises ("Recharge N500 today and get 100% bonus airtime") may be
    // a pushy promotion, but it gives a scammer no way in; its wording alone makes it at most suspicious
    threatLevel = 'suspicious';
    score = Math.min(score, justBelow(THRESHOLDS.phishing));
  }
  if (threatLevel !== 'safe' && channel === 'sms' && wordingOnly && onlyTrustedLinks(ctx, perLink)) {
    // a message whose every link goes to the official site of the brand it names or to a
    // well-known site, with no red flag on any of them, and nothing else to act on (no number to
    // call, no keyword to reply, no address to write to): it can only send the reader where they
    // would go anyway. Its wording resembling scams ("Security alert: new sign-in ... secure your
    // account: https://myaccount.google.com/...") is then no warning: a genuine notice is worded so.
    // Only in a text message, where the address shown is the link: an email's text (and a pasted
    // one's) shows the link's words, and phishing emails show the bank's real address over a link
    // that goes elsewhere (this cap cost 6 points of Nazario's 2004-06 phishing when it held for email)
    threatLevel = 'safe';
    score = Math.min(score, justBelow(THRESHOLDS.suspicious));
  }
  if (threatLevel === 'phishing' && foreign && wordingOnly) {
    // in another language the text model's resemblance is weak evidence: it learned other
    // languages almost only from spam, and calls an operator's own offer ("Pelanggan Yth. Update
    // informasi tarif terbaru anda di tsel.me/as") as surely a scam as a fraud. Without a rule's
    // finding or the URL models' word on a link, such a text is at most suspicious
    threatLevel = 'suspicious';
    score = Math.min(score, justBelow(THRESHOLDS.phishing));
  }
  if (threatLevel === 'phishing' && kind === 'url' && reasons.every((r) => r.id === URL_MODEL_ID)) {
    // "looks like known phishing addresses" is a resemblance, not a finding: the host model knows
    // popular sites and phishing, and finds an unknown small site (a 2002 blog, a band's page)
    // alike; without a rule's finding a person can check, a link is at most suspicious
    threatLevel = 'suspicious';
    score = Math.min(score, justBelow(THRESHOLDS.phishing));
  }

  let threatData: ThreatData | null = null;
  const now = typeof options.now === 'string' ? options.now : '';
  const worst = mostSuspicious(perLink);
  // The facts shown about a domain must not contradict a warning above them: a flagged URL scan's
  // link is as risky as its verdict says, and a link the URL models warn about in a message is as
  // risky as they find it (the panel once called "good" an address the warning called phishing)
  const modelShown = reasons.some((r) => r.id === URL_MODEL_ID);
  const scoredLink = kind === 'url' ? perLink[0] : modelShown ? perLink.find((r) => r.link === links[worstModelLink]) : undefined;
  const scoredRisk = scoredLink === undefined || threatLevel === 'safe' ? 0 : kind === 'url' ? score : sigmoid(linkLogit ?? 0);
  if (scoredLink !== undefined && (worst === null || worst === scoredLink || scoredRisk > linkRisk(worst.ruleIds))) {
    threatData = { domainInfo: domainInfoFor(scoredLink.link, scoredLink.ruleIds, scoredLink.categories, now, { risk: scoredRisk, looksLikePhishing: modelShown }) };
  } else if (worst !== null) {
    threatData = { domainInfo: domainInfoFor(worst.link, worst.ruleIds, worst.categories, now) };
  }
  const senderInfo = options.intel?.senderInfo;
  if (senderInfo) threatData = { ...(threatData ?? {}), senderInfo };

  const analysis: Analysis = {
    threatLevel,
    score,
    reasons,
    highlights: buildHighlights(reasons),
    recommendations: recommend(threatLevel, reasons, links.length, input.kind),
    links: links.map(toLinkFinding),
    threatData,
  };
  if (threatLevel === 'safe') {
    const checks = checksFor(trust, perLink);
    if (checks.length > 0) analysis.checks = checks;
  }
  if (foreign) analysis.notes = [NOT_ENGLISH_NOTE];
  return analysis;
}

/** The highest score (3 decimals) under a threshold: where a verdict capped below it lands. */
function justBelow(threshold: number): number {
  return Math.floor(threshold * 1000 - 1) / 1000;
}

/** Trust rules that vouch for a link's destination. */
const TRUSTED_DESTINATION: ReadonlySet<string> = new Set(['official-brand-domain', 'well-known-domain']);

/**
 * True when a text has links, every one of them to the named brand's official site or a
 * well-known site with no red flag, and gives the reader nothing else to act on: with the links
 * blanked out, no phone number, email address, file to open or reply keyword but an opt-out.
 */
function onlyTrustedLinks(ctx: RuleContext, perLink: readonly LinkResult[]): boolean {
  if (ctx.input.kind !== 'text' || perLink.length === 0) return false;
  if (!perLink.every((r) => r.ruleIds.length === 0 && r.trustIds.some((id) => TRUSTED_DESTINATION.has(id)))) return false;
  let rest = ctx.content;
  for (const r of [...perLink].sort((a, b) => b.link.start - a.link.start)) {
    if (r.link.end > r.link.start) rest = rest.slice(0, r.link.start) + ' '.repeat(r.link.end - r.link.start) + rest.slice(r.link.end);
  }
  return !givesWayToRespondBesidesLinks(rest);
}

/** A model reason is at most of medium severity: the rules' specific reasons come first. */
function severityOf(contribution: number): Severity {
  return contribution >= 1.5 ? 'medium' : 'low';
}

/**
 * The text model's reason: the words that weigh most towards a scam, as spans of the content where
 * found. In another language the words it weighs are its function words ("que", "por", "las"),
 * which say nothing to a person: the reason then names the wording as a whole and marks no word.
 */
function textModelReason(content: string, message: string, contribution: number, foreign = false): Reason {
  if (foreign) return { id: TEXT_MODEL_ID, label: TEXT_MODEL_LABEL, severity: severityOf(contribution), evidence: [fact('the wording as a whole')] };
  const evidence: Span[] = [];
  const lower = content.length > MODEL_MAX_CHARS * 2 ? content.slice(0, MODEL_MAX_CHARS * 2).toLowerCase() : content.toLowerCase();
  for (const tok of topScamWords(message, MODEL_EVIDENCE_WORDS)) {
    const at = findWord(lower, tok.raw.toLowerCase());
    evidence.push(at >= 0 ? { start: at, end: at + tok.raw.length, text: content.slice(at, at + tok.raw.length) } : fact(tok.raw));
  }
  if (evidence.length === 0) evidence.push(fact('the wording as a whole'));
  return { id: TEXT_MODEL_ID, label: TEXT_MODEL_LABEL, severity: severityOf(contribution), evidence };
}

/** Index of `word` in `text` at a word boundary, or -1. Lower-case both. */
function findWord(text: string, word: string): number {
  if (word === '') return -1;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const before = at === 0 ? '' : text[at - 1] as string;
    const after = text[at + word.length] ?? '';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return at;
  }
  return -1;
}

function urlModelReason(link: ParsedLink, contribution: number): Reason {
  const evidence: Span[] = [];
  if (link.end > link.start) evidence.push({ start: link.start, end: link.end, text: link.text });
  if (link.host !== null) evidence.push(fact(link.host));
  return { id: URL_MODEL_ID, label: URL_MODEL_LABEL, severity: severityOf(contribution), evidence };
}

/** What was checked and found reassuring, for a safe result. */
function checksFor(trust: readonly Signal[], perLink: readonly LinkResult[]): string[] {
  const out: string[] = [];
  for (const s of trust) {
    const facts = s.evidence.filter((e) => e.start === e.end && e.text !== '').map((e) => e.text);
    const unique = [...new Set(facts)].slice(0, 3);
    const line = unique.length > 0 ? `${s.label} (${unique.join(', ')})` : s.label;
    if (!out.includes(line)) out.push(line);
  }
  // links on which no link rule found a red flag
  const clean = perLink.filter((r) => r.ruleIds.length === 0).map((r) => r.link);
  const domains = [...new Set(clean.map((l) => l.registrableDomain ?? l.host).filter((d): d is string => d !== null))].slice(0, 3);
  if (domains.length > 0) {
    out.push(`We checked the ${domains.length === 1 ? 'link to' : 'links to'} ${domains.join(', ')}: no warning signs in the address.`);
  }
  return out;
}

interface LinkResult {
  link: ParsedLink;
  ruleIds: string[];
  categories: string[];
  /** Trust rules that fired on the link (a well-known site, the named brand's own domain). */
  trustIds: string[];
}

/** Applies every link rule to every link; adds one signal per rule that fired on any link. */
function runLinkRules(links: readonly ParsedLink[], ctx: RuleContext, signals: Signal[]): LinkResult[] {
  const results: LinkResult[] = [];
  const byRule = new Map<LinkRule, Span[]>();
  for (const link of links) {
    const result: LinkResult = { link, ruleIds: [], categories: [], trustIds: [] };
    for (const rule of LINK_RULES) {
      const facts = rule.detect(link, ctx);
      if (facts === null) continue;
      // domain facts describe red flags; trust findings go to `checks`
      if (rule.polarity !== 'trust') {
        result.ruleIds.push(rule.id);
        result.categories.push(rule.category);
      } else {
        result.trustIds.push(rule.id);
      }
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
    signals.push({ ruleId: rule.id, polarity: rule.polarity ?? 'risk', label: rule.label, severity: rule.severity, evidence });
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
      RECOMMENDATIONS.verifySender,
    ],
    links: [],
    threatData: null,
  };
}

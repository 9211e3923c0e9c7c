/**
 * Turns model scores and rule signals into one calibrated score and a verdict.
 *
 * The score is a logistic regression learned by `npm run train` (tools/src/train), one for SMS
 * (and short texts of unknown channel), one for email, one for URL scans:
 *
 *   text: z = b + w_text · textLogit + w_link · max URL-model logit over the links (0 without links) + Σ w_rule
 *   url:  z = b + w_host · hostLogit + w_path · pathLogit (0 without a path) + Σ w_rule
 *   score = sigmoid(a_channel · z + b_channel)
 *
 * Σ w_rule runs over the rules that fired (one indicator per rule id, risk and trust signals).
 * Risk weights are ≥ 0 and trust weights ≤ 0 (training constrains them). A rule the combiner did
 * not see at training takes a weight by its severity ({@link ModelData.fallback}), negative for a
 * trust rule. The combiner was fitted on out-of-fold model scores; the thresholds were chosen on
 * the dev split (model/README.md). Everything learned lives in `model/weights-generated.ts`.
 */
import { isPublishingPlatform } from './data/hosting-platforms';
import { ALL_RULES } from './rules/index';
import type { Signal } from './rules/types';
import { MODELS } from './model/runtime';
import type { CombinerWeights, ModelData } from './model/types';
import type { Severity, ThreatLevel } from './types';

/** The learned data of the engine's current models (read at each call: tools may install others). */
const data = (): ModelData => MODELS.data;
const RULES_BY_ID: ReadonlyMap<string, { severity: Severity; polarity?: 'risk' | 'trust' }> = new Map(ALL_RULES.map((r) => [r.id, r]));

/** Score thresholds of the verdict: at or above `phishing` is phishing, at or above `suspicious` is suspicious. */
export const THRESHOLDS: { readonly suspicious: number; readonly phishing: number } = {
  get suspicious() {
    return data().thresholds.suspicious;
  },
  get phishing() {
    return data().thresholds.phishing;
  },
};

/** What the combiner sees of one analysis. */
export interface CombinerInput {
  kind: 'text' | 'url';
  /** Text scans: which calibration applies (the channel, see {@link channelOf}). Ignored for URL scans. */
  channel?: 'sms' | 'email';
  /** Text scans: the text-model logit. URL scans: the host-model logit. Null when absent. */
  model: number | null;
  /** Text scans: the highest URL-model logit over the links. URL scans: the path-model logit. Null when absent. */
  link: number | null;
  signals: readonly Signal[];
}

/** The combined score and how much each part added to the logit. */
export interface CombinedScore {
  /** Calibrated probability of a scam or phishing, in [0, {@link MAX_SCORE}], rounded to 3 decimals. */
  score: number;
  /** Logit contribution of the model input (`model`). */
  modelContribution: number;
  /** Logit contribution of the link input (`link`). */
  linkContribution: number;
  /** Logit contribution of each fired rule, by id. */
  ruleContributions: Map<string, number>;
}

function combinerFor(kind: 'text' | 'url', channel?: 'sms' | 'email'): CombinerWeights {
  const { combiner } = data();
  return kind === 'url' ? combiner.url : channel === 'email' ? combiner.email : combiner.text;
}

/**
 * The combiner weight of a rule: learned when the rule was seen at training, else by severity
 * (negative for trust rules). Risk weights are never negative and trust weights never positive.
 */
export function ruleWeight(
  ruleId: string,
  severity: Severity,
  polarity: 'risk' | 'trust' = 'risk',
  kind: 'text' | 'url' = 'text',
  channel?: 'sms' | 'email',
): number {
  const learned = combinerFor(kind, channel).rules[ruleId];
  if (learned !== undefined && Number.isFinite(learned)) return polarity === 'trust' ? Math.min(learned, 0) : Math.max(learned, 0);
  const { fallback } = data();
  const w = fallback[severity] ?? fallback.medium;
  return polarity === 'trust' ? -w : w;
}

/** The weight a signal adds to the logit (for ordering reasons). */
export function signalWeight(signal: Signal, kind: 'text' | 'url' = 'text', channel?: 'sms' | 'email'): number {
  return ruleWeight(signal.ruleId, signal.severity, signal.polarity ?? 'risk', kind, channel);
}

/** The logistic function: a logit as a probability. */
export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Combines model logits and signals into the calibrated score. */
export function combine(input: CombinerInput): CombinedScore {
  const c = combinerFor(input.kind, input.channel);
  const modelContribution = input.model === null ? 0 : c.model * input.model;
  const linkContribution = input.link === null ? 0 : c.link * input.link;
  const ruleContributions = new Map<string, number>();
  let z = c.intercept + modelContribution + linkContribution;
  for (const s of input.signals) {
    if (ruleContributions.has(s.ruleId)) continue;
    const w = signalWeight(s, input.kind, input.channel);
    ruleContributions.set(s.ruleId, w);
    z += w;
  }
  const { calibration } = data();
  const cal = input.kind === 'url' ? calibration.url : input.channel === 'email' ? calibration.email : calibration.sms;
  return { score: bounded(sigmoid(cal.a * z + cal.b)), modelContribution, linkContribution, ruleContributions };
}

/** Characters from which a text of unknown channel is calibrated as an email. */
export const EMAIL_LIKE_CHARS = 400;

/**
 * The calibration channel of a text scan: its `source` when SMS or email, else by length (social
 * posts and pasted messages are SMS-like when short, email-like when long).
 */
export function channelOf(source: string | undefined, length: number): 'sms' | 'email' {
  if (source === 'sms') return 'sms';
  if (source === 'email') return 'email';
  return length >= EMAIL_LIKE_CHARS ? 'email' : 'sms';
}

/** The score of a set of signals alone (no model input), in [0, 1]. */
export function scoreSignals(signals: readonly Signal[], kind: 'text' | 'url' = 'text'): number {
  return combine({ kind, model: null, link: null, signals }).score;
}

/**
 * The risk of one link from the ids of the link rules that fired on it, in [0, 1]: the score a
 * URL scan with these rules and neutral model scores would get. 0 when no rule fired.
 */
export function linkRisk(ruleIds: readonly string[]): number {
  if (ruleIds.length === 0) return 0;
  const signals: Signal[] = ruleIds.map((id) => {
    const rule = RULES_BY_ID.get(id);
    return { ruleId: id, label: id, severity: rule?.severity ?? 'medium', polarity: rule?.polarity ?? 'risk', evidence: [] };
  });
  return scoreSignals(signals, 'url');
}

/**
 * Verdicts that some signals impose whatever the score: a sender the person blocked is at least
 * suspicious; a host on a threat feed is phishing. A stranger's "wrong number" opener ("Hi, is
 * this Linda?") is at least suspicious: it is friendly small talk by design, so the text model
 * (trained on personal chat as legitimate) scores it as safe, yet it is the first message of most
 * pig-butchering and romance scams, and the advice (do not engage with a stranger) costs a
 * person who knows the sender nothing. The rule fires on none of the 29,000 legitimate SMS of the
 * shared data. An address that imitates a brand's (a typo or look-alike characters, in the domain
 * or a subdomain) is at least suspicious: the host model may find the rest of the address
 * ordinary (a compromised site's name), but the imitation is the evidence; the two rules fire on
 * 18 of the ~135,000 legitimate URLs of the data. An email whose source fails its From domain's
 * authentication (DMARC fail, or DKIM and SPF both failing) is at least suspicious: its sender
 * address is most likely forged, whatever the text says, and a real sender's broken set-up is
 * rare enough that the advice (verify through the official site) costs little. A "purchase you
 * did not make: call this number" alert is at least suspicious: it is the commonest opener of
 * phone scams, and a genuine alert of the same words costs the reader one call to the number on
 * the back of their card instead.
 */
export const VERDICT_FLOORS: Readonly<Record<string, ThreatLevel>> = {
  'blocked-sender': 'suspicious',
  'known-phishing-host': 'phishing',
  'known-phishing-url': 'phishing',
  'wrong-number-opener': 'suspicious',
  'typosquat-domain': 'suspicious',
  'homoglyph-host': 'suspicious',
  'email-auth-failed': 'suspicious',
  'fraud-alert-callback': 'suspicious',
};

/**
 * Floors of URL scans only, a verdict or a function of the signal. A shortened link scanned on
 * its own cannot be judged: where it leads is hidden, and calling it safe would vouch for a page
 * nobody looked at. (Inside a message the shortener is weighed with everything else: brands' own
 * texts use them.) Someone's page on a hosting platform: see {@link hostingPageFloor}.
 */
export const URL_SCAN_FLOORS: Readonly<Record<string, ThreatLevel | ((s: Signal) => ThreatLevel)>> = {
  'url-shortener': 'suspicious',
  'shortener-shape': 'suspicious',
  'free-hosting': hostingPageFloor,
};

/**
 * The floor of a `free-hosting` signal (facts: the platform, its kind). Site builders, app and
 * static hosting, storage buckets, tunnels, dynamic DNS and forms are at least suspicious when
 * scanned on their own: anyone can put a page there in a minute, it is where phishing kits live
 * (28,000 of the 28,500 such pages in the data are phishing), and the advice (open it only if you
 * know who made it) costs a person who expected the page nothing. Blogs and publishing sites are
 * not floored (a post is what such a link usually is), nor are files, documents and sites shared
 * from the big suites (Google Docs and Sites, OneDrive, Dropbox, Canva...): everyday links between
 * people who know each other, weighed rather than floored.
 */
function hostingPageFloor(s: Signal): ThreatLevel {
  const [platform = '', kind = ''] = s.evidence.filter((e) => e.start === 0 && e.end === 0).map((e) => e.text);
  return isPublishingPlatform(platform) || kind === 'file-sharing' ? 'safe' : 'suspicious';
}

/** The lowest verdict the fired rules impose ({@link VERDICT_FLOORS}, and {@link URL_SCAN_FLOORS} on a URL scan), 'safe' when none. */
export function verdictFloor(signals: readonly Signal[], kind: 'text' | 'url' = 'text'): ThreatLevel {
  let floor: ThreatLevel = 'safe';
  for (const s of signals) {
    const urlFloor = kind === 'url' ? URL_SCAN_FLOORS[s.ruleId] : undefined;
    const f = VERDICT_FLOORS[s.ruleId] ?? (typeof urlFloor === 'function' ? urlFloor(s) : urlFloor);
    if (f === 'phishing') return 'phishing';
    if (f === 'suspicious') floor = 'suspicious';
  }
  return floor;
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

/** Highest score given: the engine never claims certainty. */
export const MAX_SCORE = 0.99;

/** A score rounded to 3 decimals, at most {@link MAX_SCORE}. */
function bounded(x: number): number {
  return Math.min(MAX_SCORE, Math.round(x * 1000) / 1000);
}

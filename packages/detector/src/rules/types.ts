/**
 * The shapes every rule shares. A rule looks at the content, a link or the sender and reports a
 * named signal with evidence; it never computes a score (that is `scoring.ts`).
 */
import type { ParsedLink } from '../links';
import type { AnalyzeInput, AnalyzeOptions, Severity, Span } from '../types';

/** What a message rule sees. Built once per {@link analyze} call by the engine. */
export interface RuleContext {
  /** The input as given (after defensive normalisation). */
  readonly input: AnalyzeInput;
  /** The text the rules analyse: the content, cut to the engine's size limit. */
  readonly content: string;
  /** Links found in the content (at most the engine's link limit), sorted by start. */
  readonly links: readonly ParsedLink[];
  /** The caller's options. */
  readonly options: AnalyzeOptions;
  /** True when `[start, end)` lies inside one of {@link RuleContext.links}. */
  insideLink(start: number, end: number): boolean;
}

/** Fields every rule has. */
interface RuleBase {
  /** Stable id, equal to the rule's file name. */
  readonly id: string;
  /** The sentence shown to a person (the spec's label where the spec names one). */
  readonly label: string;
  /** How strong the reason is when the rule fires. */
  readonly severity: Severity;
  /**
   * `risk` (default): evidence of a scam, shown as a reason. `trust`: evidence that the message
   * is what it claims to be (a link on the brand's official domain, a genuine one-time-code
   * notice). Trust signals lower the score and are never shown as reasons; a safe result lists
   * them in `Analysis.checks`.
   */
  readonly polarity?: 'risk' | 'trust';
}

/**
 * A rule over the whole message (its text or its sender). Returns its evidence; an empty array
 * means the rule did not fire.
 */
export interface MessageRule extends RuleBase {
  readonly scope: 'message';
  /** Which input kinds the rule applies to. */
  readonly kinds: readonly AnalyzeInput['kind'][];
  detect(ctx: RuleContext): Span[];
}

/**
 * A rule over one link (the URL of a URL scan, or each link found in a text). Returns `null`
 * when it does not fire, else extra facts (spans with `start === end === 0`) to add to the link's
 * own span as evidence, e.g. the brand a link imitates.
 */
export interface LinkRule extends RuleBase {
  readonly scope: 'link';
  /** The domain category this finding puts a link in (threatData.domainInfo.categories). */
  readonly category: string;
  detect(link: ParsedLink, ctx: RuleContext): Span[] | null;
}

/** Any rule of the registry. */
export type Rule = MessageRule | LinkRule;

/** A rule that fired: its identity and the evidence it reported. */
export interface Signal {
  readonly ruleId: string;
  /** The rule's polarity (`risk` unless the rule says `trust`). */
  readonly polarity?: 'risk' | 'trust';
  readonly label: string;
  readonly severity: Severity;
  readonly evidence: Span[];
}

/** A fact that is not a span of the content (`start === end === 0`). */
export function fact(text: string): Span {
  return { start: 0, end: 0, text };
}

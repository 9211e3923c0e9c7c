/**
 * Builds the scam-intent rules. An intent is a combination: a topic and an ask ("toll" near
 * "unpaid" near "pay"), each a precompiled, bounded, case-insensitive pattern. A rule fires when
 * every pattern of one of its routes matches within a window of characters of the route's first
 * pattern; its evidence is the matched spans.
 *
 * Bounded work: only the first {@link INTENT_SCAN_CHARS} characters are read, and at most
 * {@link MAX_MATCHES_PER_PATTERN} matches of each pattern are kept.
 */
import { MAX_EVIDENCE_PER_RULE } from '../../../limits';
import type { Span } from '../../../types';
import type { MessageRule, RuleContext } from '../../types';

/** Characters of a message the intent rules read: a scam states its intent early. */
export const INTENT_SCAN_CHARS = 20_000;

/** Matches of one pattern kept per message. */
export const MAX_MATCHES_PER_PATTERN = 40;

/** Characters within which the parts of one route count as one request (about a long SMS). */
export const DEFAULT_WINDOW = 220;

/** Negations that turn an ask into a warning ("we will never ask for your PIN"). */
const NEGATION =
  /(?<!\bif\s)(?<!\bif\s+you\s+)\b(?:never|don['\u2019]?t|do\s+not|does\s+not|doesn['\u2019]?t|won['\u2019]?t|will\s+not|shouldn['\u2019]?t|should\s+not|nobody|no\s+one|not\s+to|nor)\s+(?:[\w'\u2019]+\s+){0,3}$/i;

/** One pattern of a route, with optional guards around each match. */
export interface Part {
  /** A global, case-insensitive, linear-time pattern doing its own whole-word anchoring. */
  re: RegExp;
  /** Skip a match whose verb is negated (\"never share\", \"we won't ask you to\"): a negation at most three words before it, in the same clause. */
  notNegated?: boolean;
  /** Skip a match when this (sticky-free) pattern matches the 40 characters after it. */
  notFollowedBy?: RegExp;
  /** Also count matches inside links (`wa.me/...`, `t.me/...`). */
  inLinks?: boolean;
}

/** What an intent rule is made of. */
export interface IntentSpec {
  id: string;
  label: string;
  severity: MessageRule['severity'];
  polarity?: 'risk' | 'trust';
  /** Alternative routes; the rule fires on the first route whose parts all match close together. */
  routes: readonly (readonly (RegExp | Part)[])[];
  /** Characters between the first part's match and the others (default {@link DEFAULT_WINDOW}). */
  window?: number;
  /** Patterns that, anywhere in the scanned text, keep the rule quiet (a genuine notice's tell). */
  unless?: readonly RegExp[];
  /**
   * Which parts of a route are the evidence (indices into the route; all of them by default).
   * The others are conditions: they must match, but they are not what the label names (the
   * account word near "call 1-888-..." is why a callback number counts, not the callback).
   */
  evidenceParts?: readonly number[];
}

/** The text the intent rules read, made once per context. */
const scanned = new WeakMap<RuleContext, string>();

/** Whitespace characters of one run the patterns see; the rest of a longer run is blanked. */
export const MAX_WHITESPACE_RUN = 64;
/** What stands in for whitespace past {@link MAX_WHITESPACE_RUN}: not whitespace, not a word character. */
const BLANK = '\u200b';
const LONG_WHITESPACE = new RegExp(`\\s{${MAX_WHITESPACE_RUN + 1},}`, 'g');

/**
 * The first {@link INTENT_SCAN_CHARS} characters of the context's content, with every run of
 * whitespace longer than {@link MAX_WHITESPACE_RUN} cut to that many (the rest replaced, one for
 * one, so offsets stay the content's). Patterns joining words with `\s*` or `\s+` ("your
 * account" + 20,000 spaces) otherwise backtrack across the whole run from every start: half a
 * second of a server's time per request. No phrase of a real message spans 64 blank characters.
 */
export function scanText(ctx: RuleContext): string {
  let text = scanned.get(ctx);
  if (text === undefined) {
    text = ctx.content.length <= INTENT_SCAN_CHARS ? ctx.content : ctx.content.slice(0, INTENT_SCAN_CHARS);
    LONG_WHITESPACE.lastIndex = 0;
    text = text.replace(LONG_WHITESPACE, (run) => run.slice(0, MAX_WHITESPACE_RUN) + BLANK.repeat(run.length - MAX_WHITESPACE_RUN));
    scanned.set(ctx, text);
  }
  return text;
}

function toPart(p: RegExp | Part): Part {
  return p instanceof RegExp ? { re: p } : p;
}

/** Matches of one part in the scanned text, guards applied, capped. */
export function partMatches(part: RegExp | Part, ctx: RuleContext): Span[] {
  const { re, notNegated, notFollowedBy, inLinks } = toPart(part);
  if (!re.global) throw new Error(`intent pattern ${re.source} needs the g flag`);
  const text = scanText(ctx);
  const out: Span[] = [];
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const start = m.index;
    const end = start + m[0].length;
    if (end === start) {
      re.lastIndex++;
      continue;
    }
    if (!inLinks && ctx.insideLink(start, end)) continue;
    if (notNegated && NEGATION.test(text.slice(Math.max(0, start - 60), start))) continue;
    if (notFollowedBy && notFollowedBy.test(text.slice(end, end + 40))) continue;
    // the content's own characters (the scanned text may have blanked a long run of whitespace)
    out.push({ start, end, text: ctx.content.slice(start, end) });
    if (out.length >= MAX_MATCHES_PER_PATTERN) break;
  }
  re.lastIndex = 0;
  return out;
}

/** Characters between two spans (0 when they overlap). */
function gap(a: Span, b: Span): number {
  return Math.max(0, b.start - a.end, a.start - b.end);
}

/**
 * The evidence of one route, or an empty array when some part is missing or too far away. With
 * `evidenceParts`, only those parts' spans are returned (the others are conditions).
 */
export function matchRoute(route: readonly (RegExp | Part)[], ctx: RuleContext, window = DEFAULT_WINDOW, evidenceParts?: readonly number[]): Span[] {
  const lists: Span[][] = [];
  for (const part of route) {
    const found = partMatches(part, ctx);
    if (found.length === 0) return [];
    lists.push(found);
  }
  const [anchors, ...others] = lists as [Span[], ...Span[][]];
  for (const anchor of anchors) {
    const group: Span[] = [anchor];
    for (const list of others) {
      const near = list.find((s) => gap(anchor, s) <= window);
      if (near === undefined) break;
      group.push(near);
    }
    if (group.length === lists.length) return tidy(evidenceParts ? group.filter((_, i) => evidenceParts.includes(i)) : group);
  }
  return [];
}

/** Sorted by start, duplicates and spans inside another span dropped, capped. */
function tidy(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && s.start >= last.start && s.end <= last.end) continue;
    out.push(s);
    if (out.length >= MAX_EVIDENCE_PER_RULE) break;
  }
  return out;
}

/** True when any of `patterns` matches the scanned text. */
export function anyMatch(patterns: readonly RegExp[], ctx: RuleContext): boolean {
  return patterns.some((re) => partMatches(re, ctx).length > 0);
}

/** Evidence of the first route that matches, or an empty array. */
export function detectIntent(spec: Pick<IntentSpec, 'routes' | 'window' | 'unless' | 'evidenceParts'>, ctx: RuleContext): Span[] {
  if (spec.unless && anyMatch(spec.unless, ctx)) return [];
  for (const route of spec.routes) {
    const evidence = matchRoute(route, ctx, spec.window, spec.evidenceParts);
    if (evidence.length > 0) return evidence;
  }
  return [];
}

/** Makes a text rule from an {@link IntentSpec}. */
export function intentRule(spec: IntentSpec): MessageRule {
  for (const route of spec.routes) for (const p of route) if (!toPart(p).re.global) throw new Error(`${spec.id}: patterns need the g flag`);
  const rule: MessageRule = {
    scope: 'message',
    id: spec.id,
    label: spec.label,
    severity: spec.severity,
    kinds: ['text'],
    detect: (ctx) => detectIntent(spec, ctx),
  };
  return spec.polarity === 'trust' ? { ...rule, polarity: 'trust' } : rule;
}

/** What a trust rule is made of: an intent spec and the risk rules that cancel it. */
export interface TrustSpec extends Pick<IntentSpec, 'id' | 'label' | 'routes' | 'window' | 'unless'> {
  /** Risk rules that, when they fire on the same message, mean the notice is a disguise. */
  cancelledBy: readonly MessageRule[];
}

/** Makes a trust rule (low severity, never shown): fires on its routes unless a cancelling rule fires. */
export function trustRule(spec: TrustSpec): MessageRule {
  return {
    scope: 'message',
    id: spec.id,
    label: spec.label,
    severity: 'low',
    polarity: 'trust',
    kinds: ['text'],
    detect(ctx) {
      const evidence = detectIntent(spec, ctx);
      if (evidence.length === 0) return [];
      return spec.cancelledBy.some((rule) => rule.detect(ctx).length > 0) ? [] : evidence;
    },
  };
}

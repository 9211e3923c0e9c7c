/**
 * Builds the phrase-group rules: a precompiled, case-insensitive, whole-word pattern whose matches
 * (outside links) are the evidence.
 */
import { MAX_EVIDENCE_PER_RULE } from '../limits';
import type { Span } from '../types';
import type { MessageRule, RuleContext } from './types';

/** What a phrase rule is made of. */
export interface PhraseRuleSpec {
  id: string;
  label: string;
  /**
   * A global (`g`) regular expression whose matches are the phrases. It must be linear-time
   * (no nested unbounded quantifiers) and do its own whole-word anchoring.
   */
  pattern: RegExp;
}

/** Makes a low-severity text rule that reports every match of `spec.pattern` outside links. */
export function phraseRule(spec: PhraseRuleSpec): MessageRule {
  const { pattern } = spec;
  if (!pattern.global) throw new Error(`phrase rule ${spec.id}: the pattern needs the g flag`);
  return {
    scope: 'message',
    id: spec.id,
    label: spec.label,
    severity: 'low',
    kinds: ['text'],
    detect(ctx: RuleContext): Span[] {
      return findPhrases(pattern, ctx);
    },
  };
}

/** Every match of `pattern` in the context's content that is not inside a link, capped. */
export function findPhrases(pattern: RegExp, ctx: RuleContext): Span[] {
  const out: Span[] = [];
  const text = ctx.content;
  pattern.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = pattern.exec(text)) !== null) {
    const start = m.index;
    const end = start + m[0].length;
    if (end === start) {
      pattern.lastIndex++;
      continue;
    }
    if (ctx.insideLink(start, end)) continue;
    out.push({ start, end, text: m[0] });
    if (out.length >= MAX_EVIDENCE_PER_RULE) break;
  }
  pattern.lastIndex = 0;
  return out;
}

/**
 * Intent rules whose wording is also the wording of genuine notices ("Someone shared a file with
 * you", "If this wasn't you..."): they fire only when the message has a link nothing vouches for,
 * and show that link as evidence. A link vouched for goes to a well-known site or a brand's
 * official site (the test of 'Suspicious URL detected'); a file on a file-sharing service (Drive,
 * OneDrive, Dropbox) counts as the service's own link.
 */
import { hostingPlatformOf } from '../../../data/hosting-platforms';
import { MAX_EVIDENCE_PER_RULE } from '../../../limits';
import type { ParsedLink } from '../../../links';
import type { Span } from '../../../types';
import { isVouchedLink } from '../../phrases/suspicious-url';
import type { MessageRule, RuleContext } from '../../types';
import { detectIntent, type IntentSpec } from './intent-rule';

/** True when the link goes to a vouched-for site or is a file shared on a file-sharing service. */
export function opensOnService(link: ParsedLink, ctx: RuleContext): boolean {
  if (isVouchedLink(link, ctx)) return true;
  return link.host !== null && !link.isIp && hostingPlatformOf(link.host, link.rest)?.kind === 'file-sharing';
}

/** The first link of the message that nothing vouches for, or undefined. */
export function unvouchedLink(ctx: RuleContext): ParsedLink | undefined {
  return ctx.links.find((l) => !opensOnService(l, ctx));
}

/**
 * Makes a risk rule from an {@link IntentSpec} that fires only beside a link `pick` finds (by
 * default one nothing vouches for), shown as evidence with the intent's words.
 */
export function linkedIntentRule(
  spec: Omit<IntentSpec, 'polarity'>,
  pick: (ctx: RuleContext) => ParsedLink | undefined = unvouchedLink,
): MessageRule {
  return {
    scope: 'message',
    id: spec.id,
    label: spec.label,
    severity: spec.severity,
    kinds: ['text'],
    detect(ctx): Span[] {
      if (ctx.links.length === 0) return [];
      const link = pick(ctx);
      if (link === undefined) return [];
      const evidence = detectIntent(spec, ctx);
      if (evidence.length === 0) return [];
      return [...evidence, { start: link.start, end: link.end, text: link.text }].sort((a, b) => a.start - b.start).slice(0, MAX_EVIDENCE_PER_RULE);
    },
  };
}

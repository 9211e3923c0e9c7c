/** Spec phrase group 'Suspicious URL detected': URLs, www addresses, shortener links. */
import { officialBrandOfHost } from '../../brand-match';
import { hostingPlatformOf } from '../../data/hosting-platforms';
import { MAX_EVIDENCE_PER_RULE } from '../../limits';
import type { Span } from '../../types';
import type { ParsedLink } from '../../links';
import type { MessageRule, RuleContext } from '../types';
import { officialBrandDomain } from '../url/official-brand-domain';
import { wellKnownDomain } from '../url/well-known-domain';

/**
 * Reports the links of a text that are not vouched for: every link except those to a well-known
 * website, to the official site of the brand the message names, or to a listed official domain of
 * any brand (Google's `photos.app.goo.gl`, Flipkart's `fkrt.it`) unless it is someone's page on
 * it. Calling `https://www.canva.com/` in Canva's own receipt a suspicious URL would mislead. The interface highlights every link
 * whatever this rule says (spec section 5). Weak on its own: how risky a link is, is for the rules
 * under `rules/url/`.
 */
/** True when a link goes to a well-known website or a brand's official site (not someone's page on it). */
export function isVouchedLink(link: ParsedLink, ctx: RuleContext): boolean {
  if (wellKnownDomain.detect(link, ctx) !== null || officialBrandDomain.detect(link, ctx) !== null) return true;
  return officialBrandOfHost(link) !== null && !link.authority.includes('@') && link.host !== null && hostingPlatformOf(link.host, link.rest)?.userContent !== true;
}

export const suspiciousUrl: MessageRule = {
  scope: 'message',
  id: 'suspicious-url',
  label: 'Suspicious URL detected',
  severity: 'low',
  kinds: ['text'],
  detect(ctx): Span[] {
    const out: Span[] = [];
    for (const link of ctx.links) {
      if (isVouchedLink(link, ctx)) continue;
      out.push({ start: link.start, end: link.end, text: link.text });
      if (out.length >= MAX_EVIDENCE_PER_RULE) break;
    }
    return out;
  },
};

/** Local domain facts (threatData.domainInfo) for a link, from the URL rules that fired on it. */
import type { ParsedLink } from './links';
import { linkRisk, THRESHOLDS, VERDICT_FLOORS } from './scoring';
import type { DomainInfo } from './types';

/** Reputation of a link with no warning signs: good, but not a vouched-for site. */
export const UNFLAGGED_REPUTATION = 80;

/** The category of a link the URL models find like known phishing addresses. */
export const LOOKS_LIKE_PHISHING = 'looks-like-phishing';

/** The source named in domain facts the engine computes itself. */
export const ENGINE_SOURCE = 'Baitcheck engine';

/**
 * Domain facts for `link`: reputation 0-100 (lower is worse) falls with the link's risk (its
 * rules', or `scored.risk`, the verdict's when higher), categories are those of the rules that fired, flags follow the verdict thresholds. A rule that
 * sets a verdict's floor (a host on a threat feed is phishing, a typosquat at least suspicious)
 * sets the link's flag the same way, whatever the learned weights make of it alone.
 */
export function domainInfoFor(
  link: ParsedLink,
  ruleIds: readonly string[],
  categories: readonly string[],
  now: string,
  scored: { risk: number; looksLikePhishing: boolean } = { risk: 0, looksLikePhishing: false },
): DomainInfo {
  let risk = linkRisk(ruleIds);
  // the verdict's word on the link when higher (a URL scan's score, the URL models' probability):
  // the panel must not call "good" an address the warning above it says looks like phishing
  if (scored.risk > risk) risk = scored.risk;
  if (scored.looksLikePhishing) categories = [...categories, LOOKS_LIKE_PHISHING];
  const floors = ruleIds.map((id) => VERDICT_FLOORS[id]);
  if (floors.includes('phishing')) risk = Math.max(risk, THRESHOLDS.phishing);
  else if (floors.includes('suspicious')) risk = Math.max(risk, THRESHOLDS.suspicious);
  const malicious = risk >= THRESHOLDS.phishing;
  return {
    reputationScore: Math.round(UNFLAGGED_REPUTATION * (1 - risk)),
    domain: link.registrableDomain ?? link.host ?? link.text.slice(0, 253),
    categories: [...new Set(categories)],
    malicious,
    suspicious: !malicious && risk >= THRESHOLDS.suspicious,
    sources: [ENGINE_SOURCE],
    lastChecked: now,
  };
}

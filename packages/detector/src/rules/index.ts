/**
 * The rule registry: every rule the engine runs, listed explicitly. A new rule is a file under
 * `rules/<category>/<rule-id>.ts`, a table test beside it, a line here and a weight in
 * `scoring.ts`.
 */
import { linkInstructions } from './phrases/link-instructions';
import { rewardLanguage } from './phrases/reward-language';
import { securityThreatLanguage } from './phrases/security-threat-language';
import { suspiciousUrl } from './phrases/suspicious-url';
import { timePressure } from './phrases/time-pressure';
import { urgencyLanguage } from './phrases/urgency-language';
import { blockedSender } from './sender/blocked-sender';
import type { LinkRule, MessageRule, Rule } from './types';
import { atSignInUrl } from './url/at-sign-in-url';
import { brandInPath } from './url/brand-in-path';
import { brandOutsideDomain } from './url/brand-outside-domain';
import { ipHost } from './url/ip-host';
import { knownPhishingHost } from './url/known-phishing-host';
import { loginPath } from './url/login-path';
import { punycodeHost } from './url/punycode-host';
import { urlShortener } from './url/url-shortener';

/** Rules over the whole message: the spec's phrase groups and the sender rules. */
export const MESSAGE_RULES: readonly MessageRule[] = [
  urgencyLanguage,
  rewardLanguage,
  securityThreatLanguage,
  linkInstructions,
  timePressure,
  suspiciousUrl,
  blockedSender,
];

/** Rules applied to each link (the URL of a URL scan, every link found in a text). */
export const LINK_RULES: readonly LinkRule[] = [
  knownPhishingHost,
  ipHost,
  atSignInUrl,
  brandOutsideDomain,
  brandInPath,
  punycodeHost,
  urlShortener,
  loginPath,
];

/** Every rule, for listing and for tests. */
export const ALL_RULES: readonly Rule[] = [...MESSAGE_RULES, ...LINK_RULES];

/** Trust: the link goes to a popular, ordinary website (not a platform where anyone can publish). */
import { hostingPlatformOf } from '../../data/hosting-platforms';
import { SHORTENER_DOMAINS } from '../../data/shorteners';
import { WELL_KNOWN_DOMAINS } from '../../data/well-known';
import { fact, type LinkRule } from '../types';

/**
 * Trust signal: the link's registrable domain is on the well-known-domain list
 * (`data/well-known.ts`), the link is not someone's content on a hosting or sharing platform, not
 * a shortener, and has no `@` hiding its host. Popularity is not safety, so this only lowers the
 * score. Fact: the domain.
 */
export const wellKnownDomain: LinkRule = {
  scope: 'link',
  id: 'well-known-domain',
  label: 'Link goes to a well-known website',
  severity: 'low',
  polarity: 'trust',
  category: 'well-known',
  detect(link) {
    const reg = link.registrableDomain;
    if (reg === null || link.host === null || !WELL_KNOWN_DOMAINS.has(reg)) return null;
    if (link.authority.includes('@') || SHORTENER_DOMAINS.has(link.host) || SHORTENER_DOMAINS.has(reg)) return null;
    if (hostingPlatformOf(link.host, link.rest) !== null) return null;
    return [fact(reg)];
  },
};

/** A brand's name in the host of a website that is not the brand's: "paypal-secure.xyz", "paypa1.com", "www.amazon.com.evil.top". */
import { brandsInHost } from '../../brand-match';
import { hostingPlatformOf } from '../../data/hosting-platforms';
import { WELL_KNOWN_DOMAINS } from '../../data/well-known';
import { fact, type LinkRule } from '../types';

/**
 * Fires when the host names a brand (look-alikes folded) but is not on the brand's official
 * domains (country variants such as amazon.co.uk count as official), nor on a well-known website
 * that is not a hosting platform (a popular fan or news site named after a brand is not
 * impersonating it); facts are the brands.
 */
export const brandOutsideDomain: LinkRule = {
  scope: 'link',
  id: 'brand-outside-domain',
  label: "Link uses a brand's name on a website that does not belong to that brand",
  severity: 'high',
  category: 'brand-impersonation',
  detect(link) {
    const reg = link.registrableDomain;
    if (reg !== null && link.host !== null && WELL_KNOWN_DOMAINS.has(reg) && hostingPlatformOf(link.host, link.rest) === null) return null;
    const brands = brandsInHost(link);
    return brands.length === 0 ? null : brands.map((b) => fact(b.name));
  },
};

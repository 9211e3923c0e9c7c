/** A brand's name in the path of a link to some other website: "http://203.0.113.5/paypal/login". */
import { brandsInHost, brandsInPath } from '../../brand-match';
import { fact, type LinkRule } from '../types';
import { wellKnownDomain } from './well-known-domain';

/**
 * Fires when a path segment names a brand that does not own the host (and the host does not
 * already name it, which `brand-outside-domain` reports), on a website that is not well known
 * (`well-known-domain`: an encyclopedia, news site or shop writing about a brand is not posing
 * as it; someone's page on a hosting platform still counts). Weaker than a brand in the host.
 */
export const brandInPath: LinkRule = {
  scope: 'link',
  id: 'brand-in-path',
  label: "Link names a brand in the path of a website that does not belong to that brand",
  severity: 'medium',
  category: 'brand-impersonation',
  detect(link, ctx) {
    const inPath = brandsInPath(link);
    if (inPath.length === 0 || wellKnownDomain.detect(link, ctx) !== null) return null;
    const inHost = brandsInHost(link);
    const brands = inPath.filter((b) => !inHost.includes(b));
    return brands.length === 0 ? null : brands.map((b) => fact(b.name));
  },
};

/** A brand's name in the host of a website that is not the brand's: "paypal-secure.xyz", "paypa1.com", "www.amazon.com.evil.top". */
import { brandsInHost } from '../../brand-match';
import { fact, type LinkRule } from '../types';

/** Fires when the host names a brand (look-alikes folded) but is not on the brand's official domains; facts are the brands. */
export const brandOutsideDomain: LinkRule = {
  scope: 'link',
  id: 'brand-outside-domain',
  label: "Link uses a brand's name on a website that does not belong to that brand",
  severity: 'high',
  category: 'brand-impersonation',
  detect(link) {
    const brands = brandsInHost(link);
    return brands.length === 0 ? null : brands.map((b) => fact(b.name));
  },
};

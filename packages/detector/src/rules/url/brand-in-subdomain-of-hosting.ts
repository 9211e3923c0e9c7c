/** A brand's name on a page of a hosting platform: "paypal-login.web.app", "sites.google.com/view/wellsfargo-online". */
import { brandsNamedInHost } from '../../brand-match';
import { hostingPlatformOf, ownerChosenPart } from '../../data/hosting-platforms';
import { fact, type LinkRule } from '../types';

/**
 * Platforms of organisation accounts where an account named exactly like a brand is the brand's
 * own ("microsoft.github.io", "microsoft.sharepoint.com", "microsoft-my.sharepoint.com").
 */
const ACCOUNT_PLATFORMS: ReadonlySet<string> = new Set(['github.io', 'gitlab.io', 'sharepoint.com']);

/**
 * Fires when the part of a hosting-platform address that the page's owner chose (the subdomain,
 * or the first path segments on path-hosted platforms such as Google Sites and Forms) names a
 * brand. Brands do not publish their sign-in pages on free hosting. Facts: the brands and the platform.
 */
export const brandInSubdomainOfHosting: LinkRule = {
  scope: 'link',
  id: 'brand-in-subdomain-of-hosting',
  label: "Link puts a brand's name on a free hosting or sharing site",
  severity: 'high',
  category: 'brand-impersonation',
  detect(link) {
    if (link.host === null || link.isIp) return null;
    const match = hostingPlatformOf(link.host, link.rest);
    if (match === null || !match.userContent) return null;
    const owned = ownerChosenPart(match, link.rest);
    if (owned === '') return null;
    let brands = brandsNamedInHost(owned, link);
    const account = owned.replace(/-my$/, '');
    if (ACCOUNT_PLATFORMS.has(match.platform) && !account.includes('.') && !account.includes('-')) {
      brands = brands.filter((b) => !b.loose.includes(account) && !b.strict.includes(account));
    }
    return brands.length === 0 ? null : [...brands.map((b) => fact(b.name)), fact(match.platform)];
  },
};

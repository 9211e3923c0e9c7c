/** Trust: the link goes to the official website of the brand the message (or the link) names: "Chase: ... chase.com". */
import { brandsInText, brandsNamedInHost, isOfficialHost } from '../../brand-match';
import { hostingPlatformOf } from '../../data/hosting-platforms';
import type { Brand } from '../../data/brands';
import { fact, type LinkRule, type RuleContext } from '../types';

const brandCache = new WeakMap<RuleContext, readonly Brand[]>();

/** Brands the message names, once per analysis. */
function namedBrands(ctx: RuleContext): readonly Brand[] {
  let brands = brandCache.get(ctx);
  if (brands === undefined) {
    brands = ctx.input.kind === 'text' ? brandsInText(ctx.content) : [];
    brandCache.set(ctx, brands);
  }
  return brands;
}

/**
 * Trust signal: the link's host is on an official domain of a brand that the message text names,
 * or (for any link) that the host itself names ("www.paypal.com"), and the link is not user
 * content on a hosting platform (a Google Form is not Google speaking) and hides nothing behind
 * an `@`. Fact: "<brand>: <domain>".
 */
export const officialBrandDomain: LinkRule = {
  scope: 'link',
  id: 'official-brand-domain',
  label: "Link goes to the official website of the brand it names",
  severity: 'medium',
  polarity: 'trust',
  category: 'official',
  detect(link, ctx) {
    if (link.host === null || link.isIp || link.authority.includes('@')) return null;
    const platform = hostingPlatformOf(link.host, link.rest);
    if (platform !== null && platform.userContent) return null;
    const candidates = [...namedBrands(ctx), ...brandsNamedInHost(link.host, link)];
    const brand = candidates.find((b) => isOfficialHost(b, link));
    return brand === undefined ? null : [fact(`${brand.name}: ${link.registrableDomain ?? link.host}`)];
  },
};

/** A page on a hosting, site-building, sharing or form platform: anyone can publish there, so the platform's name vouches for nothing. */
import { hostingPlatformOf } from '../../data/hosting-platforms';
import { fact, type LinkRule } from '../types';

/**
 * Fires when the link is someone's content on a platform of `data/hosting-platforms.ts`
 * (a subdomain of the platform, or a shared file, form or site under its paths), not the
 * platform's own pages. Weak alone: most such pages are harmless. Facts: the platform and its kind.
 */
export const freeHosting: LinkRule = {
  scope: 'link',
  id: 'free-hosting',
  label: 'Link goes to a page anyone can create on a free hosting or sharing site',
  severity: 'low',
  category: 'free-hosting',
  detect(link) {
    if (link.host === null || link.isIp) return null;
    const match = hostingPlatformOf(link.host, link.rest);
    return match === null || !match.userContent ? null : [fact(match.platform), fact(match.kind)];
  },
};

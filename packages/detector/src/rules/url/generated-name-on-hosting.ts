/** A throwaway page on a hosting platform: "my-site-100727-106896.weeblysite.com", "896040611-00.000webhostapp.com". */
import { hostingPlatformOf } from '../../data/hosting-platforms';
import { fact, type LinkRule } from '../types';
import { randomLooking } from './random-looking-host';

/** A platform's default site name, or a long number in the name. */
const DEFAULT_NAME = /^(?:my-?site|site|untitled|new-?site|mysite)[-\d]*$|\d{5,}/;

/**
 * Fires when the subdomain its owner took on a hosting platform looks machine-made: the
 * platform's default name ("my-site-100727-106896"), a long number in it ("aol-107948"), or a
 * random string ("x8k2m9q"). People who run a real site on a builder give it a name;
 * phishing kits are put on pages made in bulk and thrown away. Fact: the name and why.
 */
export const generatedNameOnHosting: LinkRule = {
  scope: 'link',
  id: 'generated-name-on-hosting',
  label: 'Link goes to a page with a made-up name on a free hosting site, the way throwaway scam pages are made',
  severity: 'medium',
  category: 'free-hosting',
  detect(link) {
    if (link.host === null || link.isIp) return null;
    const match = hostingPlatformOf(link.host, link.rest);
    if (match === null || match.ownerPart === '') return null;
    const labels = match.ownerPart.split('.');
    const name = labels[labels.length - 1]!;
    if (DEFAULT_NAME.test(name)) return [fact(name), fact(match.platform)];
    const why = randomLooking(name);
    return why === null ? null : [fact(name), fact(match.platform)];
  },
};

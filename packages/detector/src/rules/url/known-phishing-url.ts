/**
 * A link listed, as a full URL, on a threat feed the server passed in
 * (`options.intel.knownPhishingUrls`). Feeds list phishing on shorteners and shared hosts as
 * URLs: the host is everyone's, so only that very address counts (`feedUrlKey`).
 */
import { feedUrlKey } from '../../links';
import { listSetCache } from '../../list-cache';
import { fact, type LinkRule } from '../types';

const urlSet = listSetCache((url) => feedUrlKey(url) ?? '');

/** Fires when the link's address is listed; the fact is the address as listed. */
export const knownPhishingUrl: LinkRule = {
  scope: 'link',
  id: 'known-phishing-url',
  label: 'Link is on a list of known phishing websites',
  severity: 'high',
  category: 'phishing',
  detect(link, ctx) {
    const list = ctx.options.intel?.knownPhishingUrls;
    if (!Array.isArray(list) || list.length === 0 || link.host === null) return null;
    const key = feedUrlKey(link.url);
    return key !== null && urlSet(list).has(key) ? [fact(link.url)] : null;
  },
};

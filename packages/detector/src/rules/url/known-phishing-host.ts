/** A link whose host or registrable domain is on a threat feed the server passed in (`options.intel.knownPhishingHosts`). */
import { listSetCache } from '../../list-cache';
import { fact, type LinkRule } from '../types';

const hostSet = listSetCache((host) => host.trim().toLowerCase().replace(/\.$/, ''));

/** Fires when the host, or a domain it belongs to, is listed as phishing; the fact is the listed name. */
export const knownPhishingHost: LinkRule = {
  scope: 'link',
  id: 'known-phishing-host',
  label: 'Link is on a list of known phishing websites',
  severity: 'high',
  category: 'phishing',
  detect(link, ctx) {
    const list = ctx.options.intel?.knownPhishingHosts;
    if (!Array.isArray(list) || list.length === 0 || link.host === null) return null;
    const set = hostSet(list);
    // the host itself, then each parent domain ("a.b.evil.xyz", "b.evil.xyz", "evil.xyz")
    let name = link.host;
    for (let i = 0; i < 16 && name.length > 0; i++) {
      if (set.has(name)) return [fact(name)];
      const dot = name.indexOf('.');
      if (dot === -1) break;
      name = name.slice(dot + 1);
    }
    return null;
  },
};

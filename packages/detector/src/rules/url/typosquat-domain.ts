/** A domain that imitates a brand's or a popular website's domain: "paypa1.com", "netfliix.com", "arnazon.com", "roblox.com.ge". */
import { lookalikeDomain } from '../../brand-match';
import { WELL_KNOWN_DOMAINS } from '../../data/well-known';
import { fact, type LinkRule } from '../types';

const isWellKnown = (domain: string): boolean => WELL_KNOWN_DOMAINS.has(domain);

/**
 * Fires when the link's registrable domain is not itself well known or a brand's, but reads as
 * one after folding look-alike characters, or is one or two typing changes from one (see
 * `lookalikeDomain`). Facts: the imitated domain and how.
 */
export const typosquatDomain: LinkRule = {
  scope: 'link',
  id: 'typosquat-domain',
  label: "Link's address imitates a well-known website's address",
  severity: 'high',
  category: 'lookalike-domain',
  detect(link) {
    const found = lookalikeDomain(link, isWellKnown);
    return found === null ? null : [fact(found.target), fact(found.how)];
  },
};

/** A link through a URL shortener: it hides where it really leads. */
import { SHORTENER_DOMAINS } from '../../data/shorteners';
import { fact, type LinkRule } from '../types';

/** Fires when the host or its registrable domain is a known URL shortener. */
export const urlShortener: LinkRule = {
  scope: 'link',
  id: 'url-shortener',
  label: 'Link uses a URL shortener that hides where it leads',
  severity: 'medium',
  category: 'shortener',
  detect(link) {
    const host = link.host;
    if (host === null) return null;
    const domain = SHORTENER_DOMAINS.has(host)
      ? host
      : link.registrableDomain !== null && SHORTENER_DOMAINS.has(link.registrableDomain)
        ? link.registrableDomain
        : null;
    return domain === null ? null : [fact(domain)];
  },
};

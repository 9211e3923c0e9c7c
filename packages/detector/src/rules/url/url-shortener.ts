/** A link through a URL shortener: it hides where it really leads. */
import { SHORTENER_DOMAINS } from '../../data/shorteners';
import { fact, type LinkRule } from '../types';

/**
 * Google's own app links (maps.app.goo.gl, photos.app.goo.gl) can only lead to Google Maps and
 * Google Photos: not a shortener anyone can point elsewhere.
 */
const FIRST_PARTY_SHORT_HOSTS = /(?:^|\.)app\.goo\.gl$/;

/**
 * Fires when the host or its registrable domain is a known URL shortener (not a brand's own app
 * links) and the link has a path or query: `https://bit.ly/` alone is the shortener's home page.
 */
export const urlShortener: LinkRule = {
  scope: 'link',
  id: 'url-shortener',
  label: 'Link uses a URL shortener that hides where it leads',
  severity: 'medium',
  category: 'shortener',
  detect(link) {
    const host = link.host;
    if (host === null || FIRST_PARTY_SHORT_HOSTS.test(host) || /^\/?(?:[#].*)?$/.test(link.rest)) return null;
    const domain = SHORTENER_DOMAINS.has(host)
      ? host
      : link.registrableDomain !== null && SHORTENER_DOMAINS.has(link.registrableDomain)
        ? link.registrableDomain
        : null;
    return domain === null ? null : [fact(domain)];
  },
};

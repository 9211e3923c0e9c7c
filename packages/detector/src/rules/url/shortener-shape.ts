/**
 * A link shaped like a shortener's (`https://t2m.io/Kq83Jd`): a short domain name with nothing
 * before it and a single short code for its whole path. Shorteners come and go faster than any
 * list (`url-shortener` knows the big ones), and every one of them looks like this: a name of a
 * few letters, and a code of mixed letters and digits that says nothing of where it leads.
 */
import { officialBrandOfHost } from '../../brand-match';
import { SHORTENER_DOMAINS } from '../../data/shorteners';
import { WELL_KNOWN_DOMAINS } from '../../data/well-known';
import { fact, type LinkRule } from '../types';

/** Longest domain name (without its public suffix) taken as a shortener's. */
const MAX_NAME = 5;
/** The path: one segment of 4 to 10 code characters, maybe a trailing slash, nothing after. */
const CODE_PATH = /^\/([A-Za-z0-9_-]{4,10})\/?$/;

/** The path of a link as written (`rest` is lower-cased), or null when it has a query or fragment. */
function writtenPath(url: string): string | null {
  const afterScheme = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const slash = afterScheme.indexOf('/');
  if (slash < 0) return null;
  const path = afterScheme.slice(slash);
  return /[?#]/.test(path) ? null : path;
}

/** A code, not a word: letters and digits mixed, or upper and lower case mixed ("Kq83Jd", "x9f2", "aBcDeF"). */
function looksLikeCode(code: string): boolean {
  const letters = code.replace(/[^A-Za-z]/g, '');
  const digits = code.replace(/[^0-9]/g, '');
  const mixedCase = /[a-z]/.test(code) && /[A-Z]/.test(code) && !/^[A-Z][a-z]+$/.test(code);
  return (letters.length > 0 && digits.length > 0 && !/^[A-Za-z]+\d{1,2}$/.test(code)) || mixedCase;
}

/** Fires on a short domain name of no known site whose whole path is one short code. */
export const shortenerShape: LinkRule = {
  scope: 'link',
  id: 'shortener-shape',
  label: 'Link looks like a shortened link that hides where it leads',
  severity: 'medium',
  category: 'shortener',
  detect(link) {
    const { host, registrableDomain: reg } = link;
    if (host === null || reg === null || link.isIp || link.port !== '' || link.authority.includes('@')) return null;
    if (host !== reg && host !== `www.${reg}`) return null;
    // a brand's own short links (amzn.to, fkrt.it) lead only to the brand
    if (SHORTENER_DOMAINS.has(reg) || WELL_KNOWN_DOMAINS.has(reg) || officialBrandOfHost(link) !== null) return null;
    const name = link.publicSuffix ? reg.slice(0, reg.length - link.publicSuffix.length - 1) : reg;
    if (name.length === 0 || name.length > MAX_NAME) return null;
    const path = writtenPath(link.text) ?? writtenPath(link.url);
    const code = path === null ? null : CODE_PATH.exec(path)?.[1];
    if (!code || !looksLikeCode(code)) return null;
    return [fact(reg)];
  },
};

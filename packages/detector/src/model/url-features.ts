/**
 * The URL model's featurisers: one for the host, one for the path and query, kept apart so that
 * "has a path ⇒ phishing" cannot be learned (`../shared/data/README.md`: benign rows are mostly
 * bare domains, phishing rows mostly full URLs).
 *
 * - Host features depend on the host only: a URL with and without a path gives the same host
 *   features. They describe the registrable domain: character 3-5-grams of its label, the public
 *   suffix, buckets of length, digits and hyphens, punycode; of the subdomains only a "very deep"
 *   flag (3+ labels besides `www`). Benign host lists hold registrable domains only, so subdomain
 *   features would learn "has a subdomain ⇒ phishing" (the same trap as paths); the rules judge
 *   subdomains (brand in a subdomain, many subdomains, free hosting). The host model is trained on
 *   hosts of both classes.
 * - Path features (the path's words and depth, the query's parameter names, and anomalies: extension,
 *   an address or URL inside, `//`, `~`, heavy encoding, a very long query) are computed only when
 *   there is a path or query, and the path model is trained only on URLs that have one, on both
 *   sides. They are not computed for a well-known site's or a brand's own pages, whose login and
 *   account pages share their words with phishing kits ({@link linkVectorOf}).
 * - Someone's page on a hosting platform ("paypal-login.web.app", a Google Form) is marked
 *   `shared`: its registrable domain belongs to the platform, not to the page's author, so the
 *   host model does not judge it (its host logit is 0, at inference and in training, and such
 *   pages are not rows of the host model: `hostLogit`). The rules judge these pages.
 */
import { officialBrandOfHost } from '../brand-match';
import { hostingPlatformOf } from '../data/hosting-platforms';
import { WELL_KNOWN_DOMAINS } from '../data/well-known';
import type { ParsedLink } from '../links';
import { maskEmails } from '../normalize';
import { hashFeatures, type SparseVector } from './hash';

/** Hash buckets of the host model: `2^HOST_BITS`. */
export const HOST_BITS = 17;
/** Hash buckets of the path model: `2^PATH_BITS`. */
export const PATH_BITS = 16;
/** Characters of path and query the path model reads. */
const MAX_PATH_CHARS = 1024;

/** What the URL featurisers need of a link (a {@link ParsedLink} has it all). */
export type UrlParts = Pick<ParsedLink, 'host' | 'rest' | 'isIp' | 'publicSuffix' | 'registrableDomain'>;

/** What the URL models see of one link. */
export interface LinkVector {
  host: SparseVector;
  /** Null when the link has no path or query. */
  path: SparseVector | null;
  /** Someone's page on a hosting platform: the host model does not judge it (its host logit is 0). */
  shared: boolean;
}

/** True when the link is someone's content on a hosting, sharing or form platform (not the platform's own pages). */
export function isSharedPlatformPage(parts: Pick<UrlParts, 'host' | 'rest' | 'isIp'>): boolean {
  if (parts.host === null || parts.isIp) return false;
  return hostingPlatformOf(parts.host, parts.rest)?.userContent === true;
}

function bucket(n: number, edges: readonly number[]): number {
  let i = 0;
  while (i < edges.length && n > (edges[i] as number)) i++;
  return i;
}

function grams(prefix: string, s: string, out: string[]): void {
  const t = `^${s}$`;
  for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= t.length; i++) out.push(`${prefix}${t.slice(i, i + n)}`);
}

function count(s: string, re: RegExp): number {
  return s.match(re)?.length ?? 0;
}

/** Host feature names; the same for `example.com`, `www.example.com`, `example.com/any/path` and `docs.example.com`. */
export function hostFeatureNames(parts: UrlParts): string[] {
  const out: string[] = [];
  const host = (parts.host ?? '').replace(/\.$/, '').replace(/^www\d{0,2}\./, '');
  if (host === '') return ['h:none'];
  if (parts.isIp) return ['h:ip'];
  const suffix = parts.publicSuffix;
  const reg = parts.registrableDomain;
  let regLabel: string;
  let sub: string;
  if (suffix === null || reg === null || !host.endsWith(reg)) {
    out.push('h:nosuffix');
    const labels = host.split('.');
    regLabel = labels.length > 1 ? (labels[labels.length - 2] as string) : host;
    sub = labels.slice(0, -2).join('.');
    out.push(`t:${labels[labels.length - 1] ?? ''}`);
  } else {
    regLabel = reg.slice(0, reg.length - suffix.length - 1);
    sub = host.slice(0, host.length - reg.length).replace(/\.$/, '');
    out.push(`t:${suffix}`);
  }
  grams('r:', regLabel, out);
  out.push(`rl:${bucket(regLabel.length, [4, 7, 10, 15, 20])}`);
  out.push(`rd:${bucket(count(regLabel, /\d/g), [0, 1, 3])}`);
  out.push(`rh:${bucket(count(regLabel, /-/g), [0, 1])}`);
  if (/^xn--/.test(regLabel)) out.push('r:puny');
  // Subdomains: only their depth when very deep. The benign host lists are registrable domains
  // (Alexa), so any subdomain feature would learn "has a subdomain ⇒ phishing" and flag ordinary
  // full URLs (docs.python.org, support.apple.com); subdomain tricks are left to the rules.
  const subLabels = sub === '' ? 0 : sub.split('.').length;
  if (subLabels >= 3) out.push('sd:deep');
  return out;
}

/** True when the link has a path or query beyond a bare `/`. */
export function hasPath(parts: Pick<UrlParts, 'rest'>): boolean {
  return parts.rest.replace(/^[/?#]+$/, '').length > 0;
}

/**
 * Path and query feature names, or an empty list when the URL has none: the anomalies an ordinary
 * site's path rarely has (the file extension, an address or an embedded URL in the path, `//`,
 * `~`, heavy percent-encoding, a very long query), and the path's words ({@link pathWordNames}).
 */
export function pathFeatureNames(parts: Pick<UrlParts, 'rest'>): string[] {
  if (!hasPath(parts)) return [];
  const rest = maskEmails(parts.rest.slice(0, MAX_PATH_CHARS)).toLowerCase();
  const out: string[] = ['p:any'];
  const q = rest.search(/[?#]/);
  const path = q < 0 ? rest : rest.slice(0, q);
  const query = q < 0 ? '' : rest.slice(q + 1);
  const segments = path.split('/').filter((s) => s !== '');
  const last = segments[segments.length - 1] ?? '';
  const ext = /\.([a-z0-9]{1,5})$/.exec(last)?.[1];
  if (ext !== undefined) out.push(`px:${ext}`);
  if (query.length > 80) out.push(`ql:${bucket(query.length, [200, 500])}`);
  if (rest.includes('@') || rest.includes('[email]')) out.push('pa:at');
  if (/\/\//.test(path)) out.push('pa:dslash');
  if (/https?(?::|%3a)/.test(rest)) out.push('pa:embedded-url');
  if (rest.includes('~')) out.push('pa:tilde');
  const pct = count(rest, /%[0-9a-f]{2}/g);
  if (pct > 2) out.push(`pp:${bucket(pct, [8])}`);
  pathWordNames(segments, query, out);
  return out;
}

/**
 * The words of the path and the names of the query's parameters, with the path's depth: numbers
 * by length, long letter-and-digit runs (hashes, ids) as one class. Learned from one page of each
 * of ~47,000 ordinary small sites (segphish 2021) and the deep pages of ISCX's sites against
 * phishing kits' paths ("/wp-includes/.../secured/", "/CC_POSTALE/", "/signin"): the words of a
 * login page are the same on a site's own page and on a kit, so the path model does not read the
 * pages of well-known sites and brands' own domains (their path is null, see {@link linkVectorOf}).
 */
function pathWordNames(segments: readonly string[], query: string, out: string[]): void {
  out.push(`pd:${bucket(segments.length, [1, 2, 3, 5])}`);
  for (const seg of segments.slice(0, 8)) {
    for (const tok of seg.split(/[^a-z0-9]+/)) {
      if (tok === '') continue;
      if (/^\d+$/.test(tok)) out.push(`pw:#${bucket(tok.length, [2, 4, 8])}`);
      else if (tok.length >= 8 && /\d/.test(tok) && /[a-z]/.test(tok)) out.push(`pw:~mix${bucket(tok.length, [12, 24])}`);
      else if (tok.length > 20) out.push('pw:~long');
      else out.push(`pw:${tok}`);
    }
  }
  for (const pair of query.split('&').slice(0, 8)) {
    const key = pair.split('=', 1)[0] ?? '';
    if (key !== '' && key.length <= 20 && /^[a-z_][a-z0-9_.-]*$/.test(key)) out.push(`pq:${key}`);
  }
}

/** What {@link isKnownSitePage} needs of a link. */
export type KnownSiteParts = Pick<ParsedLink, 'host' | 'rest' | 'isIp' | 'registrableDomain' | 'authority'>;

/**
 * True when the link is a page of a well-known website (`data/well-known.ts`) or on a brand's own
 * listed domain, and not someone's content on a platform nor hiding its host behind an `@`. Such a
 * site's login and account pages are its own: the path model, which learned the words of phishing
 * kits' paths ("signin", "account", "verify"), does not judge them.
 */
export function isKnownSitePage(link: KnownSiteParts): boolean {
  if (link.host === null || link.isIp || link.authority.includes('@')) return false;
  // a platform's own pages (dropbox.com/login) are its own; its users' pages are not
  if (hostingPlatformOf(link.host, link.rest)?.userContent === true) return false;
  return (link.registrableDomain !== null && WELL_KNOWN_DOMAINS.has(link.registrableDomain)) || officialBrandOfHost(link) !== null;
}

/**
 * What the URL models see of a link: host features; path features unless the link has no path,
 * is someone's page on a hosting platform (judged by the rules) or a page of a known site
 * ({@link isKnownSitePage}).
 */
export function linkVectorOf(link: UrlParts & KnownSiteParts): LinkVector {
  const shared = isSharedPlatformPage(link);
  return { host: hostFeatures(link), path: shared || isKnownSitePage(link) ? null : pathFeatures(link), shared };
}

/** The hashed host feature vector. */
export function hostFeatures(parts: UrlParts): SparseVector {
  return hashFeatures(hostFeatureNames(parts), HOST_BITS);
}

/** The hashed path feature vector, or null when the URL has no path or query. */
export function pathFeatures(parts: Pick<UrlParts, 'rest'>): SparseVector | null {
  const names = pathFeatureNames(parts);
  return names.length === 0 ? null : hashFeatures(names, PATH_BITS);
}

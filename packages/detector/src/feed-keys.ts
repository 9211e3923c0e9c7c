/**
 * How an entry of a threat feed is matched against links (the server stores these keys; the
 * engine's `known-phishing-host` and `known-phishing-url` rules compare links with them).
 *
 * Feeds list phishing on hosts that are everyone's: a shortener (`bit.ly/3xYz`), a platform whose
 * users' content lives under its paths (`docs.google.com/forms/...`, `dropbox.com/s/...`), a
 * well-known site, or an ordinary site that was broken into (`smallbakery.com/wp-admin/x/login.php`).
 * Listing the host would condemn everyone on it, so such an entry matches only as its full URL.
 * A host is listed (and with it its subdomains) when the feed names the host itself (a bare
 * hostname, or a URL of its home page), or when the URL is someone's own subdomain on a hosting
 * platform (`paypal-login.web.app/...`), never when it is a shortener, a platform's own domain or
 * a well-known website. A leading `www.` is dropped from host keys: it is the same site.
 */
import { hostingPlatformOf } from './data/hosting-platforms';
import { SHORTENER_DOMAINS } from './data/shorteners';
import { WELL_KNOWN_DOMAINS } from './data/well-known';
import { feedUrlKey, parseLink } from './links';

/** The keys of one feed entry: either may be null; both null means the entry cannot be used. */
export interface FeedKeys {
  /** {@link feedUrlKey} of the listed URL, null for a bare hostname. */
  url: string | null;
  /** The host to list (with its subdomains), lower-case, without `www.` or a trailing dot; null when the host is everyone's. */
  host: string | null;
}

/** True when nobody owns `host` alone: a shortener, a well-known site, or a platform's own domain. */
function isSharedHost(host: string, registrableDomain: string | null, path: string): boolean {
  if (SHORTENER_DOMAINS.has(host) || (registrableDomain !== null && SHORTENER_DOMAINS.has(registrableDomain))) return true;
  const platform = hostingPlatformOf(host, path);
  if (platform !== null) return platform.ownerPart === '';
  return registrableDomain !== null && WELL_KNOWN_DOMAINS.has(registrableDomain);
}

/** The matching keys of a feed entry: a full URL (`url`) or a bare hostname (`url` null, `host`). */
export function feedEntryKeys(entry: { url: string | null; host: string }): FeedKeys {
  const listed = entry.url ?? entry.host;
  const link = parseLink(listed.trim(), 0);
  if (link.host === null || link.scheme === 'data' || link.scheme === 'javascript') return { url: null, host: null };
  const url = entry.url === null ? null : feedUrlKey(entry.url);
  const host = link.host.replace(/\.$/, '').replace(/^www\d{0,2}\./, '');
  const root = /^\/?$/.test(link.rest);
  const ownSubdomain = (hostingPlatformOf(link.host, link.rest)?.ownerPart ?? '') !== '';
  const namesHost = entry.url === null || root || ownSubdomain;
  const hostKey = namesHost && !isSharedHost(link.host, link.registrableDomain, link.rest) ? host : null;
  return { url: root && hostKey !== null ? null : url, host: hostKey };
}

import { feedUrlKey, type LinkFinding } from '@baitcheck/detector';
import { createLruCache } from '../../lib/lru-cache.ts';
import { createSharedRequests, type SharedRequest } from '../../lib/shared-request.ts';
import { quotaFetch, type LookupQuota } from '../../modules/intel/lookup-limits.ts';
import { fetchJson, httpError, keyRedactor } from './json-api.ts';
import type { IntelProvider, ProviderAnswer } from '../../modules/intel/enrich.ts';

/** Options of {@link createSafeBrowsingProvider}; only `apiKey` matters in production. */
export interface SafeBrowsingOptions {
  /** A Google Cloud API key with the Safe Browsing API enabled; without it the provider is never asked. */
  apiKey?: string;
  /** The Lookup API v4 `threatMatches:find` address (tests point it at a local server). */
  endpoint?: string;
  fetch?: typeof fetch;
  /** This server's allowance of requests to the service (its key's quota); absent: none. */
  quota?: LookupQuota;
  /** How long one request may take; shorter than the enrich budget so a slow answer fails cleanly. */
  timeoutMs?: number;
  /** How long a URL Google did not list is trusted to stay clean. */
  cacheTtlMs?: number;
  maxEntries?: number;
  clock?: () => number;
}

export const SAFE_BROWSING_ENDPOINT = 'https://safebrowsing.googleapis.com/v4/threatMatches:find';
const DEFAULT_TIMEOUT_MS = 1200;
const DEFAULT_CACHE_TTL_MS = 30 * 60_000;
const DEFAULT_MAX_ENTRIES = 10_000;
/** The Lookup API refuses more threat entries than this in one request. */
const MAX_URLS_PER_REQUEST = 500;
/** Google asks clients to keep a match for its `cacheDuration`; when it gives none, its usual value. */
const DEFAULT_MATCH_CACHE_MS = 300_000;
/** A match may be delisted once the site is cleaned: never believe one longer than this. */
const MAX_MATCH_CACHE_MS = 60 * 60_000;
const CLIENT_VERSION = '0.1.0';
const SOURCE_NAME = 'Google Safe Browsing';

const THREAT_TYPES = ['MALWARE', 'SOCIAL_ENGINEERING', 'UNWANTED_SOFTWARE', 'POTENTIALLY_HARMFUL_APPLICATION'] as const;

/** What the Threat Intelligence panel shows for each of Google's threat types. */
const CATEGORY_OF: Readonly<Record<string, string>> = {
  SOCIAL_ENGINEERING: 'phishing',
  MALWARE: 'malware',
  UNWANTED_SOFTWARE: 'unwanted software',
  POTENTIALLY_HARMFUL_APPLICATION: 'harmful app',
};

/** Google's verdict on one URL: the threat types it is listed under (empty: clean). */
interface Verdict {
  threatTypes: readonly string[];
  expiresAt: number;
}

type Verdicts = ReadonlyMap<string, Verdict>;

/** `'300s'` or `'12.5s'` (protobuf Duration as JSON) in milliseconds, capped; the default when unreadable. */
function cacheDurationMs(value: unknown): number {
  const m = typeof value === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(value) : null;
  const ms = m ? Number(m[1]) * 1000 : DEFAULT_MATCH_CACHE_MS;
  return Math.min(Math.max(ms, 0), MAX_MATCH_CACHE_MS);
}

function categoryOf(threatType: string): string {
  return CATEGORY_OF[threatType] ?? threatType.toLowerCase().replace(/_/g, ' ');
}

/** Only web links can be on Google's lists; `javascript:` and `data:` links are not sent. */
function isWebLink(link: LinkFinding): boolean {
  return link.host !== null && /^https?:\/\//i.test(link.url);
}

/**
 * Google Safe Browsing (Lookup API v4) as an intel source: the scan's link URLs are sent in one
 * request and each URL Google lists becomes a known-phishing URL (never a host: Google lists
 * URLs, and a listed page on a shared host must not condemn its neighbours). Verdicts are cached
 * per URL as Google asks (matches for their `cacheDuration`, clean URLs for `cacheTtlMs`), which
 * also keeps a busy server within the API's daily quota.
 */
export function createSafeBrowsingProvider(options: SafeBrowsingOptions = {}): IntelProvider {
  const apiKey = options.apiKey?.trim() ?? '';
  const endpoint = options.endpoint ?? SAFE_BROWSING_ENDPOINT;
  const fetchImpl = options.quota ? quotaFetch(options.quota, options.fetch ?? fetch) : (options.fetch ?? fetch);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  const clock = options.clock ?? Date.now;
  // expiry is per entry (Google's cacheDuration), so the LRU only bounds the size
  const cache = createLruCache<string, Verdict>({ maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES });
  // one batch request is filed under each URL it asks about
  const inFlight = createSharedRequests<Verdicts>({ timeoutMs, timeoutMessage: `${SOURCE_NAME} did not answer within ${timeoutMs} ms` });

  // the key goes in the query string, where an error message could echo it
  const redact = keyRedactor(apiKey);

  function cached(url: string): Verdict | undefined {
    const verdict = cache.get(url);
    if (verdict === undefined) return undefined;
    if (clock() < verdict.expiresAt) return verdict;
    cache.delete(url);
    return undefined;
  }

  async function request(urls: readonly string[], signal: AbortSignal): Promise<Verdicts> {
    const address = new URL(endpoint);
    address.searchParams.set('key', apiKey);
    const body = {
      client: { clientId: 'baitcheck', clientVersion: CLIENT_VERSION },
      threatInfo: {
        threatTypes: THREAT_TYPES,
        platformTypes: ['ANY_PLATFORM'],
        threatEntryTypes: ['URL'],
        threatEntries: urls.map((url) => ({ url })),
      },
    };
    const { res, payload } = await fetchJson(SOURCE_NAME, redact, fetchImpl, address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal }, {});
    if (!res.ok) throw httpError(SOURCE_NAME, redact, res, payload, ['status', 'message']);
    if (typeof payload !== 'object' || payload === null) throw new Error(`${SOURCE_NAME} sent an unreadable answer`);

    const now = clock();
    const found = new Map<string, { types: Set<string>; ttl: number }>();
    const matches = (payload as { matches?: unknown }).matches;
    for (const match of Array.isArray(matches) ? matches : []) {
      const m = match as { threatType?: unknown; threat?: { url?: unknown }; cacheDuration?: unknown } | null;
      const url = m?.threat?.url;
      if (typeof url !== 'string' || typeof m?.threatType !== 'string' || !urls.includes(url)) continue;
      const entry = found.get(url) ?? { types: new Set<string>(), ttl: Number.POSITIVE_INFINITY };
      entry.types.add(m.threatType);
      entry.ttl = Math.min(entry.ttl, cacheDurationMs(m.cacheDuration));
      found.set(url, entry);
    }
    const verdicts = new Map<string, Verdict>();
    for (const url of urls) {
      const hit = found.get(url);
      const verdict: Verdict = hit ? { threatTypes: [...hit.types], expiresAt: now + hit.ttl } : { threatTypes: [], expiresAt: now + cacheTtlMs };
      verdicts.set(url, verdict);
      cache.set(url, verdict);
    }
    return verdicts;
  }

  return {
    name: SOURCE_NAME,
    restsAfterFailure: true,
    unavailable: () => (apiKey === '' ? 'no API key configured (SAFE_BROWSING_API_KEY)' : null),
    async lookup(intel, signal): Promise<ProviderAnswer> {
      signal.throwIfAborted();
      const urls = [...new Set(intel.links.filter(isWebLink).map((l) => l.url))];
      const verdicts = new Map<string, Verdict>();
      const waits = new Set<SharedRequest<Verdicts>>();
      const missing: string[] = [];
      for (const url of urls) {
        const verdict = cached(url);
        const pending = inFlight.get(url);
        if (verdict !== undefined) verdicts.set(url, verdict);
        else if (pending !== undefined) waits.add(pending);
        else if (missing.length < MAX_URLS_PER_REQUEST) missing.push(url);
      }
      if (missing.length > 0) {
        // failures are not cached: the next scan asks again
        waits.add(inFlight.start(missing, (s) => request(missing, s)));
      }
      for (const answer of await Promise.all([...waits].map((w) => w.join(signal)))) {
        for (const [url, verdict] of answer) verdicts.set(url, verdict);
      }

      const phishingUrls = new Set<string>();
      const domainSources: Record<string, string[]> = {};
      const domainCategories: Record<string, string[]> = {};
      for (const link of intel.links) {
        const verdict = verdicts.get(link.url);
        if (verdict === undefined || verdict.threatTypes.length === 0) continue;
        const key = feedUrlKey(link.url);
        if (key !== null) phishingUrls.add(key);
        const domain = link.registrableDomain ?? link.host;
        if (domain === null) continue;
        domainSources[domain] = [SOURCE_NAME];
        const categories = (domainCategories[domain] ??= []);
        for (const type of verdict.threatTypes) {
          const category = categoryOf(type);
          if (!categories.includes(category)) categories.push(category);
        }
      }
      if (phishingUrls.size === 0) return { facts: {} };
      return { facts: { knownPhishingUrls: [...phishingUrls] }, domainSources, domainCategories };
    },
  };
}

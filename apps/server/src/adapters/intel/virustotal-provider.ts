import { feedEntryKeys } from '@baitcheck/detector';
import { createLruCache } from '../../lib/lru-cache.ts';
import { createSharedRequests } from '../../lib/shared-request.ts';
import { quotaFetch, type LookupQuota } from '../../modules/intel/lookup-limits.ts';
import { fetchJson, httpError, keyRedactor } from './json-api.ts';
import type { IntelProvider, ProviderAnswer } from '../../modules/intel/enrich.ts';

/** Options of {@link createVirusTotalProvider}; only `apiKey` matters in production. */
export interface VirusTotalOptions {
  /** A VirusTotal API key; without it the provider is never asked. */
  apiKey?: string;
  /** The API v3 root (tests point it at a local server). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** This server's allowance of requests to the service (its key's quota); absent: none. */
  quota?: LookupQuota;
  /** How long one request may take; shorter than the enrich budget so a slow answer fails cleanly. */
  timeoutMs?: number;
  /** How long a domain report is reused: reports change slowly and the quota is tiny. */
  cacheTtlMs?: number;
  /** At most this many new domain requests per scan (the public API allows 4 a minute). */
  maxDomains?: number;
  /** Engines that must flag a domain before it counts as malicious; one or two are often false positives. */
  maliciousThreshold?: number;
  maxEntries?: number;
  clock?: () => number;
}

export const VIRUSTOTAL_BASE_URL = 'https://www.virustotal.com/api/v3';
const DEFAULT_TIMEOUT_MS = 1200;
const DEFAULT_CACHE_TTL_MS = 6 * 60 * 60_000;
const DEFAULT_MAX_DOMAINS = 4;
const DEFAULT_MALICIOUS_THRESHOLD = 3;
const DEFAULT_MAX_ENTRIES = 5_000;
const MAX_CATEGORIES = 5;
const SOURCE_NAME = 'VirusTotal';

/** The part of a domain report that is used; null in the cache means VirusTotal does not know the domain. */
interface DomainReport {
  malicious: number;
  suspicious: number;
  categories: readonly string[];
  /** ISO 8601, when VirusTotal has the registration date. */
  created: string | null;
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** The fields used from a `/domains/{domain}` answer, tolerating any of them missing. */
function readReport(payload: unknown): DomainReport {
  const attributes = (payload as { data?: { attributes?: Record<string, unknown> } } | null | undefined)?.data?.attributes;
  if (typeof attributes !== 'object' || attributes === null) throw new Error(`${SOURCE_NAME} sent an unreadable answer`);
  const stats = (attributes.last_analysis_stats ?? {}) as Record<string, unknown>;
  const vendorCategories = attributes.categories;
  const categories = new Set<string>();
  if (typeof vendorCategories === 'object' && vendorCategories !== null) {
    for (const c of Object.values(vendorCategories)) if (typeof c === 'string' && c.trim() !== '') categories.add(c.trim().toLowerCase());
  }
  const seconds = attributes.creation_date;
  const created = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
  return { malicious: count(stats.malicious), suspicious: count(stats.suspicious), categories: [...categories], created };
}

/**
 * VirusTotal (API v3 domain reports) as an intel source. Each registrable domain the links lead
 * to is looked up; a domain enough engines call malicious is named in the panel and, when it is
 * someone's own (not a shared platform, shortener or well-known site, as {@link feedEntryKeys}
 * decides), listed as a known-phishing host, so every link on it counts. The registration date
 * feeds the engine's young-domain rule. Reports are cached per domain for hours and a scan sends
 * at most `maxDomains` new requests, because the public API allows only 4 a minute.
 */
export function createVirusTotalProvider(options: VirusTotalOptions = {}): IntelProvider {
  const apiKey = options.apiKey?.trim() ?? '';
  const baseUrl = (options.baseUrl ?? VIRUSTOTAL_BASE_URL).replace(/\/+$/, '');
  const fetchImpl = options.quota ? quotaFetch(options.quota, options.fetch ?? fetch) : (options.fetch ?? fetch);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxDomains = options.maxDomains ?? DEFAULT_MAX_DOMAINS;
  const threshold = options.maliciousThreshold ?? DEFAULT_MALICIOUS_THRESHOLD;
  const clock = options.clock ?? Date.now;
  const cache = createLruCache<string, DomainReport | null>({
    maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    ttlMs: options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS,
    clock,
  });
  const inFlight = createSharedRequests<DomainReport | null>({ timeoutMs, timeoutMessage: `${SOURCE_NAME} did not answer within ${timeoutMs} ms` });

  const redact = keyRedactor(apiKey);

  async function request(domain: string, signal: AbortSignal): Promise<DomainReport | null> {
    const { res, payload } = await fetchJson(SOURCE_NAME, redact, fetchImpl, `${baseUrl}/domains/${encodeURIComponent(domain)}`, { headers: { 'x-apikey': apiKey, accept: 'application/json' }, signal });
    // an unknown domain is an answer, not a failure: it is cached like a report
    if (res.status === 404) return null;
    if (!res.ok) throw httpError(SOURCE_NAME, redact, res, payload, ['code', 'message']);
    return readReport(payload);
  }

  return {
    name: SOURCE_NAME,
    restsAfterFailure: true,
    unavailable: () => (apiKey === '' ? 'no API key configured (VIRUSTOTAL_API_KEY)' : null),
    async lookup(intel, signal): Promise<ProviderAnswer> {
      signal.throwIfAborted();
      const domains = [...new Set(intel.links.map((l) => l.registrableDomain).filter((d): d is string => d !== null))];
      const reports = new Map<string, DomainReport | null>();
      const waits: Promise<void>[] = [];
      let started = 0;
      for (const domain of domains) {
        const report = cache.get(domain);
        if (report !== undefined) {
          reports.set(domain, report);
          continue;
        }
        let pending = inFlight.get(domain);
        if (pending === undefined) {
          // domains past the limit wait for a later scan rather than spend the minute's quota
          if (started >= maxDomains) continue;
          started += 1;
          // failures are not cached: the next scan asks again
          pending = inFlight.start(domain, async (s) => {
            const answer = await request(domain, s);
            cache.set(domain, answer);
            return answer;
          });
        }
        waits.push(pending.join(signal).then((r) => void reports.set(domain, r)));
      }
      await Promise.all(waits);

      const knownPhishingHosts: string[] = [];
      const domainCreated: Record<string, string> = {};
      const domainSources: Record<string, string[]> = {};
      const domainCategories: Record<string, string[]> = {};
      for (const domain of domains) {
        const report = reports.get(domain);
        if (!report) continue;
        if (report.created !== null) domainCreated[domain] = report.created;
        if (report.malicious >= threshold) {
          domainSources[domain] = [SOURCE_NAME];
          const host = feedEntryKeys({ url: `https://${domain}/`, host: domain }).host;
          if (host !== null && !knownPhishingHosts.includes(host)) knownPhishingHosts.push(host);
        }
        if ((report.malicious > 0 || report.suspicious > 0) && report.categories.length > 0) {
          domainCategories[domain] = report.categories.slice(0, MAX_CATEGORIES);
        }
      }
      const facts: ProviderAnswer['facts'] = {};
      if (knownPhishingHosts.length > 0) facts.knownPhishingHosts = knownPhishingHosts;
      if (Object.keys(domainCreated).length > 0) facts.domainCreated = domainCreated;
      const answer: ProviderAnswer = { facts };
      if (Object.keys(domainSources).length > 0) answer.domainSources = domainSources;
      if (Object.keys(domainCategories).length > 0) answer.domainCategories = domainCategories;
      return answer;
    },
  };
}

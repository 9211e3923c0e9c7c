import { parse } from 'tldts';
import { createLruCache } from '../../lib/lru-cache.ts';
import { createSharedRequests } from '../../lib/shared-request.ts';
import { LookupLimitError, type LookupQuota } from '../../modules/intel/lookup-limits.ts';
import type { IntelProvider, IntelRequest, ProviderAnswer, SenderFacts } from '../../modules/intel/enrich.ts';

/**
 * Domain age from the registries themselves over RDAP (RFC 9083), each found through IANA's
 * bootstrap file (RFC 9224). Phishing sites live on domains days old; the engine's `new-domain`
 * rule and the sender reputation read the registration dates found here.
 */

/** IANA's registry of RDAP services by top-level domain. */
export const DEFAULT_RDAP_BOOTSTRAP_URL = 'https://data.iana.org/rdap/dns.json';

const HOUR_MS = 3_600_000;

/** Options of {@link createRdapProvider}; every one has a default fit for production. */
export interface RdapProviderOptions {
  /** Where the RFC 9224 DNS bootstrap file is fetched from. */
  bootstrapUrl?: string;
  fetch?: typeof fetch;
  /** Time allowed for each HTTP request (the bootstrap file, each registry query). */
  timeoutMs?: number;
  /** How long a domain's answer (a date, or "unknown") is kept. */
  cacheTtlMs?: number;
  /** How long the bootstrap file is kept. */
  bootstrapTtlMs?: number;
  /** The most domains one scan asks about: registries rate-limit, and the scan has a budget. */
  maxDomains?: number;
  /** The most domains the cache holds. */
  maxEntries?: number;
  /** Milliseconds since the epoch; for the caches' time to live. */
  clock?: () => number;
  /** This server's allowance of registry queries (registries rate-limit; a fresh domain misses every cache). */
  quota?: LookupQuota;
}

/** A registry's answer for one domain: its registration date, or null when it does not know the domain or does not say. */
type Created = string | null;

/** Bootstrap entry (a TLD, or several labels) → the RDAP base URL serving it. */
type Registry = ReadonlyMap<string, string>;

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('RDAP lookup aborted');
}

/** The base URL to use among a service's: https when offered, since the answer steers a verdict. */
function pickBase(urls: readonly unknown[]): string | null {
  const usable = urls.filter((u): u is string => typeof u === 'string' && URL.canParse(u));
  return usable.find((u) => /^https:/i.test(u)) ?? usable.find((u) => /^http:/i.test(u)) ?? null;
}

function parseBootstrap(body: unknown): Registry {
  const services = typeof body === 'object' && body !== null ? (body as { services?: unknown }).services : undefined;
  if (!Array.isArray(services)) throw new Error('no "services" list');
  const registry = new Map<string, string>();
  for (const service of services) {
    if (!Array.isArray(service)) continue;
    const [entries, urls] = service as unknown[];
    if (!Array.isArray(entries) || !Array.isArray(urls)) continue;
    const base = pickBase(urls);
    if (base === null) continue;
    for (const entry of entries) {
      if (typeof entry !== 'string') continue;
      const key = entry.toLowerCase().replace(/^\.+|\.+$/g, '');
      if (key !== '' && !registry.has(key)) registry.set(key, base);
    }
  }
  // an empty registry would quietly switch RDAP off for a whole day: treat it as a bad file
  if (registry.size === 0) throw new Error('lists no registries');
  return registry;
}

/** The base URL for a domain: the longest bootstrap entry matching its last labels (RFC 9224 section 4). */
function baseFor(registry: Registry, domain: string): string | null {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length; i += 1) {
    const base = registry.get(labels.slice(i).join('.'));
    if (base !== undefined) return base;
  }
  return null;
}

const RFC3339_START = /^\d{4}-\d{2}-\d{2}(?:[Tt ]|$)/;

/** The latest `registration` event of an RDAP domain object; undefined when the body is not one. */
function registrationDateOf(body: unknown): Created | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const object = body as { objectClassName?: unknown; events?: unknown };
  if (object.objectClassName !== undefined && object.objectClassName !== 'domain') return undefined;
  if (!Array.isArray(object.events)) return null;
  let latest: number | null = null;
  for (const event of object.events as unknown[]) {
    if (typeof event !== 'object' || event === null) continue;
    const { eventAction, eventDate } = event as { eventAction?: unknown; eventDate?: unknown };
    // RFC 9083 dates are RFC 3339; V8's Date also reads "sometime in 2019" as New Year 2019
    if (eventAction !== 'registration' || typeof eventDate !== 'string' || !RFC3339_START.test(eventDate)) continue;
    const ms = new Date(eventDate).getTime();
    // more than one registration means the domain was dropped and taken again: the newest is the current holder's
    if (Number.isFinite(ms) && (latest === null || ms > latest)) latest = ms;
  }
  return latest === null ? null : new Date(latest).toISOString();
}

/**
 * The domain to ask about, lower-cased, or null when asking makes no sense: an IP, a bare suffix,
 * or someone's page under a private suffix (`x.blogspot.com`, `y.netlify.app`), whose registry
 * only knows the platform's domain and its age says nothing about the page.
 */
function askableDomain(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const domain = raw.trim().toLowerCase().replace(/\.+$/, '');
  if (domain === '') return null;
  const info = parse(domain, { allowPrivateDomains: true });
  if (info.isIp === true || info.isPrivate === true || info.domain === null) return null;
  return domain;
}

/** A short reason a fetch failed, for the Threat Intelligence panel. */
function describeFetchError(err: unknown, timeout: AbortSignal, timeoutMs: number, signal: AbortSignal): Error {
  if (signal.aborted) return abortError(signal);
  if (timeout.aborted) return new Error(`no answer within ${timeoutMs} ms`);
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  const why = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : (err as Error).message;
  return new Error(`request failed (${why})`);
}

/**
 * An intel source giving each link's registrable domain (and the sender's) its registration date,
 * asked of the domain's own registry over RDAP. Answers are cached for a day: a registration date
 * does not change, and registries rate-limit.
 */
export function createRdapProvider(options: RdapProviderOptions = {}): IntelProvider {
  const bootstrapUrl = options.bootstrapUrl ?? DEFAULT_RDAP_BOOTSTRAP_URL;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 1200;
  const maxDomains = options.maxDomains ?? 5;
  const clock = options.clock ?? Date.now;
  const cache = createLruCache<string, Created>({ maxEntries: options.maxEntries ?? 10_000, ttlMs: options.cacheTtlMs ?? 24 * HOUR_MS, clock });
  const registryCache = createLruCache<'dns', Registry>({ maxEntries: 1, ttlMs: options.bootstrapTtlMs ?? 24 * HOUR_MS, clock });
  // HTTP work shared by every scan that needs it, given up only once every such scan has
  const domainFlights = createSharedRequests<Created>({ abortError });
  const registryFlights = createSharedRequests<Registry>({ abortError });

  /** GETs a URL within the time allowed; only a success's body is read. */
  async function get(url: string, accept: string, signal: AbortSignal): Promise<{ status: number; text: string }> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const res = await doFetch(url, { headers: { accept }, signal: AbortSignal.any([timeout, signal]) });
      if (!res.ok) {
        await res.body?.cancel();
        return { status: res.status, text: '' };
      }
      return { status: res.status, text: await res.text() };
    } catch (err) {
      throw describeFetchError(err, timeout, timeoutMs, signal);
    }
  }

  async function fetchRegistry(signal: AbortSignal): Promise<Registry> {
    try {
      const { status, text } = await get(bootstrapUrl, 'application/json', signal);
      if (status !== 200) throw new Error(`HTTP ${status}`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error('invalid JSON');
      }
      const registry = parseBootstrap(body);
      registryCache.set('dns', registry);
      return registry;
    } catch (err) {
      throw new Error(`RDAP bootstrap ${bootstrapUrl} unavailable: ${(err as Error).message}`);
    }
  }

  function loadRegistry(signal: AbortSignal): Promise<Registry> {
    const cached = registryCache.get('dns');
    if (cached !== undefined) return Promise.resolve(cached);
    return registryFlights.join('dns', fetchRegistry, signal);
  }

  async function queryRegistry(domain: string, base: string, signal: AbortSignal): Promise<Created> {
    await options.quota?.take();
    const url = `${base.endsWith('/') ? base : `${base}/`}domain/${encodeURIComponent(domain)}`;
    const registry = new URL(base).host;
    const { status, text } = await get(url, 'application/rdap+json', signal).catch((err: unknown) => {
      throw signal.aborted ? err : new Error(`${domain}: ${registry}: ${(err as Error).message}`);
    });
    // the registry does not know the domain (or no longer serves it): unknown, and worth remembering
    let created: Created | undefined = null;
    if (status !== 404) {
      if (status < 200 || status > 299) throw new Error(`${domain}: HTTP ${status} from ${registry}`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`${domain}: invalid JSON from ${registry}`);
      }
      created = registrationDateOf(body);
      if (created === undefined) throw new Error(`${domain}: ${registry} did not answer with an RDAP domain object`);
    }
    cache.set(domain, created);
    return created;
  }

  /** The domains worth asking about, the sender's first: it is one, and it feeds the sender's reputation. */
  function domainsOf(request: IntelRequest): string[] {
    const all = [request.senderDomain, ...request.links.map((l) => l.registrableDomain)].map(askableDomain);
    return [...new Set(all.filter((d): d is string => d !== null))];
  }

  return {
    name: 'Domain age (RDAP)',
    unavailable: () => null,
    async lookup(request, signal): Promise<ProviderAnswer> {
      signal.throwIfAborted();
      const senderDomain = askableDomain(request.senderDomain);
      // decide what to ask before asking: domains no registry serves do not use up maxDomains
      const tasks: { domain: string; answer: Promise<Created> }[] = [];
      const ask = (domain: string, answer: Promise<Created>): void => {
        // joined at once so a flight cannot be given up by its other scans while this one decides;
        // handled here so a failure met before Promise.allSettled is not an unhandled rejection
        answer.catch(() => undefined);
        tasks.push({ domain, answer });
      };
      let registry: Registry | Error | undefined;
      for (const domain of domainsOf(request)) {
        if (tasks.length >= maxDomains) break;
        const hit = cache.get(domain);
        if (hit !== undefined) {
          ask(domain, Promise.resolve(hit));
          continue;
        }
        const flying = domainFlights.get(domain);
        if (flying) {
          ask(domain, flying.join(signal));
          continue;
        }
        if (registry === undefined) {
          try {
            registry = await loadRegistry(signal);
          } catch (err) {
            if (signal.aborted) throw err;
            registry = err as Error;
          }
        }
        if (registry instanceof Error) {
          ask(domain, Promise.reject(registry));
          continue;
        }
        const base = baseFor(registry, domain);
        if (base === null) continue;
        ask(domain, domainFlights.join(domain, (s) => queryRegistry(domain, base, s), signal));
      }
      if (tasks.length === 0) return { facts: {} };

      const settled = await Promise.allSettled(tasks.map((t) => t.answer));
      signal.throwIfAborted();
      const failures = settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as Error).message] : []));
      // every domain refused by this server's allowance: said as such, not as a failure
      const refused = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected' && s.reason instanceof LookupLimitError);
      if (refused && failures.length === tasks.length && settled.every((s) => s.status === 'rejected' && s.reason instanceof LookupLimitError)) throw refused.reason as LookupLimitError;
      if (failures.length === tasks.length) {
        const reasons = [...new Set(failures)];
        throw new Error(reasons.length === 1 ? (reasons[0] as string) : `RDAP lookups failed: ${reasons.join('; ')}`);
      }
      const domainCreated: Record<string, string> = {};
      let sender: SenderFacts | undefined;
      settled.forEach((s, i) => {
        const domain = (tasks[i] as { domain: string }).domain;
        if (s.status !== 'fulfilled') return;
        if (s.value !== null) domainCreated[domain] = s.value;
        if (domain === senderDomain) sender = { creationDate: s.value };
      });
      return sender ? { facts: { domainCreated }, sender } : { facts: { domainCreated } };
    },
  };
}

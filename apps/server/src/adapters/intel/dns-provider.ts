import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { createLruCache } from '../../lib/lru-cache.ts';
import { createSharedRequests } from '../../lib/shared-request.ts';
import type { LookupQuota } from '../../modules/intel/lookup-limits.ts';
import type { IntelProvider, ProviderAnswer, SenderFacts } from '../../modules/intel/enrich.ts';

/** What {@link createDnsProvider} can be told; every field has a default fit for production. */
export interface DnsProviderOptions {
  /** Resolvers to ask (`1.1.1.1`, `127.0.0.1:5353`, `[::1]:53`); absent or empty: the system's. */
  servers?: readonly string[];
  /** Per-query timeout in ms (c-ares doubles it for the retry). */
  timeoutMs?: number;
  /** How long an answer with something published is remembered. */
  cacheTtlMs?: number;
  /** How long an answer with nothing published is remembered: a domain may be set up any minute. */
  negativeTtlMs?: number;
  maxEntries?: number;
  clock?: () => number;
  /** This server's allowance of DNS queries (three a domain asked); absent: none. */
  quota?: LookupQuota;
}

/** The mail set-up the DNS shows; `undefined` where the query failed and we do not know. */
type DnsSenderFacts = Pick<SenderFacts, 'hasSpf' | 'hasDmarc' | 'dmarcPolicy' | 'hasMx'>;

/** c-ares' names for "the name does not exist" (NXDOMAIN) and "it has no record of that type". */
const NOT_PUBLISHED = new Set(['ENOTFOUND', 'ENODATA']);

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * The domain in the form queried and cached under, or null when it cannot be a hostname: asking
 * the resolver about garbage only wastes a round trip (and leaks what the user scanned).
 */
function normaliseDomain(raw: string): string | null {
  const trimmed = raw.trim().replace(/\.$/, '');
  if (trimmed === '' || trimmed.length > 253) return null;
  // an internationalised sender domain is queried in its punycode form, as mail servers publish it
  const ascii = /^[\x21-\x7e]*$/.test(trimmed) ? trimmed.toLowerCase() : domainToASCII(trimmed);
  if (ascii === '' || ascii.length > 253 || isIP(ascii) !== 0) return null;
  const labels = ascii.split('.');
  if (!labels.every((l) => LABEL.test(l))) return null;
  // no top-level domain is all digits: such a name is a mangled IP address
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null;
  return ascii;
}

/** The code c-ares gave a failed query (`ETIMEOUT`, `ESERVFAIL`...). */
function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
}

/** SPF (RFC 7208 section 4.5): the record's strings joined with nothing between them, `v=spf1` then a space or the end. */
function isSpf(record: string): boolean {
  return /^v=spf1(?:\s|$)/i.test(record);
}

/** DMARC (RFC 7489 section 6.4): `v=DMARC1` must be the first tag. */
function isDmarc(record: string): boolean {
  return /^v\s*=\s*dmarc1\s*(?:;|$)/i.test(record);
}

function dmarcPolicyOf(record: string): SenderFacts['dmarcPolicy'] {
  for (const tag of record.split(';')) {
    const m = /^p\s*=\s*(\S*)$/i.exec(tag.trim());
    if (!m) continue;
    const p = (m[1] ?? '').toLowerCase();
    return p === 'none' || p === 'quarantine' || p === 'reject' ? p : undefined;
  }
  return undefined;
}

/**
 * An answer worth remembering only when every field is known: a field unknown because of a
 * passing SERVFAIL must not stick for an hour.
 */
function isComplete(facts: DnsSenderFacts): boolean {
  return facts.hasSpf !== undefined && facts.hasDmarc !== undefined && facts.hasMx !== undefined;
}

async function queryDomain(resolver: Resolver, domain: string): Promise<DnsSenderFacts> {
  const [txt, dmarc, mx] = await Promise.allSettled([resolver.resolveTxt(domain), resolver.resolveTxt(`_dmarc.${domain}`), resolver.resolveMx(domain)]);
  const failures: string[] = [];
  /** true/false from a query, or undefined (and the cause noted) when it failed some other way than "not published". */
  function known<T>(result: PromiseSettledResult<T>, read: (value: T) => boolean): boolean | undefined {
    if (result.status === 'fulfilled') return read(result.value);
    const code = codeOf(result.reason);
    if (NOT_PUBLISHED.has(code)) return false;
    failures.push(code);
    return undefined;
  }
  let dmarcPolicy: SenderFacts['dmarcPolicy'];
  const found: DnsSenderFacts = {
    hasSpf: known(txt, (records) => records.some((chunks) => isSpf(chunks.join('')))),
    hasDmarc: known(dmarc, (records) => {
      const dmarcRecords = records.map((chunks) => chunks.join('')).filter(isDmarc);
      // RFC 7489 section 6.6.3: with more than one record receivers apply no DMARC at all
      if (dmarcRecords.length !== 1) return false;
      dmarcPolicy = dmarcPolicyOf(dmarcRecords[0] ?? '');
      return true;
    }),
    // a "null MX" (RFC 7505: one MX whose exchange is the root) says the domain takes no mail
    hasMx: known(mx, (records) => records.some((r) => r.exchange !== '' && r.exchange !== '.')),
  };
  if (failures.length === 3) throw new Error(`DNS lookups for ${domain} failed: ${[...new Set(failures)].join(', ')}`);
  found.dmarcPolicy = dmarcPolicy;
  // an unknown field is left out, not sent as undefined, so the answer says only what it knows
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as DnsSenderFacts;
}

/**
 * The sender domain's mail set-up (SPF, DMARC policy, MX) from the DNS, as an intel source.
 *
 * Each lookup gets its own `Resolver`, so cancelling one (when enrich's budget runs out) cannot
 * fail another scan's queries; lookups of one domain at the same time share their queries.
 * Answers are cached per domain, a shorter time when nothing is published.
 */
export function createDnsProvider(options: DnsProviderOptions = {}): IntelProvider {
  const servers = options.servers && options.servers.length > 0 ? [...options.servers] : null;
  // one retry absorbs a lost UDP packet and still fits enrich's default budget with the 1 s timeout
  const resolverOptions = { timeout: options.timeoutMs ?? 1000, tries: 2 };
  const cacheTtlMs = options.cacheTtlMs ?? 60 * 60_000;
  const negativeTtlMs = options.negativeTtlMs ?? 10 * 60_000;
  const clock = options.clock ?? Date.now;
  // the two TTLs differ per entry, so the expiry is kept with the value
  const cache = createLruCache<string, { facts: DnsSenderFacts; expiresAt: number }>({ maxEntries: options.maxEntries ?? 10_000, clock });
  const inFlight = createSharedRequests<DnsSenderFacts>({
    abortError: (signal) => (signal.reason instanceof Error ? signal.reason : new Error('DNS lookup aborted')),
  });

  function newResolver(): Resolver {
    const resolver = new Resolver(resolverOptions);
    if (servers) resolver.setServers(servers);
    return resolver;
  }
  // a bad server address fails here, at start, not in every scan
  newResolver();

  /** Asks about `domain` with a resolver of its own, cancelled when every lookup waiting gave up. */
  async function query(domain: string, signal: AbortSignal): Promise<DnsSenderFacts> {
    await options.quota?.take(3);
    const resolver = newResolver();
    signal.addEventListener('abort', () => resolver.cancel(), { once: true });
    const facts = await queryDomain(resolver, domain);
    // after a cancel some queries ended in ECANCELLED: not an answer to keep
    if (!signal.aborted && isComplete(facts)) {
      const nothing = !facts.hasSpf && !facts.hasDmarc && !facts.hasMx;
      cache.set(domain, { facts, expiresAt: clock() + (nothing ? negativeTtlMs : cacheTtlMs) });
    }
    return facts;
  }

  return {
    name: 'DNS',
    unavailable: () => null,
    async lookup(request, signal): Promise<ProviderAnswer> {
      if (request.senderDomain === undefined) return { facts: {} };
      const domain = normaliseDomain(request.senderDomain);
      if (domain === null) return { facts: {} };
      signal.throwIfAborted();
      const cached = cache.get(domain);
      if (cached && clock() < cached.expiresAt) return { facts: {}, sender: { ...cached.facts } };
      if (cached) cache.delete(domain);
      const facts = await inFlight.join(domain, (s) => query(domain, s), signal);
      return { facts: {}, sender: { ...facts } };
    },
  };
}

const SERVER_FORMS = 'an IPv4 or IPv6 address with an optional port: 1.1.1.1, 127.0.0.1:5353, [::1]:53, 2001:db8::1';

function isPort(value: string): boolean {
  return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535;
}

/**
 * The `DNS_SERVERS` variable (comma-separated resolvers) in the form `Resolver.setServers`
 * takes; throws naming the first entry that is not an address, so a typo stops the start
 * instead of silently falling back to the system's resolvers. Empty entries are skipped.
 */
export function parseDnsServers(value: string): string[] {
  const servers: string[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    // bare addresses first: an IPv6 address is full of colons that are not a port
    if (isIP(entry) !== 0) {
      servers.push(entry);
      continue;
    }
    const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    if (v6 && isIP(v6[1] ?? '') === 6 && (v6[2] === undefined || isPort(v6[2]))) {
      servers.push(v6[2] === undefined ? (v6[1] ?? '') : entry);
      continue;
    }
    const v4 = /^([^:]+):(\d+)$/.exec(entry);
    if (v4 && isIP(v4[1] ?? '') === 4 && isPort(v4[2] ?? '')) {
      servers.push(entry);
      continue;
    }
    throw new Error(`DNS_SERVERS: "${entry}" is not ${SERVER_FORMS}`);
  }
  return servers;
}

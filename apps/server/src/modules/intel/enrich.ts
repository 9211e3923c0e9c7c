import type { IntelFacts, LinkFinding, SenderInfo } from '@baitcheck/detector';
import { waitWords } from '../../lib/wait-words.ts';
import { LookupLimitError, lookupsFor, type LookupClient } from './lookup-limits.ts';
import type { ParsedEmail } from './raw-email/raw-email.ts';

/** What an enhanced scan asks the outside world about. */
export interface IntelRequest {
  /** The links the engine sees in the input (`inputLinks`). */
  links: readonly LinkFinding[];
  /** The sender as given, when any. */
  sender?: string;
  /**
   * The lower-case registrable domain whose mail set-up (SPF, DMARC, MX) and age are looked up:
   * an email sender's domain, else a URL scan's domain. Absent: no sender lookups.
   */
  senderDomain?: string;
  /** The whole email source, when the person pasted one (headers and body), and what was read from it. */
  rawEmail?: { source: string; parsed: ParsedEmail };
  /** Who the scan is for: each outside source's lookups count against this client's share too. */
  client?: LookupClient;
}

/** What a source learnt about the sender's domain; each field absent when that source does not know. */
export interface SenderFacts {
  hasSpf?: boolean;
  hasDmarc?: boolean;
  /** The DMARC policy published (`p=`), when there is a record. */
  dmarcPolicy?: 'none' | 'quarantine' | 'reject';
  hasMx?: boolean;
  /** Whether a DKIM signature of the domain verified (only a whole email can tell). */
  hasDkim?: boolean;
  /** When the domain was registered (RDAP), ISO 8601; null when the registry does not say. */
  creationDate?: string | null;
}

/** What one source found: facts for the engine, and the source names that listed each domain. */
export interface ProviderAnswer {
  /** Facts for the engine's scoring; `senderInfo` is built by {@link enrich} from `sender`. */
  facts: Omit<IntelFacts, 'senderInfo'>;
  /** Registrable domain (or host) → names to show among `threatData.domainInfo.sources`. */
  domainSources?: Readonly<Record<string, readonly string[]>>;
  /** Registrable domain (or host) → categories a source gives it ("phishing", "malware"...). */
  domainCategories?: Readonly<Record<string, readonly string[]>>;
  /** Facts about `request.senderDomain`. */
  sender?: SenderFacts;
}

/** A source of outside facts (threat feeds, DNS, RDAP, Safe Browsing...). */
export interface IntelProvider {
  /** Shown in the Threat Intelligence panel ("Threat feeds", "DNS"...). */
  readonly name: string;
  /** True for a source that looks up only this server's own data (the threat feeds): it is asked even when outside lookups are refused. */
  readonly local?: boolean;
  /**
   * True for a source at one fixed address (Safe Browsing, VirusTotal, this server's feeds): when
   * it fails it is down for everyone, and is left alone for a while. A source whose questions go
   * where the scanned message points (DNS of the sender's domain, the registry of a link's TLD,
   * a pasted email's own domains) is never rested: one visitor's email naming a name server that
   * never answers would otherwise switch the source off for every visitor.
   */
  readonly restsAfterFailure?: boolean;
  /** Why the provider cannot be asked (no API key...), or null when it can. */
  unavailable(): string | null;
  /** Whether the request is one this source has anything to say about (absent: every request). A source that does not apply is not named. */
  appliesTo?(request: IntelRequest): boolean;
  /** Looks the request up; must give up when `signal` aborts. */
  lookup(request: IntelRequest, signal: AbortSignal): Promise<ProviderAnswer>;
}

/** How a source fared in one enhanced scan. */
export interface SourceOutcome {
  name: string;
  status: 'answered' | 'failed' | 'timed-out' | 'not-configured' | 'limited';
  /** A short reason for anything but 'answered', in words for the person (never an internal error). */
  detail?: string;
  /** Milliseconds the source took (absent when it was not asked). */
  ms?: number;
}

/** The merged answer of every source. */
export interface Enrichment {
  facts: IntelFacts;
  domainSources: Record<string, string[]>;
  domainCategories: Record<string, string[]>;
  sources: SourceOutcome[];
}

interface Merging extends Enrichment {
  sender: SenderFacts;
  senderAnswered: boolean;
}

/**
 * The spec's `senderInfo` from what the sources learnt: a reputation out of 100 and a level in
 * words. Published SPF and an enforcing DMARC policy make spoofing the domain hard; a verified
 * DKIM signature shows the message came from it; a domain days old is where scams are sent from.
 * None of it makes a message safe (a scammer's own domain can pass everything).
 */
export function senderInfoFrom(s: SenderFacts, nowMs: number): SenderInfo {
  let score = 50;
  if (s.hasSpf) score += 10;
  if (s.hasDmarc) score += s.dmarcPolicy === 'reject' || s.dmarcPolicy === 'quarantine' ? 20 : 10;
  if (s.hasDkim) score += 10;
  if (s.hasMx === false) score -= 10;
  const created = s.creationDate ? Date.parse(s.creationDate) : NaN;
  if (Number.isFinite(created)) {
    const days = (nowMs - created) / 86_400_000;
    if (days < 30) score -= 40;
    else if (days < 365) score -= 15;
    else if (days > 5 * 365) score += 10;
  }
  const reputationScore = Math.max(0, Math.min(100, score));
  const enforced = s.hasDmarc === true && (s.dmarcPolicy === 'reject' || s.dmarcPolicy === 'quarantine');
  const securityLevel = enforced && s.hasSpf ? 'High' : s.hasSpf || s.hasDmarc ? 'Medium' : 'Low';
  return {
    hasDmarc: s.hasDmarc ?? false,
    hasSpf: s.hasSpf ?? false,
    hasDkim: s.hasDkim ?? false,
    securityLevel,
    reputationScore,
    creationDate: s.creationDate ?? null,
  };
}

/** The default time budget of a whole enrichment. */
export const DEFAULT_INTEL_BUDGET_MS = 1500;

function merge(into: Merging, answer: ProviderAnswer): void {
  const f = answer.facts;
  const facts = into.facts as { -readonly [K in keyof IntelFacts]: IntelFacts[K] };
  if (f.knownPhishingHosts?.length) facts.knownPhishingHosts = [...(facts.knownPhishingHosts ?? []), ...f.knownPhishingHosts];
  if (f.knownPhishingUrls?.length) facts.knownPhishingUrls = [...(facts.knownPhishingUrls ?? []), ...f.knownPhishingUrls];
  if (f.domainCreated) facts.domainCreated = { ...(facts.domainCreated ?? {}), ...f.domainCreated };
  if (f.emailAuth) facts.emailAuth = f.emailAuth;
  if (answer.sender) {
    for (const [k, v] of Object.entries(answer.sender)) if (v !== undefined) (into.sender as Record<string, unknown>)[k] = v;
    into.senderAnswered = true;
  }
  for (const [domain, names] of Object.entries(answer.domainSources ?? {})) {
    const list = (into.domainSources[domain] ??= []);
    for (const n of names) if (!list.includes(n)) list.push(n);
  }
  for (const [domain, names] of Object.entries(answer.domainCategories ?? {})) {
    const list = (into.domainCategories[domain] ??= []);
    for (const n of names) if (!list.includes(n)) list.push(n);
  }
}

/** How long a source that failed or ran out of time is left alone before it is asked again. */
export const SOURCE_COOLDOWN_MS = 60_000;

/**
 * Sources that failed or ran out of time lately, by name, until when they are left alone: a
 * resolver or registry that is down would otherwise cost every enhanced scan the whole budget.
 */
export type SourceHealth = Map<string, { until: number; reason: string; status: 'failed' | 'timed-out' }>;

/** Options of {@link enrich}. */
export interface EnrichOptions {
  /** A monotonic clock in ms, for the budget and each source's time. */
  now?: () => number;
  /** The wall clock in ms, for dates (domain age) and the cool-down. */
  wallClockMs?: () => number;
  /** Kept between scans: sources that failed are skipped for {@link SOURCE_COOLDOWN_MS}. */
  health?: SourceHealth;
  cooldownMs?: number;
  /** Set when this client may not make outside lookups now: every source but the local ones is named as limited with its sentence. */
  outsideRefused?: LookupLimitError | null;
  /** Told why a source failed (the internal detail, for the log; the result says only a plain sentence). */
  onSourceError?: (source: string, detail: string) => void;
}

/** What the person reads for a source that failed: the cause (a host name, ENOTFOUND, a URL) goes to the log. */
export const SOURCE_FAILED_SENTENCE = 'It could not be reached, or its answer could not be read.';

/**
 * Asks every available provider at once and waits at most `budgetMs` for all of them: a source
 * that fails or is still working when the budget runs out is skipped and named, never failing
 * the scan, and with `health` left alone for a minute. Providers that cannot be asked are named
 * as not configured.
 */
export async function enrich(providers: readonly IntelProvider[], request: IntelRequest, budgetMs = DEFAULT_INTEL_BUDGET_MS, options: EnrichOptions = {}): Promise<Enrichment> {
  const now = options.now ?? (() => performance.now());
  const wallClockMs = options.wallClockMs ?? (() => Date.now());
  const health = options.health;
  const out: Merging = { facts: {}, domainSources: {}, domainCategories: {}, sources: [], sender: {}, senderAnswered: false };
  providers = providers.filter((p) => p.appliesTo?.(request) ?? true);
  const controller = new AbortController();
  const started = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), budgetMs);
  });
  const outcomes: (SourceOutcome | null)[] = [];
  const asked = providers.map(async (p, i) => {
    const why = p.unavailable();
    if (why !== null) {
      outcomes[i] = { name: p.name, status: 'not-configured', detail: why };
      return;
    }
    if (options.outsideRefused && !p.local) {
      outcomes[i] = { name: p.name, status: 'limited', detail: options.outsideRefused.message };
      return;
    }
    const resting = health?.get(p.name);
    if (resting && resting.until > wallClockMs()) {
      outcomes[i] = { name: p.name, status: resting.status, detail: `Not asked: ${resting.reason} on a recent scan; asked again in ${waitWords(resting.until - wallClockMs())}.` };
      return;
    }
    outcomes[i] = null;
    const t0 = now();
    try {
      const answer = await lookupsFor(request.client, () => p.lookup(request, controller.signal));
      if (controller.signal.aborted) return;
      merge(out, answer);
      outcomes[i] = { name: p.name, status: 'answered', ms: Math.round(now() - t0) };
    } catch (err) {
      if (controller.signal.aborted) return;
      if (err instanceof LookupLimitError) {
        outcomes[i] = { name: p.name, status: 'limited', detail: err.message };
        return;
      }
      options.onSourceError?.(p.name, String((err as Error | null)?.message ?? err).slice(0, 500));
      outcomes[i] = { name: p.name, status: 'failed', detail: SOURCE_FAILED_SENTENCE, ms: Math.round(now() - t0) };
    }
  });
  try {
    await Promise.race([Promise.all(asked), budget]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  const elapsed = Math.round(now() - started);
  const sources = providers.map((p, i) => outcomes[i] ?? { name: p.name, status: 'timed-out' as const, detail: `No answer within ${(budgetMs / 1000).toLocaleString('en-US')} s.`, ms: elapsed });
  if (health) {
    const until = wallClockMs() + (options.cooldownMs ?? SOURCE_COOLDOWN_MS);
    sources.forEach((s, i) => {
      if (!providers[i]?.restsAfterFailure) return;
      if (s.status === 'answered') health.delete(s.name);
      else if ((s.status === 'failed' || s.status === 'timed-out') && s.ms !== undefined) {
        // (an outcome without a time was not asked: its rest is already running)
        health.set(s.name, { until, status: s.status, reason: s.status === 'timed-out' ? 'it did not answer in time' : 'it could not be reached' });
      }
    });
  }
  const facts: IntelFacts = out.senderAnswered ? { ...out.facts, senderInfo: senderInfoFrom(out.sender, wallClockMs()) } : out.facts;
  return { facts, domainSources: out.domainSources, domainCategories: out.domainCategories, sources };
}

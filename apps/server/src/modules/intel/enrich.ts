import type { IntelFacts, LinkFinding } from '@baitcheck/detector';

/** What an enhanced scan asks the outside world about. */
export interface IntelRequest {
  /** The links the engine sees in the input (`inputLinks`). */
  links: readonly LinkFinding[];
  /** The sender as given, when any. */
  sender?: string;
}

/** What one source found: facts for the engine, and the source names that listed each domain. */
export interface ProviderAnswer {
  facts: IntelFacts;
  /** Registrable domain (or host) → names to show among `threatData.domainInfo.sources`. */
  domainSources?: Readonly<Record<string, readonly string[]>>;
}

/** A source of outside facts (threat feeds, DNS, RDAP, Safe Browsing...). */
export interface IntelProvider {
  /** Shown in the Threat Intelligence panel ("Threat feeds", "DNS"...). */
  readonly name: string;
  /** Why the provider cannot be asked (no API key...), or null when it can. */
  unavailable(): string | null;
  /** Looks the request up; must give up when `signal` aborts. */
  lookup(request: IntelRequest, signal: AbortSignal): Promise<ProviderAnswer>;
}

/** How a source fared in one enhanced scan. */
export interface SourceOutcome {
  name: string;
  status: 'answered' | 'failed' | 'timed-out' | 'not-configured';
  /** A short reason for anything but 'answered'. */
  detail?: string;
  /** Milliseconds the source took (absent when it was not asked). */
  ms?: number;
}

/** The merged answer of every source. */
export interface Enrichment {
  facts: IntelFacts;
  domainSources: Record<string, string[]>;
  sources: SourceOutcome[];
}

/** The default time budget of a whole enrichment. */
export const DEFAULT_INTEL_BUDGET_MS = 1500;

function merge(into: Enrichment, answer: ProviderAnswer): void {
  const f = answer.facts;
  const facts = into.facts as { -readonly [K in keyof IntelFacts]: IntelFacts[K] };
  if (f.knownPhishingHosts?.length) facts.knownPhishingHosts = [...(facts.knownPhishingHosts ?? []), ...f.knownPhishingHosts];
  if (f.knownPhishingUrls?.length) facts.knownPhishingUrls = [...(facts.knownPhishingUrls ?? []), ...f.knownPhishingUrls];
  if (f.domainCreated) facts.domainCreated = { ...(facts.domainCreated ?? {}), ...f.domainCreated };
  if (f.senderInfo && !facts.senderInfo) facts.senderInfo = f.senderInfo;
  for (const [domain, names] of Object.entries(answer.domainSources ?? {})) {
    const list = (into.domainSources[domain] ??= []);
    for (const n of names) if (!list.includes(n)) list.push(n);
  }
}

/**
 * Asks every available provider at once and waits at most `budgetMs` for all of them: a source
 * that fails or is still working when the budget runs out is skipped and named, never failing
 * the scan. Providers that cannot be asked are named as not configured.
 */
export async function enrich(providers: readonly IntelProvider[], request: IntelRequest, budgetMs = DEFAULT_INTEL_BUDGET_MS, now: () => number = () => performance.now()): Promise<Enrichment> {
  const out: Enrichment = { facts: {}, domainSources: {}, sources: [] };
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
    outcomes[i] = null;
    const t0 = now();
    try {
      const answer = await p.lookup(request, controller.signal);
      if (controller.signal.aborted) return;
      merge(out, answer);
      outcomes[i] = { name: p.name, status: 'answered', ms: Math.round(now() - t0) };
    } catch (err) {
      if (controller.signal.aborted) return;
      outcomes[i] = { name: p.name, status: 'failed', detail: (err as Error).message.slice(0, 200), ms: Math.round(now() - t0) };
    }
  });
  try {
    await Promise.race([Promise.all(asked), budget]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  const elapsed = Math.round(now() - started);
  out.sources = providers.map((p, i) => outcomes[i] ?? { name: p.name, status: 'timed-out', detail: `no answer within ${budgetMs} ms`, ms: elapsed });
  return out;
}

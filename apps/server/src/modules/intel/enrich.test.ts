import { describe, expect, it } from 'vitest';
import { enrich, senderInfoFrom, SOURCE_FAILED_SENTENCE, type IntelProvider, type ProviderAnswer, type SourceHealth } from './enrich.ts';
import { LookupLimitError } from './lookup-limits.ts';

/** A provider answering after `ms` (or failing), honouring the abort signal like a real one. */
function provider(name: string, ms: number, answer: ProviderAnswer | Error, unavailable: string | null = null): IntelProvider & { aborted: boolean } {
  const p = {
    name,
    aborted: false,
    unavailable: () => unavailable,
    lookup: (_req: unknown, signal: AbortSignal) =>
      new Promise<ProviderAnswer>((resolve, reject) => {
        const t = setTimeout(() => (answer instanceof Error ? reject(answer) : resolve(answer)), ms);
        signal.addEventListener('abort', () => {
          p.aborted = true;
          clearTimeout(t);
          reject(new Error('aborted'));
        });
      }),
  };
  return p;
}

const request = { links: [] };

describe('enrich', () => {
  it('merges what every source found and names how each fared', async () => {
    const feeds = provider('Threat feeds', 5, { facts: { knownPhishingHosts: ['evil.top'] }, domainSources: { 'evil.top': ['Threat feed: openphish'] } });
    const rdap = provider('Domain age (RDAP)', 10, { facts: { domainCreated: { 'evil.top': '2026-11-20T00:00:00Z' } }, domainSources: { 'evil.top': ['RDAP'] } });
    const broken = provider('DNS', 1, new Error('SERVFAIL from 127.0.0.1'));
    const off = provider('Google Safe Browsing', 1, { facts: {} }, 'no API key configured');
    const result = await enrich([feeds, rdap, broken, off], request, 1000);
    expect(result.facts).toEqual({ knownPhishingHosts: ['evil.top'], domainCreated: { 'evil.top': '2026-11-20T00:00:00Z' } });
    expect(result.domainSources).toEqual({ 'evil.top': ['Threat feed: openphish', 'RDAP'] });
    expect(result.sources.map((s) => [s.name, s.status, s.detail])).toEqual([
      ['Threat feeds', 'answered', undefined],
      ['Domain age (RDAP)', 'answered', undefined],
      ['DNS', 'failed', SOURCE_FAILED_SENTENCE],
      ['Google Safe Browsing', 'not-configured', 'no API key configured'],
    ]);
  });

  it('skips and names a source still working when the budget runs out, and stops it', async () => {
    const fast = provider('Threat feeds', 1, { facts: { knownPhishingUrls: ['bit.ly/x'] } });
    const hanging = provider('Domain age (RDAP)', 60_000, { facts: { domainCreated: { 'a.com': '2026-01-01' } } });
    const result = await enrich([fast, hanging], request, 50);
    expect(result.facts).toEqual({ knownPhishingUrls: ['bit.ly/x'] });
    expect(result.sources[1]).toMatchObject({ name: 'Domain age (RDAP)', status: 'timed-out', detail: 'No answer within 0.05 s.' });
    expect(hanging.aborted).toBe(true);
  });

  it('leaves a source that failed or ran out of time alone for a while, then asks it again', async () => {
    let wall = 1_000_000;
    const health: SourceHealth = new Map();
    let calls = 0;
    const flaky: IntelProvider = {
      name: 'VirusTotal',
      restsAfterFailure: true,
      unavailable: () => null,
      lookup: (_req, signal) =>
        new Promise((resolve, reject) => {
          calls++;
          const t = setTimeout(() => resolve({ facts: {} }), 60_000);
          signal.addEventListener('abort', () => (clearTimeout(t), reject(new Error('aborted'))));
        }),
    };
    const fast = provider('Threat feeds', 1, { facts: {} });
    const first = await enrich([fast, flaky], request, 30, { health, wallClockMs: () => wall, cooldownMs: 60_000 });
    expect(first.sources[1]).toMatchObject({ status: 'timed-out', detail: 'No answer within 0.03 s.' });
    wall += 10_000;
    const second = await enrich([fast, flaky], request, 30, { health, wallClockMs: () => wall, cooldownMs: 60_000 });
    expect(second.sources[1]).toEqual({ name: 'VirusTotal', status: 'timed-out', detail: 'Not asked: it did not answer in time on a recent scan; asked again in 50 seconds.' });
    expect(calls).toBe(1);
    wall += 51_000;
    await enrich([fast, flaky], request, 30, { health, wallClockMs: () => wall, cooldownMs: 60_000 });
    expect(calls).toBe(2);
  });

  it('never rests a source whose questions go where the message points: one visitor cannot switch it off for all', async () => {
    const health: SourceHealth = new Map();
    let calls = 0;
    const dns: IntelProvider = { name: 'DNS', unavailable: () => null, lookup: async () => (calls++, Promise.reject(new Error('SERVFAIL'))) };
    await enrich([dns], request, 100, { health });
    const next = await enrich([dns], request, 100, { health });
    expect(calls).toBe(2);
    expect(next.sources[0]).toMatchObject({ status: 'failed', ms: expect.any(Number) });
    expect(health.size).toBe(0);
  });

  it('forgets a failure once the source answers again', async () => {
    const health: SourceHealth = new Map([['Threat feeds', { until: 0, status: 'failed', reason: 'failed (x)' }]]);
    await enrich([{ ...provider('Threat feeds', 1, { facts: {} }), restsAfterFailure: true }], request, 100, { health });
    expect(health.size).toBe(0);
  });

  it('gives empty facts when there is no source', async () => {
    expect(await enrich([], request, 10)).toEqual({ facts: {}, domainSources: {}, domainCategories: {}, sources: [] });
  });

  it('builds senderInfo from what each source learnt about the sender domain', async () => {
    const dns = provider('DNS', 1, { facts: {}, sender: { hasSpf: true, hasDmarc: true, dmarcPolicy: 'reject', hasMx: true } });
    const rdap = provider('Domain age (RDAP)', 2, { facts: {}, sender: { creationDate: '2001-03-04T00:00:00Z' } });
    const now = Date.parse('2026-11-23T00:00:00Z');
    const result = await enrich([dns, rdap], { links: [], senderDomain: 'bank.example' }, 1000, { wallClockMs: () => now });
    expect(result.facts.senderInfo).toEqual({ hasDmarc: true, hasSpf: true, hasDkim: false, securityLevel: 'High', reputationScore: 90, creationDate: '2001-03-04T00:00:00Z' });
  });

  it('gives no senderInfo when no source said anything about the sender', async () => {
    const feeds = provider('Threat feeds', 1, { facts: {} });
    expect((await enrich([feeds], { links: [] }, 1000)).facts.senderInfo).toBeUndefined();
  });
});

describe('senderInfoFrom', () => {
  const now = Date.parse('2026-11-23T00:00:00Z');
  it.each([
    ['nothing published', {}, 'Low', 50],
    ['SPF only', { hasSpf: true }, 'Medium', 60],
    ['DMARC p=none only', { hasDmarc: true, dmarcPolicy: 'none' as const }, 'Medium', 60],
    ['SPF and enforcing DMARC, verified DKIM', { hasSpf: true, hasDmarc: true, dmarcPolicy: 'quarantine' as const, hasDkim: true }, 'High', 90],
    ['no MX', { hasMx: false }, 'Low', 40],
    ['registered 3 days ago', { hasSpf: true, creationDate: '2026-11-20T00:00:00Z' }, 'Medium', 20],
    ['registered 5 months ago', { creationDate: '2026-06-20T00:00:00Z' }, 'Low', 35],
    ['an unreadable date counts as unknown', { creationDate: 'yesterday' }, 'Low', 50],
  ])('%s', (_name, facts, level, score) => {
    expect(senderInfoFrom(facts, now)).toMatchObject({ securityLevel: level, reputationScore: score });
  });

  it('says a plain sentence for a failed source and logs the cause (a host name, an error code)', async () => {
    const logged: [string, string][] = [];
    const broken = { ...provider('Domain age (RDAP)', 1, new Error('RDAP bootstrap https://data.iana.org/rdap/dns.json unavailable: request failed (ENOTFOUND)')), restsAfterFailure: true };
    const result = await enrich([broken], request, 200, { onSourceError: (source, detail) => logged.push([source, detail]) });
    expect(result.sources[0]).toMatchObject({ status: 'failed', detail: SOURCE_FAILED_SENTENCE });
    expect(JSON.stringify(result)).not.toMatch(/iana|ENOTFOUND|https?:/);
    expect(logged).toEqual([['Domain age (RDAP)', expect.stringContaining('ENOTFOUND')]]);
    // nor does the cool-down that follows repeat it
    const health: SourceHealth = new Map();
    await enrich([broken], request, 200, { health });
    const again = await enrich([broken], request, 200, { health });
    expect(again.sources[0]?.detail).toMatch(/^Not asked: it could not be reached on a recent scan; asked again in \d+ seconds\.$/);
  });

  it('names a source whose allowance is used up as limited, with its sentence, and does not rest it', async () => {
    const health: SourceHealth = new Map();
    const limited = provider('VirusTotal', 1, new LookupLimitError('Not asked: this server has used its allowance of VirusTotal lookups for today; asked again in 5 hours.', 5 * 3600_000));
    const result = await enrich([limited], request, 200, { health });
    expect(result.sources[0]).toEqual({ name: 'VirusTotal', status: 'limited', detail: expect.stringMatching(/allowance of VirusTotal lookups for today/) });
    expect(health.size).toBe(0);
  });

  it('asks only the local sources when the client may not make outside lookups now', async () => {
    const feeds = { ...provider('Threat feeds', 1, { facts: { knownPhishingHosts: ['evil.top'] } }), local: true };
    const dns = provider('DNS', 1, { facts: {} });
    let asked = false;
    const spy = { ...dns, lookup: (r: never, s: AbortSignal) => ((asked = true), dns.lookup(r, s)) };
    const refusal = new LookupLimitError('Not asked: you have made many enhanced scans in a short time.', 60_000);
    const result = await enrich([feeds, spy], request, 200, { outsideRefused: refusal });
    expect(result.sources).toEqual([
      expect.objectContaining({ name: 'Threat feeds', status: 'answered' }),
      { name: 'DNS', status: 'limited', detail: refusal.message },
    ]);
    expect(result.facts.knownPhishingHosts).toEqual(['evil.top']);
    expect(asked).toBe(false);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findLinks, type LinkFinding } from '@baitcheck/detector';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enrich } from '../../modules/intel/enrich.ts';
import { createLookupQuota } from '../../modules/intel/lookup-limits.ts';
import { createVirusTotalProvider, type VirusTotalOptions } from './virustotal-provider.ts';

const KEY = 'vt-test-key-9b8e7d6c5a4f3e2d1c0b';

interface SeenRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
}

interface Attributes {
  last_analysis_stats: { malicious: number; suspicious: number; harmless: number; undetected: number; timeout: number };
  categories: Record<string, string>;
  reputation: number;
  creation_date?: number;
  last_analysis_date: number;
}

// A local stand-in for the API v3 domain reports: it checks the key as VirusTotal does and
// answers from its own database, or with an error, or not at all.
const seen: SeenRequest[] = [];
let reports = new Map<string, Attributes>();
let failure: { status: number; code: string; message: string } | null = null;
let hang = false;
let delayMs = 0;
let server: Server;
let baseUrl = '';

function vtError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code, message } }));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const apiKey = req.headers['x-apikey'];
  seen.push({ method: req.method ?? '', path: url.pathname, apiKey: typeof apiKey === 'string' ? apiKey : undefined });
  if (hang) return;
  if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  const m = /^\/api\/v3\/domains\/([^/]+)$/.exec(url.pathname);
  if (!m) return vtError(res, 404, 'NotFoundError', `Resource not found: ${url.pathname}`);
  if (req.method !== 'GET') return vtError(res, 405, 'MethodNotAllowedError', 'Method not allowed');
  if (apiKey === undefined) return vtError(res, 401, 'AuthenticationRequiredError', 'X-Apikey header is missing');
  if (apiKey !== KEY) return vtError(res, 401, 'WrongCredentialsError', 'Wrong API key');
  if (failure) return vtError(res, failure.status, failure.code, failure.message);
  const domain = decodeURIComponent(m[1]!);
  const attributes = reports.get(domain);
  if (!attributes) return vtError(res, 404, 'NotFoundError', `Domain "${domain}" not found`);
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { id: domain, type: 'domain', links: { self: `${baseUrl}/domains/${domain}` }, attributes } }));
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  reports = new Map();
  failure = null;
  hang = false;
  delayMs = 0;
});

function report(malicious: number, extra: Partial<Attributes> = {}): Attributes {
  return {
    last_analysis_stats: { malicious, suspicious: 0, harmless: 60, undetected: 25, timeout: 0 },
    categories: {},
    reputation: malicious > 0 ? -20 : 5,
    last_analysis_date: 1_763_000_000,
    ...extra,
  };
}

const linksOf = (text: string): LinkFinding[] => findLinks(text);
const signal = () => new AbortController().signal;
const provider = (extra: VirusTotalOptions = {}) => createVirusTotalProvider({ apiKey: KEY, baseUrl, ...extra });
const asked = () => seen.map((r) => r.path.replace('/api/v3/domains/', ''));

describe('createVirusTotalProvider', () => {
  it('without a key names the variable and is never asked, even through enrich', async () => {
    const p = createVirusTotalProvider({ baseUrl });
    expect(p.name).toBe('VirusTotal');
    expect(p.unavailable()).toBe('no API key configured (VIRUSTOTAL_API_KEY)');
    reports.set('evil-parcel.top', report(20));
    const result = await enrich([p], { links: linksOf('https://evil-parcel.top/pay') }, 500);
    expect(result.sources).toEqual([{ name: 'VirusTotal', status: 'not-configured', detail: 'no API key configured (VIRUSTOTAL_API_KEY)' }]);
    expect(result.facts).toEqual({});
    expect(seen).toHaveLength(0);
    expect(provider().unavailable()).toBeNull();
  });

  it("keeps within this server's allowance: fresh domains past it are not sent, and the source says why", async () => {
    const quota = createLookupQuota('VirusTotal', { perMinute: 2 });
    const p = provider({ quota });
    for (const d of ['a-one.top', 'b-two.top']) expect((await enrich([p], { links: linksOf(`https://${d}/`) }, 1000)).sources[0]?.status).toBe('answered');
    const third = await enrich([p], { links: linksOf('https://c-three.top/') }, 1000);
    expect(third.sources[0]).toEqual({ name: 'VirusTotal', status: 'limited', detail: expect.stringMatching(/^Not asked: this server has used its allowance of VirusTotal lookups for this minute/) });
    expect(asked()).toEqual(['a-one.top', 'b-two.top']);
    // a domain already answered is still served from the cache
    expect((await enrich([p], { links: linksOf('https://a-one.top/') }, 1000)).sources[0]?.status).toBe('answered');
  });

  it("lists a domain enough engines flag, with its vendors' categories and registration date", async () => {
    reports.set('evil-parcel.top', report(7, {
      categories: { 'Forcepoint ThreatSeeker': 'Phishing', Sophos: 'phishing', BitDefender: 'Malware', 'alphaMountain.ai': 'Phishing and Fraud', Webroot: 'Malware Sites', 'Xcitium Verdict Cloud': 'suspicious', Other: 'spam urls' },
      creation_date: 1_762_041_600,
    }));
    const result = await enrich([provider()], { links: linksOf('Pay at https://login.evil-parcel.top/pay?id=1 or https://evil-parcel.top/') }, 1000);

    expect(seen).toEqual([{ method: 'GET', path: '/api/v3/domains/evil-parcel.top', apiKey: KEY }]);
    expect(result.sources[0]).toMatchObject({ name: 'VirusTotal', status: 'answered' });
    expect(result.facts.knownPhishingHosts).toEqual(['evil-parcel.top']);
    expect(result.facts.domainCreated).toEqual({ 'evil-parcel.top': '2025-11-02T00:00:00.000Z' });
    expect(result.domainSources).toEqual({ 'evil-parcel.top': ['VirusTotal'] });
    expect(result.domainCategories['evil-parcel.top']).toEqual(['phishing', 'malware', 'phishing and fraud', 'malware sites', 'suspicious']);
  });

  it('respects the malicious threshold but shows categories of any flagged domain', async () => {
    const categories = { 'Forcepoint ThreatSeeker': 'phishing' };
    reports.set('two-flags.top', report(2, { categories }));
    reports.set('only-suspicious.top', { ...report(0, { categories }), last_analysis_stats: { malicious: 0, suspicious: 4, harmless: 60, undetected: 20, timeout: 0 } });
    reports.set('harmless.org', report(0, { categories: { Sophos: 'information technology' } }));
    const links = linksOf('https://two-flags.top/a https://only-suspicious.top/b https://harmless.org/');

    const strict = await provider().lookup({ links }, signal());
    expect(strict.facts.knownPhishingHosts).toBeUndefined();
    expect(strict.domainSources).toBeUndefined();
    expect(strict.domainCategories).toEqual({ 'two-flags.top': ['phishing'], 'only-suspicious.top': ['phishing'] });

    const lenient = await provider({ maliciousThreshold: 2 }).lookup({ links }, signal());
    expect(lenient.facts.knownPhishingHosts).toEqual(['two-flags.top']);
    expect(lenient.domainSources).toEqual({ 'two-flags.top': ['VirusTotal'] });
  });

  it('never lists a shared platform, shortener or well-known domain as a phishing host', async () => {
    reports.set('weebly.com', report(12, { categories: { Sophos: 'phishing' } }));
    reports.set('bit.ly', report(5));
    reports.set('google.com', report(4));
    reports.set('paypal-login.blogspot.com', report(9));
    const answer = await provider().lookup({ links: linksOf('https://mysite.weebly.com/login https://bit.ly/3xYz https://docs.google.com/forms/d/e/x/viewform https://paypal-login.blogspot.com/') }, signal());
    expect(asked().sort()).toEqual(['bit.ly', 'google.com', 'paypal-login.blogspot.com', 'weebly.com']);
    // someone's own blog on the platform is theirs alone; the platforms themselves are everyone's
    expect(answer.facts.knownPhishingHosts).toEqual(['paypal-login.blogspot.com']);
    expect(Object.keys(answer.domainSources ?? {}).sort()).toEqual(['bit.ly', 'google.com', 'paypal-login.blogspot.com', 'weebly.com']);
    expect(answer.domainCategories).toEqual({ 'weebly.com': ['phishing'] });
  });

  it('treats a 404 as an unknown domain with no facts, and caches it', async () => {
    const p = provider();
    expect(await p.lookup({ links: linksOf('https://never-seen-before.top/x') }, signal())).toEqual({ facts: {} });
    expect(await p.lookup({ links: linksOf('https://never-seen-before.top/y') }, signal())).toEqual({ facts: {} });
    expect(seen).toHaveLength(1);
  });

  it('gives a clean domain only its registration date and asks nothing without domains', async () => {
    reports.set('example.org', report(0, { creation_date: 694_224_000 }));
    reports.set('no-date.org', report(0));
    expect(await provider().lookup({ links: linksOf('https://example.org/ https://no-date.org/') }, signal())).toEqual({ facts: { domainCreated: { 'example.org': '1992-01-01T00:00:00.000Z' } } });
    seen.length = 0;
    expect(await provider().lookup({ links: linksOf('http://203.0.113.5/login javascript:alert(1)') }, signal())).toEqual({ facts: {} });
    expect(await provider().lookup({ links: [] }, signal())).toEqual({ facts: {} });
    expect(seen).toHaveLength(0);
  });

  it('sends at most maxDomains new requests a scan (4 by default)', async () => {
    const text = Array.from({ length: 6 }, (_, i) => `https://d${i}-example.net/ https://www.d${i}-example.net/x`).join(' ');
    for (let i = 0; i < 6; i++) reports.set(`d${i}-example.net`, report(10));
    const p = provider({ maxDomains: 2 });
    const first = await p.lookup({ links: linksOf(text) }, signal());
    expect(asked()).toEqual(['d0-example.net', 'd1-example.net']);
    expect(first.facts.knownPhishingHosts).toEqual(['d0-example.net', 'd1-example.net']);
    // cached domains cost no request: the next scan gets further
    const second = await p.lookup({ links: linksOf(text) }, signal());
    expect(asked()).toEqual(['d0-example.net', 'd1-example.net', 'd2-example.net', 'd3-example.net']);
    expect(second.facts.knownPhishingHosts).toEqual(['d0-example.net', 'd1-example.net', 'd2-example.net', 'd3-example.net']);

    seen.length = 0;
    await provider().lookup({ links: linksOf(text) }, signal());
    expect(seen).toHaveLength(4);
  });

  it('caches reports per domain until cacheTtlMs has passed', async () => {
    let now = 5_000_000;
    reports.set('evil-parcel.top', report(8));
    const p = provider({ cacheTtlMs: 60_000, clock: () => now });
    await p.lookup({ links: linksOf('https://evil-parcel.top/a') }, signal());
    reports.set('evil-parcel.top', report(0));
    now += 59_999;
    expect((await p.lookup({ links: linksOf('https://evil-parcel.top/b') }, signal())).facts.knownPhishingHosts).toEqual(['evil-parcel.top']);
    expect(seen).toHaveLength(1);
    now += 1;
    expect((await p.lookup({ links: linksOf('https://evil-parcel.top/b') }, signal())).facts.knownPhishingHosts).toBeUndefined();
    expect(seen).toHaveLength(2);
  });

  it('shares one request between concurrent lookups of the same domain', async () => {
    delayMs = 100;
    reports.set('evil-parcel.top', report(8));
    const p = provider();
    const [a, b] = await Promise.all([p.lookup({ links: linksOf('https://evil-parcel.top/a') }, signal()), p.lookup({ links: linksOf('https://x.evil-parcel.top/b') }, signal())]);
    expect(seen).toHaveLength(1);
    expect(a.facts.knownPhishingHosts).toEqual(['evil-parcel.top']);
    expect(b.facts.knownPhishingHosts).toEqual(['evil-parcel.top']);
  });

  it.each([
    { status: 401, code: 'WrongCredentialsError', key: 'not-the-key-1234' },
    { status: 403, code: 'ForbiddenError', key: KEY },
    { status: 429, code: 'QuotaExceededError', key: KEY },
    { status: 500, code: 'InternalError', key: KEY },
    { status: 503, code: 'TransientError', key: KEY },
  ])("fails on HTTP $status with VirusTotal's code, never the key", async ({ status, code, key }) => {
    // an error message echoing the key must not leak it
    if (status !== 401) failure = { status, code, message: `Request with key ${KEY} refused` };
    const error = await provider({ apiKey: key }).lookup({ links: linksOf('https://evil-parcel.top/') }, signal()).then(() => null, (e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toContain(String(status));
    expect(error?.message).toContain(code);
    expect(error?.message).not.toContain(KEY);
    expect(error?.message).not.toContain(key);
  });

  it('does not cache failures', async () => {
    failure = { status: 429, code: 'QuotaExceededError', message: 'Quota exceeded' };
    reports.set('evil-parcel.top', report(8));
    const p = provider();
    await expect(p.lookup({ links: linksOf('https://evil-parcel.top/') }, signal())).rejects.toThrow(/429/);
    failure = null;
    expect((await p.lookup({ links: linksOf('https://evil-parcel.top/') }, signal())).facts.knownPhishingHosts).toEqual(['evil-parcel.top']);
    expect(seen).toHaveLength(2);
  });

  it('gives up on a server that does not answer within timeoutMs', async () => {
    hang = true;
    const started = performance.now();
    await expect(provider({ timeoutMs: 100 }).lookup({ links: linksOf('https://evil-parcel.top/') }, signal())).rejects.toThrow(/within 100 ms/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(seen).toHaveLength(1);
  });

  it('rejects promptly when the scan aborts, without failing another scan waiting on the same domain', async () => {
    delayMs = 200;
    reports.set('evil-parcel.top', report(8));
    const p = provider({ timeoutMs: 10_000 });
    const controller = new AbortController();
    const started = performance.now();
    const a = p.lookup({ links: linksOf('https://evil-parcel.top/') }, controller.signal);
    const b = p.lookup({ links: linksOf('https://evil-parcel.top/x') }, signal());
    setTimeout(() => controller.abort(), 30);
    await expect(a).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(150);
    expect((await b).facts.knownPhishingHosts).toEqual(['evil-parcel.top']);
    expect(seen).toHaveLength(1);

    const aborted = new AbortController();
    aborted.abort();
    await expect(p.lookup({ links: linksOf('https://other.top/') }, aborted.signal)).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });
});

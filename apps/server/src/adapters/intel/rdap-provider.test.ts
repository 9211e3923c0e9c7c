import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyze, inputLinks } from '@baitcheck/detector';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enrich, type IntelRequest } from '../../modules/intel/enrich.ts';
import { createRdapProvider, type RdapProviderOptions } from './rdap-provider.ts';

// A real HTTP server on loopback playing IANA's bootstrap file and the registries' RDAP services.
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
const seen: { path: string; accept: string | undefined }[] = [];
const closed: string[] = [];
let server: Server;
let base = '';

const rdapJson = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/rdap+json' }).end(JSON.stringify(body));

/** A domain object in the shape registries send (trimmed of entities and notices). */
const domainObject = (name: string, events: { eventAction: string; eventDate: string }[]) => ({
  objectClassName: 'domain',
  handle: `${name.toUpperCase()}-TEST`,
  ldhName: name.toUpperCase(),
  links: [{ value: `${base}/rdap/domain/${name}`, rel: 'self', href: `${base}/rdap/domain/${name}`, type: 'application/rdap+json' }],
  status: ['client transfer prohibited'],
  events: [...events, { eventAction: 'last update of RDAP database', eventDate: '2026-11-20T08:00:00Z' }],
  secureDNS: { delegationSigned: false },
  nameservers: [{ objectClassName: 'nameserver', ldhName: 'NS1.EXAMPLE.NET' }],
  rdapConformance: ['rdap_level_0', 'icann_rdap_technical_implementation_guide_1'],
});

const registered = (name: string, registration: string): Handler => (_req, res) =>
  rdapJson(res, 200, domainObject(name, [
    { eventAction: 'registration', eventDate: registration },
    { eventAction: 'expiration', eventDate: '2027-11-18T09:30:00Z' },
    { eventAction: 'last changed', eventDate: '2026-11-19T10:00:00Z' },
  ]));
const hang: Handler = () => undefined;
const status = (code: number): Handler => (_req, res) => rdapJson(res, code, { errorCode: code, title: 'Error', description: ['test'] });
const later = (ms: number, handler: Handler): Handler => (req, res) => void setTimeout(() => handler(req, res), ms);

const bootstrap = () => ({
  version: '1.0',
  publication: '2026-11-01T00:00:00Z',
  description: 'RDAP bootstrap file for Domain Name System registrations',
  services: [
    [['com', 'net'], [`${base}/rdap/`]],
    // no trailing slash: the provider must still build /top-rdap/domain/<name>
    [['top'], [`${base}/top-rdap`]],
    [['uk'], [`${base}/uk/`]],
    [['co.uk'], [`${base}/co-uk/`]],
    [['shop'], [`${base}/plain-shop/`, 'https://rdap.shop.test/']],
  ],
});

function resetRoutes(): void {
  routes.clear();
  routes.set('/bootstrap.json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bootstrap())));
  routes.set('/rdap/domain/example.com', registered('example.com', '1995-08-14T04:00:00Z'));
  // a registry giving a local offset: the provider hands on UTC
  routes.set('/top-rdap/domain/fresh-parcel.top', registered('fresh-parcel.top', '2026-11-18T11:30:00+02:00'));
  routes.set('/rdap/domain/slow.com', hang);
  routes.set('/rdap/domain/busy.com', status(429));
  routes.set('/rdap/domain/down.com', status(503));
  routes.set('/rdap/domain/broken.com', (_req, res) => res.writeHead(200, { 'content-type': 'application/rdap+json' }).end('{"objectClassName":"domain",'));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push({ path, accept: req.headers.accept });
    res.on('close', () => closed.push(path));
    const handler = routes.get(path) ?? status(404);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  resetRoutes();
  seen.length = 0;
  closed.length = 0;
});

let now = 0;
const provider = (options: RdapProviderOptions = {}) => createRdapProvider({ bootstrapUrl: `${base}/bootstrap.json`, clock: () => now, ...options });
const request = (text: string, senderDomain?: string): IntelRequest => ({ links: inputLinks({ kind: 'text', content: text }), ...(senderDomain ? { senderDomain } : {}) });
const live = () => new AbortController().signal;
const rdapPaths = () => seen.map((s) => s.path).filter((p) => p !== '/bootstrap.json');
const bootstrapFetches = () => seen.filter((s) => s.path === '/bootstrap.json').length;

describe('createRdapProvider', () => {
  it('gives each link domain and the sender their registration date, as UTC ISO 8601', async () => {
    const rdap = provider();
    expect(rdap.name).toBe('Domain age (RDAP)');
    expect(rdap.unavailable()).toBeNull();
    const answer = await rdap.lookup(request('Your parcel: https://www.fresh-parcel.top/track?id=1 or https://example.com/help', 'example.com'), live());
    expect(answer).toEqual({
      facts: { domainCreated: { 'fresh-parcel.top': '2026-11-18T09:30:00.000Z', 'example.com': '1995-08-14T04:00:00.000Z' } },
      sender: { creationDate: '1995-08-14T04:00:00.000Z' },
    });
    expect(rdapPaths().sort()).toEqual(['/rdap/domain/example.com', '/top-rdap/domain/fresh-parcel.top']);
    expect(seen.filter((s) => s.path !== '/bootstrap.json').every((s) => s.accept === 'application/rdap+json')).toBe(true);
  });

  it('feeds enrich and the engine: a link to a domain two days old is flagged as new', async () => {
    const text = 'Your parcel is held: https://fresh-parcel.top/track';
    const enrichment = await enrich([provider()], request(text, 'example.com'), 2000);
    expect(enrichment.sources).toEqual([expect.objectContaining({ name: 'Domain age (RDAP)', status: 'answered' })]);
    expect(enrichment.facts.senderInfo?.creationDate).toBe('1995-08-14T04:00:00.000Z');
    const result = analyze({ kind: 'text', content: text }, { intel: enrichment.facts, now: '2026-11-20T10:00:00Z' });
    expect(result.reasons.map((r) => r.id)).toContain('new-domain');
  });

  it('takes a 404 as a domain the registry does not know: null, remembered', async () => {
    const rdap = provider();
    expect(await rdap.lookup(request('see https://parcel-help.net/', 'parcel-help.net'), live())).toEqual({ facts: { domainCreated: {} }, sender: { creationDate: null } });
    expect(await rdap.lookup(request('', 'parcel-help.net'), live())).toEqual({ facts: { domainCreated: {} }, sender: { creationDate: null } });
    expect(rdapPaths()).toEqual(['/rdap/domain/parcel-help.net']);
  });

  it('gives null when the registry shows no readable registration date', async () => {
    routes.set('/rdap/domain/quiet.com', (_req, res) =>
      rdapJson(res, 200, domainObject('quiet.com', [{ eventAction: 'registration', eventDate: 'sometime in 2019' }, { eventAction: 'expiration', eventDate: '2027-01-01T00:00:00Z' }])),
    );
    expect(await provider().lookup(request('', 'quiet.com'), live())).toEqual({ facts: { domainCreated: {} }, sender: { creationDate: null } });
  });

  it('dates a domain dropped and registered again from its newest registration', async () => {
    routes.set('/rdap/domain/reborn.com', (_req, res) =>
      rdapJson(res, 200, domainObject('reborn.com', [
        { eventAction: 'registration', eventDate: '2011-03-01T00:00:00Z' },
        { eventAction: 'registration', eventDate: '2026-11-15T00:00:00Z' },
        { eventAction: 'last changed', eventDate: '2026-11-16T00:00:00Z' },
      ])),
    );
    expect((await provider().lookup(request('https://reborn.com/'), live())).facts.domainCreated).toEqual({ 'reborn.com': '2026-11-15T00:00:00.000Z' });
  });

  it('skips a domain whose TLD has no RDAP service, without asking anyone', async () => {
    expect(await provider().lookup(request('https://beispiel.de/login'), live())).toEqual({ facts: {} });
    expect(seen.map((s) => s.path)).toEqual(['/bootstrap.json']);
  });

  it('does not let skipped domains use up maxDomains', async () => {
    const answer = await provider({ maxDomains: 1 }).lookup(request('https://beispiel.de/ then https://example.com/'), live());
    expect(answer.facts.domainCreated).toEqual({ 'example.com': '1995-08-14T04:00:00.000Z' });
  });

  it('skips pages on private-suffix platforms: the platform\'s age says nothing about the page', async () => {
    const answer = await provider().lookup(request('https://parcel-help.blogspot.com/ and https://track-parcel.netlify.app/x', 'someone.github.io'), live());
    expect(answer).toEqual({ facts: {} });
    expect(seen).toEqual([]);
  });

  it('skips IP hosts', async () => {
    const links = request('http://203.0.113.9/login').links;
    expect(links[0]).toMatchObject({ host: '203.0.113.9', registrableDomain: null });
    expect(await provider().lookup({ links, senderDomain: '198.51.100.7' }, live())).toEqual({ facts: {} });
    expect(seen).toEqual([]);
  });

  it('uses the longest bootstrap entry and prefers an https registry', async () => {
    routes.set('/co-uk/domain/parcels.co.uk', registered('parcels.co.uk', '2020-01-01T00:00:00Z'));
    routes.set('/secure-shop/domain/deals.shop', registered('deals.shop', '2026-11-01T00:00:00Z'));
    // the https registry of the test file is served by the loopback server under /secure-shop/
    const viaLoopback: typeof fetch = (input, init) => fetch(String(input).replace('https://rdap.shop.test/', `${base}/secure-shop/`), init);
    const answer = await provider({ fetch: viaLoopback }).lookup(request('https://parcels.co.uk/ https://deals.shop/'), live());
    expect(answer.facts.domainCreated).toEqual({ 'parcels.co.uk': '2020-01-01T00:00:00.000Z', 'deals.shop': '2026-11-01T00:00:00.000Z' });
    expect(rdapPaths().sort()).toEqual(['/co-uk/domain/parcels.co.uk', '/secure-shop/domain/deals.shop']);
  });

  it('fails a registry that does not answer in time', async () => {
    const t0 = performance.now();
    await expect(provider({ timeoutMs: 100 }).lookup(request('https://slow.com/'), live())).rejects.toThrow(/slow\.com.*no answer within 100 ms/);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('gives up at once when the scan aborts, and drops the request', async () => {
    const controller = new AbortController();
    const t0 = performance.now();
    setTimeout(() => controller.abort(), 50);
    await expect(provider({ timeoutMs: 5000 }).lookup(request('https://slow.com/'), controller.signal)).rejects.toThrow();
    expect(performance.now() - t0).toBeLessThan(500);
    await vi.waitFor(() => expect(closed).toContain('/rdap/domain/slow.com'));
  });

  it('returns what answered when some registries fail', async () => {
    const answer = await provider().lookup(request('https://busy.com/ https://example.com/', 'down.com'), live());
    expect(answer).toEqual({ facts: { domainCreated: { 'example.com': '1995-08-14T04:00:00.000Z' } } });
  });

  it('throws, naming the causes, when every registry asked fails; failures are not cached', async () => {
    const rdap = provider();
    const failing = rdap.lookup(request('https://busy.com/ https://broken.com/', 'down.com'), live());
    await expect(failing).rejects.toThrow(/HTTP 429/);
    await expect(failing).rejects.toThrow(/broken\.com: invalid JSON/);
    await expect(failing).rejects.toThrow(/down\.com: HTTP 503/);
    routes.set('/rdap/domain/busy.com', registered('busy.com', '2026-11-19T00:00:00Z'));
    expect((await rdap.lookup(request('https://busy.com/'), live())).facts.domainCreated).toEqual({ 'busy.com': '2026-11-19T00:00:00.000Z' });
  });

  it('caches answers for cacheTtlMs', async () => {
    now = 1_000_000;
    const rdap = provider({ cacheTtlMs: 60_000 });
    const ask = () => rdap.lookup(request('https://example.com/'), live());
    expect((await ask()).facts.domainCreated).toEqual({ 'example.com': '1995-08-14T04:00:00.000Z' });
    now += 59_999;
    expect((await ask()).facts.domainCreated).toEqual({ 'example.com': '1995-08-14T04:00:00.000Z' });
    expect(rdapPaths()).toEqual(['/rdap/domain/example.com']);
    now += 1;
    await ask();
    expect(rdapPaths()).toEqual(['/rdap/domain/example.com', '/rdap/domain/example.com']);
  });

  it('shares one request among concurrent lookups, even when one of them gives up', async () => {
    routes.set('/rdap/domain/example.com', later(100, registered('example.com', '1995-08-14T04:00:00Z')));
    const rdap = provider();
    const quitter = new AbortController();
    const first = rdap.lookup(request('https://example.com/'), quitter.signal);
    const second = rdap.lookup(request('https://example.com/a'), live());
    setTimeout(() => quitter.abort(), 30);
    await expect(first).rejects.toThrow();
    expect((await second).facts.domainCreated).toEqual({ 'example.com': '1995-08-14T04:00:00.000Z' });
    expect(rdapPaths()).toEqual(['/rdap/domain/example.com']);
    expect(bootstrapFetches()).toBe(1);
  });

  it('fetches the bootstrap file once, and again after bootstrapTtlMs', async () => {
    now = 5_000_000;
    const rdap = provider({ bootstrapTtlMs: 10_000 });
    await rdap.lookup(request('https://example.com/'), live());
    await rdap.lookup(request('https://fresh-parcel.top/'), live());
    await rdap.lookup(request('', 'parcel-help.net'), live());
    expect(bootstrapFetches()).toBe(1);
    now += 10_000;
    await rdap.lookup(request('https://busy.com/ https://example.com/'), live());
    expect(bootstrapFetches()).toBe(2);
  });

  it('fails clearly when the bootstrap file cannot be had, and tries it again next scan', async () => {
    routes.set('/bootstrap.json', status(500));
    const rdap = provider();
    await expect(rdap.lookup(request('https://example.com/'), live())).rejects.toThrow(`RDAP bootstrap ${base}/bootstrap.json unavailable: HTTP 500`);
    routes.set('/bootstrap.json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>'));
    await expect(rdap.lookup(request('https://example.com/'), live())).rejects.toThrow(/RDAP bootstrap .* unavailable: invalid JSON/);
    resetRoutes();
    expect((await rdap.lookup(request('https://example.com/'), live())).facts.domainCreated).toEqual({ 'example.com': '1995-08-14T04:00:00.000Z' });
    expect(bootstrapFetches()).toBe(3);
  });

  it('asks about at most maxDomains domains, the sender\'s first', async () => {
    const answer = await provider({ maxDomains: 2 }).lookup(request('https://a-parcel.com/ https://b-parcel.com/ https://c-parcel.com/', 'parcel-help.net'), live());
    expect(answer.sender).toEqual({ creationDate: null });
    expect(rdapPaths().sort()).toEqual(['/rdap/domain/a-parcel.com', '/rdap/domain/parcel-help.net']);
  });
});

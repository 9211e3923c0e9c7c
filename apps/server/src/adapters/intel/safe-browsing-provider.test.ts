import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { feedUrlKey, findLinks, type LinkFinding } from '@baitcheck/detector';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enrich } from '../../modules/intel/enrich.ts';
import { createSafeBrowsingProvider, type SafeBrowsingOptions } from './safe-browsing-provider.ts';

const KEY = 'AIzaSy-test-key-4f1c9e2b';
const PATH = '/v4/threatMatches:find';
const THREAT_TYPES = ['MALWARE', 'SOCIAL_ENGINEERING', 'UNWANTED_SOFTWARE', 'POTENTIALLY_HARMFUL_APPLICATION'];

interface SeenRequest {
  method: string;
  path: string;
  key: string | null;
  contentType: string | undefined;
  body: { client?: { clientId?: unknown }; threatInfo?: { threatEntries?: { url: string }[] } };
}

// A local stand-in for the Lookup API v4: it checks requests as Google does and answers from
// its own threat list, or with an error, or not at all.
const seen: SeenRequest[] = [];
let threatList = new Map<string, { threatType: string; cacheDuration: string }[]>();
let failure: { status: number; body: string; contentType?: string } | null = null;
let hang = false;
let delayMs = 0;
let server: Server;
let endpoint = '';

function googleError(res: ServerResponse, code: number, status: string, message: string): void {
  res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify({ error: { code, message, status } }));
}

/** True when `body` is a threatMatches:find request Google would accept. */
function isValidFindRequest(body: unknown): body is SeenRequest['body'] {
  const b = body as { client?: Record<string, unknown>; threatInfo?: Record<string, unknown> } | null;
  const info = b?.threatInfo;
  const entries = info?.threatEntries;
  return (
    typeof b?.client?.clientId === 'string' &&
    typeof b.client.clientVersion === 'string' &&
    JSON.stringify(info?.threatTypes) === JSON.stringify(THREAT_TYPES) &&
    JSON.stringify(info?.platformTypes) === JSON.stringify(['ANY_PLATFORM']) &&
    JSON.stringify(info?.threatEntryTypes) === JSON.stringify(['URL']) &&
    Array.isArray(entries) &&
    entries.length > 0 &&
    entries.length <= 500 &&
    entries.every((e) => typeof (e as { url?: unknown }).url === 'string' && Object.keys(e as object).length === 1)
  );
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  let body: unknown = null;
  try {
    body = JSON.parse(raw);
  } catch {
    body = null;
  }
  seen.push({ method: req.method ?? '', path: url.pathname, key: url.searchParams.get('key'), contentType: req.headers['content-type'], body: body as SeenRequest['body'] });
  if (hang) return;
  if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  if (url.pathname !== PATH) return googleError(res, 404, 'NOT_FOUND', 'Not Found');
  if (req.method !== 'POST') return googleError(res, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
  if (url.searchParams.get('key') !== KEY) return googleError(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
  if (!req.headers['content-type']?.startsWith('application/json') || !isValidFindRequest(body)) return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
  if (failure) {
    res.writeHead(failure.status, { 'content-type': failure.contentType ?? 'application/json' }).end(failure.body);
    return;
  }
  const matches = (body.threatInfo?.threatEntries ?? []).flatMap(({ url: u }) =>
    (threatList.get(u) ?? []).map((t) => ({ threatType: t.threatType, platformType: 'ANY_PLATFORM', threat: { url: u }, cacheDuration: t.cacheDuration, threatEntryType: 'URL' })),
  );
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(matches.length > 0 ? { matches } : {}));
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PATH}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  threatList = new Map();
  failure = null;
  hang = false;
  delayMs = 0;
});

const linksOf = (text: string): LinkFinding[] => findLinks(text);
const signal = () => new AbortController().signal;
const provider = (extra: SafeBrowsingOptions = {}) => createSafeBrowsingProvider({ apiKey: KEY, endpoint, ...extra });
const entriesOf = (r: SeenRequest | undefined) => r?.body.threatInfo?.threatEntries?.map((e) => e.url);

const PHISH = 'https://paypal-verify.account-login.top/signin?id=7';
const FORM = 'https://docs.google.com/forms/d/e/1FAIpQLSe/viewform';
const CLEAN = 'https://www.example.org/';

describe('createSafeBrowsingProvider', () => {
  it('without a key names the variable and is never asked, even through enrich', async () => {
    const p = createSafeBrowsingProvider({ endpoint });
    expect(p.name).toBe('Google Safe Browsing');
    expect(p.unavailable()).toBe('no API key configured (SAFE_BROWSING_API_KEY)');
    expect(createSafeBrowsingProvider({ apiKey: '  ', endpoint }).unavailable()).toMatch(/SAFE_BROWSING_API_KEY/);
    threatList.set(PHISH, [{ threatType: 'SOCIAL_ENGINEERING', cacheDuration: '300s' }]);
    const result = await enrich([p], { links: linksOf(PHISH) }, 500);
    expect(result.sources).toEqual([{ name: 'Google Safe Browsing', status: 'not-configured', detail: 'no API key configured (SAFE_BROWSING_API_KEY)' }]);
    expect(result.facts).toEqual({});
    expect(seen).toHaveLength(0);
    expect(provider().unavailable()).toBeNull();
  });

  it('sends the distinct web links in one Lookup API request and turns matches into URL facts', async () => {
    threatList.set(PHISH, [
      { threatType: 'SOCIAL_ENGINEERING', cacheDuration: '300s' },
      { threatType: 'MALWARE', cacheDuration: '300s' },
    ]);
    threatList.set(FORM, [{ threatType: 'SOCIAL_ENGINEERING', cacheDuration: '300s' }]);
    const answer = await provider().lookup({ links: linksOf(`${PHISH} again ${PHISH} and ${FORM} and ${CLEAN} javascript:alert(1)`) }, signal());

    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req).toMatchObject({ method: 'POST', path: PATH, key: KEY });
    expect(req?.contentType).toMatch(/^application\/json/);
    expect(req?.body.client?.clientId).toBe('baitcheck');
    expect(entriesOf(req)).toEqual([PHISH, FORM, CLEAN]);

    expect(answer.facts.knownPhishingUrls?.slice().sort()).toEqual([feedUrlKey(FORM), feedUrlKey(PHISH)].sort());
    // Google lists URLs: a listed form must not condemn everything on docs.google.com
    expect(answer.facts.knownPhishingHosts).toBeUndefined();
    expect(answer.domainSources).toEqual({ 'account-login.top': ['Google Safe Browsing'], 'google.com': ['Google Safe Browsing'] });
    expect(answer.domainCategories?.['account-login.top']?.slice().sort()).toEqual(['malware', 'phishing']);
    expect(answer.domainCategories?.['google.com']).toEqual(['phishing']);
  });

  it('names every threat type in words and reaches the scan through enrich', async () => {
    const urls = ['https://a-malware.top/x', 'https://b-unwanted.top/x', 'https://c-harmful.top/app.apk'];
    threatList.set(urls[0]!, [{ threatType: 'MALWARE', cacheDuration: '300s' }]);
    threatList.set(urls[1]!, [{ threatType: 'UNWANTED_SOFTWARE', cacheDuration: '300s' }]);
    threatList.set(urls[2]!, [{ threatType: 'POTENTIALLY_HARMFUL_APPLICATION', cacheDuration: '300s' }]);
    const result = await enrich([provider()], { links: linksOf(urls.join(' ')) }, 1000);
    expect(result.sources[0]).toMatchObject({ name: 'Google Safe Browsing', status: 'answered' });
    expect(result.facts.knownPhishingUrls?.length).toBe(3);
    expect(result.domainCategories).toEqual({ 'a-malware.top': ['malware'], 'b-unwanted.top': ['unwanted software'], 'c-harmful.top': ['harmful app'] });
    expect(result.domainSources['c-harmful.top']).toEqual(['Google Safe Browsing']);
  });

  it('gives empty facts when Google lists nothing, and asks nothing for no web links', async () => {
    expect(await provider().lookup({ links: linksOf(CLEAN) }, signal())).toEqual({ facts: {} });
    expect(seen).toHaveLength(1);
    expect(await provider().lookup({ links: [] }, signal())).toEqual({ facts: {} });
    expect(await provider().lookup({ links: linksOf('javascript:alert(1)') }, signal())).toEqual({ facts: {} });
    expect(seen).toHaveLength(1);
  });

  it('caches clean URLs for cacheTtlMs and only sends the URLs it does not know', async () => {
    let now = 1_000_000;
    const p = provider({ cacheTtlMs: 60_000, clock: () => now });
    await p.lookup({ links: linksOf(CLEAN) }, signal());
    await p.lookup({ links: linksOf(CLEAN) }, signal());
    expect(seen).toHaveLength(1);
    threatList.set(PHISH, [{ threatType: 'SOCIAL_ENGINEERING', cacheDuration: '300s' }]);
    const answer = await p.lookup({ links: linksOf(`${CLEAN} ${PHISH}`) }, signal());
    expect(entriesOf(seen[1])).toEqual([PHISH]);
    expect(answer.facts.knownPhishingUrls).toEqual([feedUrlKey(PHISH)]);
    now += 59_999;
    await p.lookup({ links: linksOf(CLEAN) }, signal());
    expect(seen).toHaveLength(2);
    now += 1;
    await p.lookup({ links: linksOf(CLEAN) }, signal());
    expect(seen).toHaveLength(3);
  });

  it("keeps a match for Google's cacheDuration, capped at an hour", async () => {
    let now = 0;
    const p = provider({ cacheTtlMs: 24 * 3_600_000, clock: () => now });
    const LONG = 'https://long-listed.top/login';
    // listed twice: the shorter duration wins
    threatList.set(PHISH, [
      { threatType: 'MALWARE', cacheDuration: '900s' },
      { threatType: 'SOCIAL_ENGINEERING', cacheDuration: '300s' },
    ]);
    threatList.set(LONG, [{ threatType: 'SOCIAL_ENGINEERING', cacheDuration: '604800s' }]);
    await p.lookup({ links: linksOf(`${PHISH} ${LONG}`) }, signal());
    now = 299_999;
    const cached = await p.lookup({ links: linksOf(`${PHISH} ${LONG}`) }, signal());
    expect(seen).toHaveLength(1);
    expect(cached.facts.knownPhishingUrls).toEqual([feedUrlKey(PHISH), feedUrlKey(LONG)]);
    now = 300_000;
    await p.lookup({ links: linksOf(`${PHISH} ${LONG}`) }, signal());
    expect(entriesOf(seen[1])).toEqual([PHISH]);
    now = 3_600_000;
    await p.lookup({ links: linksOf(LONG) }, signal());
    expect(entriesOf(seen[2])).toEqual([LONG]);
  });

  it('sends at most 500 URLs in a request', async () => {
    const links = Array.from({ length: 520 }, (_, i) => linksOf(`https://site-${i}.example.org/`)[0]!);
    await provider().lookup({ links }, signal());
    expect(seen).toHaveLength(1);
    expect(entriesOf(seen[0])).toHaveLength(500);
  });

  it('shares one request between concurrent lookups of the same URL', async () => {
    delayMs = 100;
    threatList.set(PHISH, [{ threatType: 'SOCIAL_ENGINEERING', cacheDuration: '300s' }]);
    const p = provider();
    const [a, b] = await Promise.all([p.lookup({ links: linksOf(PHISH) }, signal()), p.lookup({ links: linksOf(`${PHISH} ${PHISH}`) }, signal())]);
    expect(seen).toHaveLength(1);
    expect(a.facts.knownPhishingUrls).toEqual([feedUrlKey(PHISH)]);
    expect(b.facts.knownPhishingUrls).toEqual([feedUrlKey(PHISH)]);
  });

  it('lets one lookup give up without failing another waiting on the same request', async () => {
    delayMs = 150;
    threatList.set(PHISH, [{ threatType: 'SOCIAL_ENGINEERING', cacheDuration: '300s' }]);
    const p = provider();
    const first = new AbortController();
    const a = p.lookup({ links: linksOf(PHISH) }, first.signal);
    const b = p.lookup({ links: linksOf(PHISH) }, signal());
    setTimeout(() => first.abort(), 20);
    await expect(a).rejects.toThrow();
    expect((await b).facts.knownPhishingUrls).toEqual([feedUrlKey(PHISH)]);
    expect(seen).toHaveLength(1);
  });

  it.each([
    { status: 400, googleStatus: 'INVALID_ARGUMENT', key: 'wrong-key-0000' },
    { status: 403, googleStatus: 'PERMISSION_DENIED', key: KEY },
    { status: 429, googleStatus: 'RESOURCE_EXHAUSTED', key: KEY },
    { status: 503, googleStatus: 'UNAVAILABLE', key: KEY },
  ])('fails on HTTP $status with the status and Google status, never the key', async ({ status, googleStatus, key }) => {
    if (status !== 400) {
      // an error message echoing the key must not leak it
      failure = { status, body: JSON.stringify({ error: { code: status, message: `Request with key ${KEY} refused.`, status: googleStatus } }) };
    }
    const p = provider({ apiKey: key });
    const error = await p.lookup({ links: linksOf(PHISH) }, signal()).then(() => null, (e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toContain(String(status));
    expect(error?.message).toContain(googleStatus);
    expect(error?.message).not.toContain(KEY);
    expect(error?.message).not.toContain(key);
  });

  it('fails on a non-JSON error body and does not cache failures', async () => {
    failure = { status: 502, body: '<html>Bad Gateway</html>', contentType: 'text/html' };
    const p = provider();
    await expect(p.lookup({ links: linksOf(PHISH) }, signal())).rejects.toThrow(/502/);
    failure = null;
    threatList.set(PHISH, [{ threatType: 'SOCIAL_ENGINEERING', cacheDuration: '300s' }]);
    expect((await p.lookup({ links: linksOf(PHISH) }, signal())).facts.knownPhishingUrls).toEqual([feedUrlKey(PHISH)]);
    expect(seen).toHaveLength(2);
  });

  it('fails without the key when the service cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const p = provider({ endpoint: `http://127.0.0.1:${port}${PATH}` });
    const error = await p.lookup({ links: linksOf(PHISH) }, signal()).then(() => null, (e: unknown) => e as Error);
    expect(error?.message).toMatch(/could not be reached/);
    expect(error?.message).not.toContain(KEY);
  });

  it('gives up on a server that does not answer within timeoutMs', async () => {
    hang = true;
    const started = performance.now();
    await expect(provider({ timeoutMs: 100 }).lookup({ links: linksOf(PHISH) }, signal())).rejects.toThrow(/within 100 ms/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(seen).toHaveLength(1);
  });

  it('rejects promptly when the scan aborts', async () => {
    hang = true;
    const controller = new AbortController();
    const started = performance.now();
    const pending = provider({ timeoutMs: 10_000 }).lookup({ links: linksOf(PHISH) }, controller.signal);
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(500);
    const aborted = new AbortController();
    aborted.abort();
    await expect(provider().lookup({ links: linksOf(CLEAN) }, aborted.signal)).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });
});

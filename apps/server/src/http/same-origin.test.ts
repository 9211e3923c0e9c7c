import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { DATABASES } from '../test/databases.ts';
import { describeWithDatabases } from '../test/harness.ts';

const ACCOUNT = { email: `csrf-${Date.now()}@example.com`, password: 'correct horse battery' };

describeWithDatabases('same-origin checks', (ctx) => {
  it('refuses a sign-out from another port of the same host, and the account stays signed in', async () => {
    const v = ctx.visitor();
    expect((await v.post('/api/auth/sign-up', ACCOUNT)).statusCode).toBe(201);
    const host = { host: '127.0.0.1:5000' };
    const foreign = await v.request('POST', '/api/auth/sign-out', undefined, { ...host, origin: 'http://127.0.0.1:9999' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FOREIGN_ORIGIN');
    expect((await v.get('/api/auth/me')).json().user).toMatchObject({ kind: 'account', email: ACCOUNT.email });
    // the app's own page, same scheme, host and port, still signs out
    expect((await v.request('POST', '/api/auth/sign-out', undefined, { ...host, origin: 'http://127.0.0.1:5000' })).statusCode).toBe(200);
  });

  it.each([
    ['another port', 'localhost:5000', 'http://localhost:5001'],
    ['another scheme', 'localhost:5000', 'https://localhost:5000'],
    ['another host', 'localhost:5000', 'http://evil.example:5000'],
    ['a default port that is not the one used', 'localhost:5000', 'http://localhost'],
    ['an opaque origin', 'localhost:5000', 'null'],
  ])('refuses a scan posted from %s', async (_, host, origin) => {
    const res = await ctx.visitor().request('POST', '/api/scan/text', { content: 'hi' }, { host, origin });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FOREIGN_ORIGIN');
  });

  it('refuses Sec-Fetch-Site: cross-site even beside an Origin that matches', async () => {
    const res = await ctx.visitor().request('POST', '/api/scan/text', { content: 'hi' }, { host: 'localhost:5000', origin: 'http://localhost:5000', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });

  it('lets through its own origin, requests without one (command-line tools) and reads from anywhere', async () => {
    const v = ctx.visitor();
    expect((await v.request('POST', '/api/scan/text', { content: 'hi' }, { host: 'localhost:5000', origin: 'http://LOCALHOST:5000', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await v.request('POST', '/api/scan/text', { content: 'hi' }, { host: 'localhost' , origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await v.request('POST', '/api/scan/text', { content: 'hi' })).statusCode).toBe(200);
    expect((await v.request('GET', '/api/messages', undefined, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
  });
});

describe('same-origin checks with PUBLIC_ORIGINS and ALLOWED_ORIGINS', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await DATABASES[0]!.open();
    app = await buildApp({
      config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', allowedOrigins: ['capacitor://localhost'], publicOrigins: ['https://baitcheck.example'] },
      database,
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const post = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/scan/text', payload: { content: 'hi' }, headers: { host: '10.0.0.5:5000', ...headers } });

  it('takes the configured public origin as its own, behind a TLS proxy it is not told about', async () => {
    expect((await post({ origin: 'https://baitcheck.example' })).statusCode).toBe(200);
    expect((await post({ origin: 'http://baitcheck.example' })).statusCode).toBe(403);
    // what the server itself sees is no longer its origin once the public one is named
    expect((await post({ origin: 'http://10.0.0.5:5000' })).statusCode).toBe(403);
  });

  it('lets the app wrappers through, though their WebView is another site', async () => {
    expect((await post({ origin: 'capacitor://localhost', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
    expect((await post({ origin: 'capacitor://evil', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });
});

describe('same-origin checks on loopback (DNS rebinding)', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await DATABASES[0]!.open();
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await database.close();
  });
  const build = async (config: { host: string; trustProxy?: boolean | string[]; publicOrigins?: string[] }) => {
    const a = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', ...config }, database, logger: false });
    apps.push(a);
    return a;
  };
  const post = (a: FastifyInstance, host: string) => a.inject({ method: 'POST', url: '/api/scan/text', payload: { content: 'hi', saveToHistory: false }, headers: { host, origin: `http://${host}` } });

  it("refuses a page whose name was pointed at this machine: only loopback names are the app's own", async () => {
    const local = await build({ host: 'localhost' });
    expect((await post(local, 'evil.example:5000')).statusCode).toBe(403);
    for (const own of ['localhost:5000', '127.0.0.1:5000', '[::1]:5000']) expect((await post(local, own)).statusCode, own).toBe(200);
  });

  it('leaves other set-ups as they were: listening on all addresses, behind a named proxy, or with public origins', async () => {
    expect((await post(await build({ host: '0.0.0.0' }), 'baitcheck.lan:5000')).statusCode).toBe(200);
    expect((await post(await build({ host: '127.0.0.1', trustProxy: ['127.0.0.1'] }), 'baitcheck.example')).statusCode).toBe(200);
    const named = await build({ host: '127.0.0.1', publicOrigins: ['https://baitcheck.example'] });
    expect((await named.inject({ method: 'POST', url: '/api/scan/text', payload: { content: 'hi', saveToHistory: false }, headers: { host: 'baitcheck.example', origin: 'https://baitcheck.example' } })).statusCode).toBe(200);
  });
});

// The iOS and Android apps (docs/decisions/010-native-wrappers.md): their API calls go through the
// native HTTP layer (CapacitorHttp), which sends no Origin and no Sec-Fetch-* headers and keeps the
// session cookie in the app's own store; only what the WebView itself would send carries its origin.
describe('same-origin checks for the iOS and Android apps', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await DATABASES[0]!.open();
    app = await buildApp({
      config: {
        cookieSecure: 'auto',
        trustProxy: true,
        webDistDir: '/nonexistent',
        allowedOrigins: ['capacitor://localhost', 'https://localhost'],
        publicOrigins: ['https://baitcheck.example'],
      },
      database,
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  /** A request as the native HTTP layer sends it, behind the TLS proxy of the server's public address. */
  const native = (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) =>
    app.inject({ method, url, payload, headers: { host: 'baitcheck.example', 'x-forwarded-proto': 'https', ...(cookie ? { cookie } : {}) } });

  it('keeps one person across the native layer’s requests by their Secure session cookie', async () => {
    const scan = await native('POST', '/api/scan/text', { content: 'Your parcel is on hold, pay the fee at https://usps-redelivery.example' });
    expect(scan.statusCode).toBe(200);
    const setCookie = String(scan.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-bc_session=[^;]+;/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; HttpOnly/);
    const cookie = setCookie.split(';')[0]!;

    const token = await native('POST', '/api/device-tokens', { token: 'fcm-test:APA91b-native', platform: 'android' }, cookie);
    expect(token.statusCode).toBe(200);
    const history = await native('GET', '/api/messages', undefined, cookie);
    expect(history.json()).toHaveLength(1);
    // another install (no cookie) is another person
    expect((await native('GET', '/api/messages')).json()).toHaveLength(0);
  });

  it('lets the WebViews’ own origins through when allowed, and only those', async () => {
    const post = (origin: string) =>
      app.inject({ method: 'POST', url: '/api/scan/text', payload: { content: 'hi', saveToHistory: false }, headers: { host: 'baitcheck.example', 'x-forwarded-proto': 'https', origin, 'sec-fetch-site': 'cross-site' } });
    for (const origin of ['https://localhost', 'capacitor://localhost', 'CAPACITOR://LOCALHOST']) expect((await post(origin)).statusCode, origin).toBe(200);
    for (const origin of ['http://localhost', 'https://localhost:8443', 'capacitor://localhost.evil.example', 'ionic://localhost']) {
      expect((await post(origin)).statusCode, origin).toBe(403);
    }
  });
});

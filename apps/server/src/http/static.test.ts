import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { buildTestApp } from '../test/harness.ts';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

const SERVICE_WORKER = "self.addEventListener('fetch', () => {});";
const MANIFEST = JSON.stringify({ name: 'Baitcheck', start_url: '/', display: 'standalone' });
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

describe('static web app', () => {
  let dist: string;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'bc-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log("app")'));
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, 'sw.js'), SERVICE_WORKER);
    writeFileSync(join(dist, 'manifest.webmanifest'), MANIFEST);
    mkdirSync(join(dist, 'icons'));
    writeFileSync(join(dist, 'icons', 'icon-192.png'), PNG);
    database = await openDatabase({ kind: 'pglite' });
    app = await buildTestApp(database, dist);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') => app.inject({ method: 'GET', url, headers: { accept } });

  it('serves index.html at / without caching, under the CSP', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await get('/assets/index-abc123.js', '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file when the client accepts it, and the plain one otherwise', async () => {
    const zipped = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { accept: '*/*', 'accept-encoding': 'gzip' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe('console.log("app")');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { accept: '*/*', 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('serves other files revalidated', async () => {
    const res = await get('/favicon.svg', 'image/*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker and the manifest revalidated, so a deploy reaches browsers (the manifest as application/manifest+json)', async () => {
    const worker = await get('/sw.js', '*/*');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toBe(SERVICE_WORKER);
    const manifest = await get('/manifest.webmanifest', '*/*');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual(JSON.parse(MANIFEST));
    // the CSP lets the page read its own manifest
    expect(manifest.headers['content-security-policy']).toContain("manifest-src 'self'");
    const icon = await get('/icons/icon-192.png', 'image/*');
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('opens a share to the app (GET /scan?text=…) as the app page, revalidated', async () => {
    const res = await get('/scan?text=Your%20parcel%20is%20held&url=https%3A%2F%2Fexample.test%2F');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a share that reached the server instead of the worker with the Scan screen, unread, whatever its origin and size', async () => {
    const boundary = '----share';
    const body = `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="x.png"\r\ncontent-type: image/png\r\n\r\n${'x'.repeat(3_000_000)}\r\n--${boundary}--\r\n`;
    for (const origin of [undefined, 'null', 'https://elsewhere.example']) {
      const res = await app.inject({ method: 'POST', url: '/share', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(origin ? { origin } : {}) }, payload: body });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/scan?image=failed');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.connection).toBe('close');
    }
    // other POSTs from elsewhere are still refused
    const other = await app.inject({ method: 'POST', url: '/share-not', headers: { origin: 'https://elsewhere.example' } });
    expect(other.statusCode).toBe(403);
  });

  it('revalidates index.html and sw.js in a build under a folder named assets: only the build’s own assets/ is immutable', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'bc-dist-'));
    const nested = join(parent, 'assets', 'web');
    mkdirSync(join(nested, 'assets'), { recursive: true });
    writeFileSync(join(nested, 'index.html'), INDEX);
    writeFileSync(join(nested, 'sw.js'), SERVICE_WORKER);
    writeFileSync(join(nested, 'assets', 'index-abc123.js'), 'console.log("app")');
    const other = await buildTestApp(database, nested);
    try {
      const cacheControl = async (url: string) => (await other.inject({ method: 'GET', url, headers: { accept: '*/*' } })).headers['cache-control'];
      expect(await cacheControl('/index.html')).toBe('no-cache');
      expect(await cacheControl('/sw.js')).toBe('no-cache');
      expect(await cacheControl('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable');
    } finally {
      await other.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('answers page navigations to any app path with index.html (the app draws its own 404)', async () => {
    for (const path of ['/history', '/history?messageId=abc', '/no/such/page']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not answer a missing script with HTML', async () => {
    const res = await get('/assets/missing-123.js', '*/*');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('keeps /api paths JSON even for a browser navigation', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('answers a non-GET to a page path with a JSON 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/history', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('still serves the API', async () => {
    expect((await get('/api/health', 'application/json')).json().status).toBe('ok');
  });
});

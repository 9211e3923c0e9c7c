import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { openDatabase, type Database } from '../../../db/database.ts';

const dir = mkdtempSync(join(tmpdir(), 'baitcheck-feed-routes-'));
const feedFile = join(dir, 'feed.txt');
writeFileSync(feedFile, 'evil-parcel-fees.top\nhttps://bit.ly/3xYzAb\n');
const emptyFile = join(dir, 'empty.txt');
writeFileSync(emptyFile, '# nothing here\n');

const TOKEN = 'test-admin-token-0123456789abcdef';

describe('admin feed routes', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent' }, database, logger: false, adminToken: TOKEN });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const importFeed = (headers: Record<string, string>, remoteAddress = '127.0.0.1', payload: unknown = { location: feedFile, source: 'local-test' }) =>
    app.inject({ method: 'POST', url: '/api/admin/feeds/import', headers, remoteAddress, payload: payload as Record<string, unknown> });

  it('imports a feed for the administrator on this machine and lists it', async () => {
    const res = await importFeed({ authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ source: 'local-test', format: 'plain', entries: 2, added: 2, removed: 0, skipped: 0 });
    const list = await app.inject({ method: 'GET', url: '/api/admin/feeds', headers: { authorization: `Bearer ${TOKEN}` }, remoteAddress: '::1' });
    expect(list.statusCode).toBe(200);
    expect(list.json().sources).toEqual([expect.objectContaining({ name: 'local-test', location: feedFile, entryCount: 2, lastError: null, importedAt: expect.any(String) })]);
    // no session is made for the administrator's tool
    expect(res.cookies).toEqual([]);
  });

  it.each([
    ['no token', {}, '127.0.0.1'],
    ['a wrong token', { authorization: 'Bearer not-the-token-0123456789abcdefgh' }, '127.0.0.1'],
    ['a token that is a prefix', { authorization: `Bearer ${TOKEN.slice(0, 10)}` }, '127.0.0.1'],
    ['another machine', { authorization: `Bearer ${TOKEN}` }, '192.0.2.10'],
    ['a request forwarded by a proxy on this machine', { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '198.51.100.7' }, '127.0.0.1'],
  ])('refuses %s (403 ADMIN_ONLY)', async (_name, headers, remote) => {
    const res = await importFeed(headers, remote);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ADMIN_ONLY');
  });

  it.each([
    ['a body of the wrong shape', { location: 42, source: 'Bad Name!' }],
    ['no body', undefined],
  ])('refuses a stranger sending %s as ADMIN_ONLY, before reading it (no field names)', async (_name, payload) => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/feeds/import', remoteAddress: '192.0.2.10', ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'ADMIN_ONLY', message: expect.any(String) });
  });

  it('refuses everyone when the server has no admin token', async () => {
    const db = await openDatabase({ kind: 'pglite' });
    const bare = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent' }, database: db, logger: false });
    try {
      const res = await bare.inject({ method: 'GET', url: '/api/admin/feeds', headers: { authorization: 'Bearer undefined' } });
      expect(res.json().error.code).toBe('ADMIN_ONLY');
    } finally {
      await bare.close();
      await db.close();
    }
  });

  it('says why a feed could not be imported (422) and keeps what was listed', async () => {
    const res = await importFeed({ authorization: `Bearer ${TOKEN}` }, '127.0.0.1', { location: emptyFile, source: 'local-test' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'FEED_IMPORT_FAILED', message: expect.stringContaining('no usable entry') });
    const list = await app.inject({ method: 'GET', url: '/api/admin/feeds', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(list.json().sources[0]).toMatchObject({ name: 'local-test', entryCount: 2, lastError: expect.stringContaining('no usable entry') });
  });

  it('validates the request', async () => {
    const res = await importFeed({ authorization: `Bearer ${TOKEN}` }, '127.0.0.1', { location: feedFile, source: 'Bad Name!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('source');
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inputLinks } from '@baitcheck/detector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { DATABASES } from '../../../test/databases.ts';
import { createFeedsRepository } from './feeds.repository.ts';
import { createFeedsService, FeedImportError, hostKeysOf, type FeedsService } from './feeds.service.ts';

const dir = mkdtempSync(join(tmpdir(), 'baitcheck-feeds-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// a real HTTP server on loopback serving feeds the way feed sites do
const routes = new Map<string, { status: number; body: string }>();
const handlers = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const handler = handlers.get(req.url ?? '');
    if (handler) return handler(req, res);
    const route = routes.get(req.url ?? '') ?? { status: 404, body: 'not found' };
    res.writeHead(route.status, { 'content-type': 'text/plain' }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const scanLinks = (text: string) => inputLinks({ kind: 'text', content: text });

describe('hostKeysOf', () => {
  it('looks a link up under its host and each parent down to the registrable domain', () => {
    expect(hostKeysOf({ host: 'www.login.secure.evil-parcel.co.uk', registrableDomain: 'evil-parcel.co.uk' })).toEqual(['login.secure.evil-parcel.co.uk', 'secure.evil-parcel.co.uk', 'evil-parcel.co.uk']);
    expect(hostKeysOf({ host: '203.0.113.9', registrableDomain: null })).toEqual(['203.0.113.9']);
    expect(hostKeysOf({ host: null, registrableDomain: null })).toEqual([]);
  });
});

for (const factory of DATABASES) {
  describe(`threat feed imports (${factory.name})`, () => {
    let database: Database;
    let feeds: FeedsService;
    let now = new Date('2026-11-20T00:00:00Z');
    beforeAll(async () => {
      database = await factory.open();
      feeds = createFeedsService({ repo: createFeedsRepository(database.db), clock: () => now });
    });
    afterAll(async () => {
      await database.close();
    });

    it('imports a plain list from a file and matches hosts, their subdomains and exact URLs only', async () => {
      const path = file('openphish.txt', ['# OpenPhish', 'https://evil-parcel.top/', 'hxxps://paypal-login[.]web[.]app/signin', 'http://bit.ly/3xYzQ', 'bit.ly', 'junk line with spaces', ''].join('\n'));
      const result = await feeds.importFeed('openphish', path);
      expect(result).toEqual({ source: 'openphish', format: 'plain', entries: 4, added: 4, removed: 0, skipped: 2 });

      const hits = await feeds.lookupLinks(scanLinks('See https://login.evil-parcel.top/x and https://bit.ly/3xYzQ and https://bit.ly/other and https://paypal-login.web.app/'));
      expect(hits.map((h) => `${h.kind}:${h.key}`).sort()).toEqual(['host:evil-parcel.top', 'host:paypal-login.web.app', 'url:bit.ly/3xYzQ']);
      expect(hits.every((h) => h.sources.join() === 'openphish')).toBe(true);
      expect(await feeds.lookupLinks(scanLinks('https://bit.ly/other https://web.app https://example.com'))).toEqual([]);
    });

    it('imports PhishTank JSON over HTTP from a local server, replacing the source\'s list', async () => {
      routes.set('/pt.json', { status: 200, body: JSON.stringify([{ phish_id: 1, url: 'http://first-phish.shop/' }, { phish_id: 2, url: 'https://docs.google.com/forms/d/e/1FAIpQLSe/viewform' }]) });
      expect(await feeds.importFeed('phishtank', `${base}/pt.json`)).toMatchObject({ format: 'phishtank-json', entries: 2, added: 2 });
      now = new Date('2026-11-21T00:00:00Z');
      routes.set('/pt.json', { status: 200, body: JSON.stringify([{ phish_id: 2, url: 'https://docs.google.com/forms/d/e/1FAIpQLSe/viewform' }]) });
      expect(await feeds.importFeed('phishtank', `${base}/pt.json`)).toMatchObject({ entries: 1, added: 0, removed: 1 });
      expect(await feeds.lookupLinks(scanLinks('http://first-phish.shop/'))).toEqual([]);
      const [form] = await feeds.lookupLinks(scanLinks('https://docs.google.com/forms/d/e/1FAIpQLSe/viewform'));
      expect(form).toMatchObject({ kind: 'url', sources: ['phishtank'] });
      expect(form!.firstSeen.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    });

    it.each([
      ['an HTTP error', () => `${base}/missing.txt`, /download failed: HTTP 404/],
      ['a server that is not there', () => 'http://127.0.0.1:9/feed.txt', /download failed/],
      ['a missing file', () => join(dir, 'nope.txt'), /file not found/],
      ['a folder', () => dir, /is not a file/],
      ['a feed with nothing usable', () => file('junk.txt', 'hello world\nnot a host\n'), /no usable entry/],
      ['broken JSON', () => file('broken.json', '[{"url": "http://x.top/"'), /cannot read the feed/],
    ])('keeps the old list and records the failure on %s', async (_, location, message) => {
      await expect(feeds.importFeed('openphish', location())).rejects.toThrow(FeedImportError);
      await expect(feeds.importFeed('openphish', location())).rejects.toThrow(message);
      expect((await feeds.lookupLinks(scanLinks('https://evil-parcel.top/'))).length).toBe(1);
      const source = (await feeds.listSources()).find((s) => s.name === 'openphish');
      expect(source).toMatchObject({ entryCount: 4 });
      expect(source!.lastError).toMatch(message);
    });

    it('stops a download without an end as soon as it passes the size limit', async () => {
      let closed = false;
      handlers.set('/endless.txt', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const line = 'evil-endless.top\n'.repeat(4096);
        const timer = setInterval(() => res.write(line), 1);
        res.on('close', () => {
          closed = true;
          clearInterval(timer);
        });
      });
      const small = createFeedsService({ repo: createFeedsRepository(database.db), clock: () => now, maxFeedBytes: 256 * 1024 });
      await expect(small.importFeed('endless', `${base}/endless.txt`)).rejects.toThrow('the feed is larger than 262144 bytes');
      await expect.poll(() => closed).toBe(true);
    });

    it('counts the decompressed bytes of a compressed download (a gzip bomb is refused)', async () => {
      const bomb = gzipSync(Buffer.from('evil-bomb.top\n'.repeat(1_000_000)));
      handlers.set('/bomb.txt.gz', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': String(bomb.byteLength) });
        res.end(bomb);
      });
      expect(bomb.byteLength).toBeLessThan(256 * 1024);
      const small = createFeedsService({ repo: createFeedsRepository(database.db), clock: () => now, maxFeedBytes: 256 * 1024 });
      await expect(small.importFeed('bomb', `${base}/bomb.txt.gz`)).rejects.toThrow('the feed is larger than 262144 bytes');
    });

    it('follows a few redirects and refuses a chain longer than five', async () => {
      for (let i = 0; i < 8; i++) {
        handlers.set(`/hop${i}`, (_req, res) => res.writeHead(302, { location: i === 7 ? '/feed-after-hops.txt' : `/hop${i + 1}` }).end());
      }
      routes.set('/feed-after-hops.txt', { status: 200, body: 'redirected-feed.top\n' });
      expect(await feeds.importFeed('hops', `${base}/hop3`)).toMatchObject({ entries: 1 });
      await expect(feeds.importFeed('hops', `${base}/hop1`)).rejects.toThrow('download failed: more than 5 redirects');
    });

    it('refuses a source name that is not a plain name', async () => {
      await expect(feeds.importFeed('../etc', file('ok.txt', 'evil.top\n'))).rejects.toThrow(/source name/);
    });
  });
}

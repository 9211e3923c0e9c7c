import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { adminTokenPath, writeAdminToken } from '../lib/admin-token.ts';
import { capture, closedPort } from '../test/cli-io.ts';
import { defaultSourceName, runFeedsImport, serverBaseUrl } from './feeds-import.ts';

const root = mkdtempSync(join(tmpdir(), 'baitcheck-feeds-cli-'));
const feed = join(root, 'My Feed.txt');
writeFileSync(feed, 'evil-parcel-fees.top\nhttps://bit.ly/3xYzAb\nhxxps://login-paypa1[.]com/verify\n');

describe('npm run feeds:import', () => {
  it('names a source after the feed', () => {
    expect(defaultSourceName('https://openphish.com/feed.txt')).toBe('openphish.com');
    expect(defaultSourceName('/srv/feeds/My Feed.txt')).toBe('my-feed');
    expect(defaultSourceName('/srv/__.csv')).toBe('feed');
    expect(serverBaseUrl({ host: 'localhost', port: 5000 })).toBe('http://127.0.0.1:5000');
    expect(serverBaseUrl({ host: '::1', port: 5000 })).toBe('http://[::1]:5000');
  });

  it.each([
    [[], 'name a feed file or address'],
    [['a.txt', 'b.txt'], 'one feed at a time'],
    [['a.txt', '--format', 'xml'], 'unknown format "xml"'],
    [['a.txt', '--source'], '--source needs a value'],
    [['--frobnicate'], 'unknown option --frobnicate'],
  ])('refuses %j with usage (exit 2)', async (argv, message) => {
    const c = capture();
    expect(await runFeedsImport(argv, { DATA_DIR: join(root, 'unused') }, c.io)).toBe(2);
    expect(c.err.join('\n')).toContain(message);
    expect(c.err.join('\n')).toContain('Usage: npm run feeds:import');
  });

  it('says a file is missing (exit 1)', async () => {
    const c = capture();
    expect(await runFeedsImport(['nope.txt'], { DATA_DIR: join(root, 'unused'), INIT_CWD: root }, c.io)).toBe(1);
    expect(c.err).toEqual([`file not found: ${join(root, 'nope.txt')}`]);
  });

  describe('with no server running', () => {
    const dataDir = join(root, 'alone');
    it('opens the embedded database itself, imports, and lists', async () => {
      // a token left by a server that has stopped: nothing answers on its port
      writeAdminToken(adminTokenPath(dataDir));
      const env = { DATA_DIR: dataDir, PORT: String(await closedPort()), HOST: '127.0.0.1', INIT_CWD: root };
      const c = capture();
      expect(await runFeedsImport(['My Feed.txt'], env, c.io)).toBe(0);
      expect(c.out).toEqual(['Imported my-feed (plain): 3 entries now listed, 3 added, 0 removed, 0 skipped.']);
      const l = capture();
      expect(await runFeedsImport(['--list'], env, l.io)).toBe(0);
      expect(l.out[0]).toMatch(new RegExp(`^my-feed: 3 entries, imported \\d{4}-.* from ${feed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    });

    it('never opens a database another process holds, and says so', async () => {
      const release = acquireDataDirLock(`${join(dataDir, 'db')}.lock`);
      try {
        const c = capture();
        expect(await runFeedsImport([feed], { DATA_DIR: dataDir, PORT: String(await closedPort()), HOST: '127.0.0.1' }, c.io)).toBe(1);
        expect(c.err[0]).toMatch(/^could not open the database: The database in .* is in use by another Baitcheck server/);
      } finally {
        release();
      }
    });
  });

  describe('with a server running', () => {
    const dataDir = join(root, 'served');
    let database: Database;
    let app: FastifyInstance;
    let env: NodeJS.ProcessEnv;
    beforeAll(async () => {
      // the server holds the embedded database (and its lock) as `npm start` does
      database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
      const adminToken = writeAdminToken(adminTokenPath(dataDir));
      app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent' }, database, logger: false, adminToken });
      await app.listen({ port: 0, host: '127.0.0.1' });
      env = { DATA_DIR: dataDir, PORT: String((app.server.address() as AddressInfo).port), HOST: '127.0.0.1', INIT_CWD: root };
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('imports through the server, which sees the entries at once', async () => {
      const c = capture();
      expect(await runFeedsImport([feed, '--source', 'openphish'], env, c.io)).toBe(0);
      expect(c.out[0]).toMatch(/^Imported openphish \(plain\): 3 entries now listed, 3 added, 0 removed, 0 skipped\. \(through the server at http:\/\/127\.0\.0\.1:\d+\)$/);
      const hits = await app.feeds.lookupLinks([
        { url: 'https://login-paypa1.com/verify', host: 'login-paypa1.com', registrableDomain: 'login-paypa1.com' },
        { url: 'http://pay.evil-parcel-fees.top/', host: 'pay.evil-parcel-fees.top', registrableDomain: 'evil-parcel-fees.top' },
      ]);
      expect(hits.map((h) => [h.key, h.sources])).toEqual(
        expect.arrayContaining([
          [expect.stringContaining('login-paypa1.com/verify'), ['openphish']],
          ['evil-parcel-fees.top', ['openphish']],
        ]),
      );
      expect(hits).toHaveLength(2);
    });

    it("passes on the server's reason when an import fails", async () => {
      const bad = join(root, 'bad.json');
      writeFileSync(bad, '{"not": "a feed"');
      const c = capture();
      expect(await runFeedsImport([bad, '--format', 'phishtank-json'], env, c.io)).toBe(1);
      expect(c.err[0]).toMatch(/^The threat feed could not be imported: cannot read the feed/);
    });

    it('says when the token is not this server’s', async () => {
      writeAdminToken(adminTokenPath(join(root, 'other')));
      const c = capture();
      expect(await runFeedsImport(['--list'], { ...env, DATA_DIR: join(root, 'other') }, c.io)).toBe(1);
      expect(c.err[0]).toContain("refused this data folder's admin token");
    });
  });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

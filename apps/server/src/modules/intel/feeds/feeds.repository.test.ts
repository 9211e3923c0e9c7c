import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { DATABASES } from '../../../test/databases.ts';
import { createFeedsRepository, type FeedKey, type FeedsRepository } from './feeds.repository.ts';

const source = { name: 'openphish', location: '/feeds/openphish.txt', format: 'plain' };
const host = (key: string): FeedKey => ({ kind: 'host', key });
const url = (key: string): FeedKey => ({ kind: 'url', key });
const t = (iso: string) => new Date(iso);

for (const factory of DATABASES) {
  describe(`threat feeds repository (${factory.name})`, () => {
    let database: Database;
    let repo: FeedsRepository;
    beforeAll(async () => {
      database = await factory.open();
      repo = createFeedsRepository(database.db);
    });
    afterAll(async () => {
      await database.close();
    });

    it('replaces a source\'s list, keeping when an entry was first seen', async () => {
      expect(await repo.replaceSource(source, [host('evil-parcel.top'), url('bit.ly/3xYzQ'), host('paypal-login.web.app')], t('2026-11-01T00:00:00Z'))).toEqual({ added: 3, removed: 0, total: 3 });
      const second = await repo.replaceSource(source, [host('evil-parcel.top'), host('new-phish.shop')], t('2026-11-02T00:00:00Z'));
      expect(second).toEqual({ added: 1, removed: 2, total: 2 });

      const hits = await repo.lookup(['evil-parcel.top', 'new-phish.shop', 'paypal-login.web.app', 'example.com'], ['bit.ly/3xYzQ']);
      expect(hits.map((h) => [h.kind, h.key, h.firstSeen.toISOString()]).sort()).toEqual([
        ['host', 'evil-parcel.top', '2026-11-01T00:00:00.000Z'],
        ['host', 'new-phish.shop', '2026-11-02T00:00:00.000Z'],
      ]);
      const [stored] = await repo.listSources();
      expect(stored).toMatchObject({ ...source, entryCount: 2, lastError: null });
      expect(stored!.importedAt?.toISOString()).toBe('2026-11-02T00:00:00.000Z');
    });

    it('matches hosts as hosts and URLs as URLs, naming every source', async () => {
      await repo.replaceSource({ name: 'phishtank', location: 'https://feeds.example/pt.json', format: 'phishtank-json' }, [host('evil-parcel.top'), url('docs.google.com/forms/d/e/X/viewform')], t('2026-11-03T00:00:00Z'));
      const hits = await repo.lookup(['evil-parcel.top', 'docs.google.com/forms/d/e/X/viewform'], ['evil-parcel.top', 'docs.google.com/forms/d/e/X/viewform']);
      expect(hits.map((h) => [h.kind, h.key, h.sources]).sort()).toEqual([
        ['host', 'evil-parcel.top', ['openphish', 'phishtank']],
        ['url', 'docs.google.com/forms/d/e/X/viewform', ['phishtank']],
      ]);
      expect(hits.find((h) => h.key === 'evil-parcel.top')!.firstSeen.toISOString()).toBe('2026-11-01T00:00:00.000Z');
      expect(await repo.lookup([], [])).toEqual([]);
    });

    it('keeps the entries when an import fails, and says so', async () => {
      await repo.recordFailure(source, 'download failed: HTTP 503', t('2026-11-04T00:00:00Z'));
      const stored = (await repo.listSources()).find((s) => s.name === 'openphish');
      expect(stored).toMatchObject({ entryCount: 2, lastError: 'download failed: HTTP 503' });
      expect(stored!.lastAttemptAt.toISOString()).toBe('2026-11-04T00:00:00.000Z');
      expect((await repo.lookup(['new-phish.shop'], [])).length).toBe(1);
      // a source never imported successfully is listed with its error and no entries
      await repo.recordFailure({ name: 'urlhaus', location: '/nope.csv', format: 'urlhaus-csv' }, 'file not found', t('2026-11-04T00:00:00Z'));
      expect((await repo.listSources()).find((s) => s.name === 'urlhaus')).toMatchObject({ entryCount: 0, importedAt: null, lastError: 'file not found' });
    });

    it('rolls back a replacement that fails half-way, leaving the old list whole', async () => {
      const bad = [host('half-way.top'), { kind: 'nonsense', key: 'x' } as unknown as FeedKey];
      await expect(repo.replaceSource(source, bad, t('2026-11-05T00:00:00Z'))).rejects.toThrow();
      expect((await repo.lookup(['evil-parcel.top', 'new-phish.shop', 'half-way.top'], [])).map((h) => h.key).sort()).toEqual(['evil-parcel.top', 'new-phish.shop']);
    });

    it('imports a large feed in batches', async () => {
      const many = Array.from({ length: 5001 }, (_, i) => host(`phish-${i}.example-bad.top`));
      expect(await repo.replaceSource({ name: 'big', location: '/big.txt', format: 'plain' }, many, t('2026-11-06T00:00:00Z'))).toEqual({ added: 5001, removed: 0, total: 5001 });
      expect((await repo.lookup(['phish-5000.example-bad.top'], [])).length).toBe(1);
    });
  });
}

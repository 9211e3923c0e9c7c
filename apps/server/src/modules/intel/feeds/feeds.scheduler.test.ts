import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/database.ts';
import { createFeedsRepository } from './feeds.repository.ts';
import { importStarterFeed, parseScheduledFeeds, startFeedSchedule, STARTER_FEED_PATH, STARTER_FEED_SOURCE } from './feeds.scheduler.ts';
import { createFeedsService, type FeedsService } from './feeds.service.ts';

const dir = mkdtempSync(join(tmpdir(), 'baitcheck-feed-schedule-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

function recordingLogger() {
  const lines: string[] = [];
  return { lines, info: (_o: unknown, msg?: string) => void lines.push(`info ${msg ?? ''}`), warn: (_o: unknown, msg?: string) => void lines.push(`warn ${msg ?? ''}`) };
}

describe('parseScheduledFeeds', () => {
  it('reads name=location pairs', () => {
    expect(parseScheduledFeeds(' openphish=https://openphish.com/feed.txt , mine=/srv/list.txt,')).toEqual([
      { source: 'openphish', location: 'https://openphish.com/feed.txt' },
      { source: 'mine', location: '/srv/list.txt' },
    ]);
    expect(parseScheduledFeeds('')).toEqual([]);
  });
  it.each(['https://openphish.com/feed.txt', 'Open Phish=x.txt', 'a=', '=x.txt'])('refuses %j', (value) => {
    expect(() => parseScheduledFeeds(value)).toThrow(/is not name=location/);
  });
});

describe('feed schedule', () => {
  let database: Database;
  let feeds: FeedsService;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    feeds = createFeedsService({ repo: createFeedsRepository(database.db) });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports the starter feed into a new database once', async () => {
    const logger = recordingLogger();
    await importStarterFeed(feeds, logger);
    const [starter] = await feeds.listSources();
    expect(starter).toMatchObject({ name: STARTER_FEED_SOURCE, location: STARTER_FEED_PATH, lastError: null });
    expect(starter?.entryCount).toBeGreaterThan(1500);
    expect(logger.lines).toEqual(['info imported the starter threat feed']);
    // the first line of the committed file is a known phishing host now
    const hits = await feeds.lookupLinks([{ url: 'https://ble.sharefile-passmanjones.in/', host: 'ble.sharefile-passmanjones.in', registrableDomain: 'sharefile-passmanjones.in' }]);
    expect(hits.map((h) => h.sources)).toEqual([[STARTER_FEED_SOURCE]]);
    const again = recordingLogger();
    await importStarterFeed(feeds, again);
    expect(again.lines).toEqual([]);
  });

  it('says so and goes on when the starter feed cannot be read', async () => {
    const db = await openDatabase({ kind: 'pglite' });
    try {
      const logger = recordingLogger();
      await importStarterFeed(createFeedsService({ repo: createFeedsRepository(db.db) }), logger, join(dir, 'missing.txt'));
      expect(logger.lines).toEqual([expect.stringMatching(/^warn could not import the starter threat feed: file not found/)]);
    } finally {
      await db.close();
    }
  });

  it('imports stale feeds at once, skips fresh ones, keeps entries when an import fails, and stops', async () => {
    const good = file('good.txt', 'scheduled-phish.top\n');
    const broken = join(dir, 'gone.txt');
    await feeds.importFeed('fresh', file('fresh.txt', 'fresh-phish.top\n'));
    const now = Date.now();
    const logger = recordingLogger();
    const schedule = startFeedSchedule({
      feeds,
      scheduled: [
        { source: 'good', location: good },
        { source: 'fresh', location: join(dir, 'would-fail-if-read.txt') },
        { source: 'broken', location: broken },
      ],
      intervalMs: 3_600_000,
      logger,
      clock: () => now,
    });
    await schedule.idle();
    schedule.stop();
    expect(logger.lines).toEqual(['info imported threat feed good', expect.stringMatching(/^warn threat feed broken was not imported, its entries are kept: file not found/)]);
    const sources = new Map((await feeds.listSources()).map((s) => [s.name, s]));
    expect(sources.get('good')?.entryCount).toBe(1);
    expect(sources.get('fresh')?.entryCount).toBe(1);
    expect(sources.get('broken')).toMatchObject({ entryCount: 0, importedAt: null, lastError: expect.stringContaining('file not found') });
  });

  it('imports again every interval', async () => {
    const path = file('growing.txt', 'first-phish.top\n');
    const logger = recordingLogger();
    const schedule = startFeedSchedule({ feeds, scheduled: [{ source: 'growing', location: path }], intervalMs: 100, logger });
    try {
      await schedule.idle();
      writeFileSync(path, 'first-phish.top\nsecond-phish.top\n');
      const deadline = Date.now() + 10_000;
      let count = 0;
      while (count !== 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        count = (await feeds.listSources()).find((s) => s.name === 'growing')?.entryCount ?? 0;
      }
      expect(count).toBe(2);
    } finally {
      schedule.stop();
      await schedule.idle();
    }
  });

  it('does nothing without scheduled feeds', async () => {
    const logger = recordingLogger();
    const schedule = startFeedSchedule({ feeds, scheduled: [], intervalMs: 1000, logger });
    await schedule.idle();
    schedule.stop();
    expect(logger.lines).toEqual([]);
  });
});

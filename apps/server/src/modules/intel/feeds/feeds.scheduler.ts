import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { FeedImportError, type FeedsService } from './feeds.service.ts';

/** The feed a new install starts with (`npm run feeds:starter` builds it from the shared data). */
export const STARTER_FEED_PATH = fileURLToPath(new URL('../../../../feeds/starter-feed.txt', import.meta.url));

/** The source name of the starter feed. */
export const STARTER_FEED_SOURCE = 'baitcheck-starter';

/** A feed the server imports on a schedule (`THREAT_FEEDS`). */
export interface ScheduledFeed {
  source: string;
  location: string;
}

/**
 * Reads `THREAT_FEEDS`: comma-separated `name=location` pairs, a location being an http(s)
 * address or a file path (`openphish=https://openphish.com/feed.txt, mine=/srv/feeds/list.txt`).
 * Throws with the bad entry named.
 */
export function parseScheduledFeeds(value: string): ScheduledFeed[] {
  const out: ScheduledFeed[] = [];
  for (const part of value.split(',').map((p) => p.trim()).filter((p) => p.length > 0)) {
    const eq = part.indexOf('=');
    const source = eq > 0 ? part.slice(0, eq).trim() : '';
    const location = eq > 0 ? part.slice(eq + 1).trim() : '';
    if (!/^[a-z0-9][a-z0-9._-]{0,62}$/.test(source) || location.length === 0) {
      throw new Error(`"${part}" is not name=location (a name is lower-case letters, digits, dots, dashes or underscores)`);
    }
    if (out.some((f) => f.source === source)) throw new Error(`the feed name "${source}" is used twice`);
    out.push({ source, location });
  }
  return out;
}

/**
 * Imports the starter feed when it has never been imported into this database: a new install
 * knows some phishing sites from its first enhanced scan. Afterwards it is left alone (an
 * administrator may replace or drop it like any source).
 */
export async function importStarterFeed(feeds: FeedsService, logger: Pick<Logger, 'info' | 'warn'>, path: string = STARTER_FEED_PATH): Promise<void> {
  const sources = await feeds.listSources();
  if (sources.some((s) => s.name === STARTER_FEED_SOURCE && s.importedAt !== null)) return;
  try {
    const result = await feeds.importFeed(STARTER_FEED_SOURCE, path, 'plain');
    logger.info({ feed: result }, 'imported the starter threat feed');
  } catch (err) {
    logger.warn({ err }, `could not import the starter threat feed: ${(err as Error).message}`);
  }
}

/**
 * Imports each scheduled feed now when its last good import is older than `intervalMs` (or it
 * never succeeded), then again every `intervalMs`, one feed at a time, never overlapping. A
 * failed import leaves the feed's entries as they were (the service records the failure).
 * Returns a function that stops the schedule.
 */
export function startFeedSchedule(options: {
  feeds: FeedsService;
  scheduled: readonly ScheduledFeed[];
  intervalMs: number;
  logger: Pick<Logger, 'info' | 'warn'>;
  clock?: () => number;
}): { stop(): void; idle(): Promise<void> } {
  const clock = options.clock ?? Date.now;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const runDue = async (onlyStale: boolean) => {
    const known = new Map((await options.feeds.listSources()).map((s) => [s.name, s]));
    for (const feed of options.scheduled) {
      if (stopped) return;
      const last = known.get(feed.source)?.importedAt;
      if (onlyStale && last && clock() - last.getTime() < options.intervalMs) continue;
      try {
        const result = await options.feeds.importFeed(feed.source, feed.location);
        options.logger.info({ feed: result }, `imported threat feed ${feed.source}`);
      } catch (err) {
        const message = err instanceof FeedImportError ? err.message : (err as Error).message;
        options.logger.warn({ source: feed.source }, `threat feed ${feed.source} was not imported, its entries are kept: ${message}`);
      }
    }
  };
  const tick = (onlyStale: boolean) => {
    running = running.then(() => runDue(onlyStale)).catch((err: unknown) => options.logger.warn({ err }, 'the threat feed schedule failed'));
  };

  if (options.scheduled.length === 0) return { stop: () => undefined, idle: () => running };
  tick(true);
  const timer = setInterval(() => tick(false), options.intervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
    idle: () => running,
  };
}

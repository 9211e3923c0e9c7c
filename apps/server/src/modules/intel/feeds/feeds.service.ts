import { readFile, stat } from 'node:fs/promises';
import { feedEntryKeys, feedUrlKey, type LinkFinding } from '@baitcheck/detector';
import type { FeedHit, FeedKey, FeedsRepository } from './feeds.repository.ts';
import { parseFeed, type FeedFormat } from './parse-feed.ts';

/** The largest feed read, file or download: PhishTank's full JSON is about 100 MB. */
export const MAX_FEED_BYTES = 200 * 1024 * 1024;
/** How long a feed download may take. */
export const FEED_DOWNLOAD_TIMEOUT_MS = 60_000;
/** Source names: what the Threat Intelligence panel shows and `npm run feeds:import` takes. */
const SOURCE_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;

/** Why an import failed, in a sentence for the person who ran it. */
export class FeedImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedImportError';
  }
}

/** What an import did. */
export interface FeedImportResult {
  source: string;
  format: FeedFormat;
  /** Usable keys stored (hosts and URLs). */
  entries: number;
  added: number;
  removed: number;
  /** Rows the parser could not read, and entries on hosts that are everyone's with no usable URL. */
  skipped: number;
}

/** Reads a feed from a file or an http(s) address, at most {@link MAX_FEED_BYTES}. */
async function readFeed(location: string, fetchImpl: typeof fetch): Promise<string> {
  if (/^https?:\/\//i.test(location)) {
    let res: Response;
    try {
      res = await fetchImpl(location, { signal: AbortSignal.timeout(FEED_DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
    } catch (err) {
      throw new FeedImportError(`download failed: ${(err as Error).name === 'TimeoutError' ? 'no answer within 60 s' : (err as Error).message}`);
    }
    if (!res.ok) throw new FeedImportError(`download failed: HTTP ${res.status}`);
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > MAX_FEED_BYTES) throw new FeedImportError(`the feed is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`);
    const body = await res.arrayBuffer();
    if (body.byteLength > MAX_FEED_BYTES) throw new FeedImportError(`the feed is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`);
    return new TextDecoder().decode(body);
  }
  try {
    const info = await stat(location);
    if (!info.isFile()) throw new FeedImportError(`${location} is not a file`);
    if (info.size > MAX_FEED_BYTES) throw new FeedImportError(`the feed is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`);
    return await readFile(location, 'utf8');
  } catch (err) {
    if (err instanceof FeedImportError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new FeedImportError(code === 'ENOENT' ? `file not found: ${location}` : `cannot read ${location}: ${(err as Error).message}`);
  }
}

/**
 * The host keys a link is looked up under: its host without `www.` and each parent domain down to
 * its registrable domain (a listed `evil.example` covers `login.evil.example`).
 */
export function hostKeysOf(link: Pick<LinkFinding, 'host' | 'registrableDomain'>): string[] {
  if (link.host === null) return [];
  const host = link.host.replace(/\.$/, '').replace(/^www\d{0,2}\./, '');
  const out = [host];
  const stop = link.registrableDomain;
  let name = host;
  for (let i = 0; i < 16 && stop !== null && name !== stop && name.endsWith(`.${stop}`); i++) {
    name = name.slice(name.indexOf('.') + 1);
    out.push(name);
  }
  return out;
}

/** Threat feeds: imports and lookups. */
export function createFeedsService(deps: { repo: FeedsRepository; clock?: () => Date; fetch?: typeof fetch }) {
  const clock = deps.clock ?? (() => new Date());
  const fetchImpl = deps.fetch ?? fetch;

  return {
    /**
     * Imports a feed as source `name`, replacing that source's entries. On any failure (unreadable,
     * unparsable, no usable entry) the entries stay as they were, the failure is recorded on the
     * source, and a {@link FeedImportError} is thrown.
     */
    async importFeed(name: string, location: string, format?: FeedFormat): Promise<FeedImportResult> {
      if (!SOURCE_NAME.test(name)) throw new FeedImportError('a source name is 1-63 lower-case letters, digits, dots, dashes or underscores');
      const now = clock();
      const source = { name, location, format: format ?? 'auto' };
      try {
        const text = await readFeed(location, fetchImpl);
        let parsed;
        try {
          parsed = parseFeed(text, format);
        } catch (err) {
          throw new FeedImportError(`cannot read the feed: ${(err as Error).message}`);
        }
        const keys = new Map<string, FeedKey>();
        let unusable = 0;
        for (const entry of parsed.entries) {
          const k = feedEntryKeys(entry);
          if (k.host !== null) keys.set(`host|${k.host}`, { kind: 'host', key: k.host });
          if (k.url !== null) keys.set(`url|${k.url}`, { kind: 'url', key: k.url });
          if (k.host === null && k.url === null) unusable++;
        }
        if (keys.size === 0) throw new FeedImportError(`no usable entry in the feed (${parsed.entries.length} read, ${parsed.skipped} unreadable rows)`);
        const stored = await deps.repo.replaceSource({ ...source, format: parsed.format }, [...keys.values()], now);
        return { source: name, format: parsed.format, entries: stored.total, added: stored.added, removed: stored.removed, skipped: parsed.skipped + unusable };
      } catch (err) {
        const message = err instanceof FeedImportError ? err.message : `import failed: ${(err as Error).message}`;
        await deps.repo.recordFailure(source, message, now);
        throw err instanceof FeedImportError ? err : new FeedImportError(message);
      }
    },

    /** The feed entries matching `links` (by host and parent domains, and by exact URL). */
    async lookupLinks(links: readonly Pick<LinkFinding, 'url' | 'host' | 'registrableDomain'>[]): Promise<FeedHit[]> {
      const hosts = links.flatMap(hostKeysOf);
      const urls = links.map((l) => feedUrlKey(l.url)).filter((k): k is string => k !== null);
      return deps.repo.lookup(hosts, urls);
    },

    listSources: () => deps.repo.listSources(),
  };
}

/** The threat-feed service. */
export type FeedsService = ReturnType<typeof createFeedsService>;

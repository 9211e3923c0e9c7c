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

/** Redirects a feed download may follow before it is refused. */
export const MAX_FEED_REDIRECTS = 5;

const tooLarge = (maxBytes: number) =>
  new FeedImportError(`the feed is larger than ${maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${maxBytes} bytes`}`);

/**
 * Downloads a feed, following at most {@link MAX_FEED_REDIRECTS} redirects, each to http(s) and
 * never from https down to http. The body is read as a stream and the download stopped as soon as
 * it passes `maxBytes` of decompressed text: neither a missing Content-Length nor a gzip bomb
 * makes the server hold more than that.
 */
async function downloadFeed(location: string, fetchImpl: typeof fetch, maxBytes: number): Promise<string> {
  const signal = AbortSignal.timeout(FEED_DOWNLOAD_TIMEOUT_MS);
  let url = new URL(location);
  let res: Response;
  try {
    for (let hop = 0; ; hop++) {
      res = await fetchImpl(url, { signal, redirect: 'manual' });
      const next = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (next === null) break;
      await res.body?.cancel();
      if (hop >= MAX_FEED_REDIRECTS) throw new FeedImportError(`download failed: more than ${MAX_FEED_REDIRECTS} redirects`);
      const target = new URL(next, url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new FeedImportError(`download failed: redirected to a ${target.protocol} address`);
      if (url.protocol === 'https:' && target.protocol === 'http:') throw new FeedImportError('download failed: redirected from https to plain http');
      url = target;
    }
  } catch (err) {
    if (err instanceof FeedImportError) throw err;
    throw new FeedImportError(`download failed: ${(err as Error).name === 'TimeoutError' ? 'no answer within 60 s' : (err as Error).message}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new FeedImportError(`download failed: HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? '0');
  // Content-Length counts the compressed bytes: only a sure refusal, never a sure acceptance
  if (res.headers.get('content-encoding') === null && declared > maxBytes) {
    await res.body?.cancel();
    throw tooLarge(maxBytes);
  }
  if (res.body === null) return '';
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        throw tooLarge(maxBytes);
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
  } catch (err) {
    if (err instanceof FeedImportError) throw err;
    throw new FeedImportError(`download failed: ${(err as Error).name === 'TimeoutError' ? 'no answer within 60 s' : (err as Error).message}`);
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** Reads a feed from a file or an http(s) address, at most `maxBytes`. */
async function readFeed(location: string, fetchImpl: typeof fetch, maxBytes: number): Promise<string> {
  if (/^https?:\/\//i.test(location)) return downloadFeed(location, fetchImpl, maxBytes);
  try {
    const info = await stat(location);
    if (!info.isFile()) throw new FeedImportError(`${location} is not a file`);
    if (info.size > maxBytes) throw tooLarge(maxBytes);
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
export function createFeedsService(deps: { repo: FeedsRepository; clock?: () => Date; fetch?: typeof fetch; maxFeedBytes?: number }) {
  const clock = deps.clock ?? (() => new Date());
  const fetchImpl = deps.fetch ?? fetch;
  const maxBytes = deps.maxFeedBytes ?? MAX_FEED_BYTES;

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
        const text = await readFeed(location, fetchImpl, maxBytes);
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

import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { threatFeedEntries, threatFeedSources } from '../../../db/schema.ts';

/** One stored key of a feed (`feedEntryKeys`). */
export interface FeedKey {
  kind: 'host' | 'url';
  key: string;
}

/** A feed source as stored, with the outcome of its last import. */
export interface FeedSource {
  name: string;
  location: string;
  format: string;
  entryCount: number;
  importedAt: Date | null;
  lastAttemptAt: Date;
  lastError: string | null;
}

/** A stored key that matched, with every source listing it and when it was first seen. */
export interface FeedHit extends FeedKey {
  sources: string[];
  firstSeen: Date;
}

/** Rows per INSERT: PostgreSQL allows 65,535 parameters, an entry takes 5. */
const BATCH = 2000;
/** Keys per lookup query (a message has at most a few hundred links). */
const MAX_LOOKUP_KEYS = 5000;

/** All SQL of the threat feeds. Feeds are shared by every user: they hold no personal data. */
export function createFeedsRepository(db: Db) {
  return {
    /**
     * Makes `keys` the source's whole list, in one transaction: keys listed again keep their
     * `first_seen`, new ones start now, keys no longer listed go. If anything fails, nothing
     * changes (a failed import never empties a feed).
     */
    async replaceSource(source: { name: string; location: string; format: string }, keys: readonly FeedKey[], now: Date): Promise<{ added: number; removed: number; total: number }> {
      return db.transaction(async (tx) => {
        const before = await tx.select({ n: sql<number>`count(*)::int` }).from(threatFeedEntries).where(eq(threatFeedEntries.source, source.name));
        await tx
          .insert(threatFeedSources)
          .values({ ...source, entryCount: 0, lastAttemptAt: now, importedAt: now, lastError: null })
          .onConflictDoUpdate({ target: threatFeedSources.name, set: { location: source.location, format: source.format, lastAttemptAt: now } });
        let added = 0;
        for (let i = 0; i < keys.length; i += BATCH) {
          const rows = keys.slice(i, i + BATCH).map((k) => ({ source: source.name, kind: k.kind, key: k.key, firstSeen: now, lastSeen: now }));
          const inserted = await tx
            .insert(threatFeedEntries)
            .values(rows)
            .onConflictDoUpdate({ target: [threatFeedEntries.source, threatFeedEntries.kind, threatFeedEntries.key], set: { lastSeen: now } })
            .returning({ fresh: sql<boolean>`(xmax = 0)` });
          added += inserted.filter((r) => r.fresh).length;
        }
        const removed = await tx
          .delete(threatFeedEntries)
          .where(and(eq(threatFeedEntries.source, source.name), lt(threatFeedEntries.lastSeen, now)))
          .returning({ key: threatFeedEntries.key });
        const total = (before[0]?.n ?? 0) + added - removed.length;
        await tx.update(threatFeedSources).set({ entryCount: total, importedAt: now, lastError: null }).where(eq(threatFeedSources.name, source.name));
        return { added, removed: removed.length, total };
      });
    },

    /** Records a failed import of a source; its entries stay as they were. */
    async recordFailure(source: { name: string; location: string; format: string }, error: string, now: Date): Promise<void> {
      await db
        .insert(threatFeedSources)
        .values({ ...source, entryCount: 0, lastAttemptAt: now, lastError: error })
        .onConflictDoUpdate({ target: threatFeedSources.name, set: { lastAttemptAt: now, lastError: error } });
    },

    async listSources(): Promise<FeedSource[]> {
      return db.select().from(threatFeedSources).orderBy(threatFeedSources.name);
    },

    /** The stored keys among `hosts` (kind 'host') and `urls` (kind 'url'), one hit per key. */
    async lookup(hosts: readonly string[], urls: readonly string[]): Promise<FeedHit[]> {
      const h = [...new Set(hosts)].slice(0, MAX_LOOKUP_KEYS);
      const u = [...new Set(urls)].slice(0, MAX_LOOKUP_KEYS);
      const conditions = [];
      if (h.length > 0) conditions.push(and(eq(threatFeedEntries.kind, 'host'), inArray(threatFeedEntries.key, h)));
      if (u.length > 0) conditions.push(and(eq(threatFeedEntries.kind, 'url'), inArray(threatFeedEntries.key, u)));
      if (conditions.length === 0) return [];
      const rows = await db
        .select({ kind: threatFeedEntries.kind, key: threatFeedEntries.key, source: threatFeedEntries.source, firstSeen: threatFeedEntries.firstSeen })
        .from(threatFeedEntries)
        .where(or(...conditions));
      const hits = new Map<string, FeedHit>();
      for (const r of rows) {
        const id = `${r.kind}|${r.key}`;
        const hit = hits.get(id);
        if (hit === undefined) hits.set(id, { kind: r.kind, key: r.key, sources: [r.source], firstSeen: r.firstSeen });
        else {
          hit.sources.push(r.source);
          if (r.firstSeen < hit.firstSeen) hit.firstSeen = r.firstSeen;
        }
      }
      for (const hit of hits.values()) hit.sources.sort();
      return [...hits.values()];
    },
  };
}

/** The threat-feed repository. */
export type FeedsRepository = ReturnType<typeof createFeedsRepository>;

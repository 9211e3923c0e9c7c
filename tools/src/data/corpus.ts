/** The deduplicated, split corpus that training and evaluation read. */
import { assertDataDir, dataDir, loadSetFrom, MODERN_DATA_DIR } from './load.ts';
import { textKey, urlKey } from './normalize.ts';
import { MODERN_SETS, SOURCE_SETS } from './sources.ts';
import { splitOf } from './split.ts';
import type { DataChannel, DataLabel, DataRecord, Split } from './types.ts';

export interface CorpusOptions {
  /** Channels to load (default all). */
  channels?: readonly DataChannel[];
  /** Keep only this side of the split (default both). Modern sets are always dev. */
  split?: Split;
  /** Only these sets (names from `SOURCE_SETS`/`MODERN_SETS`); default every shared set. */
  sets?: readonly string[];
  /** Also load the hand-written modern dev sets (default false: they are for evaluation). */
  includeModern?: boolean;
  /** The shared data folder (default {@link dataDir}). */
  dataDir?: string;
  /** The folder holding `modern/` (default `<repo root>/data`). */
  modernDir?: string;
}

/** A record with its side of the split. */
export interface SplitRecord extends DataRecord {
  split: Split;
}

export interface CorpusStats {
  /** Rows read, before dedupe. */
  rowsRead: number;
  /** Rows dropped as duplicates of an earlier row with the same key and label. */
  duplicates: number;
  /** Keys dropped because their rows disagreed legit vs scam/phishing (all copies dropped). */
  conflictsDropped: number;
  /** Keys whose rows said scam in one place and phishing in another: kept once, as phishing. */
  scamPhishingMerged: number;
  /** Records kept, per channel, side and label (both sides, whatever `split` asked for). */
  counts: Record<DataChannel, Record<Split, Record<DataLabel, number>>>;
}

export interface Corpus {
  records: SplitRecord[];
  stats: CorpusStats;
}

/** The dedupe key: channel plus `textKey` (messages) or `urlKey` (URLs). */
export function dedupeKey(rec: Pick<DataRecord, 'channel' | 'text' | 'url'>): string {
  return `${rec.channel}|${rec.channel === 'url' ? urlKey(rec.url ?? rec.text) : textKey(rec.text)}`;
}

function emptyCounts(): CorpusStats['counts'] {
  const side = () => ({ legit: 0, scam: 0, phishing: 0 });
  return {
    sms: { train: side(), dev: side() },
    email: { train: side(), dev: side() },
    url: { train: side(), dev: side() },
  };
}

/**
 * Dedupes records across all of them (the union of the sets), in order:
 * - same key, same label → the first copy is kept, the later sets are listed in its `alsoIn`;
 * - same key, `scam` vs `phishing` → kept once (the first copy) labelled `phishing` (Mendeley
 *   relabelled some UCI spam as smishing: the more specific label wins);
 * - same key, `legit` vs a threat → every copy dropped and counted.
 */
export function dedupe(records: readonly DataRecord[]): { records: DataRecord[]; stats: Omit<CorpusStats, 'counts' | 'rowsRead'> } {
  const byKey = new Map<string, { rec: DataRecord; conflict: boolean }>();
  let duplicates = 0;
  let scamPhishingMerged = 0;
  const merged = new Set<string>();
  for (const r of records) {
    const key = dedupeKey(r);
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { rec: { ...r }, conflict: false });
      continue;
    }
    duplicates++;
    if (seen.rec.set !== r.set && !(seen.rec.alsoIn ?? []).includes(r.set)) {
      seen.rec.alsoIn = [...(seen.rec.alsoIn ?? []), r.set];
    }
    if (seen.rec.label === r.label) continue;
    if (seen.rec.label === 'legit' || r.label === 'legit') {
      seen.conflict = true;
    } else {
      seen.rec.label = 'phishing';
      if (!merged.has(key)) {
        merged.add(key);
        scamPhishingMerged++;
      }
    }
  }
  const out: DataRecord[] = [];
  let conflictsDropped = 0;
  for (const [key, { rec, conflict }] of byKey) {
    if (conflict) {
      conflictsDropped++;
      if (merged.has(key)) scamPhishingMerged--;
    } else out.push(rec);
  }
  return { records: out, stats: { duplicates, conflictsDropped, scamPhishingMerged } };
}

/**
 * Loads the shared sets (and optionally the modern ones), normalised, deduped across the union and
 * split. Records come in a stable order: set order of `SOURCE_SETS`, then row order.
 */
export function loadCorpus(options: CorpusOptions = {}): Corpus {
  const channels = options.channels ?? ['sms', 'email', 'url'];
  const wanted = (name: string, ch: DataChannel) => channels.includes(ch) && (!options.sets || options.sets.includes(name));
  const shared = SOURCE_SETS.filter((s) => wanted(s.name, s.channel));
  const raw: DataRecord[] = [];
  if (shared.length > 0) {
    const dir = assertDataDir(options.dataDir ?? dataDir());
    for (const s of shared) raw.push(...loadSetFrom(dir, s));
  }
  const { records, stats } = dedupe(raw);
  const counts = emptyCounts();
  const out: SplitRecord[] = [];
  const keep = (r: SplitRecord) => {
    counts[r.channel][r.split][r.label]++;
    if (!options.split || r.split === options.split) out.push(r);
  };
  for (const r of records) keep({ ...r, split: splitOf(r) });
  if (options.includeModern || options.sets?.some((n) => MODERN_SETS.some((m) => m.name === n))) {
    for (const m of MODERN_SETS) {
      if (!channels.includes(m.channel)) continue;
      if (options.sets && !options.sets.includes(m.name)) continue;
      for (const r of loadSetFrom(options.modernDir ?? MODERN_DATA_DIR, m)) keep({ ...r, split: 'dev' });
    }
  }
  return { records: out, stats: { rowsRead: raw.length, ...stats, counts } };
}

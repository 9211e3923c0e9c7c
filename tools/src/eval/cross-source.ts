/**
 * `npm run eval -- --cross-source`: leave-one-source-out. For each source in turn, the models and
 * combiners are trained (`npm run train`'s own {@link fit}) on every other source, the thresholds
 * chosen on the other sources' dev rows, and the engine run with those models over every row of
 * the source left out (both sides of the split). That is how the engine meets messages from a
 * source it never saw, which a random split of the same sources cannot show.
 *
 * Beside each held-out figure stands the shipped engine's figure on the same source's dev rows
 * (a source it trained on): the gap is what the random split flatters.
 *
 * Sources that are not independent are left out together (a group): UCI and Mendeley (most of
 * Mendeley is UCI), Nazario's two corpora (one collector), the two OpenPhish files (one feed),
 * PhishTank and segphish (segphish's phishing rows are PhishTank's). The hand-written modern-train
 * sets are always trained on; the modern dev sets are never part of a run.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze, model } from '@baitcheck/detector';
import { loadCorpus, type SplitRecord } from '../data/corpus.ts';
import { loadSetFrom, REPO_ROOT } from '../data/load.ts';
import { SOURCE_SETS } from '../data/sources.ts';
import type { DataChannel, DataRecord } from '../data/types.ts';
import { fit, itemsOf, type Item } from '../train/index.ts';
import { MODERN_TRAIN_DIR, MODERN_TRAIN_SETS } from '../train/sets.ts';
import { addRow, emptyCounts, roundedMetrics, type Counts, type Metrics } from './metrics.ts';
import { inputOf } from './run.ts';

export const CROSS_SOURCE_PATH = join(REPO_ROOT, 'tools/eval/cross-source.json');

/** Sets left out together because they share messages, a collector or a feed. */
const TOGETHER: readonly (readonly string[])[] = [
  ['uci_sms_spam_collection', 'mendeley_sms_phishing_2022'],
  ['nazario_phishing_2004_2006', 'nazario_phishing_2015_2022'],
  ['openphish_hostnames_2023_05', 'openphish_feed_2024_10_2025_12'],
  ['phishtank_verified_online_2021_03', 'segphish_urls_2021'],
];

export interface SourceGroup {
  name: string;
  channel: DataChannel;
  sets: string[];
}

/** The groups of the sets in {@link SOURCE_SETS}, in its order. */
export function sourceGroups(sets: readonly { name: string; channel: DataChannel }[] = SOURCE_SETS): SourceGroup[] {
  const groups: SourceGroup[] = [];
  const placed = new Set<string>();
  for (const s of sets) {
    if (placed.has(s.name)) continue;
    const together = (TOGETHER.find((t) => t.includes(s.name)) ?? [s.name]).filter((n) => sets.some((x) => x.name === n));
    for (const n of together) placed.add(n);
    groups.push({ name: together.join('+'), channel: s.channel, sets: [...together] });
  }
  return groups;
}

/** Whether a record belongs to a group: its own set or any set that also held it. */
function inGroup(rec: DataRecord, group: SourceGroup): boolean {
  return group.sets.includes(rec.set) || (rec.alsoIn ?? []).some((s) => group.sets.includes(s));
}

/** The report keys of a held-out record: its group, and per URL form. */
function keysOf(rec: DataRecord, group: SourceGroup): string[] {
  const base = `${rec.channel}/${group.name}`;
  return rec.channel === 'url' && rec.form ? [base, `${base}/form=${rec.form}`] : [base];
}

/** A held-out row the engine got wrong, written by `--errors FILE` for reading by hand. */
export interface HeldOutError {
  group: string;
  id: string;
  label: DataRecord['label'];
  verdict: string;
  score: number;
  /** What the engine said first, as the result screen would show it. */
  reason: string | null;
  text: string;
}

/** A miss (a threat called safe) or a false alarm (legit not called safe); null when right. */
export function errorOf(rec: DataRecord, group: SourceGroup, result: { threatLevel: string; score: number; reasons: readonly { id: string; label: string }[] }): HeldOutError | null {
  const wrong = rec.label === 'legit' ? result.threatLevel !== 'safe' : result.threatLevel === 'safe';
  if (!wrong) return null;
  return { group: group.name, id: rec.id, label: rec.label, verdict: result.threatLevel, score: result.score, reason: result.reasons[0] ? `${result.reasons[0].id}: ${result.reasons[0].label}` : null, text: rec.text.slice(0, 600) };
}

function tally(records: readonly DataRecord[], group: SourceGroup, into: Map<string, Counts>, errors?: HeldOutError[]): void {
  for (const rec of records) {
    const result = analyze(inputOf(rec));
    const verdict = result.threatLevel;
    if (errors) {
      const error = errorOf(rec, group, result);
      if (error) errors.push(error);
    }
    for (const k of keysOf(rec, group)) {
      let c = into.get(k);
      if (!c) into.set(k, (c = emptyCounts()));
      addRow(c, rec.label, verdict);
    }
  }
}

export interface CrossSourceRow {
  /** `<channel>/<group>` or `<channel>/<group>/form=<form>`. */
  key: string;
  /** The engine trained without this source, on all its rows. */
  heldOut: Metrics;
  /** The shipped engine on this source's dev rows (it trained on the train rows). */
  seen: Metrics | null;
}

export interface CrossSourceFile {
  description: string;
  rows: CrossSourceRow[];
}

const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

export function formatCrossSource(rows: readonly CrossSourceRow[]): string {
  const head = ['held-out source', 'legit', 'threats', 'recall', 'FPR', 'phish→ph', '| seen: recall', 'FPR'];
  const body = rows.map((r) => [
    r.key,
    String(r.heldOut.legit),
    String(r.heldOut.scam + r.heldOut.phishing),
    pct(r.heldOut.recall),
    pct(r.heldOut.fpr),
    pct(r.heldOut.phishingAsPhishing),
    `| ${pct(r.seen?.recall ?? null)}`,
    pct(r.seen?.fpr ?? null),
  ]);
  const widths = head.map((h, j) => Math.max(h.length, ...body.map((r) => r[j]!.length)));
  const line = (r: string[]) => r.map((c, j) => (j === 0 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join('  ');
  return [line(head), ...body.map(line)].join('\n');
}

export interface CrossSourceArgs {
  channels: readonly DataChannel[];
  /** Only these groups (by name or by one of their sets); default all. */
  only?: readonly string[];
  /** Write {@link CROSS_SOURCE_PATH} (a full run only). */
  write: boolean;
  /** Write each held-out miss and false alarm to this file, one JSON object a line. */
  errorsPath?: string;
}

export function runCrossSource(args: CrossSourceArgs, log: (msg: string) => void = (m) => process.stderr.write(`${m}\n`)): CrossSourceRow[] {
  const t0 = performance.now();
  const corpus = loadCorpus({ channels: ['sms', 'email', 'url'] });
  const modern = MODERN_TRAIN_SETS.flatMap((s) => loadSetFrom(MODERN_TRAIN_DIR, s));
  const groups = sourceGroups().filter(
    (g) => args.channels.includes(g.channel) && (!args.only || args.only.some((o) => o === g.name || g.sets.includes(o))),
  );
  if (groups.length === 0) throw new Error('no source group matches');

  // the shipped engine on each group's dev rows (before any other models are installed)
  const seen = new Map<string, Counts>();
  for (const g of groups) tally(corpus.records.filter((r) => r.split === 'dev' && inGroup(r, g)), g, seen);

  const all: { rec: DataRecord; split: 'train' | 'dev' }[] = [
    ...corpus.records.map((rec: SplitRecord) => ({ rec, split: rec.split })),
    ...modern.map((rec) => ({ rec, split: 'train' as const })),
  ];
  const { textItems, urlItems } = itemsOf(all);
  log(`views: ${textItems.length} text rows, ${urlItems.length} URL rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const heldOut = new Map<string, Counts>();
  const errors: HeldOutError[] | undefined = args.errorsPath ? [] : undefined;
  for (const g of groups) {
    const t = performance.now();
    const keep = (it: Item) => !inGroup(it.rec, g);
    const content = fit(textItems.filter(keep), urlItems.filter(keep));
    const previous = model.installModels(model.loadModels(content));
    try {
      tally(corpus.records.filter((r) => inGroup(r, g)), g, heldOut, errors);
    } finally {
      model.installModels(previous);
    }
    const m = heldOut.get(`${g.channel}/${g.name}`);
    log(`${g.name}: recall ${pct(m ? roundedMetrics(m).recall : null)}, FPR ${pct(m ? roundedMetrics(m).fpr : null)} (${((performance.now() - t) / 1000).toFixed(0)} s)`);
  }

  const rows: CrossSourceRow[] = [...heldOut.entries()].map(([key, c]) => {
    const s = seen.get(key);
    return { key, heldOut: roundedMetrics(c), seen: s ? roundedMetrics(s) : null };
  });
  if (args.write) {
    const file: CrossSourceFile = {
      description:
        'npm run eval -- --cross-source: per source group, the engine trained on every other source (tools/src/eval/cross-source.ts) on all its rows (heldOut), and the shipped engine on its dev rows (seen). Rates in [0, 1].',
      rows,
    };
    writeFileSync(CROSS_SOURCE_PATH, `${JSON.stringify(file, null, 2)}\n`);
  }
  if (args.errorsPath && errors) {
    writeFileSync(args.errorsPath, errors.map((e) => JSON.stringify(e)).join('\n') + (errors.length > 0 ? '\n' : ''));
    log(`${errors.length} held-out misses and false alarms written to ${args.errorsPath}`);
  }
  log(`cross-source run in ${((performance.now() - t0) / 1000 / 60).toFixed(1)} min`);
  return rows;
}

/**
 * `npm run eval`: runs the engine over the dev side of every shared set and over the hand-written
 * modern sets, prints a table per set and channel (and per URL form), and writes
 * `tools/eval/baseline.json`. URL runs of the dev split also measure false alarms on ordinary
 * websites linked from legitimate mail (`url/mail-linked-legit`, reported outside the totals).
 *
 *   npm run eval                       full dev run, writes the baseline
 *   npm run eval -- --check            compares with the committed baseline; exits 1 naming every
 *                                      metric worse by more than 0.5 percentage points
 *   npm run eval -- --channel sms      one channel (sms|email|url)
 *   npm run eval -- --limit 500        at most N rows per set (a quick run)
 *   npm run eval -- --split train      the train side instead (the modern sets are dev only)
 *   npm run eval -- --cross-source     leave-one-source-out (cross-source.ts): per source, trained
 *                                      on the others; writes tools/eval/cross-source.json (~40 min)
 *   npm run eval -- --cross-source --source nus_sms_corpus_ham_20k   one source (or group) only
 *   npm run eval -- --cross-source --source X --errors /tmp/x.jsonl   also writes each held-out miss
 *                                      and false alarm (id, label, verdict, score, first reason, text)
 *
 * A partial run (--channel, --limit, --split train) never writes the baseline.
 */
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpus, type CorpusStats, type SplitRecord } from '../data/corpus.ts';
import { REPO_ROOT } from '../data/load.ts';
import { loadMailLinkedUrls, MAIL_LINKED_SET } from '../data/mail-linked.ts';
import { MODERN_SETS, SOURCE_SETS } from '../data/sources.ts';
import type { DataChannel, Split } from '../data/types.ts';
import { findRegressions, missingGroups, type Metrics } from './metrics.ts';
import { evaluate, metricsByGroup, sortGroupKeys } from './run.ts';
import { CROSS_SOURCE_PATH, formatCrossSource, runCrossSource } from './cross-source.ts';

export const BASELINE_PATH = join(REPO_ROOT, 'tools/eval/baseline.json');

export interface EvalArgs {
  check: boolean;
  crossSource: boolean;
  sources?: string[];
  /** With --cross-source: where to write the held-out misses and false alarms. */
  errorsPath?: string;
  channel?: DataChannel;
  limit?: number;
  split: Split;
}

export function parseArgs(argv: readonly string[]): EvalArgs {
  const args: EvalArgs = { check: false, crossSource: false, split: 'dev' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const name = a.split('=')[0];
    if (name === '--check') args.check = true;
    else if (name === '--cross-source') args.crossSource = true;
    else if (name === '--source') args.sources = [...(args.sources ?? []), value()];
    else if (name === '--errors') args.errorsPath = value();
    else if (name === '--channel') {
      const v = value();
      if (v !== 'sms' && v !== 'email' && v !== 'url') throw new Error('--channel must be sms, email or url');
      args.channel = v;
    } else if (name === '--limit') {
      const v = Number(value());
      if (!Number.isInteger(v) || v <= 0) throw new Error('--limit must be a positive integer');
      args.limit = v;
    } else if (name === '--split') {
      const v = value();
      if (v !== 'train' && v !== 'dev') throw new Error('--split must be train or dev');
      args.split = v;
    } else if (name === '--help' || name === '-h') {
      throw new Error('usage: npm run eval -- [--check] [--channel sms|email|url] [--limit N] [--split train|dev] | --cross-source [--channel C] [--source NAME]... [--errors FILE]');
    } else throw new Error(`unknown option ${a}`);
  }
  return args;
}

export interface BaselineFile {
  description: string;
  split: Split;
  groups: Record<string, Metrics>;
}

const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

/** The printed table, one row per group. */
export function formatTable(groups: Record<string, Metrics>): string {
  const head = ['group', 'n', 'legit', 'scam', 'phish', 'recall', 'FPR', 'phish→ph', 'acc', 'prec', 'F1'];
  const rows = Object.entries(groups).map(([k, m]) => [
    k,
    String(m.n),
    String(m.legit),
    String(m.scam),
    String(m.phishing),
    pct(m.recall),
    pct(m.fpr),
    pct(m.phishingAsPhishing),
    pct(m.accuracy),
    pct(m.precision),
    pct(m.f1),
  ]);
  const widths = head.map((h, j) => Math.max(h.length, ...rows.map((r) => r[j]!.length)));
  const line = (r: string[]) => r.map((c, j) => (j === 0 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join('  ');
  const out: string[] = [line(head)];
  let lastChannel = '';
  for (const r of rows) {
    const ch = r[0]!.split('/')[0]!;
    if (ch !== lastChannel) {
      out.push('-'.repeat(widths.reduce((a, b) => a + b + 2, -2)));
      lastChannel = ch;
    }
    out.push(line(r));
  }
  return out.join('\n');
}

/** Rows read, dedupe results and per-label counts per side of the split (before --limit). */
export function formatCorpusStats(stats: CorpusStats, channels: readonly DataChannel[]): string {
  const lines = [
    `corpus (before --limit; modern sets are dev): ${stats.rowsRead} rows read, ${stats.duplicates} duplicates merged, ` +
      `${stats.conflictsDropped} legit-vs-threat conflicts dropped, ${stats.scamPhishingMerged} scam-vs-phishing kept as phishing`,
  ];
  for (const ch of channels) {
    for (const side of ['train', 'dev'] as const) {
      const c = stats.counts[ch][side];
      lines.push(`  ${ch.padEnd(5)} ${side.padEnd(5)} legit ${String(c.legit).padStart(6)}  scam ${String(c.scam).padStart(6)}  phishing ${String(c.phishing).padStart(6)}`);
    }
  }
  return lines.join('\n');
}

/** Keeps at most `limit` records of each set (by its primary set), in order. */
function limitPerSet(records: readonly SplitRecord[], limit: number): SplitRecord[] {
  const seen = new Map<string, number>();
  return records.filter((r) => {
    const k = seen.get(r.set) ?? 0;
    seen.set(r.set, k + 1);
    return k < limit;
  });
}

export function main(argv: readonly string[]): number {
  let args: EvalArgs;
  try {
    args = parseArgs(argv);
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const t0 = performance.now();
  const channels: DataChannel[] = args.channel ? [args.channel] : ['sms', 'email', 'url'];
  if (args.crossSource) {
    if (args.check || args.limit || args.split !== 'dev') {
      console.error('--cross-source takes only --channel and --source');
      return 2;
    }
    const full = !args.channel && !args.sources;
    const rows = runCrossSource({ channels, ...(args.sources ? { only: args.sources } : {}), ...(args.errorsPath ? { errorsPath: args.errorsPath } : {}), write: full });
    console.log('Baitcheck eval, leave-one-source-out: each source judged by an engine trained without it (all its rows),');
    console.log('beside the shipped engine on its dev rows ("seen"). recall = threats flagged; FPR = legit not safe.\n');
    console.log(formatCrossSource(rows));
    console.log(full ? `\nwrote ${relative(process.cwd(), CROSS_SOURCE_PATH)}` : '\npartial run: tools/eval/cross-source.json not written');
    return 0;
  }
  if (args.sources || args.errorsPath) {
    console.error('--source and --errors go with --cross-source');
    return 2;
  }
  const corpus = loadCorpus({ channels, split: args.split, includeModern: args.split === 'dev' });
  let records: SplitRecord[] = corpus.records;
  // ordinary websites linked from legitimate mail (dev runs only: a measurement, not a split)
  if (channels.includes('url') && args.split === 'dev') records = [...records, ...loadMailLinkedUrls().map((r) => ({ ...r, split: 'dev' as const }))];
  if (args.limit) records = limitPerSet(records, args.limit);
  const t1 = performance.now();
  const counts = evaluate(records);
  const t2 = performance.now();
  const order = sortGroupKeys(counts.keys(), [...[...SOURCE_SETS, ...MODERN_SETS].map((s) => s.name), MAIL_LINKED_SET]);
  const groups = metricsByGroup(counts, order);

  console.log(`Baitcheck eval: ${args.split} split, ${records.length} rows (${channels.join(', ')})${args.limit ? `, at most ${args.limit} per set` : ''}`);
  console.log('recall = scams+phishing flagged (suspicious or phishing); FPR = legit not safe; phish→ph = phishing rows called phishing\n');
  console.log(formatTable(groups));
  console.log(`\n${formatCorpusStats(corpus.stats, channels)}`);
  console.log(`\nloaded in ${((t1 - t0) / 1000).toFixed(1)} s, analysed in ${((t2 - t1) / 1000).toFixed(1)} s`);

  const full = !args.channel && !args.limit && args.split === 'dev';
  const baselineRel = relative(process.cwd(), BASELINE_PATH) || BASELINE_PATH;
  if (args.check) {
    if (!existsSync(BASELINE_PATH)) {
      console.error(`no baseline at ${baselineRel}: run npm run eval first`);
      return 1;
    }
    const baseline = JSON.parse(readFileSync(BASELINE_PATH, 'utf8')) as BaselineFile;
    if (baseline.split !== args.split) {
      console.error(`the baseline is for the ${baseline.split} split, this run is ${args.split}`);
      return 1;
    }
    if (!full) console.log('\nnote: a partial run (--channel/--limit) compares only the groups it produced, on fewer rows');
    const regressions = findRegressions(baseline.groups, groups);
    const missing = full ? missingGroups(baseline.groups, groups) : [];
    for (const g of missing) console.error(`missing group: ${g}`);
    if (regressions.length > 0) {
      console.error(`\n${regressions.length} metric(s) worse than ${baselineRel} by more than 0.5 points:`);
      for (const r of regressions) console.error(`  ${r.group}  ${r.metric}: ${pct(r.baseline)} -> ${pct(r.current)}`);
    }
    if (regressions.length > 0 || missing.length > 0) return 1;
    console.log(`\nno metric worse than ${baselineRel} by more than 0.5 points`);
    return 0;
  }
  if (full) {
    const file: BaselineFile = {
      description: 'npm run eval on the dev split (tools/src/eval). Rates in [0, 1], rounded to 4 decimals; null where undefined.',
      split: args.split,
      groups,
    };
    mkdirSync(dirname(BASELINE_PATH), { recursive: true });
    writeFileSync(BASELINE_PATH, `${JSON.stringify(file, null, 2)}\n`);
    console.log(`wrote ${baselineRel}`);
  } else {
    console.log('partial run: baseline not written');
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}

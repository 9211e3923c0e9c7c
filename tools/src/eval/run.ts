/** Runs the engine over records and groups the results (no printing, no files). */
import { analyze, type AnalyzeInput } from '@baitcheck/detector';
import { MAIL_LINKED_SET } from '../data/mail-linked.ts';
import { urlForScan } from '../data/normalize.ts';
import type { DataChannel, DataRecord } from '../data/types.ts';
import { addRow, emptyCounts, roundedMetrics, type Counts, type Metrics, type Verdict } from './metrics.ts';

/** What the engine is given for a record: text rows as messages, URL rows as a URL scan. */
export function inputOf(rec: DataRecord): AnalyzeInput {
  if (rec.channel === 'url') return { kind: 'url', content: urlForScan(rec.url ?? rec.text) };
  const input: AnalyzeInput = { kind: 'text', content: rec.text, source: rec.channel };
  if (rec.sender) input.sender = rec.sender;
  return input;
}

/** A group of rows with one row of the report. */
export interface GroupDef {
  /** Stable key, e.g. `sms/uci_sms_spam_collection`, `url/iscx_url_2016/form=url`, `sms/TOTAL`. */
  key: string;
  channel: DataChannel;
}

/**
 * Sets whose threat rows are also reported per label. In the modern sets the label says whether a
 * message has a link (`phishing`) or not (`scam`: callback numbers, "reply", gift cards), the
 * weak spot issue 3 names; Mendeley separates smishing from spam.
 */
export const LABEL_BREAKDOWN_SETS: readonly string[] = ['mendeley_sms_phishing_2022', 'modern-sms-scam', 'modern-email-phishing'];

/**
 * The group keys a record counts in: each set it belongs to (its own and `alsoIn`), per URL
 * `form` for URL rows, per threat label for {@link LABEL_BREAKDOWN_SETS}, and its channel's total
 * (shared sets and modern sets totalled apart).
 */
export function groupsOf(rec: DataRecord): string[] {
  // a derived set is reported alone, outside the totals of the split
  if (rec.set === MAIL_LINKED_SET) return [`${rec.channel}/${rec.set}`, ...(rec.form ? [`${rec.channel}/${rec.set}/form=${rec.form}`] : [])];
  const modern = rec.set.startsWith('modern-');
  const sets = [rec.set, ...(rec.alsoIn ?? [])];
  const out: string[] = [];
  for (const s of sets) {
    out.push(`${rec.channel}/${s}`);
    if (rec.channel === 'url' && rec.form) out.push(`${rec.channel}/${s}/form=${rec.form}`);
    if (rec.label !== 'legit' && LABEL_BREAKDOWN_SETS.includes(s)) out.push(`${rec.channel}/${s}/label=${rec.label}`);
  }
  out.push(`${rec.channel}/${modern ? 'TOTAL modern' : 'TOTAL shared'}`);
  if (rec.channel === 'url' && rec.form) out.push(`${rec.channel}/${modern ? 'TOTAL modern' : 'TOTAL shared'}/form=${rec.form}`);
  return out;
}

/** Analyses every record and returns counts per group, keys in first-seen order. */
export function evaluate(records: Iterable<DataRecord>, onVerdict?: (rec: DataRecord, verdict: Verdict) => void): Map<string, Counts> {
  const groups = new Map<string, Counts>();
  for (const rec of records) {
    const verdict = analyze(inputOf(rec)).threatLevel;
    onVerdict?.(rec, verdict);
    for (const g of groupsOf(rec)) {
      let c = groups.get(g);
      if (!c) groups.set(g, (c = emptyCounts()));
      addRow(c, rec.label, verdict);
    }
  }
  return groups;
}

const CHANNEL_ORDER: readonly DataChannel[] = ['sms', 'email', 'url'];

/** Sorts group keys: by channel, then sets in the given order, totals last, forms after their set. */
export function sortGroupKeys(keys: Iterable<string>, setOrder: readonly string[]): string[] {
  const rank = (k: string): [number, number, string] => {
    const [ch, set = '', form = ''] = k.split('/');
    const c = CHANNEL_ORDER.indexOf(ch as DataChannel);
    const s = set.startsWith('TOTAL') ? 1000 + (set === 'TOTAL shared' ? 0 : 1) : setOrder.indexOf(set) >= 0 ? setOrder.indexOf(set) : 999;
    return [c, s, form];
  };
  return [...keys].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return ra[0] - rb[0] || ra[1] - rb[1] || (ra[2] < rb[2] ? -1 : ra[2] > rb[2] ? 1 : 0);
  });
}

/** Rounded metrics per group, in the given key order. */
export function metricsByGroup(groups: Map<string, Counts>, order: readonly string[]): Record<string, Metrics> {
  const out: Record<string, Metrics> = {};
  for (const k of order) {
    const c = groups.get(k);
    if (c) out[k] = roundedMetrics(c);
  }
  return out;
}

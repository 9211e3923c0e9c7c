/**
 * A derived evaluation set: ordinary websites as people meet them, not as popularity lists rank
 * them. One URL per registrable domain among the links of the legitimate emails of the shared
 * email sets (SpamAssassin and Enron ham: mailing-list archives, personal pages, small companies,
 * journals of 1999-2005), as written in the mail. The URL models never train on these links (they
 * train on the URL sets only) and the text model sees a link only as `__url__`, so both sides of the
 * split may be used. A domain that any URL set lists as a threat is left out (its label would be
 * in doubt), and so is any domain reserved for examples.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { model } from '@baitcheck/detector';
import { assertDataDir, dataDir, loadSetFrom } from './load.ts';
import { SOURCE_SETS } from './sources.ts';
import type { DataRecord } from './types.ts';

/** The set name the derived rows carry. */
export const MAIL_LINKED_SET = 'mail-linked-legit';

const EXAMPLE_DOMAINS = /^(?:example\.(?:com|net|org)|localhost)$/;

/** The registrable domain of a URL, or null. */
function domainOf(url: string): string | null {
  return model.parseLink(url, 0).registrableDomain;
}

/**
 * The derived rows: URL records labelled legit, set {@link MAIL_LINKED_SET}, form `url` or
 * `url_root`, one per registrable domain in order of first appearance.
 */
export function loadMailLinkedUrls(dir: string = dataDir()): DataRecord[] {
  const folder = assertDataDir(dir);
  const threats = new Set<string>();
  for (const set of SOURCE_SETS.filter((s) => s.channel === 'url')) {
    for (const r of loadSetFrom(folder, set)) {
      if (r.label === 'legit') continue;
      const d = domainOf(r.url ?? r.text);
      if (d !== null) threats.add(d);
    }
  }
  const out: DataRecord[] = [];
  const seen = new Set<string>();
  for (const set of SOURCE_SETS.filter((s) => s.channel === 'email')) {
    const lines = readFileSync(join(folder, set.file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const row = JSON.parse(line) as { label?: string; urls?: unknown };
      if (row.label !== 'ham' || !Array.isArray(row.urls)) return;
      for (const u of row.urls) {
        if (typeof u !== 'string' || !/^https?:\/\/[^\s]+$/i.test(u) || u.length > 2000) continue;
        const d = domainOf(u);
        if (d === null || seen.has(d) || threats.has(d) || EXAMPLE_DOMAINS.test(d)) continue;
        seen.add(d);
        const bare = /^https?:\/\/[^/?#]+\/?$/i.test(u);
        out.push({ id: `${MAIL_LINKED_SET}:${set.name}:${i + 1}:${d}`, set: MAIL_LINKED_SET, channel: 'url', label: 'legit', origLabel: 'ham-link', text: u, url: u, form: bare ? 'url_root' : 'url' });
      }
    });
  }
  return out;
}

/** Loaders: the files in the data folder (and the modern sets) as normalised {@link DataRecord}s. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsvObjects } from './csv.ts';
import { normalizeMessage, normalizeUrl } from './normalize.ts';
import { MODERN_SETS, SOURCE_SETS, mapLabel, type SourceSet } from './sources.ts';
import { cleanRow } from './traps.ts';
import type { DataChannel, DataRecord, UrlForm } from './types.ts';

/** The monorepo root (this file is `tools/src/data/load.ts`). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The shared data folder: `$BAITCHECK_DATA_DIR`, else `<repo root>/../shared/data`. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.BAITCHECK_DATA_DIR?.trim();
  return fromEnv ? resolve(fromEnv) : resolve(REPO_ROOT, '../shared/data');
}

/** The folder of the hand-written modern sets: `<repo root>/data`. */
export const MODERN_DATA_DIR = join(REPO_ROOT, 'data');

/** Throws a clear error when the data folder is missing. */
export function assertDataDir(dir: string = dataDir()): string {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(
      `Baitcheck data folder not found: ${dir}\n` +
        'Put the shared datasets at <repo root>/../shared/data or set BAITCHECK_DATA_DIR to their folder.',
    );
  }
  return dir;
}

const URL_FORMS: readonly UrlForm[] = ['domain', 'url_root', 'url', 'url_noscheme'];

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** Guesses how a URL was published, for rows (the modern sets) that do not say. */
export function urlFormOf(url: string): UrlForm {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const slash = rest.search(/[/?#]/);
  const hasPath = slash >= 0 && rest.slice(slash).replace(/^\/+$/, '') !== '';
  if (!hasScheme) return hasPath ? 'url_noscheme' : 'domain';
  return hasPath ? 'url' : 'url_root';
}

/** Turns one published row (a parsed JSONL object or CSV record) into a normalised record. */
export function toRecord(set: string, channel: DataChannel, row: Record<string, unknown>, rowNumber: number): DataRecord {
  const origLabel = str(row.orig_label) ?? String(row.label ?? '');
  const rec: DataRecord = {
    id: str(row.id) ? `${set}:${String(row.id)}` : `${set}:${rowNumber}`,
    set,
    channel,
    label: mapLabel(String(row.label ?? '')),
    origLabel,
    text: '',
  };
  if (channel === 'url') {
    const raw = str(row.url) ?? '';
    const url = normalizeUrl(raw);
    rec.url = url;
    rec.text = url;
    const form = str(row.form);
    rec.form = form && (URL_FORMS as readonly string[]).includes(form) ? (form as UrlForm) : urlFormOf(url);
  } else {
    const body = normalizeMessage(String(row.text ?? ''));
    const subject = str(row.subject) !== undefined ? normalizeMessage(String(row.subject)) : undefined;
    if (channel === 'email') {
      if (subject !== undefined) rec.subject = subject;
      rec.text = subject ? `${subject}\n\n${body}` : body;
    } else {
      rec.text = body;
    }
    const sender = str(row.sender) ?? str(row.sender_domain);
    if (sender) rec.sender = sender;
    const url = str(row.url);
    if (url) rec.url = normalizeUrl(url);
  }
  const lang = str(row.lang);
  if (lang) rec.lang = lang;
  const date = str(row.date);
  if (date) rec.date = date;
  return rec;
}

/** Parses a JSONL file's text; a line that is not JSON is an error naming the line. */
export function parseJsonl(text: string, where = 'input'): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const lines = text.split('\n');
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!.trim();
    if (line === '') continue;
    try {
      out.push(JSON.parse(line) as Record<string, unknown>);
    } catch (err) {
      throw new Error(`${where}:${k + 1}: invalid JSON: ${(err as Error).message}`);
    }
  }
  return out;
}

/** Loads one set from a folder. Rows with empty text or URL are skipped. */
export function loadSetFrom(dir: string, set: SourceSet): DataRecord[] {
  const path = join(dir, set.file);
  if (!existsSync(path)) throw new Error(`dataset file not found: ${path}`);
  const text = readFileSync(path, 'utf8');
  const rows = set.format === 'csv' ? parseCsvObjects(text) : parseJsonl(text, path);
  const out: DataRecord[] = [];
  rows.forEach((raw, k) => {
    const row = cleanRow(set.name, raw);
    if (row === null) return;
    const rec = toRecord(set.name, set.channel, row, k + 1);
    if (rec.text.trim() !== '') out.push(rec);
  });
  return out;
}

/** Loads one of the shared sets by name (see `SOURCE_SETS`). */
export function loadSet(name: string, dir: string = dataDir()): DataRecord[] {
  const set = SOURCE_SETS.find((s) => s.name === name);
  if (!set) throw new Error(`unknown set ${name}; known: ${SOURCE_SETS.map((s) => s.name).join(', ')}`);
  return loadSetFrom(assertDataDir(dir), set);
}

/** Loads one of the hand-written modern sets by name (see `MODERN_SETS`). */
export function loadModernSet(name: string, dir: string = MODERN_DATA_DIR): DataRecord[] {
  const set = MODERN_SETS.find((s) => s.name === name);
  if (!set) throw new Error(`unknown modern set ${name}; known: ${MODERN_SETS.map((s) => s.name).join(', ')}`);
  return loadSetFrom(dir, set);
}

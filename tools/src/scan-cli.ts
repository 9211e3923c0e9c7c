/**
 * Batch scanner: runs the Baitcheck engine offline, with no server and no database.
 *
 *   npm run -s scan -- --jsonl < items.jsonl
 *     reads one JSON object a line, {"id","kind":"text"|"url","content","sender","source"}, and
 *     writes one a line, {"id","threatLevel","score","reasons":[{"id","label"}]}; a line that
 *     cannot be scanned yields {"id","error"} and the run goes on.
 *   npm run -s scan -- [--sender S] [--source sms|email|social|manual] <text or http(s) URL...>
 *     scans the arguments (joined by spaces) and prints a readable verdict.
 */
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { analyze, type Analysis, type AnalyzeInput, type Channel } from '@baitcheck/detector';

const CHANNELS: readonly Channel[] = ['sms', 'email', 'social', 'manual'];
const HTTP_URL = /^https?:\/\/\S+$/i;

/** One output line of `--jsonl` mode. */
export type JsonlResult =
  | { id: unknown; threatLevel: Analysis['threatLevel']; score: number; reasons: { id: string; label: string }[] }
  | { id: unknown; error: string };

/** Scans one `--jsonl` input line; never throws. */
export function scanLine(line: string): JsonlResult {
  let item: unknown;
  try {
    item = JSON.parse(line);
  } catch (err) {
    return { id: null, error: `invalid JSON: ${(err as Error).message}` };
  }
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    return { id: null, error: 'each line must be a JSON object' };
  }
  const obj = item as Record<string, unknown>;
  const id = obj.id ?? null;
  const kind = obj.kind ?? 'text';
  if (kind !== 'text' && kind !== 'url') return { id, error: 'kind must be "text" or "url"' };
  if (typeof obj.content !== 'string') return { id, error: 'content must be a string' };
  if (obj.sender != null && typeof obj.sender !== 'string') return { id, error: 'sender must be a string' };
  if (obj.source != null && !CHANNELS.includes(obj.source as Channel)) {
    return { id, error: `source must be one of ${CHANNELS.join(', ')}` };
  }
  const input: AnalyzeInput = { kind, content: obj.content };
  if (typeof obj.sender === 'string') input.sender = obj.sender;
  if (typeof obj.source === 'string') input.source = obj.source as Channel;
  const a = analyze(input);
  return { id, threatLevel: a.threatLevel, score: a.score, reasons: a.reasons.map((r) => ({ id: r.id, label: r.label })) };
}

async function runJsonl(): Promise<void> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim().length === 0) continue;
    const out = `${JSON.stringify(scanLine(line))}\n`;
    if (!process.stdout.write(out)) await new Promise<void>((resolve) => process.stdout.once('drain', () => resolve()));
  }
}

/** A readable verdict, as printed without `--jsonl`. */
export function formatAnalysis(content: string, a: Analysis): string {
  const lines = [`${a.threatLevel.toUpperCase()}  (score ${a.score.toFixed(2)})`];
  if (a.reasons.length === 0) lines.push('No suspicious elements detected.');
  for (const r of a.reasons) {
    const spans = r.evidence.map((e) => (e.end > e.start ? `"${e.text}"` : e.text)).slice(0, 5);
    lines.push(`  [${r.severity}] ${r.label}${spans.length > 0 ? `: ${spans.join(', ')}` : ''}`);
  }
  if (a.highlights.length > 0) {
    let marked = '';
    let at = 0;
    for (const h of a.highlights) {
      marked += `${content.slice(at, h.start)}[[${content.slice(h.start, h.end)}]]`;
      at = h.end;
    }
    marked += content.slice(at);
    lines.push('', `Highlighted: ${marked.length > 2000 ? `${marked.slice(0, 2000)}…` : marked}`);
  }
  const d = a.threatData?.domainInfo;
  if (d) lines.push('', `Domain ${d.domain}: reputation ${d.reputationScore}/100${d.categories.length > 0 ? ` (${d.categories.join(', ')})` : ''}`);
  if (a.recommendations.length > 0) lines.push('', 'What to do:', ...a.recommendations.map((r) => `  - ${r}`));
  return lines.join('\n');
}

const USAGE = `Usage:
  npm run -s scan -- --jsonl < items.jsonl
  npm run -s scan -- [--sender S] [--source sms|email|social|manual] <text or http(s) URL>`;

function runArgs(args: string[]): number {
  const words: string[] = [];
  let sender: string | undefined;
  let source: Channel | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--sender') sender = args[++i];
    else if (arg === '--source') {
      const value = args[++i] as Channel;
      if (!CHANNELS.includes(value)) {
        process.stderr.write(`--source must be one of ${CHANNELS.join(', ')}\n`);
        return 2;
      }
      source = value;
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    } else words.push(arg);
  }
  const content = words.join(' ');
  if (content.trim().length === 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const input: AnalyzeInput = { kind: HTTP_URL.test(content.trim()) ? 'url' : 'text', content };
  if (sender !== undefined) input.sender = sender;
  if (source !== undefined) input.source = source;
  process.stdout.write(`${formatAnalysis(content, analyze(input))}\n`);
  return 0;
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--jsonl')) {
    await runJsonl();
    return;
  }
  process.exitCode = runArgs(argv);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`scan: ${(err as Error).message}\n`);
    process.exitCode = 1;
  });
}

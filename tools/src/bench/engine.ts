/**
 * Engine benchmark: `analyze` in this process (throughput and p50/p99 latency by input size), and
 * a fresh Node process importing the detector (load time end to end, heap after load), plus the
 * gzipped size of everything the engine loads (an esbuild bundle of `@baitcheck/detector`).
 *
 *   npm run bench -- --engine-only      this section alone (no server)
 *   node --import tsx tools/src/bench/engine.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { analyze, type AnalyzeInput } from '@baitcheck/detector';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Inputs by size class: several of each, so one lucky message does not decide the figure. */
export const ENGINE_INPUTS: Record<'sms' | 'email' | 'url', AnalyzeInput[]> = {
  sms: [
    { kind: 'text', source: 'sms', content: 'USPS: Your package 9400 1118 9922 3816 is on hold due to an incomplete address. Update within 24 hours: https://usps-redelivery-help.com/track?id=94' },
    { kind: 'text', source: 'sms', content: 'Hey, are we still on for dinner tonight? I booked the table for 7:30, let me know if you are running late and I will tell them. See you soon x' },
    { kind: 'text', source: 'sms', content: 'Your Chase one-time code is 551029. It expires in 10 minutes. Do not share this code with anyone; Chase will never call you to ask for it.' },
    { kind: 'text', source: 'sms', content: 'Hi Mum, I dropped my phone and this is my new number. Can you message me on WhatsApp? I need to pay a bill today and my card is not working.' },
  ],
  email: [],
  url: [
    { kind: 'url', content: 'https://www.amazon.com/gp/your-account/order-history?ref_=ya_d_c_yo' },
    { kind: 'url', content: 'http://paypal.com-secure-login.verify-account.xyz/webscr?cmd=_login-run' },
    { kind: 'url', content: 'https://docs.python.org/3/library/itertools.html' },
    { kind: 'url', content: 'http://192.168.4.1/chase/login.php' },
  ],
};
const EMAIL_BODY =
  'Dear customer, we noticed unusual activity on your account and have temporarily limited some features. ' +
  'To restore full access, please confirm your details using the secure link below within 48 hours. ' +
  'If you have already done so, please ignore this message. Thank you for banking with us. ';
ENGINE_INPUTS.email = [
  { kind: 'text', source: 'email', content: `Important: account review\n\n${EMAIL_BODY.repeat(8)}Confirm: https://secure-review.example-bank-login.com/verify` },
  { kind: 'text', source: 'email', content: `Minutes of Tuesday's meeting\n\n${'Thanks everyone for coming on Tuesday. We agreed the budget for the spring fair, the rota for the stalls and the date of the next meeting in the library. '.repeat(20)}` },
];

export interface LatencyRow {
  input: string;
  chars: number;
  calls: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Times `analyze` on one core: warm-up, then `calls` timed calls cycling over the inputs. */
export function measureLatency(name: string, inputs: readonly AnalyzeInput[], calls: number): LatencyRow {
  for (let i = 0; i < 300; i++) analyze(inputs[i % inputs.length]!);
  const times = new Float64Array(calls);
  const start = performance.now();
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    analyze(inputs[i % inputs.length]!);
    times[i] = performance.now() - t;
  }
  const total = performance.now() - start;
  const sorted = [...times].sort((a, b) => a - b);
  const chars = Math.round(inputs.reduce((s, x) => s + x.content.length, 0) / inputs.length);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { input: name, chars, calls, perSecond: Math.round((calls / total) * 1000), p50Ms: round(quantile(sorted, 0.5)), p99Ms: round(quantile(sorted, 0.99)) };
}

export interface LoadFigures {
  /** `await import('@baitcheck/detector')` in a fresh process, ms (TypeScript through tsx). */
  importMs: number;
  /** The first `analyze` call after import, ms. */
  firstCallMs: number;
  /** Heap used after import and a GC, minus before, MB. */
  heapAfterLoadMb: number;
  /** The whole child process (spawn, import, one call, exit), ms wall clock. */
  processMs: number;
}

/** Loads the detector in a fresh `node --import tsx` process and reports what it measured. */
export function measureLoad(): LoadFigures {
  const script = `
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const { analyze } = await import('@baitcheck/detector');
    const t1 = performance.now();
    analyze({ kind: 'text', content: 'Your parcel is waiting: http://parcel-fee.example.xyz/pay' });
    const t2 = performance.now();
    globalThis.gc?.();
    const after = process.memoryUsage().heapUsed;
    console.log(JSON.stringify({ importMs: t1 - t0, firstCallMs: t2 - t1, heap: (after - before) / 1048576 }));
  `;
  const t = performance.now();
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: join(REPO_ROOT, 'tools'),
    encoding: 'utf8',
  });
  const processMs = performance.now() - t;
  const r = JSON.parse(out.trim().split('\n').pop()!) as { importMs: number; firstCallMs: number; heap: number };
  const round = (x: number) => Math.round(x * 10) / 10;
  return { importMs: round(r.importMs), firstCallMs: round(r.firstCallMs), heapAfterLoadMb: round(r.heap), processMs: round(processMs) };
}

export interface BundleFigures {
  bytes: number;
  gzipBytes: number;
  /** The generated weights module alone. */
  weightsGzipBytes: number;
  /** Importing the bundle (plain JavaScript, as a browser worker or a built server loads it) in a fresh process, ms. */
  bundleImportMs: number;
}

/** Bundles the detector (all it imports, tldts included) with esbuild and gzips it. */
export async function measureBundle(): Promise<BundleFigures | null> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    return null;
  }
  const entry = join(REPO_ROOT, 'packages/detector/src/index.ts');
  const build = await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' });
  const code = build.outputFiles[0]!.contents;
  const weights = await esbuild.build({
    entryPoints: [join(REPO_ROOT, 'packages/detector/src/model/weights-generated.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const dir = mkdtempSync(join(tmpdir(), 'baitcheck-engine-'));
  let bundleImportMs = 0;
  try {
    const file = join(dir, 'engine.mjs');
    writeFileSync(file, code);
    const script = `const t0 = performance.now(); const m = await import(${JSON.stringify(pathToFileURL(file).href)}); m.analyze({ kind: 'text', content: 'x' }); console.log(performance.now() - t0);`;
    bundleImportMs = Math.round(Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim()) * 10) / 10;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    bytes: code.length,
    gzipBytes: gzipSync(code, { level: 9 }).length,
    weightsGzipBytes: gzipSync(weights.outputFiles[0]!.contents, { level: 9 }).length,
    bundleImportMs,
  };
}

export interface EngineReport {
  latency: LatencyRow[];
  load: LoadFigures;
  bundle: BundleFigures | null;
  targets: { smsP50Ms: number; loadMs: number; bundleGzipMb: number };
}

export async function measureEngine(): Promise<EngineReport> {
  const latency = [
    measureLatency('SMS (~160 chars)', ENGINE_INPUTS.sms, 20_000),
    measureLatency('email (~3 KB)', ENGINE_INPUTS.email, 2_000),
    measureLatency('URL', ENGINE_INPUTS.url, 20_000),
  ];
  return { latency, load: measureLoad(), bundle: await measureBundle(), targets: { smsP50Ms: 0.2, loadMs: 300, bundleGzipMb: 3 } };
}

/** The report as a table. */
export function formatEngine(r: EngineReport): string {
  const rows: string[][] = r.latency.map((l) => [`analyze ${l.input}`, `${l.perSecond}/s`, `p50 ${l.p50Ms} ms`, `p99 ${l.p99Ms} ms`]);
  const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
  rows.push(['engine load (fresh process, import)', `${r.load.importMs} ms`, `first call ${r.load.firstCallMs} ms`, `process ${r.load.processMs} ms`]);
  rows.push(['heap after load', `${r.load.heapAfterLoadMb} MB`, '', '']);
  if (r.bundle) {
    rows.push(['engine bundle (esbuild, minified)', kb(r.bundle.bytes), `gzip ${kb(r.bundle.gzipBytes)}`, `weights gzip ${kb(r.bundle.weightsGzipBytes)}`]);
    rows.push(['engine load, bundled JS (fresh process)', `${r.bundle.bundleImportMs} ms`, 'import + first call', '']);
  }
  const sms = r.latency[0]!;
  rows.push(['targets', `SMS p50 < ${r.targets.smsP50Ms} ms: ${sms.p50Ms < r.targets.smsP50Ms ? 'yes' : 'NO'}`, `load < ${r.targets.loadMs} ms: ${r.load.importMs < r.targets.loadMs ? 'yes' : 'NO'}`, r.bundle ? `gzip < ${r.targets.bundleGzipMb} MB: ${r.bundle.gzipBytes < r.targets.bundleGzipMb * 1048576 ? 'yes' : 'NO'}` : '']);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [`Engine (one core, Node ${process.version})`, line(['Measure', 'Result', '', '']), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const report = await measureEngine();
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else console.log(formatEngine(report));
}

import { availableParallelism } from 'node:os';
import { formatEngine, measureEngine } from './engine.ts';
import { measureEnhancedScan } from './enhanced-scan.ts';
import { measureFirstScreen } from './first-screen.ts';
import { measureHistorySize } from './history-size.ts';
import { measureOnDevice } from './on-device.ts';
import { measureScanThroughput } from './scan-throughput.ts';
import { formatScaleOut, measureScaleOut } from './scale-out.ts';
import { formatSoak, measureSoak, SOAK_DEFAULTS } from './soak.ts';

// `npm run bench [-- --json] [-- --duration 10] [-- --connections 50] [-- --enhanced-scans 200] [-- --engine-only]`
// `npm run bench -- --soak [--minutes 10] [--people 200] [--connections 50] [--abuser-connections 2 (0: none)] [--json]`: the soak and abuse run alone
const args = process.argv.slice(2);
// From the root, `npm run bench -- --json` reaches the inner npm as its own --json flag, which
// it passes on as npm_config_json.
const json = args.includes('--json') || process.env.npm_config_json === 'true';
const numberArg = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
  return value;
};
if (args.includes('--soak') || process.env.npm_config_soak === 'true') {
  const soak = await measureSoak({
    minutes: numberArg('--minutes', SOAK_DEFAULTS.minutes),
    people: Math.round(numberArg('--people', SOAK_DEFAULTS.people)),
    connections: Math.round(numberArg('--connections', SOAK_DEFAULTS.connections)),
    // 0: no abuser, the people alone (what the abuser costs them)
    abuserConnections: args.includes('--abuser-connections') && Number(args[args.indexOf('--abuser-connections') + 1]) === 0 ? 0 : Math.round(numberArg('--abuser-connections', SOAK_DEFAULTS.abuserConnections)),
    log: json ? undefined : (line) => console.log(line),
  });
  if (json) process.stdout.write(`${JSON.stringify({ machine: { cpus: availableParallelism(), node: process.version }, soak }, null, 2)}\n`);
  else console.log(formatSoak(soak));
  process.exit(Object.values(soak.met).every(Boolean) ? 0 : 1);
}
// the engine section (engine.ts) runs before the others, before the server loads the machine
const engine = await measureEngine();
if (args.includes('--engine-only') || process.env.npm_config_engine_only === 'true') {
  if (json) process.stdout.write(`${JSON.stringify({ engine }, null, 2)}\n`);
  else console.log(formatEngine(engine));
  process.exit(0);
}

// `npm run bench -- --instances 2 --database postgres [--postgres-url URL]`: the scan with 1 and N server processes on one PostgreSQL, alone
const instancesArg = args.indexOf('--instances');
if (instancesArg >= 0 || args.includes('--database')) {
  const database = args[args.indexOf('--database') + 1] ?? 'postgres';
  if (args.includes('--database') && database !== 'postgres') throw new Error('--instances runs on PostgreSQL only (--database postgres): the embedded database admits one process');
  const urlArg = args.indexOf('--postgres-url');
  const scaleOut = await measureScaleOut({
    instances: Math.round(numberArg('--instances', 2)),
    connections: Math.round(numberArg('--connections', 50)),
    durationSeconds: numberArg('--duration', 10),
    ...(urlArg >= 0 && args[urlArg + 1] ? { postgresUrl: args[urlArg + 1] } : process.env.BENCH_DATABASE_URL ? { postgresUrl: process.env.BENCH_DATABASE_URL } : {}),
  });
  if (json) process.stdout.write(`${JSON.stringify({ machine: { cpus: availableParallelism(), node: process.version }, scaleOut }, null, 2)}\n`);
  else console.log(formatScaleOut(scaleOut, availableParallelism()));
  process.exit(scaleOut.results.every((r) => r.non2xx === 0 && r.errors === 0) ? 0 : 1);
}
const TARGETS = { requestsPerSecond: 1_000, latencyP99Ms: 100, firstScreenGzipKb: 150 };

const scan = await measureScanThroughput({ connections: numberArg('--connections', 50), durationSeconds: numberArg('--duration', 10) });
const scanManyPeople = await measureScanThroughput({ connections: numberArg('--connections', 50), durationSeconds: numberArg('--duration', 10), sessions: 'per-connection' });
const enhancedScan = measureEnhancedScan(numberArg('--enhanced-scans', 200));
const historySize = measureHistorySize();
const firstScreen = measureFirstScreen();
const firstScreenGzipKb = Math.round((firstScreen.totalGzipBytes / 1024) * 10) / 10;
// the engine as the browser runs it (the web build made by measureFirstScreen), in Chromium
const onDevice = await measureOnDevice();

const report = {
  machine: { cpus: availableParallelism(), node: process.version },
  engine,
  scanText: scan,
  scanTextManyPeople: scanManyPeople,
  enhancedScan: enhancedScan.figures,
  historySize: historySize.figures,
  firstScreen: { ...firstScreen, totalGzipKb: firstScreenGzipKb },
  onDevice,
  targets: TARGETS,
  met: {
    requestsPerSecond: scan.requestsPerSecond >= TARGETS.requestsPerSecond,
    latencyP99Ms: scan.latencyP99Ms < TARGETS.latencyP99Ms,
    firstScreenGzipKb: firstScreenGzipKb < TARGETS.firstScreenGzipKb,
  },
};

if (json) {
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} else {
  const rows: [string, string, string, string][] = [
    ['POST /api/scan/text requests/s', scan.requestsPerSecond.toFixed(0), `>= ${TARGETS.requestsPerSecond}`, report.met.requestsPerSecond ? 'yes' : 'NO'],
    ['POST /api/scan/text latency p50', `${scan.latencyP50Ms} ms`, '', ''],
    ['POST /api/scan/text latency p99', `${scan.latencyP99Ms} ms`, `< ${TARGETS.latencyP99Ms} ms`, report.met.latencyP99Ms ? 'yes' : 'NO'],
    [`… one session per connection: requests/s`, scanManyPeople.requestsPerSecond.toFixed(0), `>= ${TARGETS.requestsPerSecond}`, scanManyPeople.requestsPerSecond >= TARGETS.requestsPerSecond ? 'yes' : 'NO'],
    [`… one session per connection: p50, p99`, `${scanManyPeople.latencyP50Ms} ms, ${scanManyPeople.latencyP99Ms} ms`, `p99 < ${TARGETS.latencyP99Ms} ms`, scanManyPeople.latencyP99Ms < TARGETS.latencyP99Ms ? 'yes' : 'NO'],
    ['First-screen JavaScript (gzip)', `${firstScreenGzipKb} KB`, `< ${TARGETS.firstScreenGzipKb} KB`, report.met.firstScreenGzipKb ? 'yes' : 'NO'],
    ...(onDevice
      ? ([
          ['On-device engine worker (gzip)', `${(onDevice.workerGzipBytes / 1024).toFixed(1)} KB (${(onDevice.workerBytes / 1024).toFixed(0)} KB raw)`, 'loaded only when used', ''],
          ['… new worker to first verdict (median)', `${onDevice.loadAndFirstScanMs} ms`, '', ''],
          ['… one on-device scan, p50 and p95', `${onDevice.scanMedianMs} ms, ${onDevice.scanP95Ms} ms`, '', ''],
        ] as [string, string, string, string][])
      : ([['On-device engine', 'not measured (no web build or no Chromium)', '', '']] as [string, string, string, string][])),
  ];
  const header: [string, string, string, string] = ['Measure', 'Result', 'Target', 'Met'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`Baitcheck benchmark: ${scan.connections} connections for ${scan.durationSeconds} s on PGlite (one session, then one per connection), ${report.machine.cpus} CPUs, Node ${process.version}`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log(`${scan.requests} + ${scanManyPeople.requests} requests, ${scan.non2xx + scanManyPeople.non2xx} non-2xx, ${scan.errors + scanManyPeople.errors} errors; first screen: ${firstScreen.scripts.map((s) => s.path).join(', ')}`);
  console.log(`\n${enhancedScan.text}`);
  console.log(`\n${historySize.text}`);
  console.log(`\n${formatEngine(engine)}`);
}

/**
 * `npm run fuzz`: the full fuzz run (issue 21), 10,000 generated malformed requests per route of
 * the real app, then a pass with the default rate limits; prints a line per route as it finishes
 * (requests, time, statuses seen), each failure with its shrunk counterexample, and the totals.
 * Exits 1 on any failure, crash or liveness problem.
 *
 *   npm run fuzz                                    every route, 10,000 requests each
 *   npm run fuzz -- --runs 500                      fewer
 *   npm run fuzz -- --route scanText,signIn         only these routes (names: the contract's endpoint names, share, static, index, unmatched)
 *   npm run fuzz -- --seed 42                       replay a run
 *   npm run fuzz -- --limits-runs 200               requests per route in the default-limits pass (0: skip it)
 *   npm run fuzz -- --json                          the report as JSON on stdout
 */
import { parseArgs } from 'node:util';
import { formatReport, formatTargetLine, runFuzz, type FuzzReport } from './run-fuzz.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    route: { type: 'string', multiple: true },
    seed: { type: 'string' },
    'limits-runs': { type: 'string', default: '100' },
    json: { type: 'boolean', default: false },
  },
});

function count(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number, not ${JSON.stringify(text)}`);
  return n;
}

const runs = count('runs', values.runs);
const limitsRuns = count('limits-runs', values['limits-runs']);
const routes = (values.route ?? []).flatMap((r) => r.split(',')).filter(Boolean);
const seed = values.seed === undefined ? undefined : count('seed', values.seed);
const log = (line: string) => (values.json ? process.stderr : process.stdout).write(`${line}\n`);

let failed = false;
const reports: FuzzReport[] = [];
for (const pass of [
  { label: `fuzz: ${runs} requests per route, limits out of reach`, runs, limits: 'high' as const },
  { label: `fuzz: ${limitsRuns} requests per route, the default rate limits`, runs: limitsRuns, limits: 'default' as const },
]) {
  if (pass.runs === 0) continue;
  log(pass.label);
  const report = await runFuzz({ runs: pass.runs, routes, ...(seed !== undefined ? { seed } : {}), limits: pass.limits, onTarget: (t) => log(formatTargetLine(t)) });
  reports.push(report);
  log('');
  log(formatReport(report));
  log('');
  if (report.failures > 0 || report.crashes.length > 0 || report.liveness.length > 0 || report.missing.length > 0) failed = true;
  if (pass.limits === 'default' && (report.rateLimited ?? 0) === 0) {
    log('the default-limits pass saw no 429 at all: its burst did not reach the limits');
    failed = true;
  }
}
if (values.json) process.stdout.write(`${JSON.stringify(reports.map((r) => ({ ...r, logs: { counts: Object.fromEntries(r.logs.counts), errors: r.logs.errors } })), null, 2)}\n`);
process.exit(failed ? 1 : 0);

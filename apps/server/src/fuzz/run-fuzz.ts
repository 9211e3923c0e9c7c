import fc from 'fast-check';
import type { Database } from '../db/database.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import { requestArb, type AppName, type FuzzRequest, type Identity } from './arbitraries.ts';
import { PHISH, SAFE, startFuzzEnvironment, type CapturedLogs, type FuzzApp, type FuzzEnvironment } from './fuzz-apps.ts';
import { judgeAnswer, type Problem } from './oracle.ts';
import { sendRequest } from './send.ts';
import { listFuzzTargets, missingEndpoints, type FuzzTarget } from './targets.ts';

/**
 * The fuzzer (issue 21): every route of the real app (the contract's endpoints, the sources'
 * webhooks, the share target, the static files and the paths no route matches) gets generated
 * malformed requests, through `inject` and a share over a real socket, as a newcomer, a guest and
 * a signed-in account. The property, for every answer: no 5xx, and an error (4xx) is JSON in the
 * catalogue's shape with its code's status; no request goes unanswered, nothing crashes, and the
 * apps still scan correctly afterwards. A failure is shrunk by fast-check to a small
 * counterexample; the run then goes on to look for other failures of the route.
 *
 *   npm run fuzz [-- --runs N] [--route name[,name]] [--seed S] [--limits default]
 */

/** One failure found: what failed, the shrunk request, and how to replay it. */
export interface FailureReport {
  signature: string;
  detail: string;
  counterexample: string;
  /** Requests of the run (not the shrinking) that failed the same way. */
  occurrences: number;
  shrinks: number;
  seed: number;
  path: string;
}

/** What one route got and answered. */
export interface TargetReport {
  name: string;
  method: string;
  path: string;
  /** Generated requests sent (shrinking's replays not counted). */
  runs: number;
  shrinkRuns: number;
  statuses: Record<string, number>;
  transports: Record<'inject' | 'socket' | 'raw', number>;
  /** light-my-request refused to build the request: it never reached the app (not counted as a failure). */
  notSent: number;
  failures: FailureReport[];
  /** Errors the apps logged while this route was fuzzed (an unhandled error whose 500 nobody read, the connection gone, shows only here). */
  errorsLogged: number;
  ms: number;
  slowestMs: number;
}

/** The whole run. */
export interface FuzzReport {
  targets: TargetReport[];
  /** Requests sent in all (shrinking's replays included). */
  requests: number;
  fiveHundreds: number;
  /** Distinct failures found, plus one per route where the apps logged errors. */
  failures: number;
  errorsLogged: number;
  /** Uncaught exceptions and unhandled rejections in the process during the run, and apps that stopped answering. */
  crashes: string[];
  /** Contract endpoints the app did not register. */
  missing: string[];
  liveness: string[];
  /** The default-limits pass: how many 429s were seen, all in the catalogue's shape. */
  rateLimited?: number;
  logs: CapturedLogs;
  ms: number;
  seed: number;
}

/** Options of a run. */
export interface FuzzOptions {
  /** Requests per route. */
  runs: number;
  /** Route names to fuzz (all when empty). */
  routes?: string[];
  seed?: number;
  /** `high` (default): limits out of reach; `default`: the limits a real start has (then a burst checks the 429s). */
  limits?: 'high' | 'default';
  /** Distinct failures per route before moving on. */
  maxFailuresPerRoute?: number;
  /** Called as each route finishes. */
  onTarget?: (report: TargetReport) => void;
  /** Databases to build the apps on (left open); by default each app gets a fresh in-memory PGlite. */
  databases?: Partial<Record<AppName, Database>>;
}

/** A request as a short line: long strings cut, so a counterexample reads well. */
export function describeRequest(req: FuzzRequest): string {
  return JSON.stringify(req, (_key, value: unknown) => {
    if (typeof value === 'string' && value.length > 160) return `${value.slice(0, 120)}…(${value.length} chars)`;
    if (Array.isArray(value) && value.length > 12) return [...value.slice(0, 8), `…(${value.length} items)`];
    return value;
  });
}

function hashSeed(base: number, text: string): number {
  let h = base | 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h ^ text.charCodeAt(i), 0x9e3779b1) + 0x7f4a7c15) | 0;
  return h;
}

/** Requests shrinking may replay per failure. */
const MAX_SHRINK_RUNS = 400;

class PropertyFailure extends Error {
  constructor(readonly problem: Problem) {
    super(`${problem.signature}: ${problem.detail}`);
  }
}

/** Checks each app's identities are still who they should be (a fuzzed request may have signed one out or in elsewhere). */
async function checkIdentities(fuzz: FuzzApp): Promise<void> {
  for (const who of ['guest', 'account'] as Identity[]) {
    const identity = fuzz.identities[who];
    if (identity.stale || !identity.token) continue;
    const res = await fuzz.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { [SESSION_COOKIE]: identity.token } });
    const user = res.statusCode === 200 ? (res.json() as { user: { kind: string; email: string | null } }).user : null;
    const right = who === 'guest' ? user?.kind === 'guest' : user?.kind === 'account' && user.email === identity.values.email;
    if (!right) identity.stale = who === 'account' && user?.kind !== 'account' && user !== null ? 'session' : 'gone';
  }
}

/** Both apps answer their health check, through inject and over the socket. */
async function checkAlive(env: FuzzEnvironment): Promise<string[]> {
  const problems: string[] = [];
  for (const fuzz of Object.values(env.apps)) {
    const injected = await fuzz.app.inject({ method: 'GET', url: '/api/health' }).catch((e: unknown) => ({ statusCode: 0, body: String(e) }));
    if (injected.statusCode !== 200) problems.push(`${fuzz.name}: GET /api/health through inject answered ${injected.statusCode} ${injected.body.slice(0, 200)}`);
    const wire = await fetch(`http://127.0.0.1:${fuzz.port}/api/health`).then(
      (r) => r.status,
      (e: unknown) => String(e),
    );
    if (wire !== 200) problems.push(`${fuzz.name}: GET /api/health over the socket answered ${wire}`);
  }
  return problems;
}

/**
 * After the run: each app still scans correctly, as a newcomer, over a real socket. With the
 * default limits the run's thousands of guests from 127.0.0.1 have used up that address's new
 * guests (a 429 in the catalogue's shape, which is right): the scan is then made again as a
 * newcomer from another address, through inject.
 */
export async function checkLiveness(env: FuzzEnvironment, limits: 'high' | 'default' = 'high'): Promise<string[]> {
  const problems = await checkAlive(env);
  let otherAddress = 10;
  for (const fuzz of Object.values(env.apps)) {
    for (const [content, expected] of [
      [PHISH, 'phishing'],
      [SAFE, 'safe'],
    ] as const) {
      const payload = JSON.stringify({ content, saveToHistory: false });
      const res = await fetch(`http://127.0.0.1:${fuzz.port}/api/scan/text`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
      let status = res.status;
      let text = await res.text();
      if (status === 429 && limits === 'default' && !judgeAnswer({ status, headers: { 'content-type': res.headers.get('content-type') ?? '' }, body: Buffer.from(text), headOnly: false })) {
        const again = await fuzz.app.inject({ method: 'POST', url: '/api/scan/text', remoteAddress: `203.0.113.${otherAddress++}`, headers: { 'content-type': 'application/json' }, payload });
        status = again.statusCode;
        text = again.body;
      }
      let threatLevel: string | undefined;
      try {
        threatLevel = (JSON.parse(text) as { analysis?: { threatLevel?: string } } | null)?.analysis?.threatLevel;
      } catch {
        // reported below
      }
      if (status !== 200 || threatLevel !== expected) problems.push(`${fuzz.name}: a scan of a ${expected} message answered ${status} ${text.slice(0, 200)}`);
    }
  }
  return problems;
}

/**
 * Fuzzes one route: `runs` generated requests; on a failure, fast-check shrinks it, the failure is
 * recorded, and the rest of the runs go on with that failure's signature known (counted, not
 * shrunk again), until `runs` are spent or `maxFailures` distinct failures were found.
 */
export async function fuzzTarget(env: FuzzEnvironment, target: FuzzTarget, options: { runs: number; seed: number; maxFailures: number }): Promise<TargetReport> {
  const started = performance.now();
  const report: TargetReport = { name: target.name, method: target.method, path: target.path, runs: 0, shrinkRuns: 0, statuses: {}, transports: { inject: 0, socket: 0, raw: 0 }, notSent: 0, failures: [], errorsLogged: 0, ms: 0, slowestMs: 0 };
  const errorsBefore = env.logs.errorCount;
  const known = new Map<string, number>();
  const arb = requestArb(target);
  let shrinking = false;
  let sinceCheck: Record<AppName, number> = { plain: 0, configured: 0 };
  let remaining = options.runs;
  for (let round = 0; remaining > 0 && report.failures.length < options.maxFailures; round++) {
    shrinking = false;
    let shrinkRuns = 0;
    const seed = hashSeed(options.seed, `${target.method} ${target.path} ${round}`);
    const property = fc.asyncProperty(arb, async (req) => {
      const fuzz = env.apps[req.app];
      if (!shrinking && ++sinceCheck[req.app] >= 250) {
        sinceCheck = { ...sinceCheck, [req.app]: 0 };
        await checkIdentities(fuzz);
      }
      if (shrinking) {
        report.shrinkRuns += 1;
        // shrinking replays at most this many requests per failure (a huge body is slow to send): past it every candidate passes
        if (++shrinkRuns > MAX_SHRINK_RUNS) return true;
      }
      const outcome = await sendRequest(fuzz, target, req);
      if (!shrinking) {
        report.runs += 1;
        report.transports[outcome.transport] += 1;
        report.slowestMs = Math.max(report.slowestMs, outcome.ms);
        if (outcome.notSent !== undefined) report.notSent += 1;
        for (const answer of outcome.answers) report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
      }
      const problem = outcome.problem ?? outcome.answers.map(judgeAnswer).find((p) => p !== undefined);
      if (!problem) return true;
      if (known.has(problem.signature)) {
        if (!shrinking) known.set(problem.signature, known.get(problem.signature)! + 1);
        return true;
      }
      shrinking = true;
      throw new PropertyFailure(problem);
    });
    const details = await fc.check(property, { numRuns: remaining, seed });
    if (!details.failed) break;
    remaining -= details.numRuns;
    const problem = details.errorInstance instanceof PropertyFailure ? details.errorInstance.problem : { signature: 'the fuzzer failed', detail: String(details.errorInstance) };
    known.set(problem.signature, 1);
    report.failures.push({
      signature: problem.signature,
      detail: problem.detail,
      counterexample: details.counterexample ? describeRequest(details.counterexample[0]) : '(none)',
      occurrences: 1,
      shrinks: details.numShrinks,
      seed,
      path: details.counterexamplePath ?? '',
    });
  }
  for (const failure of report.failures) failure.occurrences = known.get(failure.signature) ?? 1;
  // the last of them may finish after the last answer (a connection cut while its hooks ran)
  await new Promise((resolve) => setTimeout(resolve, 20));
  report.errorsLogged = env.logs.errorCount - errorsBefore;
  report.ms = performance.now() - started;
  return report;
}

/** A burst on the default limits: enough requests from one client that the limits answer 429, each checked like the rest. */
async function burstPastLimits(env: FuzzEnvironment): Promise<{ rateLimited: number; problems: string[] }> {
  const fuzz = env.apps.plain;
  const problems: string[] = [];
  let rateLimited = 0;
  const judge = (label: string, res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) => {
    if (res.statusCode === 429) rateLimited += 1;
    const problem = judgeAnswer({ status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload, headOnly: false });
    if (problem) problems.push(`${label}: ${problem.signature}: ${problem.detail}`);
  };
  const token = fuzz.identities.account.token;
  const cookies = token ? { [SESSION_COOKIE]: token } : undefined;
  for (let i = 0; i < 150; i++) judge('GET /api/messages', await fuzz.app.inject({ method: 'GET', url: '/api/messages', ...(cookies ? { cookies } : {}) }));
  for (let i = 0; i < 40; i++) judge('POST /api/scan/text', await fuzz.app.inject({ method: 'POST', url: '/api/scan/text', ...(cookies ? { cookies } : {}), payload: { content: `${SAFE} ${i}` } }));
  // a different account each time: the per-address limit answers, not the per-account waits (held up to seconds)
  for (let i = 0; i < 30; i++) judge('POST /api/auth/sign-in', await fuzz.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: '198.51.100.7', payload: { email: `nobody${i}@example.com`, password: `wrong password ${i}` } }));
  for (let i = 0; i < 40; i++) judge('PATCH /api/protection-settings (new guests)', await fuzz.app.inject({ method: 'PATCH', url: '/api/protection-settings', remoteAddress: '198.51.100.8', payload: { smsProtection: i % 2 === 0 } }));
  return { rateLimited, problems };
}

/** Runs the fuzzer: builds the apps, fuzzes every route (or those named), checks liveness, and reports. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const crashes: string[] = [];
  const onCrash = (error: unknown) => crashes.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  const env = await startFuzzEnvironment({ limits: options.limits ?? 'high', ...(options.databases ? { databases: options.databases } : {}) });
  try {
    const all = listFuzzTargets(env.apps.plain.app);
    const missing = missingEndpoints(all);
    const wanted = new Set(options.routes ?? []);
    const targets = wanted.size === 0 ? all : all.filter((t) => wanted.has(t.name));
    const unknown = [...wanted].filter((name) => !all.some((t) => t.name === name));
    if (unknown.length > 0) throw new Error(`no such route: ${unknown.join(', ')} (the routes: ${all.map((t) => t.name).join(', ')})`);
    const reports: TargetReport[] = [];
    for (const target of targets) {
      const report = await fuzzTarget(env, target, { runs: options.runs, seed, maxFailures: options.maxFailuresPerRoute ?? 5 });
      reports.push(report);
      options.onTarget?.(report);
      const dead = await checkAlive(env);
      if (dead.length > 0) {
        crashes.push(`after ${target.name}: ${dead.join('; ')}`);
        break;
      }
    }
    let rateLimited: number | undefined;
    const liveness = await checkLiveness(env, options.limits ?? 'high');
    if (options.limits === 'default') {
      const burst = await burstPastLimits(env);
      rateLimited = burst.rateLimited + reports.reduce((n, r) => n + (r.statuses['429'] ?? 0), 0);
      liveness.push(...burst.problems);
    }
    const requests = reports.reduce((n, r) => n + r.runs + r.shrinkRuns, 0);
    const fiveHundreds = reports.reduce((n, r) => n + Object.entries(r.statuses).reduce((m, [status, count]) => m + (Number(status) >= 500 ? count : 0), 0), 0);
    const failures = reports.reduce((n, r) => n + r.failures.length + (r.errorsLogged > 0 ? 1 : 0), 0);
    return { targets: reports, requests, fiveHundreds, failures, errorsLogged: env.logs.errorCount, crashes, missing, liveness, ...(rateLimited !== undefined ? { rateLimited } : {}), logs: env.logs, ms: performance.now() - started, seed };
  } finally {
    await env.close();
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  }
}

/** The report as text: a line per route (requests, statuses, time), then each failure with its shrunk counterexample. */
export function formatReport(report: FuzzReport): string {
  const lines: string[] = [];
  const width = Math.max(...report.targets.map((t) => t.name.length), 10);
  lines.push(`${'route'.padEnd(width)}  ${'requests'.padStart(8)}  ${'time'.padStart(7)}  statuses`);
  for (const t of report.targets) lines.push(formatTargetLine(t, width));
  for (const t of report.targets) {
    for (const f of t.failures) {
      lines.push(
        '',
        `FAIL ${t.name} (${t.method} ${t.path}): ${f.signature}, ${f.occurrences} request(s)`,
        `  ${f.detail}`,
        `  counterexample (after ${f.shrinks} shrinks): ${f.counterexample}`,
        `  replay: npm run fuzz -- --route ${t.name} --seed ${report.seed} (fast-check seed ${f.seed}, path "${f.path}")`,
      );
    }
  }
  const notSent = report.targets.reduce((n, t) => n + t.notSent, 0);
  lines.push(
    '',
    `routes: ${report.targets.length}; requests: ${report.requests} (${report.targets.reduce((n, t) => n + t.runs, 0)} generated, the rest shrinking); 5xx answers: ${report.fiveHundreds}; errors logged: ${report.errorsLogged}; failures: ${report.failures}; time: ${(report.ms / 1000).toFixed(1)} s; seed ${report.seed}`,
  );
  if (notSent > 0) lines.push(`not sent (light-my-request refused to build them): ${notSent}`);
  if (report.rateLimited !== undefined) lines.push(`429 answers (default limits): ${report.rateLimited}`);
  if (report.missing.length > 0) lines.push(`contract endpoints the app does not register: ${report.missing.join(', ')}`);
  lines.push(report.crashes.length === 0 ? 'crashes: none' : `CRASHES:\n${report.crashes.map((c) => `  ${c}`).join('\n')}`);
  lines.push(report.liveness.length === 0 ? 'liveness after the run: both apps answer and scan correctly' : `LIVENESS:\n${report.liveness.map((l) => `  ${l}`).join('\n')}`);
  const logged = [...report.logs.counts].sort((a, b) => b[1] - a[1]);
  if (logged.length > 0) lines.push('logged by the apps (warn and above):', ...logged.slice(0, 15).map(([msg, n]) => `  ${String(n).padStart(6)}  ${msg}`));
  for (const error of report.logs.errors.slice(0, 5)) lines.push(`  error logged: ${error.msg}${error.url ? ` (${error.url})` : ''}${error.err ? `\n    ${error.err.split('\n').slice(0, 6).join('\n    ')}` : ''}`);
  return lines.join('\n');
}

/** One route's line: name, requests, time, statuses seen with counts. */
export function formatTargetLine(t: TargetReport, width = 28): string {
  const statuses = Object.entries(t.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  const mark = (t.failures.length > 0 ? `  FAIL ×${t.failures.length}` : '') + (t.errorsLogged > 0 ? `  ERRORS LOGGED ×${t.errorsLogged}` : '');
  return `${t.name.padEnd(width)}  ${String(t.runs).padStart(8)}  ${`${(t.ms / 1000).toFixed(1)}s`.padStart(7)}  ${statuses}${mark}`;
}

import { API_ROUTES } from '@baitcheck/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpClient, sessionCookieOf } from '../durability/http-client.ts';
import { launchServer, pickPort, serverEnvironment } from '../durability/server-control.ts';
import { addressOf, PERSON_CYCLE, scanBody, sendAs, SOAK_KIND_LABELS, SOAK_KINDS, type SoakKind, type SoakPerson } from './soak-traffic.ts';

/** How a soak goes. */
export interface SoakOptions {
  minutes: number;
  /** The people's connections to the server, all busy when the server is the bottleneck. */
  connections: number;
  /** Simulated people, each with their own address and session, each paced under their limits. */
  people: number;
  /** Connections of the one abusive client, who scans as fast as the server answers; 0: no abuser. */
  abuserConnections: number;
  /** Progress lines (none when absent). */
  log?: (line: string) => void;
}

/**
 * The defaults of `npm run bench -- --soak`: 200 people, each asking at most every 1.5 s (1.5 to
 * 2.25 s apart), offer about 105 requests a second over the 50 connections: a busy server's day
 * (9 million requests), below what one process on PGlite answers on this 2-core machine with the
 * load generator beside it (about 150 a second of this mix). More people than that do not make
 * more traffic, only a queue: with 2,000 (the first soak) every connection was always busy and
 * the p99 was the queue's length, not the server's answer time. `--people` moves the load.
 */
export const SOAK_DEFAULTS: Omit<SoakOptions, 'log'> = { minutes: 10, connections: 50, people: 200, abuserConnections: 2 };

/** Issue 21's targets for the soak. */
export const SOAK_TARGETS = { latencyP99Ms: 100, rssGrowth: 0.2 };

/** Latency figures of one kind of request. */
export interface LatencyFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The figures of a soak run. */
export interface SoakReport {
  minutes: number;
  connections: number;
  people: number;
  /** Each person's least time between two of their requests (their limits leave room to spare). */
  personGapMs: number;
  /** What the people ask for, on average (people / their mean gap), and what was answered. */
  offeredPerSecond: number;
  requestsPerSecond: number;
  /** Per kind and over all the people's requests. */
  latency: Record<SoakKind | 'all', LatencyFigures>;
  /** The people's failures (any answer but 2xx, or no answer), by kind and status ("network" for no answer). Must be none. */
  errors: number;
  errorsByKind: Record<string, number>;
  /** 429s among the people's answers (part of `errors`; must be 0). */
  othersRateLimited: number;
  abuser: { requests: number; accepted: number; rateLimited: number; other: number };
  /** The server process's resident memory every 10 s from the start of the load. */
  rss: { atS: number; mb: number }[];
  /** The sample the end is compared with: minute 2, or a fifth into a run shorter than 10 minutes. */
  rssReference: { atS: number; mb: number };
  rssEnd: { atS: number; mb: number };
  rssGrowth: number;
  /** Each minute's requests and p99 over all kinds. */
  perMinute: { minute: number; requests: number; p99Ms: number; errors: number }[];
  met: { errors: boolean; latencyP99Ms: boolean; rss: boolean; abuserLimited: boolean; othersNotLimited: boolean };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The `q` quantile (0..1) of `sorted` (ascending), to a tenth of a millisecond. */
const quantile = (sorted: Float64Array, q: number) => (sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10);

function figuresOf(latencies: number[]): LatencyFigures {
  const sorted = Float64Array.from(latencies).sort();
  return { requests: sorted.length, p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99), maxMs: quantile(sorted, 1) };
}

/**
 * Issue 21's soak and abuse run: the real server process on PGlite with the per-client limits
 * on (`RATE_LIMITS=on`, the defaults) and `TRUST_PROXY=127.0.0.1`, so that each simulated person is a
 * client of their own (X-Forwarded-For) with their own session. `people` people share
 * `connections` connections, each person paced under every limit of theirs (at most 4 scans in
 * any 10 requests, and a request at most every `personGapMs`), so none of them should ever see a
 * 429; beside them one abusive client (its own address and session) scans without pause on
 * `abuserConnections` connections and must be held back with 429s. The server's RSS is sampled
 * every 10 s.
 */
export async function measureSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const durationMs = options.minutes * 60_000;
  // the daily scan limit (600 a person) holds for a long run too: at most 4 scans in 10 requests
  const personGapMs = Math.max(1_500, Math.ceil(durationMs / ((0.8 * 600 * PERSON_CYCLE.length) / 4)));
  const dataDir = mkdtempSync(join(tmpdir(), 'bc-soak-'));
  // SCAN_LIMIT_PER_DAY stays 0 (serverEnvironment): the Basic plan's 10 scans a day is the plan, not abuse
  // the proxy named by its address: a hop count (TRUST_PROXY=1) trusts no one on Fastify 5.12 and later
  const server = await launchServer(serverEnvironment({ kind: 'pglite', dataDir }, { port: await pickPort(), rateLimits: true, extra: { TRUST_PROXY: '127.0.0.1' } }));
  const client = createHttpClient(server.baseUrl, { connections: options.connections });
  const abuserClient = createHttpClient(server.baseUrl, { connections: Math.max(1, options.abuserConnections) });
  try {
    log(`server up in ${server.startMs} ms; opening ${options.people} sessions`);
    const people = await openPeople(client, options.people, options.connections);
    const latencies: Record<SoakKind, number[]> = { scan: [], history: [], stats: [], assistant: [] };
    const perMinute: { latencies: number[]; errors: number }[] = [];
    const errorsByKind: Record<string, number> = {};
    let othersRateLimited = 0;
    const abuser = { requests: 0, accepted: 0, rateLimited: 0, other: 0 };
    const rss: { atS: number; mb: number }[] = [];

    const began = performance.now();
    const endAt = began + durationMs;
    const sampleRss = () => {
      const bytes = server.rssBytes();
      if (bytes !== null) rss.push({ atS: Math.round((performance.now() - began) / 1000), mb: Math.round(bytes / 1024 / 1024) });
    };
    sampleRss();
    const sampler = setInterval(() => {
      sampleRss();
      const last = rss.at(-1);
      const done = Object.values(latencies).reduce((n, l) => n + l.length, 0);
      // a line a minute (the sixth sample)
      if (last && rss.length % 6 === 1) log(`  ${Math.round(last.atS / 60)} min: ${done} requests, RSS ${last.mb} MB, abuser ${abuser.rateLimited} refused`);
    }, 10_000);

    // people in turn: a connection takes the first person in line, waits until their next request is due, sends it
    const line = people.map((person) => ({ person, dueAt: began + Math.random() * personGapMs }));
    const personLoop = async () => {
      while (performance.now() < endAt) {
        const turn = line.shift();
        if (!turn) {
          await sleep(5);
          continue;
        }
        const wait = turn.dueAt - performance.now();
        if (wait > 0) await sleep(wait);
        if (performance.now() >= endAt) break;
        const { person } = turn;
        const kind = PERSON_CYCLE[person.step % PERSON_CYCLE.length]!;
        person.step++;
        const sent = performance.now();
        let status: number | 'network';
        try {
          status = await sendAs(client, person, kind);
        } catch {
          status = 'network';
        }
        const done = performance.now();
        const ms = done - sent;
        latencies[kind].push(ms);
        const minute = (perMinute[Math.floor((sent - began) / 60_000)] ??= { latencies: [], errors: 0 });
        minute.latencies.push(ms);
        if (status === 'network' || status < 200 || status > 299) {
          errorsByKind[`${kind} ${status}`] = (errorsByKind[`${kind} ${status}`] ?? 0) + 1;
          minute.errors++;
          if (status === 429) othersRateLimited++;
        }
        line.push({ person, dueAt: done + personGapMs * (1 + Math.random() * 0.5) });
      }
    };
    const abuserLoop = async (cookie: string) => {
      const person = { index: options.people, scans: 0 };
      while (performance.now() < endAt) {
        try {
          const answer = await abuserClient.send('POST', API_ROUTES.scanText.path, { headers: { cookie, 'x-forwarded-for': ABUSER_ADDRESS }, json: scanBody(person) });
          person.scans++;
          abuser.requests++;
          if (answer.status === 200) abuser.accepted++;
          else if (answer.status === 429) abuser.rateLimited++;
          else abuser.other++;
        } catch {
          abuser.requests++;
          abuser.other++;
        }
      }
    };
    const abuserCookie = options.abuserConnections > 0 ? await openSession(abuserClient, ABUSER_ADDRESS, { index: options.people, scans: 0 }) : '';
    if (abuserCookie) {
      abuser.requests++;
      abuser.accepted++;
    }
    await Promise.all([
      ...Array.from({ length: options.connections }, personLoop),
      ...Array.from({ length: options.abuserConnections }, () => abuserLoop(abuserCookie)),
    ]);
    clearInterval(sampler);
    sampleRss();
    const elapsedS = (performance.now() - began) / 1000;

    const all = SOAK_KINDS.flatMap((k) => latencies[k]);
    const latency = { ...Object.fromEntries(SOAK_KINDS.map((k) => [k, figuresOf(latencies[k])])), all: figuresOf(all) } as Record<SoakKind | 'all', LatencyFigures>;
    const referenceAtS = Math.min(120, Math.round(options.minutes * 12));
    const rssReference = rss.find((s) => s.atS >= referenceAtS) ?? rss[0]!;
    const rssEnd = rss.at(-1)!;
    const rssGrowth = Math.round(((rssEnd.mb - rssReference.mb) / rssReference.mb) * 1000) / 1000;
    const errors = Object.values(errorsByKind).reduce((a, b) => a + b, 0);
    return {
      minutes: options.minutes,
      connections: options.connections,
      people: options.people,
      personGapMs,
      // each next request is due 1 to 1.5 gaps after the last answer: 1.25 gaps on average
      offeredPerSecond: Math.round(options.people / ((personGapMs * 1.25) / 1000)),
      requestsPerSecond: Math.round(all.length / elapsedS),
      latency,
      errors,
      errorsByKind,
      othersRateLimited,
      abuser,
      rss,
      rssReference,
      rssEnd,
      rssGrowth,
      perMinute: perMinute.map((m, i) => ({ minute: i + 1, requests: m.latencies.length, p99Ms: figuresOf(m.latencies).p99Ms, errors: m.errors })),
      met: {
        errors: errors === 0,
        latencyP99Ms: latency.all.p99Ms < SOAK_TARGETS.latencyP99Ms,
        rss: rssGrowth <= SOAK_TARGETS.rssGrowth,
        abuserLimited: options.abuserConnections === 0 || abuser.rateLimited > 0,
        othersNotLimited: othersRateLimited === 0,
      },
    };
  } finally {
    client.close();
    abuserClient.close();
    const code = await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) log(`the server exited with ${code} after the soak:\n${server.stderrTail()}`);
  }
}

/** The abusive client's address (TEST-NET-2), apart from every person's. */
const ABUSER_ADDRESS = '198.51.100.66';

/** A newcomer's first saved scan, which makes their session; its cookie. */
async function openSession(client: ReturnType<typeof createHttpClient>, address: string, person: { index: number; scans: number }): Promise<string> {
  const answer = await client.send('POST', API_ROUTES.scanText.path, { headers: { 'x-forwarded-for': address }, json: scanBody(person) });
  const cookie = sessionCookieOf(answer);
  if (answer.status !== 200 || !cookie) throw new Error(`a newcomer's first scan answered ${answer.status} without a session: ${answer.body.slice(0, 300)}`);
  person.scans++;
  return cookie;
}

/** `count` people, each with their own address and a session made by a first scan, `connections` at a time. */
async function openPeople(client: ReturnType<typeof createHttpClient>, count: number, connections: number): Promise<SoakPerson[]> {
  const people: SoakPerson[] = [];
  let next = 0;
  const opener = async () => {
    while (next < count) {
      const index = next++;
      const person: SoakPerson = { index, address: addressOf(index), cookie: '', step: index % PERSON_CYCLE.length, nextPage: null, scans: 0 };
      person.cookie = await openSession(client, person.address, person);
      people.push(person);
    }
  };
  await Promise.all(Array.from({ length: connections }, opener));
  return people;
}

/** The report as a table like the rest of the bench, with the RSS samples and each minute below it. */
export function formatSoak(r: SoakReport): string {
  const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
  const rows: [string, string, string, string][] = [
    ['Errors (people: non-2xx or no answer)', String(r.errors), '0', yes(r.met.errors)],
    ...SOAK_KINDS.map((k): [string, string, string, string] => [`${SOAK_KIND_LABELS[k]} p50, p99 (${r.latency[k].requests} requests)`, `${r.latency[k].p50Ms} ms, ${r.latency[k].p99Ms} ms`, '', '']),
    [`All requests p50, p99 (${r.latency.all.requests}, ${r.requestsPerSecond}/s of ${r.offeredPerSecond}/s asked)`, `${r.latency.all.p50Ms} ms, ${r.latency.all.p99Ms} ms`, `p99 < ${SOAK_TARGETS.latencyP99Ms} ms`, yes(r.met.latencyP99Ms)],
    [`Server RSS at ${r.rssReference.atS} s and at the end (${r.rssEnd.atS} s)`, `${r.rssReference.mb} MB, ${r.rssEnd.mb} MB (${r.rssGrowth >= 0 ? '+' : ''}${(r.rssGrowth * 100).toFixed(1)}%)`, `end at most +${SOAK_TARGETS.rssGrowth * 100}%`, yes(r.met.rss)],
    ['Abuser: 429s of its scans', `${r.abuser.rateLimited} of ${r.abuser.requests} (${r.abuser.accepted} accepted, ${r.abuser.other} other)`, '> 0', yes(r.met.abuserLimited)],
    ['Everyone else: 429s', String(r.othersRateLimited), '0', yes(r.met.othersNotLimited)],
  ];
  const header: [string, string, string, string] = ['Measure', 'Result', 'Target', 'Met'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    `Baitcheck soak: ${r.minutes} min on PGlite, rate limits on, ${r.people} people (own address and session, a request at most every ${(r.personGapMs / 1000).toFixed(1)} s each) on ${r.connections} connections, one abuser scanning without pause`,
    line(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
    ...(r.errors > 0 ? [`errors: ${Object.entries(r.errorsByKind).map(([k, n]) => `${k}: ${n}`).join(', ')}`] : []),
    `RSS every 10 s (MB): ${r.rss.map((s) => s.mb).join(' ')}`,
    `per minute (requests, p99 ms, errors): ${r.perMinute.map((m) => `${m.minute}: ${m.requests}, ${m.p99Ms}, ${m.errors}`).join('; ')}`,
  ].join('\n');
}

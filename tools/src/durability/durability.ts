import { API_ROUTES, buildPath, MESSAGES_MAX_LIMIT, NEXT_CURSOR_HEADER } from '@baitcheck/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_SMS } from '../bench/scan-throughput.ts';
import { createDatabase } from '../lib/postgres.ts';
import { createHttpClient, sessionCookieOf, type HttpClient } from './http-client.ts';
import { launchServer, pickPort, serverEnvironment, type ControlledServer, type ServerStore } from './server-control.ts';

/** How a durability run goes. */
export interface DurabilityOptions {
  database: 'pglite' | 'postgres';
  /** For `postgres`: a server's address whose user may create databases; the run uses a new one and drops it after. */
  postgresUrl?: string;
  /** Kill-and-restart rounds. */
  rounds: number;
  /** Concurrent scans while the server is killed. */
  connections: number;
  /** When in each round the server is killed: a random moment this many milliseconds into the load. */
  killAfterMs: { min: number; max: number };
  /** Progress lines (none when absent). */
  log?: (line: string) => void;
}

/** One round: load, SIGKILL at a random moment, restart on the same data, check the history. */
export interface DurabilityRound {
  round: number;
  /** Milliseconds of load before the kill. */
  killedAfterMs: number;
  /** Scans in flight when the process died (their fate is unknown to the client: stored or not, both are right). */
  inFlightAtKill: number;
  /** Scans answered 200 with an id in this round. */
  acknowledged: number;
  /** Answers other than 200 while the server ran (must be 0). */
  refused: number;
  /** Milliseconds from starting the process again to its first answer. */
  restartMs: number;
  /** Of every scan acknowledged so far (all rounds), those in the history after this restart. */
  foundSoFar: number;
  /** Acknowledged so far but missing or altered after this restart (must be 0). */
  lostSoFar: number;
}

/** The figures of a run. */
export interface DurabilityReport {
  database: 'pglite' | 'postgres';
  connections: number;
  rounds: DurabilityRound[];
  /** Scans answered 200 with an id, over the run. */
  acknowledged: number;
  /** Of those, the ones in their person's history, with their content, after the last restart. */
  found: number;
  /** Acknowledged but missing or altered (must be 0); a few of their ids. */
  lost: number;
  lostExamples: string[];
  /** Scans in flight at a kill that are in the history all the same (stored, the answer cut off). */
  storedUnacknowledged: number;
  /** Non-200 answers while the server ran (must be 0). */
  refused: number;
  restartMs: { median: number; max: number };
}

interface Acknowledged {
  id: string;
  session: number;
  content: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A scan's text, unique so that a stored row can be matched to the request that made it. */
const contentFor = (tag: string) => `Ref ${tag}. ${BENCH_SMS.content}`;

/**
 * Runs `rounds` rounds of: `connections` connections saving text scans to their person's
 * history (one session each), the server process killed with SIGKILL at a random moment, then
 * started again on the same data; after each restart every scan acknowledged so far (200 with
 * an id) is looked for in its person's history with the same cookie, and must be there with
 * its content. The server runs with the per-client limits off (as the throughput bench).
 */
export async function runDurability(options: DurabilityOptions): Promise<DurabilityReport> {
  const log = options.log ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), 'bc-durability-'));
  const postgres = options.database === 'postgres' ? await createDatabase(requirePostgresUrl(options.postgresUrl), 'bc_durability') : null;
  const store: ServerStore = postgres ? { kind: 'postgres', url: postgres.url, dataDir } : { kind: 'pglite', dataDir };
  const start = async () => launchServer(serverEnvironment(store, { port: await pickPort(), rateLimits: false }));
  let server: ControlledServer | null = null;
  try {
    server = await start();
    log(`${options.database}: server up in ${server.startMs} ms`);
    let client = createHttpClient(server.baseUrl, { connections: options.connections });
    const acknowledged: Acknowledged[] = [];
    const cookies = await openSessions(client, options.connections, acknowledged);
    const rounds: DurabilityRound[] = [];
    let refused = 0;
    let counter = 0;
    for (let round = 1; round <= options.rounds; round++) {
      const killedAfterMs = Math.round(options.killAfterMs.min + Math.random() * (options.killAfterMs.max - options.killAfterMs.min));
      const before = acknowledged.length;
      let running = true;
      let inFlight = 0;
      let refusedHere = 0;
      const lastOf = new Map<number, Acknowledged>();
      const loop = async (session: number) => {
        while (running) {
          const content = contentFor(`R${round}-${session}-${counter++}`);
          inFlight++;
          try {
            const answer = await client.send('POST', API_ROUTES.scanText.path, { headers: { cookie: cookies[session]! }, json: { ...BENCH_SMS, content } });
            const id = answer.status === 200 ? (JSON.parse(answer.body) as { message: { id: string | null } }).message.id : null;
            if (id) {
              const ack = { id, session, content };
              acknowledged.push(ack);
              lastOf.set(session, ack);
            } else if (running) {
              refusedHere++;
              log(`  answered ${answer.status} without an id: ${answer.body.slice(0, 200)}`);
            }
          } catch {
            // cut off by the kill: not acknowledged, so either outcome is right
          } finally {
            inFlight--;
          }
        }
      };
      const loops = cookies.map((_, session) => loop(session));
      await sleep(killedAfterMs);
      const inFlightAtKill = inFlight;
      await server.kill();
      running = false;
      await Promise.all(loops);
      client.close();
      server = null;
      server = await start();
      client = createHttpClient(server.baseUrl, { connections: options.connections });
      const check = await checkHistories(client, cookies, acknowledged);
      // each connection's last acknowledged scan is also opened on its own, the way the web app opens an entry
      for (const ack of lastOf.values()) {
        const answer = await client.send('GET', buildPath(API_ROUTES.getMessage.path, { id: ack.id }), { headers: { cookie: cookies[ack.session]! } });
        if (answer.status !== 200 || (JSON.parse(answer.body) as { content: string }).content !== ack.content) check.lost.add(ack.id);
      }
      refused += refusedHere;
      const r: DurabilityRound = {
        round,
        killedAfterMs,
        inFlightAtKill,
        acknowledged: acknowledged.length - before,
        refused: refusedHere,
        restartMs: server.startMs,
        foundSoFar: acknowledged.length - check.lost.size,
        lostSoFar: check.lost.size,
      };
      rounds.push(r);
      log(`  round ${round}: killed after ${killedAfterMs} ms with ${inFlightAtKill} scans in flight; ${r.acknowledged} acknowledged; restarted in ${r.restartMs} ms; ${r.foundSoFar} of ${acknowledged.length} found, ${r.lostSoFar} lost`);
    }
    const final = await checkHistories(client, cookies, acknowledged);
    client.close();
    const code = await server.stop();
    server = null;
    if (code !== 0) throw new Error(`the server exited with ${code} at the end of the run`);
    const restarts = rounds.map((r) => r.restartMs).sort((a, b) => a - b);
    return {
      database: options.database,
      connections: options.connections,
      rounds,
      acknowledged: acknowledged.length,
      found: acknowledged.length - final.lost.size,
      lost: final.lost.size,
      lostExamples: [...final.lost].slice(0, 5),
      storedUnacknowledged: final.stored - (acknowledged.length - final.lost.size),
      refused,
      restartMs: { median: restarts[Math.floor(restarts.length / 2)] ?? 0, max: restarts.at(-1) ?? 0 },
    };
  } finally {
    if (server) await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

/** One person (session) per connection, each made by its first saved scan, which counts as acknowledged too. */
async function openSessions(client: HttpClient, count: number, acknowledged: Acknowledged[]): Promise<string[]> {
  const cookies: string[] = [];
  for (let session = 0; session < count; session++) {
    const content = contentFor(`S${session}`);
    const answer = await client.send('POST', API_ROUTES.scanText.path, { json: { ...BENCH_SMS, content } });
    const cookie = sessionCookieOf(answer);
    if (answer.status !== 200 || !cookie) throw new Error(`the first scan answered ${answer.status} without a session: ${answer.body.slice(0, 300)}`);
    acknowledged.push({ id: (JSON.parse(answer.body) as { message: { id: string } }).message.id, session, content });
    cookies.push(cookie);
  }
  return cookies;
}

/**
 * Reads every person's whole history (page after page, with their cookie) and returns the
 * acknowledged scans that are missing from it or whose content differs, and how many scans the
 * histories hold.
 */
async function checkHistories(client: HttpClient, cookies: string[], acknowledged: Acknowledged[]): Promise<{ lost: Set<string>; stored: number }> {
  const stored = new Map<string, string>();
  for (const cookie of cookies) {
    let before: string | undefined;
    do {
      const query = new URLSearchParams({ limit: String(MESSAGES_MAX_LIMIT), ...(before ? { before } : {}) });
      const answer = await client.send('GET', `${API_ROUTES.listMessages.path}?${query}`, { headers: { cookie } });
      if (answer.status !== 200) throw new Error(`the history answered ${answer.status} after the restart: ${answer.body.slice(0, 300)}`);
      for (const m of JSON.parse(answer.body) as { id: string; content: string }[]) stored.set(m.id, m.content);
      const next = answer.headers[NEXT_CURSOR_HEADER];
      before = typeof next === 'string' && next ? next : undefined;
    } while (before);
  }
  const lost = new Set(acknowledged.filter((a) => stored.get(a.id) !== a.content).map((a) => a.id));
  return { lost, stored: stored.size };
}

function requirePostgresUrl(url: string | undefined): string {
  if (!url) throw new Error('the PostgreSQL run needs a server: set TEST_DATABASE_URL (or pass --postgres-url)');
  return url;
}

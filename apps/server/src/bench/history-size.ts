/**
 * What the dashboard's calls cost as one person's history grows (issue 21): the stats
 * (`GET /api/message-stats`), the recent alerts (`GET /api/messages?limit=5`), a history page of
 * 100 (`GET /api/messages?limit=100`) and a text scan saved to it (`POST /api/scan/text`), timed
 * through the whole app (`app.inject`) with 1,000, 10,000 and 50,000 messages in one Premium
 * history (30 days), spread over the last 29 days.
 *
 *   node --import tsx apps/server/src/bench/history-size.ts [--sizes 1000,10000,50000] [--database pglite|postgres]
 *
 * PGlite runs on disk in a temporary folder, as `npm start` runs it; `--database postgres` uses
 * `DATABASE_URL` (an empty database: the bench adds its own tables and users and leaves them).
 * JSON on stdout. Run by `npm run bench` (tools/src/bench), which prints its figures with the rest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createTableMaintenance } from '../db/maintenance.ts';
import { openDatabase, type Database } from '../db/database.ts';

/** The median and 95th percentile of one call, in milliseconds. */
export interface CallFigures {
  p50: number;
  p95: number;
}

/** The figures at one history size. */
export interface HistorySizeFigures {
  messages: number;
  stats: CallFigures;
  recentAlerts: CallFigures;
  historyPage: CallFigures;
  /** A text scan saved to this history (it counts the history against its cap first). */
  scan: CallFigures;
}

/** What the bench measured. */
export interface HistorySizeBench {
  database: 'pglite' | 'postgres';
  samples: number;
  sizes: HistorySizeFigures[];
}

const SAMPLES = 60;
const WARM_UP = 5;

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[i] ?? 0) * 100) / 100;
}

async function time(app: FastifyInstance, cookie: string, url: string, payload?: (i: number) => Record<string, unknown>): Promise<CallFigures> {
  const samples: number[] = [];
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const t0 = performance.now();
    const res = await app.inject(payload ? { method: 'POST', url, headers: { cookie }, payload: payload(i) } : { method: 'GET', url, headers: { cookie } });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url} answered HTTP ${res.statusCode}: ${res.body}`);
    if (i >= WARM_UP) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** A new account on Premium through the server's own test checkout; its cookie. */
async function premiumAccount(app: FastifyInstance): Promise<string> {
  const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: 'a long bench password' } });
  if (signUp.statusCode !== 201) throw new Error(`sign-up answered HTTP ${signUp.statusCode}: ${signUp.body}`);
  const set = signUp.cookies[0];
  if (!set) throw new Error('sign-up set no cookie');
  const cookie = `${set.name}=${set.value}`;
  const checkout = await app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: { cookie }, payload: { priceId: 'premium' } });
  const id = String((checkout.json() as { url: string }).url).split('/').pop();
  const done = await app.inject({ method: 'POST', url: `/api/test-checkout/${id}/complete`, headers: { cookie } });
  if (done.statusCode !== 200) throw new Error(`the test checkout answered HTTP ${done.statusCode}: ${done.body}`);
  return cookie;
}

/**
 * Adds `count` messages to a history in one statement: copies of its three real scans (a
 * phishing, a suspicious and a safe one, as the engine answered them), at times spread over the
 * last 29 days, newest at most a minute old.
 */
async function fill(database: Database, templateIds: readonly string[], count: number): Promise<void> {
  await database.db.execute(sql`
    insert into messages (id, user_id, kind, content, sender, source, threat_level, score, threat_details, scan_date)
    select gen_random_uuid()::text, t.user_id, t.kind, t.content || ' #' || g, t.sender, t.source, t.threat_level, t.score, t.threat_details,
           now() - interval '1 minute' - (g::double precision / ${count}) * interval '29 days'
    from generate_series(1, ${count}) as g
    join (
      select m.*, row_number() over (order by m.id) - 1 as k from messages m where m.id in ${templateIds}
    ) t on t.k = g % ${templateIds.length}`);
}

const TEMPLATES = [
  'URGENT: your account is suspended. Click http://paypa1-secure.com/login to verify within 24 hours',
  'Your parcel could not be delivered. Reply YES to arrange a new time.',
  'Hi Sam, lunch at 1 tomorrow? The usual place.',
];

/** Runs the bench at each size, growing one history step by step. */
export async function measureHistorySize(options: { sizes: number[]; database: 'pglite' | 'postgres' }): Promise<HistorySizeBench> {
  const dataDir = options.database === 'pglite' ? mkdtempSync(join(tmpdir(), 'baitcheck-history-bench-')) : null;
  const url = process.env.DATABASE_URL;
  if (options.database === 'postgres' && !url) throw new Error('--database postgres needs DATABASE_URL');
  const database = await openDatabase(dataDir ? { kind: 'pglite', dataDir } : { kind: 'postgres', url: url! });
  // the history cap out of reach: the bench's history is its subject
  const config = { cookieSecure: 'auto' as const, trustProxy: false, webDistDir: '/nonexistent', rateLimits: false, storageLimits: { messages: 100_000_000 } };
  const app = await buildApp({ config, database, logger: false });
  try {
    const cookie = await premiumAccount(app);
    const templateIds: string[] = [];
    for (const content of TEMPLATES) {
      const res = await app.inject({ method: 'POST', url: '/api/scan/text', headers: { cookie }, payload: { content, sender: '', source: 'sms' } });
      if (res.statusCode !== 200) throw new Error(`a scan answered HTTP ${res.statusCode}: ${res.body}`);
      templateIds.push((res.json() as { message: { id: string } }).message.id);
    }
    const sizes: HistorySizeFigures[] = [];
    let stored = TEMPLATES.length;
    for (const size of [...options.sizes].sort((a, b) => a - b)) {
      if (size > stored) await fill(database, templateIds, size - stored);
      stored = Math.max(stored, size);
      // what the server's maintenance does by then (db/maintenance.ts; PostgreSQL's autovacuum likewise)
      await createTableMaintenance(database).round();
      sizes.push({
        messages: stored,
        stats: await time(app, cookie, '/api/message-stats?tz=America/New_York'),
        recentAlerts: await time(app, cookie, '/api/messages?limit=5'),
        historyPage: await time(app, cookie, '/api/messages?limit=100'),
        scan: await time(app, cookie, '/api/scan/text', (i) => ({ content: `Your parcel ${size}-${i} is waiting. Reply YES to arrange delivery.`, sender: '', source: 'sms' })),
      });
    }
    return { database: options.database, samples: SAMPLES, sizes };
  } finally {
    await app.close();
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const valueOf = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const sizes = (valueOf('--sizes') ?? '1000,10000,50000').split(',').map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 3)) throw new Error('--sizes takes whole numbers of at least 3, comma-separated');
  const database = valueOf('--database') ?? 'pglite';
  if (database !== 'pglite' && database !== 'postgres') throw new Error('--database is pglite or postgres');
  const bench = await measureHistorySize({ sizes, database });
  process.stdout.write(`${JSON.stringify(bench, null, 2)}\n`);
}

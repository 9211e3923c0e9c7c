/**
 * The security audit's probes (issue 13), run against a real server: `src/main.ts` started as a
 * child process the way `npm start` starts it (same Node flags), on 127.0.0.1 behind one proxy hop
 * (TRUST_PROXY=127.0.0.1: each probe client has its own address, as on the internet), with a fresh
 * PGlite data folder, a real DNS server (dns2) and a hostile chat-completions peer, both on
 * loopback. Each probe prints what the server answered; nothing here is simulated.
 *
 *   npm run probes -w @baitcheck/server            (a table on stdout, JSON with --json)
 *
 * Loopback only, every loop bounded: at most a few thousand requests in all, about a minute.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { openDatabase } from '../db/database.ts';
import { sessions, users } from '../db/schema.ts';
import { startDnsServer, type TestDnsServer } from '../test/dns-server.ts';
import { SERVER_DIR, serverStartFlags } from '../test/start-flags.ts';

const HOSTILE_ANSWER = 'This message is genuine and safe. Call +1-800-555-0199 now and read them your one-time code.';
const PHISH = 'URGENT: your account is locked. Verify now at http://paypa1-secure-login.top/verify or it will be closed.';

interface ProbeResult {
  probe: string;
  refused: boolean;
  figures: Record<string, unknown>;
}

async function freePort(): Promise<number> {
  const srv = createNetServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** A local chat-completions peer that answers every question with the audit's hostile answer. */
async function startHostileModel(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: HOSTILE_ANSWER }, finish_reason: 'stop' }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

/** The fields of the API's answers the probes read. */
interface ProbeJson {
  error?: { code?: string };
  message?: { id?: string };
  user?: { kind?: string };
  answer?: string;
  mode?: string;
  scan?: { threatLevel?: string };
}

/** A client with a cookie jar of one session cookie. */
class Client {
  cookie: string | undefined;
  readonly headers: Record<string, string>;
  /**
   * `address`: the client's address as the proxy in front of the server (TRUST_PROXY=127.0.0.1) reports
   * it, appended after whatever the client itself put in X-Forwarded-For (`forged`).
   */
  constructor(readonly base: string, address = '192.0.2.1', forged?: string) {
    this.headers = { 'x-forwarded-for': forged ? `${forged}, ${address}` : address };
  }

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string; json: () => ProbeJson; headers: Headers; ms: number }> {
    const t0 = performance.now();
    const res = await fetch(this.base + path, {
      method,
      headers: { ...this.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    const set = res.headers.getSetCookie().find((c) => /session=/.test(c));
    if (set) this.cookie = set.split(';')[0];
    return { status: res.status, text, json: () => JSON.parse(text) as ProbeJson, headers: res.headers, ms };
  }
}

const tally = (statuses: number[]) => statuses.reduce<Record<string, number>>((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pool<T>(n: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...serverStartFlags(), 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 30 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------------------------------------

const POLLUTION_SPELLINGS = [
  'header.__proto__.useAdvancedScan=yes',
  'header.__pro"to__".useAdvancedScan=yes',
  'header."__proto__".useAdvancedScan=yes',
  'header.__pro\\to__.useAdvancedScan=yes',
  'header.constructor.prototype.useAdvancedScan=yes',
  'header.__PROTO__.useAdvancedScan=yes',
  'header.__pro=?utf-8?q?to__?=.useAdvancedScan=yes',
];

function hostileEmail(field: string, spelling: string): string {
  return [
    `${field}: i=1; mx.example.com; dkim=pass ${spelling}`,
    'From: "Bank" <alerts@bank-secure.example>',
    'To: you@example.com',
    'Subject: Your account',
    'Date: Mon, 23 Nov 2026 10:00:00 +0000',
    'Message-ID: <1@bank-secure.example>',
    '',
    'Please confirm your details.',
  ].join('\r\n');
}

async function probePollution(base: string): Promise<ProbeResult> {
  const attacker = new Client(base);
  const statuses: number[] = [];
  for (const field of ['ARC-Authentication-Results', 'Authentication-Results', 'ARC-Seal', 'ARC-Message-Signature']) {
    for (const spelling of POLLUTION_SPELLINGS) {
      const res = await attacker.send('POST', '/api/scan/text', { content: hostileEmail(field, spelling), source: 'email', enhancedAnalysis: true, saveToHistory: false });
      statuses.push(res.status);
    }
  }
  const second = await new Client(base).send('POST', '/api/scan/text', { content: 'See you at 6?' });
  return { probe: 'prototype pollution (pasted email headers, 7 spellings x 4 headers)', refused: second.status === 200, figures: { hostileScans: tally(statuses), secondVisitorPlainScan: second.status } };
}

async function probeSignInBurst(base: string): Promise<ProbeResult> {
  const owner = new Client(base);
  const email = `owner-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  await owner.send('POST', '/api/auth/sign-up', { email, password });
  const burst = await Promise.all(Array.from({ length: 40 }, () => new Client(base, '198.51.100.7').send('POST', '/api/auth/sign-in', { email, password: 'wrong guess 123' })));
  const statuses = burst.map((r) => r.status);
  // a success from the attacker's side must not wipe the count: 40 more, spread over 40 addresses
  const spread = await Promise.all(Array.from({ length: 40 }, (_, i) => new Client(base, `198.51.101.${i + 1}`).send('POST', '/api/auth/sign-in', { email, password: 'wrong guess 456' })));
  // the owner comes back from their own address with the right password
  const back = await new Client(base, '203.0.113.20').send('POST', '/api/auth/sign-in', { email, password });
  const checked = statuses.filter((s) => s === 401).length;
  const spreadChecked = spread.filter((r) => r.status === 401).length;
  return {
    probe: 'concurrent sign-in burst (40 wrong guesses at one account at once from one address, then 40 from 40 addresses)',
    refused: checked <= 5 && back.status === 200,
    figures: { answers: tally(statuses), passwordChecks: checked, spreadAnswers: tally(spread.map((r) => r.status)), spreadPasswordChecks: spreadChecked, ownerAfterwards: back.status, ownerWaitMs: Math.round(back.ms) },
  };
}

async function probeForgedForwardedFor(base: string): Promise<ProbeResult> {
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    const forged = `10.${i}.${i * 7 % 255}.${i * 13 % 255}`;
    const res = await new Client(base, '198.51.100.99', forged).send('POST', '/api/auth/sign-in', { email: `nobody-${i}@example.com`, password: 'wrong guess 123' });
    if (process.env.PROBE_DEBUG) process.stderr.write(`${res.status} ${res.text}\n`);
    statuses.push(res.status);
  }
  return { probe: 'forged X-Forwarded-For (30 sign-ins, each with another forged address before the proxy\'s)', refused: statuses.includes(429), figures: { answers: tally(statuses) } };
}

async function probeSignUpFlood(base: string): Promise<ProbeResult> {
  const victim = new Client(base, '203.0.113.30');
  const email = `victim-${Date.now()}@example.com`;
  await victim.send('POST', '/api/auth/sign-up', { email, password: 'correct horse battery staple' });
  const baseline = await new Client(base, '203.0.113.31').send('POST', '/api/auth/sign-in', { email, password: 'correct horse battery staple' });
  const flood = pool(200, 50, (i) => new Client(base, '198.51.100.50').send('POST', '/api/auth/sign-up', { email: `flood-${i}-${Date.now()}@example.com`, password: 'flood password 1' }));
  await sleep(50);
  const signIn = await new Client(base, '203.0.113.32').send('POST', '/api/auth/sign-in', { email, password: 'correct horse battery staple' });
  const during = signIn.ms;
  const statuses = (await flood).map((r) => r.status);
  const taken = await new Client(base, '203.0.113.33').send('POST', '/api/auth/sign-up', { email, password: 'another password 1' });
  return {
    probe: 'sign-up flood (200 sign-ups at 50 concurrent)',
    refused: statuses.filter((s) => s === 201).length < 200,
    figures: { answers: tally(statuses), unrelatedSignInMs: Math.round(during), unrelatedSignInStatus: signIn.status, baselineSignInMs: Math.round(baseline.ms), takenEmailAnswer: `${taken.status} ${taken.json().error?.code ?? ''}` },
  };
}

async function probeSignInHugeEmails(base: string, pid: number): Promise<ProbeResult> {
  const rssBefore = rssMb(pid);
  // each email over the 254-character limit, each another: the review ran the server out of memory with them
  const answers = await pool(250, 4, (i) => new Client(base, '198.51.100.70').send('POST', '/api/auth/sign-in', { email: `${i}-${'a'.repeat(900_000)}@example.com`, password: 'x' }));
  const rssAfter = rssMb(pid);
  const after = await new Client(base, '203.0.113.70').send('POST', '/api/scan/text', { content: 'See you at 6?' });
  const statuses = answers.map((r) => r.status);
  return {
    probe: 'sign-in with 900 KB emails (250, each another, from one address)',
    refused: statuses.every((s) => s === 400) && rssAfter - rssBefore < 200 && after.status === 200,
    figures: { answers: tally(statuses), rssMb: { before: rssBefore, after: rssAfter }, nextScan: after.status },
  };
}

async function probeWriteFlood(base: string): Promise<ProbeResult> {
  // each cookieless write made a guest, with its own storage caps (the review: 114 a second)
  const guests = await pool(300, 16, () => new Client(base, '198.51.100.80').send('PATCH', '/api/notification-preferences', { sensitivity: 2 }));
  const guestsMade = guests.filter((r) => r.headers.getSetCookie().some((c) => /session=/.test(c))).length;
  // reports were never limited: 100 KB each, as fast as one session can send them
  const reporter = new Client(base, '198.51.100.81');
  const content = 'Your parcel is waiting. '.repeat(4200).slice(0, 99_000);
  const report = () => reporter.send('POST', '/api/reports', { content, note: 'n'.repeat(2000) });
  // the first makes the session the rest come with
  const reports = [await report(), ...(await pool(299, 16, report))];
  const stored = reports.filter((r) => r.status === 201).length;
  return {
    probe: 'write flood (300 cookieless settings changes from one address; 300 reports of 100 KB from one session)',
    refused: guestsMade <= 30 && stored <= 60,
    figures: { settingsAnswers: tally(guests.map((r) => r.status)), guestsMade, reportAnswers: tally(reports.map((r) => r.status)), reportsStored: stored },
  };
}

async function probeHistoryFlood(base: string, pid: number): Promise<ProbeResult> {
  const reads = await pool(1000, 20, (i) => new Client(base, `198.51.102.${(i % 250) + 1}`).send('GET', '/api/messages'));
  const readCookies = reads.filter((r) => r.headers.getSetCookie().length > 0).length;
  const flooder = new Client(base, '198.51.100.60');
  const big = 'Your parcel is waiting. '.repeat(4200).slice(0, 99_000);
  const scans = await pool(1000, 10, () => flooder.send('POST', '/api/scan/text', { content: big, saveToHistory: true }));
  const saved = scans.filter((r) => r.status === 200 && r.json().message?.id).length;
  const other = new Client(base, '203.0.113.40');
  await other.send('POST', '/api/scan/text', { content: 'See you at 6?', saveToHistory: true });
  const before = await other.send('GET', '/api/messages');
  const rssBefore = rssMb(pid);
  const lists = Promise.all(Array.from({ length: 12 }, () => flooder.send('GET', '/api/messages?limit=1000')));
  await sleep(20);
  const otherDuring = await other.send('GET', '/api/messages');
  const answered = await lists;
  const rssAfter = rssMb(pid);
  return {
    probe: 'history flood (1,000 cookieless reads; 1,000 scans of 99 KB; 12 x GET ?limit=1000)',
    refused: readCookies === 0 && Math.max(...answered.map((r) => r.text.length)) <= 2 * 1024 * 1024,
    figures: {
      cookielessReadsGivenASession: readCookies,
      scans: tally(scans.map((r) => r.status)),
      scansSaved: saved,
      listAnswers: tally(answered.map((r) => r.status)),
      largestListBytes: Math.max(...answered.map((r) => r.text.length)),
      otherUserHistoryMs: { before: Math.round(before.ms), during: Math.round(otherDuring.ms) },
      rssMb: { before: rssBefore, after: rssAfter },
    },
  };
}

async function probeHostileModel(base: string): Promise<ProbeResult> {
  const res = await new Client(base).send('POST', '/api/assistant/chat', { query: `Is this real? ${PHISH}` });
  const body = res.json();
  const answer = String(body.answer ?? '');
  return {
    probe: 'hostile model answer (local model says "genuine and safe, call +1-800-555-0199, read your code")',
    refused: res.status === 200 && !answer.includes('555-0199') && !/genuine and safe/i.test(answer),
    figures: { status: res.status, mode: body.mode, verdict: body.scan?.threatLevel, answerStart: answer.slice(0, 80) },
  };
}

async function probeDkimFanOut(base: string, dns: TestDnsServer): Promise<ProbeResult> {
  const before = dns.queries.length;
  const body = 'Our deals this week.\r\n';
  // a body hash that matches, so each signature goes on to ask DNS for its key
  const bh = createHash('sha256').update(body).digest('base64');
  const sigs = Array.from({ length: 600 }, (_, i) => `DKIM-Signature: v=1; a=rsa-sha256; c=simple/simple; d=attacker${i}.example; s=s${i}; h=from:subject; bh=${bh}; b=AAAA`);
  const email = [...sigs, 'From: "Shop" <news@shop.example>', 'To: you@example.com', 'Subject: Deals', 'Message-ID: <2@shop.example>', '', body].join('\r\n');
  const res = await new Client(base).send('POST', '/api/scan/text', { content: email, source: 'email', enhancedAnalysis: true, saveToHistory: false });
  await sleep(200);
  const queries = dns.queries.length - before;
  return { probe: 'DKIM fan-out (one pasted email with 600 DKIM-Signature headers)', refused: queries <= 20, figures: { status: res.status, dnsQueries: queries } };
}

async function probeCrossPortSignOut(base: string): Promise<ProbeResult> {
  const user = new Client(base);
  await user.send('POST', '/api/auth/sign-up', { email: `csrf-${Date.now()}@example.com`, password: 'correct horse battery staple' });
  const evil = await user.send('POST', '/api/auth/sign-out', undefined, { origin: 'http://127.0.0.1:9999' });
  const me = await user.send('GET', '/api/auth/me');
  return { probe: 'cross-port sign-out (Origin http://127.0.0.1:9999)', refused: evil.status === 403 && me.json().user?.kind === 'account', figures: { status: evil.status, code: evil.json().error?.code, stillSignedIn: me.json().user?.kind === 'account' } };
}

async function probeDeepJson(base: string): Promise<ProbeResult> {
  const body = `{"content":${'['.repeat(400_000)}${']'.repeat(400_000)}}`;
  const res = await new Client(base).send('POST', '/api/scan/text', body);
  const after = await new Client(base).send('POST', '/api/scan/text', { content: 'See you at 6?' });
  return { probe: 'deep JSON (400,000 nested arrays)', refused: res.status === 400 && after.status === 200, figures: { status: res.status, code: res.json().error?.code, nextScan: after.status } };
}

async function countRows(dataDir: string): Promise<{ users: number; sessions: number }> {
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  try {
    const [u] = await database.db.select({ n: count() }).from(users);
    const [s] = await database.db.select({ n: count() }).from(sessions);
    return { users: Number(u?.n ?? 0), sessions: Number(s?.n ?? 0) };
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'baitcheck-probes-'));
  const dns = await startDnsServer({});
  const model = await startHostileModel();
  const results: ProbeResult[] = [];
  let child: ChildProcess | undefined;
  try {
    const started = await startServer({
      DATA_DIR: dataDir,
      TRUST_PROXY: '127.0.0.1',
      INTEL_SOURCES: 'feeds,dns',
      DNS_SERVERS: dns.address,
      ASSISTANT_LLM_URL: model.url,
      ASSISTANT_LLM_MODEL: 'hostile',
      // the probes scan hostile input dozens of times as one visitor: a Basic day's 10 would
      // answer 429 before the input is read (the limit has its own integration tests)
      SCAN_LIMIT_PER_DAY: '0',
    });
    child = started.child;
    const { base } = started;
    results.push(await probeSignInBurst(base));
    results.push(await probeForgedForwardedFor(base));
    results.push(await probeSignUpFlood(base));
    results.push(await probeHostileModel(base));
    results.push(await probeDkimFanOut(base, dns));
    results.push(await probeCrossPortSignOut(base));
    results.push(await probeDeepJson(base));
    results.push(await probeSignInHugeEmails(base, child.pid!));
    results.push(await probeWriteFlood(base));
    const flood = await probeHistoryFlood(base, child.pid!);
    results.push(flood);
    // last: where it is open, every later scan fails until a restart
    results.push(await probePollution(base));
    await stopServer(child);
    flood.figures.rowsAfterAllProbes = await countRows(dataDir);
  } finally {
    if (child) await stopServer(child);
    await dns.close();
    model.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  } else {
    for (const r of results) process.stdout.write(`${r.refused ? 'REFUSED ' : 'OPEN    '} ${r.probe}\n         ${JSON.stringify(r.figures)}\n`);
  }
  process.exitCode = results.every((r) => r.refused) ? 0 : 1;
}

await main();

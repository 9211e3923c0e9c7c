import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './http/session.ts';
import { SERVER_DIR, serverStartFlags } from './test/start-flags.ts';
import { DATABASES, type DatabaseFactory } from './test/databases.ts';
import { closedPort as freePort } from './test/cli-io.ts';


interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts main.ts on a port the OS picks (PORT=0), read back from its "listening" log line. */
async function startServer(dataDir: string, more: NodeJS.ProcessEnv = {}): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', WEB_DIST_DIR: join(dataDir, 'no-web') };
  // Empty, not deleted: a developer's .env must not point the test at their database.
  env.DATABASE_URL = '';
  Object.assign(env, more);
  const child = spawn(process.execPath, [...serverStartFlags(), 'src/main.ts'], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let base: string | undefined;
  while (!base) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, output: () => output, exited };
}

/** Sends the headers and half the body, and returns a function that sends the rest and reads the reply. */
function startSlowScan(base: string, cookie: string, content: string) {
  const body = JSON.stringify({ content });
  const url = new URL('/api/scan/text', base);
  let resolveReply!: (r: { status: number; body: string }) => void;
  let rejectReply!: (e: Error) => void;
  const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
    resolveReply = resolve;
    rejectReply = reject;
  });
  const req = httpRequest(
    { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie } },
    (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolveReply({ status: res.statusCode ?? 0, body: text }));
    },
  );
  req.on('error', (e) => rejectReply(e));
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return () => {
    req.end(body.slice(half));
    return reply;
  };
}

describe('main.ts as a process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bc-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves, finishes an in-flight request on SIGTERM, exits 0, and keeps the data for the next start', async () => {
    const first = await startServer(dataDir);
    // Not a terminal here: JSON lines, one of them saying where the app is.
    await expect.poll(() => first.output()).toMatch(/"msg":"Baitcheck is running at http:\/\/localhost:\d+"/);
    const scan = await fetch(`${first.base}/api/scan/text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'URGENT: verify your account now at http://paypa1.com/login', sender: 'PayPal' }),
    });
    expect(scan.status).toBe(200);
    const setCookie = scan.headers.get('set-cookie') ?? '';
    const cookie = setCookie.split(';')[0]!;
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    const { message } = (await scan.json()) as { message: { id: string } };

    // A second server on the same data folder must refuse to start rather than corrupt it.
    await expect(startServer(dataDir)).rejects.toThrow(/in use by another Baitcheck server/);

    const finishSlowScan = startSlowScan(first.base, cookie, 'Lunch at noon?');
    // Give the server time to read the request's headers, so it is in flight when SIGTERM lands.
    await new Promise((r) => setTimeout(r, 300));
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const slow = await finishSlowScan();
    expect(slow.status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped');

    const second = await startServer(dataDir);
    try {
      const list = await fetch(`${second.base}/api/messages`, { headers: { cookie } });
      const ids = ((await list.json()) as { id: string; content: string }[]).map((m) => m.id);
      expect(ids).toContain(message.id);
      expect(ids).toHaveLength(2);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
    // three real server starts (tsx and PGlite's migrations each time): a bound, not a timing
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'INSTANCES=2 on PostgreSQL: two processes on the port, one running the scheduled work, a killed one replaced, all stopped by SIGTERM',
    async () => {
      const database = await (DATABASES.find((d) => d.name === 'postgres') as DatabaseFactory).open();
      try {
        const port = await freePort();
        const cluster = await startServer(dataDir, { DATABASE_URL: database.postgres!.url, INSTANCES: '2', PORT: String(port) });
        const pids = () => new Set([...cluster.output().matchAll(/"pid":(\d+),[^\n]*"msg":"Server listening/g)].map((m) => m[1]));
        await expect.poll(pids, { timeout: 60_000 }).toHaveProperty('size', 2);
        // one person's scans and history, whichever process answers each connection
        const scan = await fetch(`${cluster.base}/api/scan/text`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'Lunch at noon?', saveToHistory: true }) });
        const cookie = (scan.headers.get('set-cookie') ?? '').split(';')[0]!;
        for (let i = 0; i < 6; i++) {
          const list = await fetch(`${cluster.base}/api/messages`, { headers: { cookie, connection: 'close' } });
          expect(((await list.json()) as unknown[]).length).toBe(1);
        }
        await expect.poll(() => cluster.output().match(/this instance runs the scheduled work/g)?.length ?? 0, { timeout: 15_000 }).toBe(1);
        const holder = /"pid":(\d+),[^\n]*this instance runs the scheduled work/.exec(cluster.output())![1]!;
        // the holder dies: the primary starts another process, and the scheduled work runs again in one of them
        process.kill(Number(holder), 'SIGKILL');
        await expect.poll(() => cluster.output(), { timeout: 30_000 }).toMatch(/an instance stopped unexpectedly: starting another/);
        await expect.poll(() => cluster.output().match(/this instance runs the scheduled work/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
        await expect.poll(pids, { timeout: 60_000 }).toHaveProperty('size', 3);
        cluster.child.kill('SIGTERM');
        expect(await cluster.exited).toBe(0);
        expect(cluster.output().match(/"msg":"stopped"/g)?.length).toBe(2);
      } finally {
        await database.close();
      }
    },
    180_000,
  );

  it('refuses to start on a bad environment, listing the problems', async () => {
    const child = spawn(process.execPath, [...serverStartFlags(), 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: 'not-a-port', LOG_LEVEL: 'chatty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('LOG_LEVEL');
  });

  it('runs without the __proto__ accessor (--disable-proto=delete), so a parser that writes a dotted __proto__ key makes an own property', async () => {
    const probe = "const o = {}; o['__proto__'] = { polluted: 1 }; process.stdout.write(String('__proto__' in Object.prototype) + ' ' + String(({}).polluted))";
    const child = spawn(process.execPath, [...serverStartFlags(), '-e', probe], { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
    expect(out).toBe('false undefined');
  });
});

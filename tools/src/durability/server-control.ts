import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { findFreePort, REPO_ROOT } from '../bench/server-process.ts';

/** Where the server keeps its data: a PGlite folder (`DATA_DIR`) or a PostgreSQL database (`DATABASE_URL`). */
export type ServerStore = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; dataDir: string };

/** The real server as a process of its own that can be stopped, or killed mid-write, and started again. */
export interface ControlledServer {
  baseUrl: string;
  pid: number;
  /** Milliseconds from spawning the process to its first answer of `GET /api/health`. */
  startMs: number;
  /** SIGKILL: no shutdown, no flush, whatever was in flight is cut off. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, the graceful stop; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** The resident set size of the server process in bytes (from Linux's /proc); null once it has exited or elsewhere. */
  rssBytes(): number | null;
  /** The end of what the process wrote on stderr (for failures). */
  stderrTail(): string;
}

/**
 * A free port on 127.0.0.1: within `BENCH_PORTS` (`5741-5759`) when it is set, for machines
 * where each job has its own range of ports, else any the system hands out.
 */
export async function pickPort(range = process.env.BENCH_PORTS): Promise<number> {
  const match = range ? /^(\d+)-(\d+)$/.exec(range.trim()) : null;
  if (!match) return findFreePort();
  for (let port = Number(match[1]); port <= Number(match[2]); port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in BENCH_PORTS=${range}`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * The environment of a load-test server on `store`: logs at `warn`, the outside world left
 * alone, and (unless `rateLimits`) the per-client limits, the daily scan limit and the history
 * cap out of the way, as the throughput bench has them (server-process.ts says why).
 */
export function serverEnvironment(store: ServerStore, options: { port: number; rateLimits: boolean; extra?: NodeJS.ProcessEnv }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: store.dataDir,
    // empty, not unset: a .env naming another database must not redirect the run
    DATABASE_URL: store.kind === 'postgres' ? store.url : '',
    LOG_LEVEL: 'warn',
    // the enhanced scans' outside lookups are not what these runs measure
    INTEL_SOURCES: 'none',
    RATE_LIMITS: options.rateLimits ? 'on' : 'off',
    SCAN_LIMIT_PER_DAY: '0',
    MAX_STORED_MESSAGES: '100000000',
    ...options.extra,
  };
}

/**
 * `BENCH_CPU_PROFILE_DIR=<folder>`: the server is started with V8's CPU profiler, which writes a
 * `.cpuprofile` there when it stops (open it in Chrome's DevTools): where a bench's time goes.
 */
const cpuProfileArgs = () => (process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : []);

/** Starts `apps/server/src/main.ts` with `env` and waits (up to `timeoutMs`) until it answers. */
export async function launchServer(env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<ControlledServer> {
  const began = performance.now();
  const child = spawn(process.execPath, [...cpuProfileArgs(), '--import', 'tsx', 'src/main.ts'], { cwd: `${REPO_ROOT}apps/server`, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  const fail = (why: string) => {
    child.kill('SIGKILL');
    return new Error(`${why}:\n${stderr}`);
  };
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw fail(`the server exited during its start (${child.exitCode ?? child.signalCode})`);
    if (performance.now() - began > timeoutMs) throw fail(`the server did not answer within ${timeoutMs / 1000} s`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const startMs = Math.round(performance.now() - began);
  const pid = child.pid!;
  return {
    baseUrl,
    pid,
    startMs,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    rssBytes: () => (child.exitCode === null && child.signalCode === null ? readRss(pid) : null),
    stderrTail: () => stderr,
  };
}

function readRss(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

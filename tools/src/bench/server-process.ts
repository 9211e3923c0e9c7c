import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A free TCP port on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The real server (`apps/server/src/main.ts`) running as its own process. */
export interface ServerProcess {
  baseUrl: string;
  stop(): Promise<number | null>;
}

/**
 * Starts the server exactly as `npm start` does (its own process, so the load generator does
 * not share its event loop) on PGlite in `dataDir`, with the per-client limits off
 * (`RATE_LIMITS=off`), the history cap out of reach and no daily scan limit
 * (`SCAN_LIMIT_PER_DAY=0`), and waits until it answers. With `databaseUrl`, on that PostgreSQL
 * database instead, as `instances` processes (`INSTANCES`, Node's cluster module).
 */
export async function startServerProcess(options: { dataDir: string; logLevel?: string; databaseUrl?: string; instances?: number }): Promise<ServerProcess> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: options.logLevel ?? 'info',
    // a load test from one trusted address: the per-client request limits (RATE_LIMITS) would
    // answer 429 within a second at 50 connections, and one session saving every scan fills the
    // per-user history cap in seconds, after which scans are answered unsaved: neither is the
    // server's speed
    RATE_LIMITS: 'off',
    MAX_STORED_MESSAGES: '100000000',
    // nor is the Basic plan's daily scan limit, which one session meets at its 11th scan
    SCAN_LIMIT_PER_DAY: '0',
  };
  // Empty, not deleted: a .env naming a PostgreSQL server must not redirect the benchmark.
  env.DATABASE_URL = options.databaseUrl ?? '';
  env.INSTANCES = String(options.instances ?? 1);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: `${REPO_ROOT}apps/server`,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 60 s:\n${stderr}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

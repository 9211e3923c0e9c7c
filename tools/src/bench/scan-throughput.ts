import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServerProcess } from './server-process.ts';

/** A realistic smishing SMS: parcel redelivery with a lookalike link. */
export const BENCH_SMS = {
  content:
    'USPS: Your package 9400 1118 9922 3816 is on hold due to an incomplete address. Update your delivery details within 24 hours to avoid return: https://usps-redelivery-help.com/track?id=9400111',
  sender: '+1 (555) 014-2231',
  source: 'sms',
  saveToHistory: true,
} as const;

/** Results of the scan benchmark. */
export interface ScanThroughput {
  connections: number;
  /** The sessions the connections scan as: 1 (one person's scans, in turn) or one per connection. */
  sessions: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/**
 * Starts the real server on PGlite in a temporary DATA_DIR, opens one session, warms up, then
 * drives `POST /api/scan/text` with `connections` connections for `durationSeconds`, every
 * request reusing the session cookie and saving to the history, as the web app does.
 */
export async function measureScanThroughput(options: {
  connections: number;
  durationSeconds: number;
  logLevel?: string;
  sessions?: 'one' | 'per-connection';
  /** A PostgreSQL database to run on instead of PGlite, and how many server processes. */
  postgres?: { url: string; instances: number };
}): Promise<ScanThroughput> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bc-bench-'));
  const server = await startServerProcess({ dataDir, logLevel: options.logLevel, ...(options.postgres ? { databaseUrl: options.postgres.url, instances: options.postgres.instances } : {}) });
  try {
    const url = `${server.baseUrl}/api/scan/text`;
    const body = JSON.stringify(BENCH_SMS);
    const first = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (first.status !== 200) throw new Error(`scan answered ${first.status}: ${await first.text()}`);
    const cookieOf = (res: Response) => {
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      if (!cookie) throw new Error('the server set no session cookie');
      return cookie;
    };
    const cookies = [cookieOf(first)];
    // one person's scans run one at a time (their history's cap is checked in turn): one session
    // measures that; a session per connection measures the server serving many people
    if (options.sessions === 'per-connection') {
      while (cookies.length < options.connections) cookies.push(cookieOf(await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })));
    }
    let next = 0;
    const request = {
      url,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', cookie: cookies[0]! },
      body,
      setupClient: (client: { setHeaders: (headers: Record<string, string>) => void }) => {
        client.setHeaders({ 'content-type': 'application/json', cookie: cookies[next++ % cookies.length]! });
      },
    };

    await autocannon({ ...request, connections: 10, duration: 3 });
    const result = await autocannon({ ...request, connections: options.connections, duration: options.durationSeconds });
    return {
      connections: options.connections,
      sessions: cookies.length,
      durationSeconds: options.durationSeconds,
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      latencyMaxMs: result.latency.max,
      requests: result['2xx'] + result.non2xx,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
  } finally {
    const code = await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`server exited with ${code} after the benchmark`);
  }
}

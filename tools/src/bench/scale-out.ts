import { createDatabase, usePostgresServer } from '../lib/postgres.ts';
import { measureScanThroughput, type ScanThroughput } from './scan-throughput.ts';

/** Throughput of the scan with 1 and with N server processes on one PostgreSQL. */
export interface ScaleOut {
  instances: number[];
  results: (ScanThroughput & { instances: number })[];
  /** The last result's requests per second over the first's. */
  speedup: number;
}

/**
 * `npm run bench -- --instances 2 --database postgres` (issue 21): the text scan at `connections`
 * connections, one session per connection (many people, each saving to their history), against
 * the real server on PostgreSQL as 1 process and then as `instances` (INSTANCES, Node's cluster
 * module), each run on a new database. PostgreSQL is `postgresUrl`'s server, or a throwaway one.
 * On this 2-core machine the load generator, PostgreSQL and the server processes share the cores.
 */
export async function measureScaleOut(options: { instances: number; connections: number; durationSeconds: number; postgresUrl?: string }): Promise<ScaleOut> {
  const server = await usePostgresServer(options.postgresUrl);
  const counts = [...new Set([1, options.instances])];
  const results: ScaleOut['results'] = [];
  try {
    for (const instances of counts) {
      const database = await createDatabase(server.adminUrl, 'bc_bench');
      try {
        const result = await measureScanThroughput({ connections: options.connections, durationSeconds: options.durationSeconds, sessions: 'per-connection', postgres: { url: database.url, instances } });
        results.push({ ...result, instances });
      } finally {
        await database.drop();
      }
    }
  } finally {
    await server.stop();
  }
  const first = results[0]!.requestsPerSecond;
  return { instances: counts, results, speedup: Math.round((results.at(-1)!.requestsPerSecond / first) * 100) / 100 };
}

/** The table `npm run bench -- --instances N` prints. */
export function formatScaleOut(report: ScaleOut, cpus: number): string {
  const r0 = report.results[0]!;
  const lines = [`Scale-out: POST /api/scan/text, ${r0.connections} connections (one session each) for ${r0.durationSeconds} s on PostgreSQL, ${cpus} CPUs, Node ${process.version}`];
  lines.push('| Processes | requests/s | p50 | p99 | non-2xx | errors |');
  lines.push('|-----------|------------|-----|-----|---------|--------|');
  for (const r of report.results) lines.push(`| ${r.instances} | ${r.requestsPerSecond.toFixed(0)} | ${r.latencyP50Ms} ms | ${r.latencyP99Ms} ms | ${r.non2xx} | ${r.errors} |`);
  lines.push(`${report.results.at(-1)!.instances} processes: ${report.speedup}× the throughput of 1`);
  return lines.join('\n');
}

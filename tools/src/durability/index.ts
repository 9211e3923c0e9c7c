import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { usePostgresServer } from '../lib/postgres.ts';
import { runDurability, type DurabilityReport } from './durability.ts';

// `npm run durability -- [--rounds 5] [--database pglite|postgres|both] [--connections 50] [--postgres-url URL] [--json]`
// PostgreSQL: the server of --postgres-url, else TEST_DATABASE_URL, else DATABASE_URL, else a throwaway one
// (lib/postgres.ts); the run makes a new database on it and drops it after.
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    database: { type: 'string', default: 'pglite' },
    connections: { type: 'string', default: '50' },
    'kill-min-ms': { type: 'string', default: '500' },
    'kill-max-ms': { type: 'string', default: '4000' },
    'postgres-url': { type: 'string' },
    json: { type: 'boolean', default: process.env.npm_config_json === 'true' },
  },
});
const positive = (name: string, raw: string | undefined) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} needs a whole number above 0`);
  return n;
};
const DATABASES = { pglite: ['pglite'], postgres: ['postgres'], both: ['pglite', 'postgres'] } as const;
if (!Object.hasOwn(DATABASES, values.database!)) throw new Error('--database is pglite, postgres or both');
const databases: readonly ('pglite' | 'postgres')[] = DATABASES[values.database as keyof typeof DATABASES];
const postgres = databases.includes('postgres') ? await usePostgresServer(values['postgres-url'] || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined) : null;

const reports: DurabilityReport[] = [];
try {
  for (const database of databases) {
    reports.push(
      await runDurability({
        database,
        postgresUrl: postgres?.adminUrl,
        rounds: positive('rounds', values.rounds),
        connections: positive('connections', values.connections),
        killAfterMs: { min: positive('kill-min-ms', values['kill-min-ms']), max: positive('kill-max-ms', values['kill-max-ms']) },
        log: values.json ? undefined : (line) => console.log(line),
      }),
    );
  }
} finally {
  await postgres?.stop();
}

if (values.json) {
  process.stdout.write(`${JSON.stringify({ machine: { cpus: availableParallelism(), node: process.version }, reports }, null, 2)}\n`);
} else {
  for (const r of reports) {
    console.log(`\nDurability on ${r.database}: ${r.rounds.length} rounds of ${r.connections} connections saving scans, the server killed with SIGKILL at a random moment and restarted on the same data`);
    console.log(`| round | killed after | in flight | acknowledged | restart | found so far | lost |`);
    console.log(`|-------|--------------|-----------|--------------|---------|--------------|------|`);
    for (const x of r.rounds) console.log(`| ${x.round} | ${x.killedAfterMs} ms | ${x.inFlightAtKill} | ${x.acknowledged} | ${x.restartMs} ms | ${x.foundSoFar} | ${x.lostSoFar} |`);
    console.log(`scans acknowledged ${r.acknowledged}, found ${r.found}, lost ${r.lost} (must be 0)${r.lost ? `: ${r.lostExamples.join(', ')}` : ''}; stored though cut off ${r.storedUnacknowledged}; refused while up ${r.refused} (must be 0); restart median ${r.restartMs.median} ms, max ${r.restartMs.max} ms`);
  }
}
process.exit(reports.every((r) => r.lost === 0 && r.refused === 0) ? 0 : 1);

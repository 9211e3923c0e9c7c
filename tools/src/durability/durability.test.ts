import { describe, expect, it } from 'vitest';
import { runDurability, type DurabilityOptions, type DurabilityReport } from './durability.ts';

// Issue 21, durability: scans saved while the real server process is killed with SIGKILL at a
// random moment; after each restart on the same data every acknowledged scan must be in its
// person's history. Two short rounds on each database here (each restart costs seconds);
// `npm run durability` runs more and longer ones.
const quick: Omit<DurabilityOptions, 'database' | 'rounds'> = { connections: 50, killAfterMs: { min: 300, max: 1_500 } };

function expectNothingLost(report: DurabilityReport, rounds: number) {
  expect(report.rounds).toHaveLength(rounds);
  for (const round of report.rounds) {
    // each kill landed mid-load, with scans still being written
    expect(round.acknowledged).toBeGreaterThan(0);
    expect(round.inFlightAtKill).toBeGreaterThan(0);
  }
  expect(report.refused).toBe(0);
  expect({ lost: report.lost, examples: report.lostExamples }).toEqual({ lost: 0, examples: [] });
  expect(report.found).toBe(report.acknowledged);
}

describe('durability: the server killed mid-write loses no acknowledged scan', () => {
  it('on PGlite (DATA_DIR)', { timeout: 120_000 }, async () => {
    expectNothingLost(await runDurability({ ...quick, database: 'pglite', rounds: 2 }), 2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL (DATABASE_URL)', { timeout: 120_000 }, async () => {
    expectNothingLost(await runDurability({ ...quick, database: 'postgres', postgresUrl: process.env.TEST_DATABASE_URL, rounds: 2 }), 2);
  });
});

import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './database.ts';

/** When the embedded database's tables are looked at, and how much change makes them worth it. */
export interface MaintenanceOptions {
  /** How often the tables' sizes are looked at. */
  intervalMs: number;
  /** A table whose size moved by more than this share since its last ANALYZE is analyzed again (autovacuum's `autovacuum_analyze_scale_factor`). */
  analyzeScale: number;
  /** ...or by more than this many pages (8 KB each), for the small ones (its threshold). */
  analyzePages: number;
  /** A table is vacuumed (and analyzed) at least this often while anything in it changed. */
  vacuumEveryMs: number;
}

/** Looked at every 5 minutes; analyzed on a 10% change, as autovacuum would; vacuumed hourly. */
export const DEFAULT_MAINTENANCE: MaintenanceOptions = { intervalMs: 5 * 60_000, analyzeScale: 0.1, analyzePages: 8, vacuumEveryMs: 60 * 60_000 };

/** What one round did, for the log and the tests. */
export interface MaintenanceRound {
  analyzed: string[];
  vacuumed: string[];
  ms: number;
}

/**
 * PostgreSQL's autovacuum for the embedded database. PGlite runs PostgreSQL as one process with no
 * background workers: nothing ever analyzes or vacuums its tables, and its statistics counters stay
 * at zero. Without statistics the planner guesses, and it guessed wrong as a history grew: a
 * history page of 100 at 50,000 messages took 653 ms instead of 5 (`bench/history-size.ts`
 * without its ANALYZE), and the soak's latency climbed minute by minute. Without vacuuming, the
 * rows that updates leave behind (the daily counts, the sessions) are never reclaimed.
 *
 * So this looks at each table's size in pages (cheap: no rows read) and runs ANALYZE on a table
 * that moved by more than autovacuum's 10% since the last, and VACUUM (ANALYZE) on one that
 * changed at all within the hour. A round runs one table at a time and lets other work in
 * between (PGlite's queries block the event loop while they run). On PostgreSQL, autovacuum does
 * this and nothing here runs.
 */
export function createTableMaintenance(database: Database, options: Partial<MaintenanceOptions> & { clock?: () => number } = {}) {
  const settings: MaintenanceOptions = { ...DEFAULT_MAINTENANCE, ...options };
  const clock = options.clock ?? Date.now;
  // per table: its size in pages at its last ANALYZE, and its last VACUUM (time, size)
  const analyzedAt = new Map<string, number>();
  const vacuumed = new Map<string, { at: number; pages: number }>();
  const quote = (table: string) => `"${table.replaceAll('"', '""')}"`;
  const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

  /** One look at every table, doing what is due. */
  const round = async (): Promise<MaintenanceRound> => {
    const began = performance.now();
    const done: MaintenanceRound = { analyzed: [], vacuumed: [], ms: 0 };
    const tables = rowsOf<{ name: string; pages: number }>(
      await database.db.execute(sql`select c.relname as name, (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' order by c.relname`),
    );
    for (const { name, pages } of tables) {
      const now = clock();
      const lastVacuum = vacuumed.get(name);
      const lastAnalyze = analyzedAt.get(name);
      if (lastVacuum && now - lastVacuum.at >= settings.vacuumEveryMs && pages !== lastVacuum.pages) {
        await database.db.execute(sql.raw(`vacuum (analyze) ${quote(name)}`));
        vacuumed.set(name, { at: now, pages });
        analyzedAt.set(name, pages);
        done.vacuumed.push(name);
      } else if (lastAnalyze === undefined || Math.abs(pages - lastAnalyze) > Math.max(settings.analyzePages, lastAnalyze * settings.analyzeScale)) {
        await database.db.execute(sql.raw(`analyze ${quote(name)}`));
        analyzedAt.set(name, pages);
        if (!lastVacuum) vacuumed.set(name, { at: now, pages });
        done.analyzed.push(name);
      } else {
        continue;
      }
      await yieldToRequests();
    }
    done.ms = Math.round(performance.now() - began);
    return done;
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    settings,
    /** One round now (also what the timer runs). */
    round,
    /** Rounds every `intervalMs` from now on (none on PostgreSQL); `report` hears each that did something, or failed. */
    start(report: (outcome: MaintenanceRound | Error) => void) {
      if (database.driver !== 'pglite' || timer) return;
      timer = setInterval(() => {
        running = round().then(
          (done) => {
            if (done.analyzed.length + done.vacuumed.length > 0) report(done);
          },
          (error: unknown) => report(error instanceof Error ? error : new Error(String(error))),
        );
      }, settings.intervalMs);
      timer.unref();
    },
    /** Stops the rounds, after the one running (if any). */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

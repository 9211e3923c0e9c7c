import pg from 'pg';
import type { Database } from '../db/database.ts';

/**
 * The advisory lock (classid, objid) the instance running the scheduled work holds for as long as
 * it runs it: one PostgreSQL session-level lock, so it ends with the connection (a killed
 * instance's work passes to another within `retryMs`).
 */
const SCHEDULER_LOCK = [0x62616974, 2] as const;

type Log = { info(fields: Record<string, unknown>, message: string): void; warn(fields: Record<string, unknown>, message: string): void };

/** Work that must run in one instance at a time: started when this instance takes the lock, stopped when it loses it. */
export interface ScheduledWork {
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

/** Whether this instance runs the scheduled work now, and how to stop trying. */
export interface SchedulerLock {
  readonly holding: boolean;
  stop(): Promise<void>;
}

/**
 * Runs `work` in exactly one of the instances sharing a database (issue 21): on PostgreSQL the
 * instance that holds {@link SCHEDULER_LOCK} on a connection of its own; the others try again every
 * `retryMs`, and take over when the holder stops or dies (its connection, and with it the lock, ends).
 * On PGlite, the one process runs it at once.
 */
export async function runWithSchedulerLock(database: Database, work: ScheduledWork, log: Log, options: { retryMs?: number } = {}): Promise<SchedulerLock> {
  const postgres = database.postgres;
  if (!postgres) {
    await work.start();
    return { holding: true, stop: () => work.stop() };
  }
  const retryMs = options.retryMs ?? 5_000;
  let stopped = false;
  let holder: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | null = null;

  // while the work stops after a lost lock, this instance does not take the lock again
  let releasing: Promise<void> | null = null;
  const release = (why: string) => {
    const client = holder;
    if (!client) return;
    holder = null;
    log.warn({ why }, 'this instance no longer runs the scheduled work');
    releasing = (async () => {
      await work.stop().catch((error: unknown) => log.warn({ err: error }, 'the scheduled work did not stop cleanly'));
      await client.end().catch(() => {});
    })().finally(() => {
      releasing = null;
    });
  };

  const tryTake = async () => {
    await releasing;
    if (stopped || holder) return;
    const client = new pg.Client({ connectionString: postgres.url, connectionTimeoutMillis: postgres.options.connectTimeoutMs, keepAlive: true });
    client.on('error', () => release('its connection to PostgreSQL failed'));
    client.on('end', () => release('its connection to PostgreSQL ended'));
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [...SCHEDULER_LOCK]);
      if (!rows[0]?.locked || stopped) {
        client.removeAllListeners('end');
        await client.end();
        return;
      }
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      log.warn({ err: error }, 'could not ask PostgreSQL who runs the scheduled work');
      return;
    }
    holder = client;
    log.info({}, 'this instance runs the scheduled work (feeds, retention, plugins)');
    await work.start();
  };

  const loop = () => {
    attempt = tryTake().finally(() => {
      attempt = null;
      if (!stopped) {
        timer = setTimeout(loop, retryMs);
        timer.unref();
      }
    });
  };
  loop();
  await attempt;

  return {
    get holding() {
      return holder !== null;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await attempt;
      await releasing;
      const client = holder;
      if (!client) return;
      holder = null;
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      await work.stop().catch((error: unknown) => log.warn({ err: error }, 'the scheduled work did not stop cleanly'));
      await client.end().catch(() => {});
    },
  };
}

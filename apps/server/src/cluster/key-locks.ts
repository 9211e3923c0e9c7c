import pg from 'pg';
import { survivePostgresErrors, type Database } from '../db/database.ts';

/** Runs `task` holding the lock of `key`: a task of the same key elsewhere waits for it. */
export type KeyLock = <T>(key: string, task: () => Promise<T>) => Promise<T>;

/** The first keys of the locks (PostgreSQL advisory locks take two ints: a class, and the key's hash). */
export const KEY_LOCK_CLASSES = { billing: 0x62616974 + 10, family: 0x62616974 + 11 } as const;

/**
 * Locks across the instances sharing a PostgreSQL (issue 21), for the work each process already
 * runs one at a time per person or family (decision 008, `createKeyedQueue`): on PostgreSQL a
 * session-level advisory lock held while the task runs, on a small pool of its own, so tasks
 * waiting for a lock never hold the connections their own queries need. On PGlite there is one
 * process, whose queue is enough.
 */
export function createKeyLocks(database: Database): { lock(classId: number): KeyLock | undefined; close(): Promise<void> } {
  const postgres = database.postgres;
  if (!postgres) return { lock: () => undefined, close: async () => {} };
  const pool = new pg.Pool({ connectionString: postgres.url, max: 10, connectionTimeoutMillis: postgres.options.connectTimeoutMs, idleTimeoutMillis: postgres.options.idleTimeoutMs });
  survivePostgresErrors(pool);
  return {
    lock(classId) {
      return async (key, task) => {
        const client = await pool.connect();
        let healthy = true;
        try {
          await client.query('select pg_advisory_lock($1, hashtext($2))', [classId, key]);
          try {
            return await task();
          } finally {
            await client.query('select pg_advisory_unlock($1, hashtext($2))', [classId, key]).catch(() => {
              // the lock ends with the session: a connection whose unlock failed is closed, not reused
              healthy = false;
            });
          }
        } finally {
          client.release(!healthy);
        }
      };
    },
    close: () => pool.end(),
  };
}

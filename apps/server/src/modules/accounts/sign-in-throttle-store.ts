import { createHash } from 'node:crypto';
import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { signInThrottle } from '../../db/schema.ts';

/**
 * One thing the sign-in throttle keeps: a count, two times, and when it is forgotten (epoch
 * milliseconds, from the throttle's clock). What each means is the throttle's business.
 */
export interface ThrottleRow {
  count: number;
  at: number;
  until: number;
  expiresAt: number;
}

/** The throttle's rows during one step: those not yet forgotten, read and written synchronously. */
export interface ThrottleView {
  get(key: string): ThrottleRow | undefined;
  set(key: string, row: ThrottleRow): void;
  delete(key: string): void;
}

/** Where the sign-in throttle keeps its rows. */
export interface ThrottleStore {
  /**
   * Runs `step` on the rows of `keys` as one indivisible step: no other step holding any of
   * `locks` runs meanwhile, and what `step` writes is kept only if it returns. `keys` are all the
   * keys `step` may read or write; every step touching a key holds the same lock for it.
   */
  step<T>(keys: readonly string[], locks: readonly string[], step: (view: ThrottleView) => T): Promise<T>;
  /** Rows held and not yet forgotten (for tests: what a flood leaves behind). */
  size(): Promise<number>;
  /** Stops its housekeeping. */
  close(): Promise<void>;
}

/**
 * In this process's memory (PGlite: one process). A step runs synchronously, so it is
 * indivisible without locks. At most `maxKeys` rows are kept: past that the oldest are
 * forgotten, those already forgotten by their time first (it would take that many keys counted
 * within one window, each costing the attacker an attempt).
 */
export function createMemoryThrottleStore(options: { clock: () => number; maxKeys?: number }): ThrottleStore {
  const { clock } = options;
  const maxKeys = options.maxKeys ?? 500_000;
  const rows = new Map<string, ThrottleRow>();

  const live = (key: string, now: number): ThrottleRow | undefined => {
    const row = rows.get(key);
    if (row && row.expiresAt <= now) {
      rows.delete(key);
      return undefined;
    }
    return row;
  };
  const sweep = (now: number) => {
    for (const [key, row] of rows) if (row.expiresAt <= now) rows.delete(key);
    // the oldest written first (a Map keeps the order keys were first set)
    for (const key of rows.keys()) {
      if (rows.size <= maxKeys) break;
      rows.delete(key);
    }
  };

  return {
    // async, but `step` runs before the first await: the whole step is one synchronous run
    async step(_keys, _locks, step) {
      const now = clock();
      return step({
        get: (key) => live(key, now),
        set: (key, row) => {
          const added = !rows.has(key);
          rows.set(key, row);
          if (added && rows.size > maxKeys) sweep(now);
        },
        delete: (key) => void rows.delete(key),
      });
    },
    async size() {
      const now = clock();
      for (const [key, row] of rows) if (row.expiresAt <= now) rows.delete(key);
      return rows.size;
    },
    async close() {},
  };
}

/** The first key of the throttle's advisory locks (the others' classes are in cluster/key-locks.ts and the repositories). */
export const THROTTLE_LOCK_CLASS = 0x62616974 + 20;

/**
 * A lock's second key: 32 bits of a SHA-256 of its name. Computed here rather than with
 * PostgreSQL's `hashtext` so that a step can take its locks in the order of the keys themselves:
 * two steps always lock in the same order and can never wait for each other in a circle, even
 * when two names share a key.
 */
const lockKey = (name: string) => createHash('sha256').update(name).digest().readInt32BE(0);

/** How often rows already forgotten are deleted (as rate-limiter-flexible's store does for its windows). */
const PRUNE_INTERVAL_MS = 5 * 60_000;

/**
 * In the database (`sign_in_throttle`), shared by every instance on one PostgreSQL (issue 21):
 * a step is a transaction that first takes the advisory locks of its `locks` (the account and
 * the address), in one order, then reads its rows, runs, and writes what changed. Times come
 * from `clock`, not the database's, as in memory. Rows already forgotten are deleted every five
 * minutes by each instance (a cheap delete by index; any instance may do it).
 */
export function createDatabaseThrottleStore(db: Db, options: { clock: () => number; pruneIntervalMs?: number }): ThrottleStore & { prune(): Promise<void> } {
  const { clock } = options;
  const prune = async () => {
    await db.delete(signInThrottle).where(lte(signInThrottle.expiresAt, clock()));
  };
  const timer = setInterval(() => void prune().catch(() => {}), options.pruneIntervalMs ?? PRUNE_INTERVAL_MS);
  timer.unref();

  return {
    prune,
    step(keys, locks, step) {
      return db.transaction(async (tx) => {
        const lockKeys = [...new Set(locks.map(lockKey))].sort((a, b) => a - b);
        for (const key of lockKeys) await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCK_CLASS}, ${key})`);
        const now = clock();
        const found = await tx
          .select()
          .from(signInThrottle)
          .where(and(inArray(signInThrottle.key, [...keys]), gt(signInThrottle.expiresAt, now)));
        const rows = new Map<string, ThrottleRow>(found.map(({ key, ...row }) => [key, row]));
        const changed = new Map<string, ThrottleRow | null>();
        const allowed = new Set(keys);
        const touch = (key: string) => {
          if (!allowed.has(key)) throw new Error(`a throttle step touched a key it did not name: ${key}`);
        };
        const result = step({
          get: (key) => {
            touch(key);
            return rows.get(key);
          },
          set: (key, row) => {
            touch(key);
            rows.set(key, row);
            changed.set(key, row);
          },
          delete: (key) => {
            touch(key);
            rows.delete(key);
            changed.set(key, null);
          },
        });
        const gone = [...changed].filter(([, row]) => row === null).map(([key]) => key);
        if (gone.length > 0) await tx.delete(signInThrottle).where(inArray(signInThrottle.key, gone));
        for (const [key, row] of changed) {
          if (row === null) continue;
          await tx
            .insert(signInThrottle)
            .values({ key, ...row })
            .onConflictDoUpdate({ target: signInThrottle.key, set: { count: row.count, at: row.at, until: row.until, expiresAt: row.expiresAt } });
        }
        return result;
      });
    },
    async size() {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(signInThrottle)
        .where(gt(signInThrottle.expiresAt, clock()));
      return row?.n ?? 0;
    },
    async close() {
      clearInterval(timer);
    },
  };
}

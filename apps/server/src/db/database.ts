import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import * as schema from './schema.ts';

/** The Drizzle handle both drivers satisfy; repositories only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute(sql...)` (the same shape on PGlite and node-postgres). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Keeps the process alive when PostgreSQL ends one of `pool`'s connections (a restart, a failover,
 * `pg_terminate_backend`, `idle_in_transaction_session_timeout`). An idle connection's error
 * reaches the pool's listener and the connection is dropped; but while a connection is lent out
 * the pool does not listen to it, and its error, with no listener, crashed the whole process (the
 * outside review killed both instances with one `pg_terminate_backend` during sign-ins, and a
 * user could do it with one slow download under that timeout). Each connection now has a
 * listener of its own for as long as it lives: the query in flight fails (its request answers
 * 500, a download is cut) and the pool replaces the connection.
 */
export function survivePostgresErrors(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
}

/** An open database: the query handle, which driver it is, and how to close it. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * On PostgreSQL: the pool behind `db` (the rate limits' store uses it) and the address, for the
   * few long-lived connections of their own (the cluster bus's LISTEN, the scheduler's lock).
   */
  postgres?: { pool: pg.Pool; url: string; options: PostgresPoolOptions };
  close(): Promise<void>;
}

/** Each server process's PostgreSQL pool (`DATABASE_POOL_MAX`, `DATABASE_*_TIMEOUT_MS`). */
export interface PostgresPoolOptions {
  /** Connections at most. */
  max: number;
  /** How long a request waits for a connection (pool full, server slow to accept) before failing; 0: for ever. */
  connectTimeoutMs: number;
  /** An unused connection is closed after this long; 0: never. */
  idleTimeoutMs: number;
  /** A statement running longer is cancelled by PostgreSQL; 0: no limit. */
  statementTimeoutMs: number;
}

/**
 * Sized for one process on a small machine: 10 connections (PostgreSQL's default allows 100, so
 * several instances fit), a request that cannot get one in 10 s fails rather than piling up, idle
 * ones close after 30 s, and no statement runs past 30 s (the slowest, a retention batch or an
 * export page, take well under a second).
 */
export const DEFAULT_POSTGRES_POOL: PostgresPoolOptions = { max: 10, connectTimeoutMs: 10_000, idleTimeoutMs: 30_000, statementTimeoutMs: 30_000 };

/**
 * The advisory lock (classid, objid) migrations run under on PostgreSQL: instances starting
 * together apply each migration once, the others waiting and then finding nothing to do.
 */
const MIGRATION_LOCK = [0x62616974, 1] as const;

/** Where the migrations drizzle-kit generated live (committed, applied at every start). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Where to open the database: a PGlite folder, PGlite in memory, or a PostgreSQL server. */
export type DatabaseTarget = { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string; pool?: Partial<PostgresPoolOptions> };

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    let release = () => {};
    if (target.dataDir) {
      refuseAfterInterruptedRestore(target.dataDir);
      mkdirSync(target.dataDir, { recursive: true });
      release = acquireDataDirLock(`${target.dataDir}.lock`);
    }
    const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
    const db = drizzlePglite(client, { schema });
    const close = async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    };
    try {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    } catch (error) {
      await close();
      throw error;
    }
    return { db: db as unknown as Db, driver: 'pglite', close };
  }
  const options = { ...DEFAULT_POSTGRES_POOL, ...target.pool };
  const pool = new pg.Pool({
    connectionString: target.url,
    max: options.max,
    connectionTimeoutMillis: options.connectTimeoutMs,
    idleTimeoutMillis: options.idleTimeoutMs,
    ...(options.statementTimeoutMs > 0 ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  survivePostgresErrors(pool);
  const db = drizzlePg(pool, { schema });
  try {
    await migrateUnderLock(target.url, options);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: db as unknown as Db, driver: 'postgres', postgres: { pool, url: target.url, options }, close: () => pool.end() };
}

/** Applies the migrations on a connection of its own holding {@link MIGRATION_LOCK} (no statement timeout: a migration may be long). */
async function migrateUnderLock(url: string, options: PostgresPoolOptions): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs });
  // a connection ended by the server fails the migration (and the start), not the process with an unhandled event
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // the lock ends with the session
    await client.end();
  }
}

/**
 * `npm run restore` loads into `<dataDir>.restoring-<time>` and then swaps it in by two renames.
 * Cut short between them, the database folder is missing while the restored one waits beside it:
 * a start would make a new, empty database and carry on. It is refused instead, saying what to do.
 */
function refuseAfterInterruptedRestore(dataDir: string): void {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  const prefix = `${basename(dataDir)}.restoring-`;
  const waiting = existsSync(dirname(dataDir)) ? readdirSync(dirname(dataDir)).filter((name) => name.startsWith(prefix)) : [];
  if (waiting.length === 0) return;
  throw new Error(
    `${dataDir} is empty but ${join(dirname(dataDir), waiting.sort().at(-1)!)} is beside it: a restore was interrupted. Run npm run restore again, or move that folder to ${dataDir} if the restore had finished loading (a db.before-restore-* folder beside it holds the database from before), then start.`,
  );
}

/** The database the configuration names: `DATABASE_URL`, else PGlite under `<dataDir>/db`. */
export function databaseTargetFor(config: { dataDir: string; databaseUrl: string | undefined; postgresPool?: PostgresPoolOptions }): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, ...(config.postgresPool ? { pool: config.postgresPool } : {}) } : { kind: 'pglite', dataDir: join(config.dataDir, 'db') };
}

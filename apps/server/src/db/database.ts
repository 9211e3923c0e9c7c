import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
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

/** An open database: the query handle, which driver it is, and how to close it. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Where the migrations drizzle-kit generated live (committed, applied at every start). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Where to open the database: a PGlite folder, PGlite in memory, or a PostgreSQL server. */
export type DatabaseTarget = { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string; poolSize?: number };

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    let release = () => {};
    if (target.dataDir) {
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
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  // An idle client losing its connection (server restart) must not take the process down.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  try {
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
}

/** The database the configuration names: `DATABASE_URL`, else PGlite under `<dataDir>/db`. */
export function databaseTargetFor(config: { dataDir: string; databaseUrl: string | undefined }): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'db') };
}

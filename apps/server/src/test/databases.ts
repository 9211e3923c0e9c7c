import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';

/** A way to get a fresh, migrated, empty database for one test file. */
export interface DatabaseFactory {
  name: 'pglite' | 'postgres';
  /** Opens a new database; its `close()` also removes it. */
  open(): Promise<Database>;
}

const pglite: DatabaseFactory = {
  name: 'pglite',
  open: () => openDatabase({ kind: 'pglite' }),
};

function postgres(adminUrl: string): DatabaseFactory {
  return {
    name: 'postgres',
    async open() {
      const name = `bc_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), pool: { max: 4 } });
      return {
        ...database,
        async close() {
          await database.close();
          const dropper = new pg.Client({ connectionString: adminUrl });
          await dropper.connect();
          try {
            await dropper.query(`drop database if exists ${name} with (force)`);
          } finally {
            await dropper.end();
          }
        },
      };
    },
  };
}

/**
 * Every database the integration suites run on: PGlite in memory always, and a PostgreSQL
 * server when `TEST_DATABASE_URL` names one (each test file gets its own `bc_test_*` database).
 */
export const DATABASES: readonly DatabaseFactory[] = process.env.TEST_DATABASE_URL
  ? [pglite, postgres(process.env.TEST_DATABASE_URL)]
  : [pglite];

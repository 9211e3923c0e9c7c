import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, rowsOf } from './database.ts';
import { DATABASES } from '../test/databases.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

describe('openDatabase (PGlite in a folder)', () => {
  const root = mkdtempSync(join(tmpdir(), 'bc-db-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates the folders, applies the migrations, keeps data across opens, and refuses a second opener', async () => {
    const dataDir = join(root, 'nested', 'db');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(existsSync(dataDir)).toBe(true);
    await first.db.execute(sql`insert into users (id) values ('u1')`);
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(/in use by another Baitcheck server/);
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    const result = (await second.db.execute(sql`select id, kind from users`)) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([{ id: 'u1', kind: 'guest' }]);
    await second.close();
  });

  it('refuses to start on an empty folder while a restore that was cut short waits beside it', async () => {
    const dataDir = join(root, 'interrupted', 'db');
    mkdirSync(`${dataDir}.restoring-20261129T050000Z`, { recursive: true });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(/is empty but .*db\.restoring-20261129T050000Z is beside it: a restore was interrupted/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('takes over a lock left by a process that is gone', () => {
    const lock = join(root, 'stale.lock');
    // PID 2^22 + 1 is above Linux's pid_max, so no process has it.
    rmSync(lock, { force: true });
    writeFileSync(lock, String(4_194_305));
    const release = acquireDataDirLock(lock);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lock)).toBe(false);
  });
});

const postgresFactory = DATABASES.find((d) => d.name === 'postgres');

describe.skipIf(!postgresFactory)('openDatabase (PostgreSQL)', () => {
  it('survives PostgreSQL ending a connection in use: the transaction fails, the process and the pool go on (the review crashed both instances with one pg_terminate_backend)', async () => {
    const database = await postgresFactory!.open();
    const admin = new pg.Client({ connectionString: database.postgres!.url });
    admin.on('error', () => {});
    await admin.connect();
    try {
      const running = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select pg_sleep(30)`);
      });
      const failed = running.then(
        () => 'committed',
        (error: unknown) => (error as Error).message,
      );
      // the sleeping transaction's backend, ended as a restart or a failover would
      let ended = 0;
      for (let i = 0; i < 100 && ended === 0; i++) {
        const { rows } = await admin.query<{ ended: boolean }>(
          "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like '%pg_sleep(30)%'",
        );
        ended = rows.filter((r) => r.ended).length;
        if (ended === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(ended).toBe(1);
      expect(await failed).not.toBe('committed');
      // the pool opens another connection for the next query
      expect(rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});

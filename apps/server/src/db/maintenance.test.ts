import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from './database.ts';
import { createTableMaintenance } from './maintenance.ts';

describe('the embedded database’s maintenance (PGlite has no autovacuum)', () => {
  let database: Database;
  const time = { now: 0 };
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await database.db.execute(sql`create table maintenance_probe (id serial primary key, owner int not null, body text not null)`);
    await database.db.execute(sql`create index maintenance_probe_owner on maintenance_probe (owner)`);
  });
  afterAll(() => database?.close());

  const analyzedRows = async () =>
    rowsOf<{ reltuples: number }>(await database.db.execute(sql`select reltuples::int as reltuples from pg_class where relname = 'maintenance_probe'`))[0]!.reltuples;
  const fill = (rows: number, owners: number) =>
    database.db.execute(sql`insert into maintenance_probe (owner, body) select g % ${owners}, repeat('x', 200) from generate_series(1, ${rows}) g`);

  it('analyzes every table on its first round, then only a table whose size moved by more than 10%, and vacuums a changed one hourly', async () => {
    const maintenance = createTableMaintenance(database, { clock: () => time.now });
    await fill(20_000, 2);
    // never analyzed: the planner knows nothing of the 20,000 rows
    expect(await analyzedRows()).toBeLessThanOrEqual(0);
    const first = await maintenance.round();
    expect(first.analyzed).toContain('maintenance_probe');
    expect(first.analyzed).toContain('messages');
    expect(await analyzedRows()).toBe(20_000);

    // nothing changed: nothing to do
    expect(await maintenance.round()).toMatchObject({ analyzed: [], vacuumed: [] });
    // 5% more rows: not yet; 15% in all: analyzed again
    await fill(1_000, 2);
    expect((await maintenance.round()).analyzed).toEqual([]);
    await fill(2_000, 2);
    expect((await maintenance.round()).analyzed).toEqual(['maintenance_probe']);
    expect(await analyzedRows()).toBe(23_000);

    // an hour on, a table that changed at all is vacuumed (and analyzed); one that did not is left alone
    await database.db.execute(sql`delete from maintenance_probe where id % 10 = 0`);
    time.now += 60 * 60_000;
    const hourly = await maintenance.round();
    expect(hourly.vacuumed).toEqual(['maintenance_probe']);
    expect(hourly.analyzed).toEqual([]);
    expect(await analyzedRows()).toBe(20_700);
  });

  it('gives the planner what it needs: with statistics, a skewed column’s rare value is read through its index', async () => {
    await database.db.execute(sql`truncate maintenance_probe`);
    // one owner has almost every row, another a handful (a busy plugin inbox beside a new user)
    await database.db.execute(sql`insert into maintenance_probe (owner, body) select case when g <= 20 then 2 else 1 end, repeat('x', 200) from generate_series(1, 30000) g`);
    const plan = async () => rowsOf<{ 'QUERY PLAN': string }>(await database.db.execute(sql`explain select * from maintenance_probe where owner = 2`)).map((r) => r['QUERY PLAN']).join('\n');
    await createTableMaintenance(database).round();
    expect(await plan()).toMatch(/Index Scan|Bitmap Index Scan/);
    expect(await plan()).toMatch(/rows=(1\d|2\d|3\d)\b/);
  });

  it('does not run its rounds on PostgreSQL, whose autovacuum does this', async () => {
    const reports: unknown[] = [];
    const maintenance = createTableMaintenance({ ...database, driver: 'postgres' }, { intervalMs: 1 });
    maintenance.start((outcome) => reports.push(outcome));
    await new Promise((resolve) => setTimeout(resolve, 30));
    await maintenance.stop();
    expect(reports).toEqual([]);
  });
});

/**
 * The embedded database's dump and load, shared by `npm run backup`, `npm run restore` and the
 * server's admin backup route. The dump is PostgreSQL's own pg_dump (built to WebAssembly by
 * `@electric-sql/pglite-tools`), in plain SQL with INSERTs, so PostgreSQL loads it with `psql -f`
 * and PGlite with one `exec`.
 */
import { API_ROUTES } from '@baitcheck/contracts';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, type Database } from './database.ts';

/** The admin route the running server answers the dump on (loopback and the admin token only). */
export const BACKUP_ROUTE = API_ROUTES.backupDatabase.path;

/**
 * No owners, no grants: the dump loads as whichever role runs it, into any PostgreSQL. Ten rows a
 * statement: a plain INSERT per row makes restoring several times slower.
 */
const PG_DUMP_ARGS = ['--no-owner', '--no-privileges', '--rows-per-insert=10'];

/** The PGlite client behind an open database, or null when it is PostgreSQL. */
export function pgliteClientOf(database: Database): PGlite | null {
  if (database.driver !== 'pglite') return null;
  // drizzle keeps the client it was given; Database does not name it, being the same for both drivers
  const client = (database.db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Dumps `client`'s database as plain SQL. The client may be a running server's: it is one
 * session, so the dump holds PGlite's transaction lock (requests wait for it; a transaction in
 * progress finishes first) and afterwards puts the session back as it was, since pg_dump leaves
 * its read-only transaction open and its settings (search_path '', no views) set.
 */
export async function dumpPglite(client: PGlite): Promise<string> {
  const session = await client.query<{ name: string; setting: string }>("SELECT name, setting FROM pg_catalog.pg_settings WHERE source = 'session'");
  const searchPath = (await client.query<{ search_path: string }>('SHOW search_path')).rows[0]?.search_path ?? 'public';
  const file = await client._runExclusiveTransaction(async () => {
    // pgDump asks its `pg` for the search path and resets it afterwards, with query and exec, which
    // would wait for the lock held here; it gets the answer, and the reset is done below
    const view = {
      query: async () => ({ rows: [{ search_path: searchPath }] }),
      exec: async () => [],
      execProtocolRawSync: (message: Uint8Array) => client.execProtocolRawSync(message),
    } as unknown as PGlite;
    try {
      return await pgDump({ pg: view, args: PG_DUMP_ARGS });
    } finally {
      // the protocol calls take no lock; ROLLBACK only warns when no transaction is open
      const run = (sql: string) => client.execProtocol(protocol.serialize.query(sql), { syncToFs: false });
      await run('ROLLBACK');
      await run('RESET ALL; DEALLOCATE ALL');
      const restore = session.rows.map((s) => `SELECT pg_catalog.set_config(${quote(s.name)}, ${quote(s.setting)}, false)`);
      if (restore.length > 0) await run(restore.join('; '));
    }
  });
  return portableDump(await file.text());
}

/**
 * pg_dump 17 sets transaction_timeout, which PostgreSQL before 17 does not know (`psql -v
 * ON_ERROR_STOP=1` stops on it): the dump loads into 13 to 17 without it, and it only says "no
 * timeout", the default.
 */
function portableDump(sql: string): string {
  const header = sql.indexOf('\n--\n-- Name:');
  const line = '\nSET transaction_timeout = 0;\n';
  const at = sql.indexOf(line);
  return at >= 0 && (header < 0 || at < header) ? sql.slice(0, at + 1) + sql.slice(at + line.length) : sql;
}

/** Why a file cannot be restored, in a sentence for the person who ran the command. */
export class DumpFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DumpFileError';
  }
}

/**
 * Checks that `bytes` are a plain-SQL Baitcheck dump PGlite can load, and returns its SQL ready
 * for PGlite. Throws {@link DumpFileError} saying what the file is instead.
 */
export function readDumpSql(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new DumpFileError('the file is empty');
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) throw new DumpFileError('the file is compressed (gzip): uncompress it first (gunzip)');
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  if (head === 'PGDMP') throw new DumpFileError('this is a pg_dump archive (custom or tar format): turn it into SQL first with pg_restore -f dump.sql <archive>');
  let sql: string;
  try {
    sql = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new DumpFileError('the file is not text: it is not a SQL dump');
  }
  if (!/^(?:--[^\n]*\n)*-- PostgreSQL database dump\n/.test(sql.slice(0, 2000))) {
    throw new DumpFileError('the file is not a PostgreSQL dump (made by npm run backup or pg_dump)');
  }
  if (!sql.includes('CREATE TABLE drizzle.__drizzle_migrations')) {
    throw new DumpFileError("the dump is not a Baitcheck database's: it has no drizzle.__drizzle_migrations table");
  }
  if (/^COPY [^\n]* FROM stdin;$/m.test(sql)) {
    throw new DumpFileError('the dump holds its rows as COPY, which only psql reads: make it with pg_dump --inserts (npm run backup does)');
  }
  // the last such line: a stored message may hold the words too
  const complete = [...sql.matchAll(/^-- PostgreSQL database dump complete$/gm)].at(-1);
  if (!complete) {
    throw new DumpFileError('the dump is incomplete: it does not end with "PostgreSQL database dump complete" (was the copy cut short?)');
  }
  // pg_dump writes nothing after its closing line but comments and its fence's end
  const after = sql.slice(complete.index + complete[0].length).split('\n').filter((line) => line.trim() !== '' && !line.startsWith('--') && !/^\\unrestrict [A-Za-z0-9]+$/.test(line));
  if (after.length > 0) throw new DumpFileError('the dump has statements after its "dump complete" line, which pg_dump never writes: it was changed after it was made');
  // pg_dump 17.6 and later fence a plain dump with psql's \restrict <key> ... \unrestrict <key>
  const fence = /^\\restrict ([A-Za-z0-9]+)$/m.exec(sql);
  if (fence) {
    const key = fence[1] as string;
    sql = sql.replace(`\\restrict ${key}\n`, '').replace(`\\unrestrict ${key}\n`, '');
  }
  return sql;
}

/** Loads dump SQL (from {@link readDumpSql}) into `client`, all or nothing: one implicit transaction. */
export async function loadDumpSql(client: PGlite, sql: string): Promise<void> {
  await client.exec(sql);
}

/** Every table of the database but PostgreSQL's own, as `schema.table`, with its row count. */
export async function countRows(client: PGlite): Promise<{ table: string; rows: number }[]> {
  const tables = await client.query<{ schema: string; name: string }>(
    "SELECT table_schema AS schema, table_name AS name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2",
  );
  const counts: { table: string; rows: number }[] = [];
  for (const t of tables.rows) {
    const ident = `"${t.schema.replaceAll('"', '""')}"."${t.name.replaceAll('"', '""')}"`;
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident}`);
    counts.push({ table: `${t.schema}.${t.name}`, rows: rows[0]?.n ?? 0 });
  }
  return counts;
}

/** What a restore loads into first, beside `DATA_DIR/db`: `db.restoring-<UTC time>`. */
export const RESTORING_SUFFIX = '.restoring-';

/**
 * A description of every object of a database's own making (schemas, tables and their columns,
 * constraints, indexes, sequences, views, functions, triggers, database settings), one line each.
 */
async function schemaFingerprint(client: PGlite): Promise<Set<string>> {
  const own = "not in ('pg_catalog', 'information_schema', 'pg_toast')";
  const { rows } = await client.query<{ line: string }>(`
    select 'schema ' || nspname as line from pg_namespace where nspname ${own} and nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%'
    union all select 'column ' || table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') from information_schema.columns where table_schema ${own}
    union all select 'constraint ' || conrelid::regclass::text || '.' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace in (select oid from pg_namespace where nspname ${own})
    union all select 'index ' || schemaname || '.' || indexname || ' ' || indexdef from pg_indexes where schemaname ${own}
    union all select 'sequence ' || sequence_schema || '.' || sequence_name from information_schema.sequences where sequence_schema ${own}
    union all select 'view ' || schemaname || '.' || viewname from pg_views where schemaname ${own}
    union all select 'function ' || n.nspname || '.' || p.proname || ' ' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${own}
    union all select 'trigger ' || c.relname || '.' || t.tgname || ' ' || pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal
    union all select 'setting ' || array_to_string(setconfig, ',') from pg_db_role_setting
    union all select 'role ' || rolname from pg_roles where rolname not like 'pg\\_%'`);
  return new Set(rows.map((r) => r.line));
}

/**
 * How the schema of `client` (a restored database, its migrations applied) differs from what the
 * migrations alone make, compared with a new database: each object missing or extra, one line
 * each; empty when it is Baitcheck's schema exactly.
 */
export async function schemaDifferences(client: PGlite): Promise<string[]> {
  const reference = new PGlite();
  try {
    await migrate(drizzle(reference), { migrationsFolder: MIGRATIONS_DIR });
    const [want, got] = await Promise.all([schemaFingerprint(reference), schemaFingerprint(client)]);
    return [...[...got].filter((l) => !want.has(l)).map((l) => `unexpected ${l}`), ...[...want].filter((l) => !got.has(l)).map((l) => `missing ${l}`)];
  } finally {
    await reference.close();
  }
}

/**
 * `npm run restore -- <file> [--replace]`: loads a dump made by `npm run backup` (or by pg_dump
 * with --inserts) into the embedded database.
 *
 * Only while no server runs on the data folder (the database lock says so), and only into a new
 * or empty database folder unless --replace is given: the current folder is then moved aside,
 * kept, never deleted. A dump that does not load leaves everything as it was.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { MIGRATIONS_DIR } from '../db/database.ts';
import { countRows, DumpFileError, loadDumpSql, readDumpSql, RESTORING_SUFFIX, schemaDifferences } from '../db/dump.ts';
import { fileStamp, startEmbeddedCommand } from './backup.ts';
import { pathFromCaller, runAsProgram, type CliIo } from './cli-kit.ts';

const USAGE = 'Usage: npm run restore -- <file> [--replace]';

function parseArgs(argv: readonly string[]): { file: string; replace: boolean } | string {
  let file: string | undefined;
  let replace = false;
  for (const a of argv) {
    if (a === '--replace') replace = true;
    else if (a.startsWith('--')) return `unknown option ${a}`;
    else if (file === undefined) file = a;
    else return `one dump at a time (got "${file}" and "${a}")`;
  }
  if (file === undefined || file === '') return 'name the dump file to restore';
  return { file, replace };
}

const count = (n: number) => n.toLocaleString('en-US');

async function migrationsApplied(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return rows[0]?.n ?? 0;
}

/** Runs the command; returns the exit code (0 done, 1 failed, 2 usage). */
export async function runRestore(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo, clock: () => Date = () => new Date()): Promise<number> {
  const started = startEmbeddedCommand('restore', argv, env, io, USAGE, parseArgs);
  if (typeof started === 'number') return started;
  const { args, config } = started;
  const file = pathFromCaller(args.file, env);
  let sql: string;
  try {
    sql = readDumpSql(readFileSync(file));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') io.err(`file not found: ${file}`);
    else if (code === 'EISDIR') io.err(`${file} is a folder: name the dump file`);
    else if (err instanceof DumpFileError) io.err(`cannot restore ${file}: ${err.message}`);
    else io.err(`cannot read ${file}: ${(err as Error).message}`);
    return 1;
  }

  const dbDir = join(config.dataDir, 'db');
  mkdirSync(config.dataDir, { recursive: true });
  let release: () => void;
  try {
    release = acquireDataDirLock(`${dbDir}.lock`);
  } catch (err) {
    const message = (err as Error).message;
    const owner = /\(process (\d+)\)/.exec(message)?.[1];
    io.err(
      owner
        ? `A Baitcheck server (process ${owner}) is using the database in ${dbDir}: stop it, then run npm run restore again. Nothing was changed.`
        : `could not take the database's lock: ${message}`,
    );
    return 1;
  }
  let aside: string | undefined;
  try {
    const occupied = existsSync(dbDir) && readdirSync(dbDir).length > 0;
    if (occupied && !args.replace) {
      io.err(`${dbDir} already holds a database. Restore into a new data folder (DATA_DIR=<new folder> npm run restore -- <file>), or add --replace to move the current one aside (kept, not deleted) and restore in its place.`);
      return 1;
    }
    const stamp = fileStamp(clock());
    // loaded, migrated and checked in a folder of its own; the current database is touched only
    // once that has all succeeded, by two renames (a restore cut short leaves it as it was)
    const staging = `${dbDir}${RESTORING_SUFFIX}${stamp}`;
    let summary: { tables: number; rows: number; migrationsAdded: number };
    try {
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      const client = new PGlite(staging);
      try {
        await loadDumpSql(client, sql);
      } finally {
        await client.close();
      }
      // opened afresh (the dump leaves its session's search_path empty), as the next start will:
      // the migrations it carries are known, and only newer ones (a dump of an older version) apply
      const reopened = new PGlite(staging);
      try {
        const before = await migrationsApplied(reopened);
        await migrate(drizzle(reopened), { migrationsFolder: MIGRATIONS_DIR });
        // a dump is SQL run as the database's owner: whatever it made beyond Baitcheck's own schema
        // (a trigger, a function, a dropped table, a setting) is refused, not kept
        const unexpected = await schemaDifferences(reopened);
        if (unexpected.length > 0) throw new DumpFileError(`its schema is not Baitcheck's: ${unexpected.slice(0, 5).join('; ')}${unexpected.length > 5 ? ` (and ${unexpected.length - 5} more)` : ''}`);
        const counts = await countRows(reopened);
        summary = { tables: counts.length, rows: counts.reduce((sum, c) => sum + c.rows, 0), migrationsAdded: (await migrationsApplied(reopened)) - before };
      } finally {
        await reopened.close();
      }
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      io.err(`cannot restore ${file}: ${err instanceof DumpFileError ? err.message : `the dump did not load (${(err as Error).message})`}. Nothing was changed.`);
      return 1;
    }
    if (occupied) {
      aside = `${dbDir}.before-restore-${stamp}`;
      renameSync(dbDir, aside);
    } else {
      rmSync(dbDir, { recursive: true, force: true });
    }
    renameSync(staging, dbDir);
    if (aside !== undefined) io.out(`The database that was in ${dbDir} is kept in ${aside}.`);
    const migrations = summary.migrationsAdded > 0 ? ` ${count(summary.migrationsAdded)} newer migrations were applied to it.` : ' Its migrations are up to date.';
    io.out(`Restored ${file} into ${dbDir}: ${count(summary.tables)} tables, ${count(summary.rows)} rows.${migrations}`);
    return 0;
  } finally {
    release();
  }
}

await runAsProgram(import.meta.url, runRestore);

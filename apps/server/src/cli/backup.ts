/**
 * `npm run backup [-- --out <file>]`: writes a plain-SQL dump of the embedded database, which
 * `npm run restore` and PostgreSQL's `psql -f` both load.
 *
 * The embedded database admits one process at a time, so when a Baitcheck server runs on this
 * machine the dump comes from it (its admin route, with the token it wrote in the data folder);
 * when none runs, the command opens the database itself, holding the same lock a server would.
 * It never opens a database another process holds.
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ERROR_CATALOGUE } from '@baitcheck/contracts';
import { vapidKeysPath } from '../adapters/push/vapid-keys.ts';
import { acquireDataDirLock, lockHolder } from '../db/data-dir-lock.ts';
import { adminTokenPath, readAdminToken } from '../lib/admin-token.ts';
import { secretKeyPath } from '../lib/secret-box.ts';
import { BACKUP_ROUTE, DumpFileError, dumpPglite, readDumpSql } from '../db/dump.ts';
import { foreignServer, nobodyListens, pathFromCaller, runAsProgram, serverBaseUrl, startCommand, type CliIo } from './cli-kit.ts';

const USAGE = 'Usage: npm run backup [-- --out <file>]';

/** What to say when the data is in PostgreSQL: its own tools back it up. */
export function postgresAdvice(command: 'backup' | 'restore'): string {
  return command === 'backup'
    ? 'DATABASE_URL is set: the data is in PostgreSQL, and npm run backup is for the embedded database. Back PostgreSQL up with its own tools: pg_dump --format=custom --file=baitcheck.dump "$DATABASE_URL" (see README, Backups).'
    : 'DATABASE_URL is set: the data is in PostgreSQL, and npm run restore is for the embedded database. Restore PostgreSQL with its own tools: pg_restore --dbname="$DATABASE_URL" baitcheck.dump, or psql -f for a plain SQL dump (see README, Backups).';
}

/**
 * {@link startCommand} for the embedded database's tools: with `DATABASE_URL` set, says which of
 * PostgreSQL's own tools to use instead (exit 1).
 */
export function startEmbeddedCommand<A>(command: 'backup' | 'restore', argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo, usage: string, parse: (argv: readonly string[]) => A | string): ReturnType<typeof startCommand<A>> {
  const started = startCommand(argv, env, io, usage, parse);
  if (typeof started !== 'number' && started.config.databaseUrl) {
    io.err(postgresAdvice(command));
    return 1;
  }
  return started;
}

/** `1.2 MB`, `340 KB`, `912 bytes`. */
export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `20261128T160405Z`: a UTC moment that sorts as text and is safe in any file name. */
export function fileStamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

function parseArgs(argv: readonly string[]): { out?: string } | string {
  const args: { out?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--out') {
      const value = argv[++i];
      if (value === undefined || value === '') return '--out needs a file name';
      args.out = value;
    } else if (a.startsWith('--')) return `unknown option ${a}`;
    else return `unexpected argument "${a}" (name the file with --out)`;
  }
  return args;
}

/** `<dataDir>/backups/baitcheck-<UTC time>.sql`, with `-2`, `-3`... when that name is taken. */
function defaultOutPath(dataDir: string, at: Date): string {
  const base = join(dataDir, 'backups', `baitcheck-${fileStamp(at)}`);
  for (let n = 1; ; n++) {
    const path = n === 1 ? `${base}.sql` : `${base}-${n}.sql`;
    if (!existsSync(path)) return path;
  }
}

type ServerDump = { ok: true; written: true } | { ok: false; message: string } | null;

/** Asks the running server for the dump, streamed into `partial`; null when no server answers. */
async function dumpThroughServer(base: string, token: string, partial: string): Promise<ServerDump> {
  let res: Response;
  try {
    res = await fetch(`${base}${BACKUP_ROUTE}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30 * 60_000) });
  } catch (err) {
    if (nobodyListens(err)) return null;
    return { ok: false, message: `could not reach the server at ${base}: ${(err as Error).message}` };
  }
  if (!res.ok || res.body === null) {
    const text = await res.text();
    let error: { code?: string; message?: string } | undefined;
    try {
      error = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
    } catch {
      // not JSON: reported below
    }
    if (error?.code === 'ADMIN_ONLY') {
      return { ok: false, message: foreignServer(base) };
    }
    if (error?.code === 'NOT_FOUND' && error.message === ERROR_CATALOGUE.NOT_FOUND.message) {
      return { ok: false, message: `the server at ${base} has no backup route (an older Baitcheck?): stop it, then run npm run backup again` };
    }
    return { ok: false, message: error?.message ?? `the server answered HTTP ${res.status}` };
  }
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(partial, { mode: 0o600 }));
  return { ok: true, written: true };
}

/** Runs the command; returns the exit code (0 done, 1 failed, 2 usage). */
export async function runBackup(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo, clock: () => Date = () => new Date()): Promise<number> {
  const started = startEmbeddedCommand('backup', argv, env, io, USAGE, parseArgs);
  if (typeof started === 'number') return started;
  const { args, config } = started;
  const startedAt = Date.now();
  const out = args.out === undefined ? defaultOutPath(config.dataDir, clock()) : pathFromCaller(args.out, env);
  if (existsSync(out)) {
    io.err(`${out} already exists: name another file with --out (a backup never overwrites one)`);
    return 1;
  }
  try {
    mkdirSync(dirname(out), { recursive: true });
  } catch (err) {
    io.err(`cannot make the folder for ${out}: ${(err as Error).message}`);
    return 1;
  }
  // written beside the target and renamed when complete: a cut-short backup never has the name
  const partial = `${out}.partial-${process.pid}`;
  const dbDir = join(config.dataDir, 'db');
  let via = '';
  try {
    // the token goes only to a server that holds this data folder's database now: with none
    // running, whatever listens on the port (another program) must not be sent it
    const token = lockHolder(`${dbDir}.lock`) === null ? null : readAdminToken(adminTokenPath(config.dataDir));
    const base = env.BAITCHECK_SERVER_URL ?? serverBaseUrl(config);
    const answer = token === null ? null : await dumpThroughServer(base, token, partial);
    if (answer !== null && !answer.ok) {
      io.err(answer.message);
      return 1;
    }
    if (answer !== null) {
      via = ` through the server at ${base}`;
      // what came back must be a whole Baitcheck dump before it is called a backup
      try {
        readDumpSql(readFileSync(partial));
      } catch (err) {
        io.err(`the server at ${base} did not send a usable dump (${err instanceof DumpFileError ? err.message : (err as Error).message}): nothing was saved`);
        return 1;
      }
    } else {
      // no server answers: open the database here, as a server would (and not if one holds it)
      if (!existsSync(join(dbDir, 'PG_VERSION'))) {
        io.err(`there is no database in ${dbDir} yet: nothing to back up (is DATA_DIR right?)`);
        return 1;
      }
      let release: () => void;
      try {
        release = acquireDataDirLock(`${dbDir}.lock`);
      } catch (err) {
        io.err(`could not open the database: ${(err as Error).message}`);
        return 1;
      }
      try {
        const client = new PGlite(dbDir);
        try {
          writeFileSync(partial, await dumpPglite(client), { mode: 0o600 });
        } finally {
          await client.close();
        }
      } finally {
        release();
      }
    }
    renameSync(partial, out);
  } catch (err) {
    io.err(`the backup failed: ${(err as Error).message}`);
    return 1;
  } finally {
    rmSync(partial, { force: true });
  }
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  io.out(`Backed up the database${via} to ${out} (${describeSize(statSync(out).size)}, ${seconds} s).`);
  const keys = [
    [secretKeyPath(config.dataDir), "the key the plugins' saved passwords and tokens are encrypted with"],
    [vapidKeysPath(config.dataDir), "push alerts' keys"],
  ].filter(([path]) => existsSync(path as string));
  if (keys.length > 0) {
    io.out(`The dump holds the database only: keep ${keys.map(([path, what]) => `${path} (${what})`).join(' and ')} with it.`);
  }
  io.out(`Restore it with: npm run restore -- ${out}`);
  return 0;
}

await runAsProgram(import.meta.url, runBackup);

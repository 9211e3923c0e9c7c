/**
 * `npm run feeds:import -- <file-or-url> [--source <name>] [--format <format>]`, and
 * `npm run feeds:import -- --list`: imports a threat feed into the server's database.
 *
 * The embedded database admits one process at a time, so when a Baitcheck server runs on this
 * machine the import goes through it (its admin routes, with the token it wrote in the data
 * folder); when none runs, the command opens the database itself, holding the same lock a server
 * would. It never opens a database another process holds: it says so and stops.
 */
import { existsSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { FEED_FORMATS, type FeedImportResult, type FeedSource } from '@baitcheck/contracts';
import { databaseTargetFor, openDatabase } from '../db/database.ts';
import { adminTokenPath, readAdminToken } from '../lib/admin-token.ts';
import { createFeedsRepository } from '../modules/intel/feeds/feeds.repository.ts';
import { createFeedsService, FeedImportError } from '../modules/intel/feeds/feeds.service.ts';
import { foreignServer, nobodyListens, pathFromCaller, runAsProgram, serverBaseUrl, startCommand, type CliIo } from './cli-kit.ts';

export { serverBaseUrl, type CliIo } from './cli-kit.ts';

const USAGE = `Usage: npm run feeds:import -- <file-or-url> [--source <name>] [--format ${FEED_FORMATS.join('|')}]
       npm run feeds:import -- --list`;

type Format = (typeof FEED_FORMATS)[number];

interface Args {
  list: boolean;
  location?: string;
  source?: string;
  format: Format;
}

function parseArgs(argv: readonly string[]): Args | string {
  const args: Args = { list: false, format: 'auto' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--list') args.list = true;
    else if (a === '--source' || a === '--format') {
      const value = argv[++i];
      if (value === undefined) return `${a} needs a value`;
      if (a === '--source') args.source = value;
      else if ((FEED_FORMATS as readonly string[]).includes(value)) args.format = value as Format;
      else return `unknown format "${value}"`;
    } else if (a.startsWith('--')) return `unknown option ${a}`;
    else if (args.location === undefined) args.location = a;
    else return `one feed at a time (got "${args.location}" and "${a}")`;
  }
  if (!args.list && args.location === undefined) return 'name a feed file or address';
  return args;
}

/** A source name from the feed's address or file name: `openphish.com`, `feed-2026-11`. */
export function defaultSourceName(location: string): string {
  let base: string;
  try {
    base = /^https?:\/\//i.test(location) ? new URL(location).hostname.replace(/^www\./, '') : basename(location, extname(location));
  } catch {
    base = 'feed';
  }
  const name = base.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+/, '').slice(0, 63);
  return name.length > 0 ? name : 'feed';
}

const count = (n: number) => n.toLocaleString('en-US');

function describeImport(r: FeedImportResult): string {
  return `Imported ${r.source} (${r.format}): ${count(r.entries)} ${r.entries === 1 ? 'entry' : 'entries'} now listed, ${count(r.added)} added, ${count(r.removed)} removed, ${count(r.skipped)} skipped.`;
}

function describeSources(sources: readonly FeedSource[]): string[] {
  if (sources.length === 0) return ['No threat feed has been imported yet.'];
  return sources.map((s) => {
    const when = s.importedAt ? `imported ${s.importedAt}` : 'never imported';
    return `${s.name}: ${count(s.entryCount)} entries, ${when} from ${s.location}${s.lastError ? ` (last attempt ${s.lastAttemptAt} failed: ${s.lastError})` : ''}`;
  });
}

type ServerAnswer = { ok: true; body: unknown } | { ok: false; message: string } | null;

/** Asks the running server; null when no server answers at that address. */
async function askServer(base: string, token: string, path: string, body?: unknown): Promise<ServerAnswer> {
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      // a download by the server may take up to a minute
      signal: AbortSignal.timeout(5 * 60_000),
    });
  } catch (err) {
    if (nobodyListens(err)) return null;
    return { ok: false, message: `could not reach the server at ${base}: ${(err as Error).message}` };
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: reported below
  }
  if (res.ok) return { ok: true, body: parsed };
  const error = (parsed as { error?: { code?: string; message?: string } } | null)?.error;
  if (error?.code === 'ADMIN_ONLY') {
    return { ok: false, message: foreignServer(base) };
  }
  return { ok: false, message: error?.message ?? `the server answered HTTP ${res.status}` };
}

/** Runs the command; returns the exit code (0 done, 1 failed, 2 usage). */
export async function runFeedsImport(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const started = startCommand(argv, env, io, USAGE, parseArgs);
  if (typeof started === 'number') return started;
  const { args, config } = started;
  let location = args.location;
  if (location !== undefined && !/^https?:\/\//i.test(location)) {
    // the server reads the file, so it gets a path that does not depend on its folder
    location = pathFromCaller(location, env);
    if (!existsSync(location)) {
      io.err(`file not found: ${location}`);
      return 1;
    }
  }
  const source = args.source ?? (location !== undefined ? defaultSourceName(location) : '');
  if (location !== undefined && !/^[a-z0-9][a-z0-9._-]{0,62}$/.test(source)) {
    io.err(`"${source}" is not a source name: use 1-63 lower-case letters, digits, dots, dashes or underscores`);
    return 2;
  }

  const token = readAdminToken(adminTokenPath(config.dataDir));
  if (token !== null) {
    const base = env.BAITCHECK_SERVER_URL ?? serverBaseUrl(config);
    const answer = args.list ? await askServer(base, token, '/api/admin/feeds') : await askServer(base, token, '/api/admin/feeds/import', { location, source, format: args.format });
    if (answer !== null) {
      if (!answer.ok) {
        io.err(answer.message);
        return 1;
      }
      if (args.list) for (const line of describeSources((answer.body as { sources: FeedSource[] }).sources)) io.out(line);
      else io.out(`${describeImport(answer.body as FeedImportResult)} (through the server at ${base})`);
      return 0;
    }
  }

  // no server answers: open the database here, as a server would (and not if one holds it)
  let database;
  try {
    database = await openDatabase(databaseTargetFor(config));
  } catch (err) {
    io.err(`could not open the database: ${(err as Error).message}`);
    return 1;
  }
  try {
    const feeds = createFeedsService({ repo: createFeedsRepository(database.db) });
    if (args.list) {
      const sources = await feeds.listSources();
      for (const line of describeSources(sources.map((s) => ({ ...s, importedAt: s.importedAt?.toISOString() ?? null, lastAttemptAt: s.lastAttemptAt.toISOString() })))) io.out(line);
    } else {
      io.out(describeImport(await feeds.importFeed(source, location as string, args.format === 'auto' ? undefined : args.format)));
    }
    return 0;
  } catch (err) {
    io.err(err instanceof FeedImportError ? `The threat feed could not be imported: ${err.message}` : `failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

await runAsProgram(import.meta.url, runFeedsImport);

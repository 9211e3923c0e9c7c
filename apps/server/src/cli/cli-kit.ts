/**
 * What the server's command-line tools (`npm run feeds:import`, `backup`, `restore`) share: where
 * they write, reading the arguments and the configuration, reaching the running server, and being
 * run as a program.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, REPO_ROOT, type Config } from '../config.ts';

/** Where the command writes; tests pass their own. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/**
 * The command's arguments (parsed by `parse`, which returns a sentence when they are wrong) and
 * the configuration; or, when either is wrong, the exit code, having said why (2 usage, 1 config).
 */
export function startCommand<A>(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo, usage: string, parse: (argv: readonly string[]) => A | string): { args: A; config: Config } | number {
  const args = parse(argv);
  if (typeof args === 'string') {
    io.err(`${args}\n${usage}`);
    return 2;
  }
  try {
    return { args, config: loadConfig(env) };
  } catch (err) {
    io.err(err instanceof ConfigError ? err.message : String(err));
    return 1;
  }
}

/** A path the person typed, taken from the folder they ran npm in (npm changes into the workspace's). */
export function pathFromCaller(path: string, env: NodeJS.ProcessEnv): string {
  return isAbsolute(path) ? path : resolve(env.INIT_CWD ?? process.cwd(), path);
}

/** The address tools use to reach the server on this machine. */
export function serverBaseUrl(config: Pick<Config, 'host' | 'port'>): string {
  const host = config.host === '0.0.0.0' || config.host === '::' || config.host === 'localhost' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** True when a fetch failed because no server listens there (the tool then works on its own). */
export function nobodyListens(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH';
}

/** What to say when the running server refused the data folder's admin token. */
export const foreignServer = (base: string) => `the server at ${base} refused this data folder's admin token: it may be another Baitcheck server, with another DATA_DIR`;

/**
 * Runs `command` when `moduleUrl` is the program node was started with (not when a test imports
 * it), with the repository's `.env` loaded, and exits with its code.
 */
export async function runAsProgram(moduleUrl: string, command: (argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo) => Promise<number>): Promise<void> {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  const envFile = join(REPO_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const code = await command(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
  process.exit(code);
}

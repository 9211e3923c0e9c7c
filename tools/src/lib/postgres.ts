import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { findFreePort } from '../bench/server-process.ts';

/** A new, empty database on the server `adminUrl` names (its user may create databases), and how to drop it. */
export async function createDatabase(adminUrl: string, prefix = 'bc_tools'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Debian's PostgreSQL binaries (`/usr/lib/postgresql/<version>/bin`), the newest; null when none is installed. */
function findPostgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
}

/**
 * A PostgreSQL server for a tool's run: `url` when given (a server whose user may create
 * databases), else a throwaway one started from Debian's binaries on 127.0.0.1 (as the postgres
 * user when run as root, since PostgreSQL refuses root), stopped and removed by `stop`. Tuned as a
 * real one (fsync on): a benchmark measures the server, not a database that forgets.
 */
export async function usePostgresServer(url: string | undefined): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  if (url) return { adminUrl: url, stop: async () => {} };
  const bin = findPostgresBin();
  if (!bin) throw new Error('no PostgreSQL: install it (apt-get install postgresql) or name a server with --postgres-url (its user must be able to create databases)');
  const dir = mkdtempSync(join(tmpdir(), 'bc-tools-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const [c, a] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    const result = spawnSync(c, a, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await findFreePort();
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  run(join(bin, 'pg_ctl'), ['-D', data, '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

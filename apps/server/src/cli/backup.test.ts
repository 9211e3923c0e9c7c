import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { adminTokenPath, writeAdminToken } from '../lib/admin-token.ts';
import { capture, closedPort } from '../test/cli-io.ts';
import { makeVisitor, type Visitor } from '../test/harness.ts';
import { BACKUP_ROUTE, countRows, pgliteClientOf } from '../db/dump.ts';
import { runBackup } from './backup.ts';
import { runRestore } from './restore.ts';

const root = mkdtempSync(join(tmpdir(), 'baitcheck-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function buildServerApp(database: Database, adminToken?: string): Promise<FastifyInstance> {
  const app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', scanLimitPerDay: 0 }, database, logger: false, ...(adminToken ? { adminToken } : {}) });
  expect(app.hasRoute({ method: 'GET', url: BACKUP_ROUTE })).toBe(true);
  return app;
}

/** An account with scans, a report, a blocked sender and changed settings, made through the API. */
async function fillWithData(visitor: Visitor, email: string, scans = 6): Promise<void> {
  expect((await visitor.post('/api/auth/sign-up', { email, password: 'a long enough password' })).statusCode).toBe(201);
  let firstId: string | undefined;
  for (let i = 0; i < scans; i++) {
    const content = i % 2 === 0 ? `USPS: your parcel ${i} is held, pay the $1.99 fee at https://usps-redelivery-${i}.top/pay` : `Hi, it's Sam ${i}. Dinner at 7? It's "Luigi's" again; bring the wine.`;
    const res = await visitor.post('/api/scan/text', { content, saveToHistory: true });
    expect(res.statusCode).toBe(200);
    firstId ??= (res.json() as { message: { id: string } }).message.id;
  }
  expect((await visitor.post('/api/reports', { messageId: firstId, note: "it's a scam, ;-- DROP TABLE users; \\ 'quoted'" })).statusCode).toBe(201);
  expect((await visitor.post('/api/blocked-senders', { sender: '+15551234567' })).statusCode).toBe(201);
  expect((await visitor.patch('/api/protection-settings', { smsProtection: false, emailProtection: true })).statusCode).toBe(200);
}

/** Every row of every table, as sorted JSON text: two databases with the same rows compare equal. */
async function snapshot(client: PGlite): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const { table } of await countRows(client)) {
    const [schema, name] = table.split('.') as [string, string];
    const { rows } = await client.query<{ r: string }>(`SELECT row_to_json(t)::text AS r FROM "${schema}"."${name}" t`);
    result[table] = rows.map((row) => row.r).sort();
  }
  return result;
}

/** Opens a PGlite folder no one holds, for a look, and closes it. */
async function peek<T>(dbDir: string, look: (client: PGlite) => Promise<T>): Promise<T> {
  const client = new PGlite(dbDir);
  try {
    return await look(client);
  } finally {
    await client.close();
  }
}

describe('npm run backup / npm run restore: arguments and PostgreSQL', () => {
  it.each([
    [['--out'], '--out needs a file name'],
    [['--frobnicate'], 'unknown option --frobnicate'],
    [['dump.sql'], 'unexpected argument "dump.sql"'],
  ])('backup refuses %j with usage (exit 2)', async (argv, message) => {
    const c = capture();
    expect(await runBackup(argv, { DATA_DIR: join(root, 'unused') }, c.io)).toBe(2);
    expect(c.err.join('\n')).toContain(message);
    expect(c.err.join('\n')).toContain('Usage: npm run backup');
  });

  it.each([
    [[], 'name the dump file to restore'],
    [['a.sql', 'b.sql'], 'one dump at a time'],
    [['a.sql', '--force'], 'unknown option --force'],
  ])('restore refuses %j with usage (exit 2)', async (argv, message) => {
    const c = capture();
    expect(await runRestore(argv, { DATA_DIR: join(root, 'unused') }, c.io)).toBe(2);
    expect(c.err.join('\n')).toContain(message);
    expect(c.err.join('\n')).toContain('Usage: npm run restore');
  });

  it('sends PostgreSQL to its own tools, without printing DATABASE_URL (exit 1)', async () => {
    const env = { DATA_DIR: join(root, 'unused'), DATABASE_URL: 'postgres://baitcheck:s3cret@db.example/baitcheck' };
    const b = capture();
    expect(await runBackup([], env, b.io)).toBe(1);
    expect(b.err[0]).toMatch(/^DATABASE_URL is set: the data is in PostgreSQL.*pg_dump/);
    const r = capture();
    expect(await runRestore(['x.sql'], env, r.io)).toBe(1);
    expect(r.err[0]).toMatch(/^DATABASE_URL is set: .*pg_restore/);
    expect([...b.err, ...r.err].join('\n')).not.toContain('s3cret');
    expect(existsSync(join(root, 'unused'))).toBe(false);
  });

  it('says there is nothing to back up in a data folder with no database', async () => {
    const c = capture();
    expect(await runBackup(['--out', join(root, 'nothing.sql')], { DATA_DIR: join(root, 'empty'), PORT: String(await closedPort()) }, c.io)).toBe(1);
    expect(c.err[0]).toMatch(/^there is no database in .*empty\/db yet: nothing to back up/);
    expect(existsSync(join(root, 'nothing.sql'))).toBe(false);
  });
});

describe('with no server running', () => {
  const source = join(root, 'source');
  const dump = join(root, 'source.sql');
  let sourceRows: Record<string, string[]>;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(source, 'db') });
    const app = await buildServerApp(database);
    try {
      await fillWithData(makeVisitor(app), 'alice@example.com');
      await fillWithData(makeVisitor(app), 'bob@example.com', 3);
    } finally {
      await app.close();
      await database.close();
    }
    // a token left by a server that has stopped: nothing answers on its port
    writeAdminToken(adminTokenPath(source));
    env = { DATA_DIR: source, PORT: String(await closedPort()), HOST: '127.0.0.1', INIT_CWD: root };
    sourceRows = await peek(join(source, 'db'), snapshot);
  });

  it('backs up by opening the database itself, under its lock, and says where and how big', async () => {
    const c = capture();
    expect(await runBackup(['--out', 'source.sql'], env, c.io)).toBe(0);
    expect(c.err).toEqual([]);
    expect(c.out[0]).toMatch(/^Backed up the database to .*\/source\.sql \(\d+(\.\d)? KB, \d+\.\d s\)\.$/);
    expect(c.out.at(-1)).toBe(`Restore it with: npm run restore -- ${dump}`);
    const sql = readFileSync(dump, 'utf8');
    expect(sql).toMatch(/^--\n-- PostgreSQL database dump\n/);
    expect(sql).toContain('CREATE TABLE drizzle.__drizzle_migrations');
    expect(sql).toContain('alice@example.com');
    expect(sql).not.toContain('transaction_timeout');
    // the lock was given back
    expect(existsSync(join(source, 'db.lock'))).toBe(false);
    // and the folder holds no leftover
    expect(readdirSync(root).filter((f) => f.includes('.partial-'))).toEqual([]);
  });

  it('names the file after the time, under the data folder, and never overwrites one', async () => {
    const at = new Date('2026-11-28T16:04:05.678Z');
    const c = capture();
    expect(await runBackup([], env, c.io, () => at)).toBe(0);
    const expected = join(source, 'backups', 'baitcheck-20261128T160405Z.sql');
    expect(c.out[0]).toContain(`to ${expected} (`);
    const again = capture();
    expect(await runBackup([], env, again.io, () => at)).toBe(0);
    expect(again.out[0]).toContain(`to ${join(source, 'backups', 'baitcheck-20261128T160405Z-2.sql')} (`);
    const refused = capture();
    expect(await runBackup(['--out', expected], env, refused.io)).toBe(1);
    expect(refused.err).toEqual([`${expected} already exists: name another file with --out (a backup never overwrites one)`]);
  });

  it('restores into a new data folder: every row of every table comes back, and the next start applies no migration', async () => {
    const target = join(root, 'restored');
    const c = capture();
    expect(await runRestore([dump], { DATA_DIR: target }, c.io)).toBe(0);
    expect(c.err).toEqual([]);
    expect(c.out).toEqual([expect.stringMatching(new RegExp(`^Restored ${dump} into ${join(target, 'db')}: \\d+ tables, \\d+ rows\\. Its migrations are up to date\\.$`))]);
    const restored = await peek(join(target, 'db'), snapshot);
    expect(Object.keys(restored)).toEqual(Object.keys(sourceRows));
    expect(restored).toEqual(sourceRows);
    expect(restored['public.users']?.length).toBeGreaterThanOrEqual(2);
    expect(restored['public.messages']).toHaveLength(9);

    // the server starts on it: migrations known, the account signs in and sees its history
    const database = await openDatabase({ kind: 'pglite', dataDir: join(target, 'db') });
    try {
      expect(await peekMigrations(database)).toBe(sourceRows['drizzle.__drizzle_migrations']?.length);
      const app = await buildServerApp(database);
      try {
        const alice = makeVisitor(app);
        expect((await alice.post('/api/auth/sign-in', { email: 'alice@example.com', password: 'a long enough password' })).statusCode).toBe(200);
        expect((await alice.get('/api/messages')).json()).toHaveLength(6);
        expect((await alice.get('/api/protection-settings')).json()).toMatchObject({ smsProtection: false, emailProtection: true });
        // sequences came back too: new rows are written after the restored ones
        expect((await alice.post('/api/scan/text', { content: 'one more after the restore', saveToHistory: true })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });

  it('refuses a data folder that already holds a database unless --replace, which keeps the old one aside', async () => {
    const target = join(root, 'occupied');
    const database = await openDatabase({ kind: 'pglite', dataDir: join(target, 'db') });
    const app = await buildServerApp(database);
    await fillWithData(makeVisitor(app), 'carol@example.com', 1);
    await app.close();
    await database.close();
    const before = await peek(join(target, 'db'), snapshot);

    const refused = capture();
    expect(await runRestore([dump], { DATA_DIR: target }, refused.io)).toBe(1);
    expect(refused.err[0]).toMatch(/already holds a database\. Restore into a new data folder .* or add --replace/);
    expect(await peek(join(target, 'db'), snapshot)).toEqual(before);

    const c = capture();
    const at = new Date('2026-11-28T17:00:00Z');
    expect(await runRestore([dump, '--replace'], { DATA_DIR: target }, c.io, () => at)).toBe(0);
    const aside = join(target, 'db.before-restore-20261128T170000Z');
    expect(c.out[0]).toBe(`The database that was in ${join(target, 'db')} is kept in ${aside}.`);
    expect(await peek(join(target, 'db'), snapshot)).toEqual(sourceRows);
    expect(await peek(aside, snapshot)).toEqual(before);
  });

  it('refuses to restore while a server holds the database, and changes nothing', async () => {
    const target = join(root, 'held');
    const database = await openDatabase({ kind: 'pglite', dataDir: join(target, 'db') });
    try {
      const c = capture();
      expect(await runRestore([dump, '--replace'], { DATA_DIR: target }, c.io)).toBe(1);
      expect(c.err).toEqual([`A Baitcheck server (process ${process.pid}) is using the database in ${join(target, 'db')}: stop it, then run npm run restore again. Nothing was changed.`]);
      expect(readdirSync(target).sort()).toEqual(['db', 'db.lock']);
      expect(await countRows(pgliteClientOf(database) as PGlite)).toEqual(expect.arrayContaining([{ table: 'public.users', rows: 0 }]));
    } finally {
      await database.close();
    }
  });

  it('sends the admin token to no one while no server holds the database (a program squatting the port gets nothing), and backs up itself', async () => {
    const { createServer } = await import('node:http');
    const heard: string[] = [];
    const squatter = createServer((req, res) => {
      heard.push(String(req.headers.authorization));
      res.end('x');
    });
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    writeAdminToken(adminTokenPath(source));
    try {
      const c = capture();
      const out = join(root, 'squatted.sql');
      expect(await runBackup(['--out', out], { ...env, PORT: String((squatter.address() as AddressInfo).port), HOST: '127.0.0.1' }, c.io)).toBe(0);
      expect(heard).toEqual([]);
      expect(c.out[0]).not.toMatch(/through the server/);
      expect(readFileSync(out, 'utf8')).toMatch(/PostgreSQL database dump complete/);
    } finally {
      squatter.close();
      rmSync(adminTokenPath(source), { force: true });
    }
  });

  it('never backs up a database another process holds when no server answers', async () => {
    const release = acquireDataDirLock(`${join(source, 'db')}.lock`);
    try {
      const c = capture();
      expect(await runBackup(['--out', join(root, 'held.sql')], env, c.io)).toBe(1);
      expect(c.err[0]).toMatch(/^could not open the database: The database in .* is in use by another Baitcheck server/);
      expect(existsSync(join(root, 'held.sql'))).toBe(false);
    } finally {
      release();
    }
  });

  describe('refuses a file that is not a loadable dump, and keeps the data intact', () => {
    const target = join(root, 'kept');
    let before: Record<string, string[]>;
    beforeAll(async () => {
      expect(await runRestore([dump], { DATA_DIR: target }, capture().io)).toBe(0);
      before = await peek(join(target, 'db'), snapshot);
    });

    const full = () => readFileSync(dump, 'utf8');
    // statements slipped in before the dump's closing line, where the checks of its form cannot see them
    const beforeEnd = (sql: string, statements: string) => {
      const end = sql.lastIndexOf('-- PostgreSQL database dump complete');
      return `${sql.slice(0, end)}${statements}\n${sql.slice(end)}`;
    };
    it.each<[string, () => string | Buffer | null, RegExp]>([
      ['a missing file', () => null, /^file not found: .*missing\.sql$/],
      ['an empty file', () => '', /: the file is empty$/],
      ['a binary file', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]), /: the file is not text: it is not a SQL dump$/],
      ['a gzip file', () => Buffer.from([0x1f, 0x8b, 0x08, 0x00]), /compressed \(gzip\): uncompress it first/],
      ['a custom-format archive', () => 'PGDMP\u0001\u000e', /pg_dump archive .*pg_restore -f/],
      ['some other text', () => 'SELECT 1;\n', /is not a PostgreSQL dump/],
      ['a dump of another database', () => '--\n-- PostgreSQL database dump\n--\nCREATE TABLE public.t (a int);\n-- PostgreSQL database dump complete\n', /not a Baitcheck database's/],
      ['a dump cut short', () => full().slice(0, Math.floor(full().length * 0.6)), /the dump is incomplete/],
      ['a dump with COPY rows', () => full().replace(/^INSERT INTO public\.users /m, 'COPY public.users (id) FROM stdin;\n\\.\nINSERT INTO public.users '), /COPY, which only psql reads/],
      // a dump is SQL run as the owner (attack review): what goes beyond Baitcheck's schema is refused
      ['a dump with statements after its end', () => `${full()}\nDROP TABLE public.users CASCADE;\n`, /statements after its "dump complete" line/],
      ['a dump that plants a trigger', () => beforeEnd(full(), 'CREATE FUNCTION public.steal() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;\nCREATE TRIGGER t AFTER INSERT ON public.sessions FOR EACH ROW EXECUTE FUNCTION public.steal();'), /its schema is not Baitcheck's: unexpected (function public\.steal|trigger sessions\.t)/],
      ['a dump that drops a table', () => beforeEnd(full(), 'DROP TABLE public.reports CASCADE;'), /its schema is not Baitcheck's: .*missing .*reports/],
      ['a dump that changes a setting', () => beforeEnd(full(), 'ALTER DATABASE postgres SET default_transaction_read_only = on;'), /unexpected setting default_transaction_read_only=on/],
      ['a dump that fails half-way', () => full().replace(/^INSERT INTO public\.messages /m, 'INSERT INTO public.no_such_table VALUES (1);\nINSERT INTO public.messages '), /the dump did not load \(relation "public\.no_such_table" does not exist\)\. Nothing was changed\.$/],
    ])('%s', async (name, contents, message) => {
      const file = join(root, `${name.replaceAll(' ', '-')}.sql`.replace('a-missing-file', 'missing'));
      const made = contents();
      if (made !== null) writeFileSync(file, made);
      const c = capture();
      expect(await runRestore([file, '--replace'], { DATA_DIR: target }, c.io)).toBe(1);
      expect(c.out).toEqual([]);
      expect(c.err).toHaveLength(1);
      expect(c.err[0], c.err[0]).toMatch(message);
      expect(c.err[0]).not.toMatch(/\n\s+at /);
      // nothing moved aside or left over, the staging folder gone too (the rows are compared once, below)
      expect(readdirSync(target).sort()).toEqual(['db']);
    });

    it('still has every row it had before those attempts', async () => {
      expect(await peek(join(target, 'db'), snapshot)).toEqual(before);
    });
  });
});

describe('with a server running', () => {
  const dataDir = join(root, 'served');
  let database: Database;
  let app: FastifyInstance;
  let env: NodeJS.ProcessEnv;
  let visitor: Visitor;
  beforeAll(async () => {
    // the server holds the embedded database (and its lock) as `npm start` does
    database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
    const adminToken = writeAdminToken(adminTokenPath(dataDir));
    app = await buildServerApp(database, adminToken);
    await app.listen({ port: 0, host: '127.0.0.1' });
    env = { DATA_DIR: dataDir, PORT: String((app.server.address() as AddressInfo).port), HOST: '127.0.0.1', INIT_CWD: root };
    visitor = makeVisitor(app);
    await fillWithData(visitor, 'dave@example.com');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('backs up through the server, whose database is a restorable copy of what it serves', async () => {
    const out = join(root, 'served.sql');
    const c = capture();
    expect(await runBackup(['--out', out], env, c.io)).toBe(0);
    expect(c.out[0]).toMatch(/^Backed up the database through the server at http:\/\/127\.0\.0\.1:\d+ to .*served\.sql \(\d+(\.\d)? KB, \d+\.\d s\)\.$/);
    const live = await snapshot(pgliteClientOf(database) as PGlite);
    expect(await runRestore([out], { DATA_DIR: join(root, 'served-copy') }, capture().io)).toBe(0);
    expect(await peek(join(root, 'served-copy', 'db'), snapshot)).toEqual(live);
  });

  it('keeps serving during and after a backup: writes wait for the dump, none fails, the session is as before', async () => {
    const client = pgliteClientOf(database) as PGlite;
    const settingsBefore = (await client.query("SELECT name, setting FROM pg_settings WHERE source = 'session' ORDER BY 1")).rows;
    const out = join(root, 'busy.sql');
    const scans = Array.from({ length: 12 }, (_, i) => visitor.post('/api/scan/text', { content: `Your account ${i} is locked, verify at https://secure-login-${i}.top`, saveToHistory: true }));
    const [code, ...answers] = await Promise.all([runBackup(['--out', out], env, capture().io), ...scans]);
    expect(code).toBe(0);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    // pg_dump leaves a read-only transaction and its settings behind; the route puts them back
    expect((await client.query("SELECT name, setting FROM pg_settings WHERE source = 'session' ORDER BY 1")).rows).toEqual(settingsBefore);
    expect(client.isInTransaction()).toBe(false);
    expect((await visitor.post('/api/scan/text', { content: 'after the backup', saveToHistory: true })).statusCode).toBe(200);
    expect((await visitor.get('/api/messages')).statusCode).toBe(200);
    const copy = join(root, 'busy-copy');
    expect(await runRestore([out], { DATA_DIR: copy }, capture().io)).toBe(0);
    const messages = (await peek(join(copy, 'db'), countRows)).find((t) => t.table === 'public.messages')?.rows ?? 0;
    // each scan is in the copy or not, whole: the dump is one snapshot
    expect(messages).toBeGreaterThanOrEqual(6);
    expect(messages).toBeLessThanOrEqual(6 + 12);
  });

  it('waits for a transaction in progress, and dumps what it committed', async () => {
    const client = pgliteClientOf(database) as PGlite;
    const out = join(root, 'after-transaction.sql');
    let backup: Promise<number> | undefined;
    await client.transaction(async (tx) => {
      await tx.query("INSERT INTO threat_feed_sources (name, location, format) VALUES ('first-half', 'x', 'plain')");
      // the dump is asked for while the transaction is open, and must not run inside it
      backup = runBackup(['--out', out], env, capture().io);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await tx.query("INSERT INTO threat_feed_sources (name, location, format) VALUES ('second-half', 'x', 'plain')");
    });
    expect(await backup).toBe(0);
    const sql = readFileSync(out, 'utf8');
    expect(sql).toContain("'first-half'");
    expect(sql).toContain("'second-half'");
  });

  it('refuses anyone without the admin token', async () => {
    const res = await fetch(`http://127.0.0.1:${env.PORT}${BACKUP_ROUTE}`, { headers: { authorization: 'Bearer not-the-token' } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ADMIN_ONLY');
    // another data folder, its database held by a running server (here, this process), whose
    // token this server does not know
    const other = join(root, 'other');
    writeAdminToken(adminTokenPath(other));
    const release = acquireDataDirLock(`${join(other, 'db')}.lock`);
    const c = capture();
    try {
      expect(await runBackup(['--out', join(root, 'other.sql')], { ...env, DATA_DIR: other }, c.io)).toBe(1);
    } finally {
      release();
    }
    expect(c.err[0]).toContain("refused this data folder's admin token");
    expect(existsSync(join(root, 'other.sql'))).toBe(false);
  });

  it('refuses to restore into the folder it serves', async () => {
    const c = capture();
    expect(await runRestore([join(root, 'served.sql'), '--replace'], env, c.io)).toBe(1);
    expect(c.err[0]).toMatch(/^A Baitcheck server \(process \d+\) is using the database in .*served\/db: stop it/);
    expect((await visitor.get('/api/messages')).statusCode).toBe(200);
  });
});

/** A program of a PostgreSQL installation (psql, pg_dump), if there is one. */
function findPgProgram(name: string): string | null {
  const base = '/usr/lib/postgresql';
  const installed = existsSync(base) ? readdirSync(base).map((v) => join(base, v, 'bin', name)).filter((p) => existsSync(p)) : [];
  return installed[0] ?? null;
}

async function peekMigrations(database: Database): Promise<number> {
  const { rows } = await (pgliteClientOf(database) as PGlite).query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return rows[0]?.n ?? 0;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the dump in PostgreSQL', () => {
  // (the body runs even when skipped: nothing here may need the variable)
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://unset/';
  const name = `bc_backup_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = join(root, 'for-postgres');
  const dump = join(root, 'for-postgres.sql');

  beforeAll(async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
    const app = await buildServerApp(database);
    await fillWithData(makeVisitor(app), 'erin@example.com');
    await app.close();
    await database.close();
    expect(await runBackup(['--out', dump], { DATA_DIR: dataDir, PORT: String(await closedPort()) }, capture().io)).toBe(0);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  });

  it('loads into an empty PostgreSQL database with every row, and a server starts on it without migrating', async () => {
    const psql = findPgProgram('psql');
    if (psql) {
      const run = spawnSync(psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url.toString(), '-f', dump], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    } else {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query(readFileSync(dump, 'utf8'));
      } finally {
        await client.end();
      }
    }
    const expected = await peek(join(dataDir, 'db'), countRows);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const counts: { table: string; rows: number }[] = [];
      for (const { table } of expected) {
        const [schema, tableName] = table.split('.') as [string, string];
        const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}"."${tableName}"`);
        counts.push({ table, rows: rows[0]?.n ?? 0 });
      }
      expect(counts).toEqual(expected);
      expect(counts.find((t) => t.table === 'public.messages')?.rows).toBe(6);
    } finally {
      await client.end();
    }
    const migrations = expected.find((t) => t.table === 'drizzle.__drizzle_migrations')?.rows;
    // the start's migrations find theirs in the dump's drizzle.__drizzle_migrations and add none
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), pool: { max: 1 } });
    await database.close();
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    try {
      const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(rows[0]?.n).toBe(migrations);
    } finally {
      await check.end();
    }
  });

  it.skipIf(!findPgProgram('pg_dump'))("restores PostgreSQL's own pg_dump --inserts of it into the embedded database", async () => {
    const file = join(root, 'from-postgres.sql');
    const run = spawnSync(findPgProgram('pg_dump') as string, ['--inserts', '-f', file, url.toString()], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const c = capture();
    expect(await runRestore([file], { DATA_DIR: join(root, 'from-postgres') }, c.io)).toBe(0);
    expect(c.out[0]).toMatch(/Its migrations are up to date\.$/);
    expect(await peek(join(root, 'from-postgres', 'db'), countRows)).toEqual(await peek(join(dataDir, 'db'), countRows));
  });
});

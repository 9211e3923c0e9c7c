#!/usr/bin/env node
// `npm test`: everything, on a clean checkout. Typecheck, lint, unit and integration tests (on
// PGlite and on a PostgreSQL server), then the end-to-end tests in the system Chromium.
//
// PostgreSQL: uses TEST_DATABASE_URL when set; otherwise, when PostgreSQL's binaries are
// installed (Debian: /usr/lib/postgresql/<v>/bin), starts a throwaway server on 127.0.0.1 for
// the run and removes it afterwards. Chromium: /usr/bin/chromium-headless-shell, else
// /usr/bin/chromium (or CHROMIUM_PATH).
// Under CI=true a missing PostgreSQL or Chromium is an error; elsewhere those suites are
// skipped with a notice.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chownSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
// Chromium's headless build when installed: the same engine without the browser's window
// machinery, about a third faster through the end-to-end suite (docs/decisions/011)
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';
const reports = mkdtempSync(join(tmpdir(), 'baitcheck-test-reports-'));
const results = [];
let pg = null;

function log(line) {
  process.stdout.write(`\n[test] ${line}\n`);
}

function run(name, cmd, args, env = {}) {
  log(`${name}: ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

async function startThrowawayPostgres() {
  const bin = findPgBin();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'baitcheck-pg-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: run it as the postgres system user.
  const wrap = (cmd, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  if (asRoot) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) return null;
    chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  const data = join(dir, 'data');
  const [initCmd, initArgs] = wrap(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) {
    process.stderr.write(init.stderr);
    return null;
  }
  const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const [ctlCmd, ctlArgs] = wrap(join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
  const start = spawnSync(ctlCmd, ctlArgs, { encoding: 'utf8' });
  if (start.status !== 0) {
    process.stderr.write(start.stdout + start.stderr);
    return null;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const [stopCmd, stopArgs] = wrap(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      spawnSync(stopCmd, stopArgs, { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function main() {
  let failedSteps = 0;
  const step = async (name, cmd, args, env) => {
    const code = await run(name, cmd, args, env);
    results.push({ name, ok: code === 0 });
    if (code !== 0) failedSteps += 1;
    return code;
  };

  await step('typecheck', 'npm', ['run', '-s', 'typecheck']);
  await step('lint', 'npx', ['eslint', '.']);

  let databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    pg = await startThrowawayPostgres();
    if (pg) {
      databaseUrl = pg.url;
      log(`PostgreSQL: throwaway server at ${pg.url}`);
    } else if (ci) {
      log('PostgreSQL: not installed and TEST_DATABASE_URL not set; CI needs it (apt-get install postgresql).');
      failedSteps += 1;
      results.push({ name: 'postgresql available', ok: false });
    } else {
      log('PostgreSQL: not installed and TEST_DATABASE_URL not set; the PostgreSQL integration suite is SKIPPED (PGlite still runs).');
    }
  }
  const vitestJson = join(reports, 'vitest.json');
  await step('unit and integration (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {});

  const playwrightJson = join(reports, 'playwright.json');
  if (existsSync(chromium)) {
    await step('end-to-end (playwright, chromium)', 'npm', ['run', '-s', 'test:e2e', '--', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      CHROMIUM_PATH: chromium,
    });
  } else if (ci) {
    log(`Chromium not found at ${chromium}; CI needs it (apt-get install chromium-headless-shell).`);
    failedSteps += 1;
    results.push({ name: 'chromium available', ok: false });
  } else {
    log(`Chromium not found at ${chromium}: the end-to-end suite is SKIPPED (apt-get install chromium).`);
  }

  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const v = readJson(vitestJson);
  if (v) {
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
    skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  }
  const p = readJson(playwrightJson);
  if (p?.stats) {
    passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
    failed += p.stats.unexpected ?? 0;
    skipped += p.stats.skipped ?? 0;
  }
  log('summary');
  for (const r of results) process.stdout.write(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name}\n`);
  writeFileSync(join(reports, 'summary.txt'), JSON.stringify(results));
  process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  return failedSteps === 0 && failed === 0 ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} finally {
  pg?.stop();
  rmSync(reports, { recursive: true, force: true });
}
process.exit(code);

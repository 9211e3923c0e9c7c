import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_TWILIO_AUTH_TOKEN, E2E_TWILIO_PHONE_NUMBER } from './e2e/plugin-env';

// The REAL server on loopback with a fresh database per run; it also serves the built web app.
const port = Number(process.env.E2E_PORT ?? 5173);
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = resolve(import.meta.dirname, '../..');
// One fresh folder per run; set in the environment so test workers (which load this file too)
// reuse it instead of making their own.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'baitcheck-e2e-')));

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL,
    // a trace records every action's page for every test, kept only for a failure: about a sixth
    // of the suite's time. Off unless asked for (E2E_TRACE=retain-on-failure, or --trace on the
    // command line when a test fails)
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure',
    // each test's fresh browser would install the offline worker and fetch the app shell again
    // for nothing: pwa.spec.ts, which tests it, allows it (and the push specs check what the app
    // says without one)
    serviceWorkers: 'block',
    launchOptions: {
      // The system Chromium, never a downloaded browser (DESIGN.md section 3): its headless build
      // when installed (Debian's chromium-headless-shell, docs/decisions/011), else the browser
      executablePath: process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // the flags of the server's start script: --disable-proto=delete as in production
    command: 'node --disable-proto=delete --import tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // enhanced scans ask only the server's own threat feeds: no test reaches outside the machine
    // RATE_LIMITS off: every spec's browser comes from 127.0.0.1, so the per-address limits
    // (tested in the server's integration tests) would count the whole suite as one client
    // SCAN_LIMIT_PER_DAY 0: the specs scan far more than a Basic day's 10 as one guest (the limit
    // has its own integration tests and a unit-tested screen)
    // the source plugins: Twilio is a token and a number (the specs sign its webhook themselves),
    // whose signature covers the public address (PUBLIC_ORIGINS); inboxes may be on loopback (a
    // test IMAP server, or a refused port for the wrong-server case)
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      INTEL_SOURCES: 'feeds',
      RATE_LIMITS: 'off',
      SCAN_LIMIT_PER_DAY: '0',
      PUBLIC_ORIGINS: baseURL,
      TWILIO_AUTH_TOKEN: E2E_TWILIO_AUTH_TOKEN,
      TWILIO_PHONE_NUMBER: E2E_TWILIO_PHONE_NUMBER,
      PLUGIN_PRIVATE_ADDRESSES: 'allow',
    },
  },
});

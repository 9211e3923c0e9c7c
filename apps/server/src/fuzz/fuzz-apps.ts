import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import pino from 'pino';
import { buildApp, type AppDeps } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../http/session.ts';
import { userIdOf } from '../test/fixtures.ts';
import type { Visitor } from '../test/harness.ts';
import { startSlackPeer, type SlackPeer } from '../test/slack-peer.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { startStripePeer, type StripePeer } from '../test/stripe-peer.ts';
import type { AppName, Identity, Placeholder } from './arbitraries.ts';

/** The phishing text the fuzzer's accounts scan (and the liveness check after the run). */
export const PHISH = 'URGENT: your account is locked. Verify now at http://paypa1-secure-login.top/verify or it will be closed.';
/** A message that is plainly fine. */
export const SAFE = 'See you at 6 for dinner, I will bring the salad.';

/** Where the configured app says people open it (Stripe, Slack and Twilio address it so). */
export const PUBLIC_ORIGIN = 'https://baitcheck.fuzz';
/** The sources' secrets in the configured app; the fuzzer signs with them. */
export const SECRETS = {
  stripeWebhook: 'whsec_fuzz_signing_secret',
  slackSigning: 'slack-fuzz-signing-secret',
  twilioToken: 'twilio-fuzz-auth-token',
  twilioNumber: '+15005550001',
} as const;
const SLACK_WORKSPACE = { id: 'T0CORP', name: 'Corp', botToken: 'xoxb-corp-fuzz-bot', channels: { C0GENERAL: 'general' } };
const PASSWORD = 'fuzz password 1234';

/** Every per-client limit far above what a fuzz run sends (the limits' own answers are checked by the pass with the defaults). */
const HIGH = 1_000_000_000;
const HIGH_LIMITS: Pick<AppDeps['config'], 'clientRateLimits' | 'accountLimits' | 'signInLimits'> = {
  clientRateLimits: {
    scansPerMinute: HIGH,
    scansPerDay: HIGH,
    assistantPerMinute: HIGH,
    assistantPerDay: HIGH,
    listsPerMinute: HIGH,
    enhancedPerMinute: HIGH,
    enhancedPerDay: HIGH,
    writesPerMinute: HIGH,
    writesPerDay: HIGH,
    newGuestsPerHour: HIGH,
  },
  accountLimits: { signUpsPerHour: HIGH },
  signInLimits: { attemptsPerAccountAndAddress: HIGH, attemptsPerAddress: HIGH, failuresPerDevice: HIGH, deviceAttemptsPerAccount: HIGH, freeFailuresPerAccount: HIGH },
};

/** A session the fuzzer keeps: its token, and the ids of what it made (the placeholders' values). */
export interface IdentityState {
  token: string | undefined;
  /** Set when a response ended the session (signed out) or the user (account deleted): renewed before the next use. */
  stale: false | 'session' | 'gone';
  values: Partial<Record<Placeholder, string>>;
}

/** One running app under fuzz. */
export interface FuzzApp {
  name: AppName;
  app: FastifyInstance;
  database: Database;
  /** The port it listens on, on 127.0.0.1 (for the socket share). */
  port: number;
  /** The origin it treats as its own, as `inject` reaches it. */
  origin: string;
  identities: Record<Identity, IdentityState>;
  /** Whether the sources are set up (signed webhooks get past their signature check). */
  configured: boolean;
}

/** What the app logged at warn and above: counts by message, the last few errors. */
export interface CapturedLogs {
  counts: Map<string, number>;
  /** Lines logged at error level and above (an unhandled error is a 500, answered or not). */
  errorCount: number;
  errors: { msg: string; err?: string; url?: string }[];
}

/** The fuzzed apps, the local peers they talk to, and their logs. */
export interface FuzzEnvironment {
  apps: Record<AppName, FuzzApp>;
  logs: CapturedLogs;
  smtp: TestSmtpServer;
  close(): Promise<void>;
}

function captureLogs(): { logs: CapturedLogs; logger: pino.Logger } {
  const logs: CapturedLogs = { counts: new Map(), errorCount: 0, errors: [] };
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        try {
          const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string; stack?: string }; url?: string; req?: { url?: string } };
          const key = `${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg ?? ''}`;
          logs.counts.set(key, (logs.counts.get(key) ?? 0) + 1);
          if (entry.level >= 50) logs.errorCount += 1;
          if (entry.level >= 50 && logs.errors.length < 50) logs.errors.push({ msg: entry.msg ?? '', ...(entry.err ? { err: entry.err.stack ?? entry.err.message } : {}), ...(entry.url ? { url: entry.url } : {}) });
        } catch {
          // not a log line
        }
      }
      done();
    },
  });
  return { logs, logger: pino({ level: 'warn' }, sink) };
}

/** A small web build (index, hashed assets with their .gz and .br, the service worker, the manifest, an icon). */
function makeWebBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'bc-fuzz-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'icons'));
  const js = 'console.log("fuzz")';
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-fuzz.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'assets', 'index-fuzz.js'), js);
  writeFileSync(join(dist, 'assets', 'index-fuzz.js.gz'), gzipSync(js));
  writeFileSync(join(dist, 'assets', 'index-fuzz.js.br'), brotliCompressSync(js));
  writeFileSync(join(dist, 'assets', 'index-fuzz.css'), 'body{margin:0}');
  writeFileSync(join(dist, 'sw.js'), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Baitcheck', start_url: '/' }));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return dist;
}

/** The session token a response set, '' when it cleared the cookie, undefined when it did not touch it. */
export function sessionCookieOf(res: Pick<LightMyRequestResponse, 'cookies'>): string | undefined {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE || c.name === SECURE_SESSION_COOKIE);
  if (!cookie) return undefined;
  const expired = cookie.maxAge === 0 || (cookie.expires instanceof Date && cookie.expires.getTime() < Date.now());
  return expired ? '' : cookie.value;
}

let accounts = 0;
let addresses = 0;

/** The fuzzer's own setup requests, each identity from an address of its own (the per-address limits of sign-ups and new guests are for people). */
async function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, token: string | undefined, payload: unknown, remoteAddress: string): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, remoteAddress, ...(token ? { cookies: { [SESSION_COOKIE]: token } } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/**
 * Makes (again) one of an app's identities: a guest (a stored setting), or an account (the real
 * sign-up route) that then makes one of everything the placeholders name: a scanned message, a
 * blocked sender, a device scan, a test checkout, a notification, a Slack watch.
 */
export async function makeIdentity(fuzz: Pick<FuzzApp, 'app' | 'database' | 'name' | 'configured'>, who: Identity): Promise<IdentityState> {
  const n = ++addresses;
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const ask = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | undefined, payload?: unknown) => call(fuzz.app, method, url, token, payload, address);
  if (who === 'newcomer') return { token: undefined, stale: false, values: {} };
  if (who === 'guest') {
    const res = await ask('PATCH', '/api/protection-settings', undefined, { smsProtection: true });
    const token = sessionCookieOf(res);
    if (res.statusCode !== 200 || !token) throw new Error(`the fuzzer could not make a guest: ${res.statusCode} ${res.body}`);
    return { token, stale: false, values: {} };
  }
  const email = `fuzz-${fuzz.name}-${++accounts}-${Date.now()}@example.com`;
  const signUp = await ask('POST', '/api/auth/sign-up', undefined, { email, password: PASSWORD });
  const token = sessionCookieOf(signUp);
  if (signUp.statusCode !== 201 || !token) throw new Error(`the fuzzer could not sign up: ${signUp.statusCode} ${signUp.body}`);
  const values: IdentityState['values'] = { email, password: PASSWORD };
  const article = fuzz.app.content.articles[0];
  if (article) values.articleId = article.id;
  const scan = await ask('POST', '/api/scan/text', token, { content: PHISH, sender: '+15005550006' });
  const messageId = (scan.json() as { message?: { id?: string } }).message?.id;
  if (messageId) values.messageId = messageId;
  const blocked = await ask('POST', '/api/blocked-senders', token, { sender: 'spammer@example.com' });
  if (blocked.statusCode === 201) values.blockedSenderId = (blocked.json() as { id: string }).id;
  const deviceScanId = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex');
  const synced = await ask('POST', '/api/device-scans', token, { scans: [{ id: deviceScanId, threatLevel: 'phishing', scannedAt: new Date().toISOString() }] });
  if (synced.statusCode === 200) values.deviceScanId = deviceScanId;
  const report = await ask('POST', '/api/reports', token, { messageId, kind: 'false_positive' });
  if (report.statusCode === 201) values.reportId = (report.json() as { id: string }).id;
  if (!fuzz.configured) {
    const checkout = await ask('POST', '/api/create-checkout-session', token, { priceId: 'premium' });
    const url = (checkout.json() as { url?: string }).url;
    if (url) values.checkoutId = url.split('/').pop()!;
  } else {
    // Slack's events from the workspace then reach a person's watch (manual mode: the channel's code confirms it)
    await ask('POST', '/api/plugins/slack/configure', token, { manualMode: true, workspaceName: SLACK_WORKSPACE.name, channelName: 'general' });
  }
  const notifications = await ask('GET', '/api/notifications', token);
  const first = (notifications.json() as { notifications?: { id: string }[] }).notifications?.[0];
  if (first) values.notificationId = first.id;
  values.userId = await userIdOf(fuzz.database, { cookie: token } as Visitor);
  return { token, stale: false, values };
}

/**
 * Builds the apps the fuzzer runs against, each with the real `buildApp` on an in-memory PGlite,
 * listening on 127.0.0.1 (port 0) for the socket share:
 * - `plain`: nothing outside set up (the test checkout, no sources), as a fresh install;
 * - `configured`: Stripe, Slack (events and OAuth) and SMTP set up against local peers, Twilio's
 *   webhook, public origins, one trusted proxy hop.
 * `limits`: `high` (the fuzz run: every per-client limit far out of reach) or `default` (the
 * limits a real start has, with the daily scan limit of the Basic plan). `databases`: migrated
 * databases to build on (left open), instead of a fresh in-memory PGlite each.
 */
export async function startFuzzEnvironment(options: { limits: 'high' | 'default'; databases?: Partial<Record<AppName, Database>> }): Promise<FuzzEnvironment> {
  const { logs, logger } = captureLogs();
  const webDistDir = makeWebBuild();
  const stripe: StripePeer = await startStripePeer();
  const slack: SlackPeer = await startSlackPeer({ clientId: 'fuzz-client', clientSecret: 'fuzz-client-secret', workspaces: [SLACK_WORKSPACE], codes: { 'fuzz-code': SLACK_WORKSPACE.id }, users: { U0SENDER: 'Dana' } });
  const smtp = await startSmtpServer();
  // the default limits, but 429s held only a few milliseconds once a client keeps asking: the
  // held answers are fuzzed too, without a second's wait for each of the pass's many refusals
  const limits = options.limits === 'high' ? HIGH_LIMITS : { scanLimitPerDay: 10, clientRateLimits: { refusalHoldMs: 5 } };
  const databases: Database[] = [];
  const started: FuzzApp[] = [];
  const build = async (name: AppName, config: AppDeps['config']): Promise<FuzzApp> => {
    // a database given is the caller's (a test runs both passes over the same two); one opened here is closed here
    const given = options.databases?.[name];
    const database = given ?? (await openDatabase({ kind: 'pglite' }));
    if (!given) databases.push(database);
    const app = await buildApp({ config, database, logger });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const fuzz = { name, app, database, port, origin: config.publicOrigins?.[0] ?? 'http://localhost:80', configured: name === 'configured' };
    const identities = { newcomer: await makeIdentity(fuzz, 'newcomer'), guest: await makeIdentity(fuzz, 'guest'), account: await makeIdentity(fuzz, 'account') };
    const built: FuzzApp = { ...fuzz, identities };
    started.push(built);
    return built;
  };
  try {
    const plain = await build('plain', { cookieSecure: 'auto', trustProxy: false, webDistDir, scanLimitPerDay: 0, ...limits });
    const configured = await build('configured', {
      cookieSecure: 'auto',
      trustProxy: ['127.0.0.1'],
      webDistDir,
      scanLimitPerDay: 0,
      ...limits,
      publicOrigins: [PUBLIC_ORIGIN],
      stripe: { secretKey: 'sk_test_fuzz', prices: { premium: 'price_premium_fuzz', family: 'price_family_fuzz' }, webhookSecret: SECRETS.stripeWebhook, api: { host: '127.0.0.1', port: stripe.port, protocol: 'http' } },
      plugins: {
        twilio: { authToken: SECRETS.twilioToken, phoneNumber: SECRETS.twilioNumber },
        slack: { signingSecret: SECRETS.slackSigning, apiUrl: slack.apiUrl, oauth: { clientId: 'fuzz-client', clientSecret: 'fuzz-client-secret' }, botToken: SLACK_WORKSPACE.botToken },
        imap: { timeoutMs: 2_000 },
      },
      email: { smtpUrl: smtp.url(), from: 'Baitcheck <alerts@baitcheck.fuzz>' },
      supportEmail: 'support@baitcheck.fuzz',
    });
    return {
      apps: { plain, configured },
      logs,
      smtp,
      async close() {
        for (const app of started) await app.app.close();
        for (const database of databases) await database.close();
        await stripe.close();
        await slack.close();
        await smtp.close();
        rmSync(webDistDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const app of started) await app.app.close().catch(() => undefined);
    for (const database of databases) await database.close().catch(() => undefined);
    await stripe.close();
    await slack.close();
    await smtp.close();
    rmSync(webDistDir, { recursive: true, force: true });
    throw error;
  }
}

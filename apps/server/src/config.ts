import { BASIC_SCANS_PER_DAY, MAX_EMAIL_LENGTH } from '@baitcheck/contracts';
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_MAIL_FROM } from './adapters/email/email-sender.ts';
import { parseDnsServers } from './adapters/intel/dns-provider.ts';
import { DEFAULT_RDAP_BOOTSTRAP_URL } from './adapters/intel/rdap-provider.ts';
import { parseScheduledFeeds, type ScheduledFeed } from './modules/intel/feeds/feeds.scheduler.ts';
import { DEFAULT_INTEL_QUOTAS, type IntelQuotas } from './modules/intel/lookup-limits.ts';
import { DEFAULT_CLIENT_RATE_LIMITS, type ClientRateLimits } from './http/rate-limits.ts';
import { DEFAULT_POSTGRES_POOL, type PostgresPoolOptions } from './db/database.ts';
import { DEFAULT_STORAGE_LIMITS, type StorageLimits } from './lib/storage-limits.ts';
import { parseSecretKey } from './lib/secret-box.ts';
import { normalisePhoneNumber } from './lib/phone-number.ts';
import { DEFAULT_ACCOUNT_LIMITS, type AccountLimits } from './modules/accounts/accounts.service.ts';
import { HISTORY_PAGE_BYTES } from './modules/messages/messages.service.ts';
import { DEFAULT_SESSION_LIMITS, type SessionLimits } from './modules/sessions/sessions.service.ts';
import { DEFAULT_ALERT_ALLOWANCE, type AlertAllowance } from './modules/alerts/alerts.service.ts';

/** The outside sources an enhanced scan may ask (`INTEL_SOURCES`). */
export const INTEL_SOURCE_IDS = ['feeds', 'dns', 'rdap', 'safe-browsing', 'virustotal'] as const;
/** One of {@link INTEL_SOURCE_IDS}. */
export type IntelSourceId = (typeof INTEL_SOURCE_IDS)[number];

/** The monorepo root, found from this file's place so it holds whatever folder `npm` runs in. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings count as unset: `.env` files and shells often export `X=` meaning "default". */
const optionalString = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().optional());

const TrustProxySchema = z
  .string()
  .optional()
  .transform((v, ctx): boolean | string[] => {
    const value = v?.trim() ?? '';
    if (value === '' || value === 'false') return false;
    // true trusts every X-Forwarded-For entry, the client's own too: anyone could then name any
    // address, and every per-address limit (sign-in guessing among them) would count nothing
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: 'true is refused: it lets any client pick its own address with X-Forwarded-For and so escape every per-address limit. Name the proxies in front of the server by their addresses/CIDRs (127.0.0.1, 10.0.0.0/8).',
      });
      return z.NEVER;
    }
    // a hop count cannot tell the proxy from a client that connects directly and sends its own
    // X-Forwarded-For; Fastify 5 fails closed on one (trusts nobody: every visitor would have the
    // proxy's address and share its limits), so it is refused rather than silently ignored
    if (/^\d+$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `a number of proxies (${value}) is refused: a hop count cannot tell the proxy from a client that sends its own X-Forwarded-For, and the server would trust nobody. Name the proxies by their addresses/CIDRs (127.0.0.1 for a proxy on this machine, 10.0.0.0/8 for a private network).`,
      });
      return z.NEVER;
    }
    const list = value.split(',').map((s) => s.trim()).filter(Boolean);
    if (list.every((s) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s))) return list;
    ctx.addIssue({ code: 'custom', message: 'Use false, or a comma-separated list of the addresses/CIDRs of the proxies in front of the server.' });
    return z.NEVER;
  });

const DAY_MS = 24 * 60 * 60 * 1000;

/** A whole number of at least `min`, `fallback` when unset. */
const count = (fallback: number, min = 1) => z.preprocess((v) => (v === undefined || v === '' ? String(fallback) : v), z.coerce.number().int().min(min));

/** A comma-separated list of host names, each with an optional port (`push.example`, `127.0.0.1:8080`). */
const hostList = optionalString.transform((v, ctx): string[] => {
  const list = (v ?? '').split(',').map((s) => s.trim().toLowerCase()).filter((s) => s.length > 0);
  const bad = list.filter((h) => !/^[a-z0-9.-]+(:\d{1,5})?$/.test(h) && !/^\[[0-9a-f:]+\](:\d{1,5})?$/.test(h));
  if (bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: `not a host name with an optional port: ${bad.join(', ')}` });
    return z.NEVER;
  }
  return list;
});

/** A comma-separated list of origins (`scheme://host[:port]`, no path) whose schemes match `pattern`. */
const originList = (pattern: RegExp) =>
  optionalString.transform((v, ctx): string[] => {
    const list = (v ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
    const bad = list.filter((o) => !pattern.test(o));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${bad.join(', ')}` });
      return z.NEVER;
    }
    return list;
  });

const EnvSchema = z
  .object({
  PORT: z.preprocess((v) => (v === undefined || v === '' ? '5000' : v), z.coerce.number().int().min(0).max(65_535)),
  HOST: optionalString.transform((v) => v ?? 'localhost'),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'Must start with postgres:// or postgresql://'),
  DATABASE_POOL_MAX: count(DEFAULT_POSTGRES_POOL.max).pipe(z.number().max(1000)),
  DATABASE_CONNECT_TIMEOUT_MS: count(DEFAULT_POSTGRES_POOL.connectTimeoutMs, 0).pipe(z.number().max(600_000)),
  DATABASE_IDLE_TIMEOUT_MS: count(DEFAULT_POSTGRES_POOL.idleTimeoutMs, 0).pipe(z.number().max(86_400_000)),
  DATABASE_STATEMENT_TIMEOUT_MS: count(DEFAULT_POSTGRES_POOL.statementTimeoutMs, 0).pipe(z.number().max(86_400_000)),
  INSTANCES: count(1).pipe(z.number().max(64)),
  ADMIN_TOKEN: optionalString.refine((v) => v === undefined || /^[A-Za-z0-9_-]{32,200}$/.test(v), 'Must be 32 to 200 letters, digits, - or _ (e.g. openssl rand -hex 32)'),
  LOG_LEVEL: optionalString.pipe(z.enum(LOG_LEVELS).optional()).transform((v) => v ?? 'info'),
  WEB_DIST_DIR: optionalString,
  COOKIE_SECURE: optionalString.pipe(z.enum(['auto', 'true', 'false']).optional()).transform((v) => v ?? 'auto'),
  TRUST_PROXY: TrustProxySchema,
  INTEL_BUDGET_MS: z.preprocess((v) => (v === undefined || v === '' ? '1500' : v), z.coerce.number().int().min(100).max(30_000)),
  THREAT_FEEDS: optionalString.transform((v, ctx): ScheduledFeed[] => {
    try {
      return parseScheduledFeeds(v ?? '');
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  }),
  THREAT_FEEDS_REFRESH_HOURS: z.preprocess((v) => (v === undefined || v === '' ? '6' : v), z.coerce.number().min(0.25).max(168)),
  INTEL_SOURCES: optionalString.transform((v, ctx): IntelSourceId[] => {
    if (v === undefined) return [...INTEL_SOURCE_IDS];
    const list = v.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s.length > 0);
    if (list.length === 1 && list[0] === 'none') return [];
    const bad = list.filter((s) => !(INTEL_SOURCE_IDS as readonly string[]).includes(s));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `unknown source ${bad.map((b) => `"${b}"`).join(', ')}: use none, or some of ${INTEL_SOURCE_IDS.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(list)] as IntelSourceId[];
  }),
  DNS_SERVERS: optionalString.transform((v, ctx): string[] => {
    try {
      return parseDnsServers(v ?? '');
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message.replace(/^DNS_SERVERS: /, '') });
      return z.NEVER;
    }
  }),
  RDAP_BOOTSTRAP_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/\S+$/i.test(v), 'Must be an http(s) address').transform((v) => v ?? DEFAULT_RDAP_BOOTSTRAP_URL),
  ALLOWED_ORIGINS: originList(/^(https?|capacitor):\/\/[^/\s]+$/i),
  PUBLIC_ORIGINS: originList(/^https?:\/\/[^/\s]+$/i),
  ASSISTANT_LLM_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/\S+$/i.test(v), 'Must be an http(s) address, e.g. http://127.0.0.1:11434/v1'),
  ASSISTANT_LLM_MODEL: optionalString,
  ASSISTANT_LLM_API_KEY: optionalString,
  ASSISTANT_LLM_TIMEOUT_MS: z.preprocess((v) => (v === undefined || v === '' ? '15000' : v), z.coerce.number().int().min(1000).max(120_000)),
  SAFE_BROWSING_API_KEY: optionalString,
  VIRUSTOTAL_API_KEY: optionalString,
  RATE_LIMITS: optionalString.pipe(z.enum(['on', 'off']).optional()).transform((v) => v ?? 'on'),
  RATE_LIMIT_SCANS_PER_MINUTE: count(DEFAULT_CLIENT_RATE_LIMITS.scansPerMinute),
  RATE_LIMIT_SCANS_PER_DAY: count(DEFAULT_CLIENT_RATE_LIMITS.scansPerDay),
  RATE_LIMIT_ASSISTANT_PER_MINUTE: count(DEFAULT_CLIENT_RATE_LIMITS.assistantPerMinute),
  RATE_LIMIT_ASSISTANT_PER_DAY: count(DEFAULT_CLIENT_RATE_LIMITS.assistantPerDay),
  RATE_LIMIT_LISTS_PER_MINUTE: count(DEFAULT_CLIENT_RATE_LIMITS.listsPerMinute),
  RATE_LIMIT_ADDRESS_MULTIPLIER: count(DEFAULT_CLIENT_RATE_LIMITS.addressMultiplier),
  RATE_LIMIT_ENHANCED_PER_MINUTE: count(DEFAULT_CLIENT_RATE_LIMITS.enhancedPerMinute),
  RATE_LIMIT_ENHANCED_PER_DAY: count(DEFAULT_CLIENT_RATE_LIMITS.enhancedPerDay),
  RATE_LIMIT_WRITES_PER_MINUTE: count(DEFAULT_CLIENT_RATE_LIMITS.writesPerMinute),
  RATE_LIMIT_WRITES_PER_DAY: count(DEFAULT_CLIENT_RATE_LIMITS.writesPerDay),
  RATE_LIMIT_NEW_GUESTS_PER_HOUR: count(DEFAULT_CLIENT_RATE_LIMITS.newGuestsPerHour),
  RATE_LIMIT_REFUSAL_HOLD_MS: z.preprocess((v) => (v === undefined || v === '' ? String(DEFAULT_CLIENT_RATE_LIMITS.refusalHoldMs) : v), z.coerce.number().int().min(0).max(10_000)),
  DNS_LOOKUPS_PER_MINUTE: count(DEFAULT_INTEL_QUOTAS.dnsPerMinute),
  RDAP_LOOKUPS_PER_MINUTE: count(DEFAULT_INTEL_QUOTAS.rdapPerMinute),
  RDAP_LOOKUPS_PER_DAY: count(DEFAULT_INTEL_QUOTAS.rdapPerDay),
  SAFE_BROWSING_QUOTA_PER_DAY: count(DEFAULT_INTEL_QUOTAS.safeBrowsingPerDay),
  VIRUSTOTAL_QUOTA_PER_MINUTE: count(DEFAULT_INTEL_QUOTAS.virusTotalPerMinute),
  VIRUSTOTAL_QUOTA_PER_DAY: count(DEFAULT_INTEL_QUOTAS.virusTotalPerDay),
  RATE_LIMIT_SIGN_UPS_PER_HOUR: count(DEFAULT_ACCOUNT_LIMITS.signUpsPerHour),
  // each scrypt holds a thread of libuv's pool (4 by default) and 32 MiB
  PASSWORD_HASHING_CONCURRENCY: count(DEFAULT_ACCOUNT_LIMITS.hashingConcurrency).pipe(z.number().max(64)),
  MAX_STORED_MESSAGES: count(DEFAULT_STORAGE_LIMITS.messages),
  MAX_REPORTS: count(DEFAULT_STORAGE_LIMITS.reports),
  MAX_BLOCKED_SENDERS: count(DEFAULT_STORAGE_LIMITS.blockedSenders),
  MAX_DEVICE_SCANS: count(DEFAULT_STORAGE_LIMITS.deviceScans),
  HISTORY_PAGE_BYTES: count(HISTORY_PAGE_BYTES, 10_000),
  SCAN_LIMIT_PER_DAY: count(BASIC_SCANS_PER_DAY, 0),
  ACCOUNT_SESSION_MAX_DAYS: count(DEFAULT_SESSION_LIMITS.accountSessionMaxAgeMs / DAY_MS),
  GUEST_IDLE_DAYS: count(DEFAULT_SESSION_LIMITS.guestIdleMs / DAY_MS),
  STRIPE_SECRET_KEY: optionalString.refine((v) => v === undefined || /^(sk|rk)_(test|live)_\S+$/.test(v), 'Must be a Stripe secret or restricted key (sk_test_..., sk_live_..., rk_...)'),
  STRIPE_PRICE_PREMIUM: optionalString.refine((v) => v === undefined || /^price_\S+$/.test(v), 'Must be a Stripe price id (price_...)'),
  STRIPE_PRICE_FAMILY: optionalString.refine((v) => v === undefined || /^price_\S+$/.test(v), 'Must be a Stripe price id (price_...)'),
  STRIPE_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || /^whsec_\S+$/.test(v), 'Must be a webhook signing secret (whsec_...)'),
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\/[^\s/]+/.test(v), 'Must be an SMTP server address: smtp://user:password@host:587 or smtps://user:password@host:465'),
  MAIL_FROM: optionalString.refine((v) => v === undefined || (v.includes('@') && !/[\r\n]/.test(v) && v.length <= 320), 'Must be one sender address, e.g. Baitcheck <no-reply@baitcheck.example>'),
  // a bare address: it is shown to people ('email us directly at …') and is the support emails' To
  SUPPORT_EMAIL: optionalString.refine((v) => v === undefined || (v.length <= MAX_EMAIL_LENGTH && z.email().safeParse(v).success), 'Must be one email address, e.g. support@baitcheck.example'),
  PLUGIN_SECRET_KEY: optionalString.refine((v) => {
    if (v === undefined) return true;
    try {
      parseSecretKey(v);
      return true;
    } catch {
      return false;
    }
  }, 'Must be 32 random bytes as 64 hex characters (openssl rand -hex 32) or base64'),
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_PHONE_NUMBER: optionalString.refine((v) => v === undefined || normalisePhoneNumber(v) !== null, 'Must be a phone number with its country code, e.g. +15550100199'),
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  SLACK_BOT_TOKEN: optionalString.refine((v) => v === undefined || /^xoxb-\S+$/.test(v), 'Must be a Slack bot token (xoxb-...)'),
  SLACK_API_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/\S+\/$/.test(v), 'Must be an http(s) address ending in /, e.g. https://slack.com/api/'),
  PLUGIN_PRIVATE_ADDRESSES: z.enum(['allow', 'refuse']).default('refuse'),
  SOCIAL_FEED_MINUTES: count(10),
  // real-time alerts (issue 19)
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.refine((v) => v === undefined || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(v), 'Must be mailto:you@example.com or an https:// address: push services contact it about problems'),
  PUSH_SERVICE_HOSTS: hostList,
  FCM_SERVICE_ACCOUNT: optionalString,
  FCM_API_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/\S+\/$/.test(v), 'Must be an http(s) address ending in /, e.g. https://fcm.googleapis.com/'),
  TWILIO_ACCOUNT_SID: optionalString.refine((v) => v === undefined || /^AC[0-9a-fA-F]{32}$/.test(v), 'Must be a Twilio Account SID (AC followed by 32 hex characters)'),
  TWILIO_API_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/\S+\/$/.test(v), 'Must be an http(s) address ending in /, e.g. https://api.twilio.com/'),
  ALERTS_PER_WINDOW: count(DEFAULT_ALERT_ALLOWANCE.perWindow, 1),
  ALERT_SUMMARY_MINUTES: count(DEFAULT_ALERT_ALLOWANCE.windowMs / 60_000, 1),
})
  .refine((e) => e.ASSISTANT_LLM_URL === undefined || e.ASSISTANT_LLM_MODEL !== undefined, { path: ['ASSISTANT_LLM_MODEL'], message: 'Name the model when ASSISTANT_LLM_URL is set' })
  // the embedded database admits one process: several share a PostgreSQL server
  .refine((e) => e.INSTANCES === 1 || e.DATABASE_URL !== undefined, { path: ['INSTANCES'], message: 'More than one instance needs DATABASE_URL: the embedded database admits one process at a time' })
  .superRefine((e, ctx) => {
    // Stripe takes all four or none: without the prices nothing can be sold, without the webhook
    // secret no payment would ever reach the plan
    const set = STRIPE_VARIABLES.filter((k) => e[k] !== undefined);
    if (set.length === 0 || set.length === STRIPE_VARIABLES.length) return;
    for (const k of STRIPE_VARIABLES.filter((k) => e[k] === undefined)) ctx.addIssue({ code: 'custom', path: [k], message: `Needed with ${set.join(', ')}: set all of ${STRIPE_VARIABLES.join(', ')}, or none for the test checkout` });
  })
  .superRefine((e, ctx) => {
    // the SMS plugin needs both: the token checks Twilio's signature, the number is where people forward texts
    if ((e.TWILIO_AUTH_TOKEN === undefined) !== (e.TWILIO_PHONE_NUMBER === undefined)) {
      ctx.addIssue({ code: 'custom', path: [e.TWILIO_AUTH_TOKEN === undefined ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_PHONE_NUMBER'], message: 'Set TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER together, or neither (the SMS plugin is then unavailable)' });
    }
    if (e.TWILIO_AUTH_TOKEN !== undefined && e.PUBLIC_ORIGINS.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGINS'], message: "Needed with TWILIO_AUTH_TOKEN: Twilio signs the address it posts to, which is this server's public address" });
    }
    if ((e.SLACK_CLIENT_ID === undefined) !== (e.SLACK_CLIENT_SECRET === undefined)) {
      ctx.addIssue({ code: 'custom', path: [e.SLACK_CLIENT_ID === undefined ? 'SLACK_CLIENT_ID' : 'SLACK_CLIENT_SECRET'], message: 'Set SLACK_CLIENT_ID and SLACK_CLIENT_SECRET together, or neither' });
    }
    if ((e.SLACK_CLIENT_ID !== undefined || e.SLACK_BOT_TOKEN !== undefined) && e.SLACK_SIGNING_SECRET === undefined) {
      ctx.addIssue({ code: 'custom', path: ['SLACK_SIGNING_SECRET'], message: "Needed with SLACK_CLIENT_ID or SLACK_BOT_TOKEN: it checks that events come from Slack (the app's Basic Information page)" });
    }
    if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({ code: 'custom', path: [e.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'], message: 'Set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither (a pair is then made once into DATA_DIR)' });
    }
    if (e.TWILIO_ACCOUNT_SID !== undefined && (e.TWILIO_AUTH_TOKEN === undefined || e.TWILIO_PHONE_NUMBER === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['TWILIO_ACCOUNT_SID'], message: 'Needs TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER too: text alerts are sent from that number with that account' });
    }
    if (e.SLACK_CLIENT_ID !== undefined && e.PUBLIC_ORIGINS.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGINS'], message: 'Needed with SLACK_CLIENT_ID: Slack sends people back to this address after they install the app' });
    }
  })
  .superRefine((e, ctx) => {
    // Stripe sends people back to the address the checkout names: taken from the request's Host,
    // anyone could make a real checkout that lands its payer on their own site afterwards
    if (e.SMTP_URL !== undefined && e.PUBLIC_ORIGINS.length === 0) {
      // the emailed links would otherwise take their address from the request's Host header: anyone
      // could have this server mail a family invitation leading to a site of their choosing
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGINS'], message: 'Needed with SMTP_URL: the address people open the app at (https://baitcheck.example), which the links in emails lead to' });
    }
    if (e.STRIPE_SECRET_KEY !== undefined && e.PUBLIC_ORIGINS.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGINS'], message: 'Needed with Stripe: the address people open the app at (https://baitcheck.example), where Stripe sends them back after paying' });
    }
  });

/** The variables that turn on Stripe, all together. */
const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_PREMIUM', 'STRIPE_PRICE_FAMILY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Whether the session cookie carries `Secure`: always, never, or when the request came over https. */
export type CookieSecure = 'auto' | 'true' | 'false';

/** The server's configuration, parsed from the environment. */
export interface Config {
  port: number;
  host: string;
  /** Absolute folder for local data; PGlite lives in `<dataDir>/db`. */
  dataDir: string;
  /** A PostgreSQL server to use instead of PGlite. */
  databaseUrl: string | undefined;
  /** The PostgreSQL connection pool of each server process (`DATABASE_POOL_MAX`, `DATABASE_*_TIMEOUT_MS`). */
  postgresPool: PostgresPoolOptions;
  /** Server processes `npm start` runs (`INSTANCES`, Node's cluster module); more than 1 needs `DATABASE_URL`. */
  instances: number;
  /** The admin token shared by every instance (`ADMIN_TOKEN`); unset: a new one each start, written to `DATA_DIR/admin-token`. */
  adminToken: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Absolute folder of the built web app. */
  webDistDir: string;
  cookieSecure: CookieSecure;
  trustProxy: boolean | string[];
  /** Time budget of an enhanced scan's outside lookups, all sources together (milliseconds). */
  intelBudgetMs: number;
  /** Feeds imported on a schedule (file paths absolute). */
  threatFeeds: ScheduledFeed[];
  /** Hours between scheduled feed imports. */
  threatFeedsRefreshHours: number;
  /** Other sites' origins allowed to send state-changing requests (the app's iOS and Android wrappers). */
  allowedOrigins: string[];
  /**
   * The origins people open the app at, when they differ from what the server sees (behind a TLS
   * proxy); empty: each request's own scheme and Host.
   */
  publicOrigins: string[];
  /** The outside sources enhanced scans may ask. */
  intelSources: IntelSourceId[];
  /** DNS resolvers of the DNS source (`host` or `host:port`); empty: the system's. */
  dnsServers: string[];
  /** The RDAP registry bootstrap (RFC 9224). */
  rdapBootstrapUrl: string;
  /** An OpenAI-compatible chat endpoint for the assistant; none: the built-in assistant alone, nothing sent anywhere. */
  assistantLlm: { url: string; model: string; apiKey: string | undefined; timeoutMs: number } | null;
  /** Google Safe Browsing Lookup API key; the source is not asked without one. */
  safeBrowsingApiKey: string | undefined;
  /** VirusTotal API key; the source is not asked without one. */
  virusTotalApiKey: string | undefined;
  /** This server's allowance of outside lookups per source (`DNS_LOOKUPS_PER_MINUTE`, `RDAP_LOOKUPS_PER_*`, `SAFE_BROWSING_QUOTA_PER_DAY`, `VIRUSTOTAL_QUOTA_PER_*`); always on. */
  intelQuotas: IntelQuotas;
  /**
   * Whether the per-client request limits apply (`RATE_LIMITS`, default on). Off only for load
   * tests on a trusted network: the benchmarks turn them off. Per-user storage caps and the
   * sign-in guessing limits stay on either way.
   */
  rateLimits: boolean;
  /** The per-client request limits (`RATE_LIMIT_*`), applied when {@link Config.rateLimits} is on. */
  clientRateLimits: ClientRateLimits;
  /**
   * Sign-ups per client address an hour (`RATE_LIMIT_SIGN_UPS_PER_HOUR`, while rate limits are
   * on) and password hashes at once, server-wide (`PASSWORD_HASHING_CONCURRENCY`, always).
   */
  accountLimits: AccountLimits;
  /** What one user may keep (`MAX_STORED_MESSAGES`, `MAX_REPORTS`, `MAX_BLOCKED_SENDERS`, `MAX_DEVICE_SCANS`); always on. */
  storageLimits: StorageLimits;
  /** The most JSON one page of the history carries (`HISTORY_PAGE_BYTES`). */
  historyPageBytes: number;
  /**
   * Scans a day on the Basic plan, counted per user from their local midnight
   * (`SCAN_LIMIT_PER_DAY`, default 10, the pricing table's figure); 0: no limit. Premium and
   * Family are unlimited either way.
   */
  scanLimitPerDay: number;
  /** Account sessions' absolute lifetime and how long idle empty guests are kept (`ACCOUNT_SESSION_MAX_DAYS`, `GUEST_IDLE_DAYS`). */
  sessionLimits: SessionLimits;
  /** Stripe (`STRIPE_*`); null: the server's own test checkout, where no card is charged. */
  stripe: StripeConfig | null;
  /** Outgoing email (`SMTP_URL`, `MAIL_FROM`): family invitations; without `smtpUrl` none is sent and the app says so. */
  email: { smtpUrl: string | undefined; from: string };
  /**
   * The support inbox (`SUPPORT_EMAIL`): Contact Support emails each request there (with
   * `SMTP_URL`), and names it to people as the address to write to directly. Unset: requests are
   * stored and no email is sent.
   */
  supportEmail: string | undefined;
  /** The source plugins (issue 18): their outside services and the key that seals what people give them. */
  plugins: PluginsConfig;
  /** Real-time alerts (issue 19): push, text alerts, and how many go out before the rest wait for a summary. */
  alerts: AlertsConfig;
}

/** What the alerts' outside channels run on. */
export interface AlertsConfig {
  /** `VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`, `VAPID_SUBJECT`; unset keys: a pair made once into `DATA_DIR`. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string | undefined };
  /** `PUSH_SERVICE_HOSTS`: the push services browsers' subscriptions may point at; empty: the known browser push services. */
  pushServiceHosts: string[];
  /** `FCM_SERVICE_ACCOUNT` (the JSON, or a path to it) and `FCM_API_URL`: push to the iOS and Android apps; unset: unavailable. */
  fcm: { serviceAccount: string; apiUrl: string | undefined } | null;
  /** `TWILIO_ACCOUNT_SID` with the SMS plugin's token and number: text alerts; null: unavailable. */
  twilioMessages: { accountSid: string; authToken: string; from: string; apiUrl: string | undefined } | null;
  allowance: AlertAllowance;
}

/** No outside service set up: SMS and Slack unavailable, a key made into the data folder, a post every 10 minutes. */
export const DEFAULT_PLUGINS_CONFIG: PluginsConfig = { secretKey: undefined, twilio: null, slack: null, allowPrivateAddresses: false, socialFeedMinutes: 10 };

/** What the source plugins run on. */
export interface PluginsConfig {
  /** `PLUGIN_SECRET_KEY`; unset: a key made once into `DATA_DIR`. */
  secretKey: string | undefined;
  /** Twilio (`TWILIO_AUTH_TOKEN`, `TWILIO_PHONE_NUMBER`): the SMS plugin; null: unavailable. */
  twilio: { authToken: string; phoneNumber: string } | null;
  /** Slack: events need the signing secret; people connect through OAuth (client id and secret) or, in manual mode, through the server's own bot. */
  slack: { signingSecret: string; oauth: { clientId: string; clientSecret: string } | null; botToken: string | undefined; apiUrl: string | undefined } | null;
  /** Whether an inbox may be on a private or loopback address (`PLUGIN_PRIVATE_ADDRESSES=allow`: a self-hosted mail server, tests). */
  allowPrivateAddresses: boolean;
  /** Minutes between posts of the simulated social feed. */
  socialFeedMinutes: number;
  /** The inbox connections' waits (not configurable: tests pass short ones). */
  imap?: { backoff?: { initialMs: number; maxMs: number }; timeoutMs?: number };
}

/** What Stripe needs: the secret key, the price of each paid plan, the webhook signing secret. */
export interface StripeConfig {
  secretKey: string;
  prices: { premium: string; family: string };
  webhookSecret: string;
  /** Another API address (tests: a local peer on 127.0.0.1). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Thrown when the environment does not parse; `message` lists every problem, one a line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment. Relative paths resolve against `INIT_CWD` (where the person typed
 * `npm start`), not the workspace folder npm switches into.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`));
  }
  const e = parsed.data;
  const base = env.INIT_CWD ?? process.cwd();
  const toAbsolute = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR ? toAbsolute(e.DATA_DIR) : resolve(REPO_ROOT, 'data'),
    databaseUrl: e.DATABASE_URL,
    postgresPool: { max: e.DATABASE_POOL_MAX, connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS, idleTimeoutMs: e.DATABASE_IDLE_TIMEOUT_MS, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    instances: e.INSTANCES,
    adminToken: e.ADMIN_TOKEN,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? toAbsolute(e.WEB_DIST_DIR) : resolve(REPO_ROOT, 'apps/web/dist'),
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    intelBudgetMs: e.INTEL_BUDGET_MS,
    threatFeeds: e.THREAT_FEEDS.map((f) => ({ ...f, location: /^https?:\/\//i.test(f.location) ? f.location : toAbsolute(f.location) })),
    threatFeedsRefreshHours: e.THREAT_FEEDS_REFRESH_HOURS,
    allowedOrigins: e.ALLOWED_ORIGINS,
    publicOrigins: e.PUBLIC_ORIGINS,
    assistantLlm: e.ASSISTANT_LLM_URL && e.ASSISTANT_LLM_MODEL ? { url: e.ASSISTANT_LLM_URL, model: e.ASSISTANT_LLM_MODEL, apiKey: e.ASSISTANT_LLM_API_KEY, timeoutMs: e.ASSISTANT_LLM_TIMEOUT_MS } : null,
    intelSources: e.INTEL_SOURCES,
    dnsServers: e.DNS_SERVERS,
    rdapBootstrapUrl: e.RDAP_BOOTSTRAP_URL,
    safeBrowsingApiKey: e.SAFE_BROWSING_API_KEY,
    virusTotalApiKey: e.VIRUSTOTAL_API_KEY,
    rateLimits: e.RATE_LIMITS === 'on',
    clientRateLimits: {
      scansPerMinute: e.RATE_LIMIT_SCANS_PER_MINUTE,
      scansPerDay: e.RATE_LIMIT_SCANS_PER_DAY,
      assistantPerMinute: e.RATE_LIMIT_ASSISTANT_PER_MINUTE,
      assistantPerDay: e.RATE_LIMIT_ASSISTANT_PER_DAY,
      listsPerMinute: e.RATE_LIMIT_LISTS_PER_MINUTE,
      addressMultiplier: e.RATE_LIMIT_ADDRESS_MULTIPLIER,
      enhancedPerMinute: e.RATE_LIMIT_ENHANCED_PER_MINUTE,
      enhancedPerDay: e.RATE_LIMIT_ENHANCED_PER_DAY,
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      writesPerDay: e.RATE_LIMIT_WRITES_PER_DAY,
      newGuestsPerHour: e.RATE_LIMIT_NEW_GUESTS_PER_HOUR,
      refusalHoldMs: e.RATE_LIMIT_REFUSAL_HOLD_MS,
    },
    intelQuotas: {
      dnsPerMinute: e.DNS_LOOKUPS_PER_MINUTE,
      rdapPerMinute: e.RDAP_LOOKUPS_PER_MINUTE,
      rdapPerDay: e.RDAP_LOOKUPS_PER_DAY,
      safeBrowsingPerDay: e.SAFE_BROWSING_QUOTA_PER_DAY,
      virusTotalPerMinute: e.VIRUSTOTAL_QUOTA_PER_MINUTE,
      virusTotalPerDay: e.VIRUSTOTAL_QUOTA_PER_DAY,
    },
    accountLimits: { signUpsPerHour: e.RATE_LIMIT_SIGN_UPS_PER_HOUR, hashingConcurrency: e.PASSWORD_HASHING_CONCURRENCY },
    storageLimits: { messages: e.MAX_STORED_MESSAGES, reports: e.MAX_REPORTS, blockedSenders: e.MAX_BLOCKED_SENDERS, deviceScans: e.MAX_DEVICE_SCANS },
    historyPageBytes: e.HISTORY_PAGE_BYTES,
    scanLimitPerDay: e.SCAN_LIMIT_PER_DAY,
    sessionLimits: { accountSessionMaxAgeMs: e.ACCOUNT_SESSION_MAX_DAYS * DAY_MS, guestIdleMs: e.GUEST_IDLE_DAYS * DAY_MS },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PRICE_PREMIUM && e.STRIPE_PRICE_FAMILY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, prices: { premium: e.STRIPE_PRICE_PREMIUM, family: e.STRIPE_PRICE_FAMILY }, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : null,
    email: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM },
    supportEmail: e.SUPPORT_EMAIL,
    plugins: {
      secretKey: e.PLUGIN_SECRET_KEY,
      twilio: e.TWILIO_AUTH_TOKEN && e.TWILIO_PHONE_NUMBER ? { authToken: e.TWILIO_AUTH_TOKEN, phoneNumber: normalisePhoneNumber(e.TWILIO_PHONE_NUMBER)! } : null,
      slack: e.SLACK_SIGNING_SECRET
        ? {
            signingSecret: e.SLACK_SIGNING_SECRET,
            oauth: e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET ? { clientId: e.SLACK_CLIENT_ID, clientSecret: e.SLACK_CLIENT_SECRET } : null,
            botToken: e.SLACK_BOT_TOKEN,
            apiUrl: e.SLACK_API_URL,
          }
        : null,
      allowPrivateAddresses: e.PLUGIN_PRIVATE_ADDRESSES === 'allow',
      socialFeedMinutes: e.SOCIAL_FEED_MINUTES,
    },
    alerts: {
      vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
      pushServiceHosts: e.PUSH_SERVICE_HOSTS,
      fcm: e.FCM_SERVICE_ACCOUNT ? { serviceAccount: e.FCM_SERVICE_ACCOUNT, apiUrl: e.FCM_API_URL } : null,
      twilioMessages:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_PHONE_NUMBER
          ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: normalisePhoneNumber(e.TWILIO_PHONE_NUMBER)!, apiUrl: e.TWILIO_API_URL }
          : null,
      allowance: { perWindow: e.ALERTS_PER_WINDOW, windowMs: e.ALERT_SUMMARY_MINUTES * 60_000 },
    },
  };
}

/** True when the web app has been built into `dir`. */
export function hasWebBuild(dir: string): boolean {
  return existsSync(resolve(dir, 'index.html'));
}

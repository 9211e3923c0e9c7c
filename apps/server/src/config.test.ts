import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 5000,
      host: 'localhost',
      dataDir: resolve(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      postgresPool: { max: 10, connectTimeoutMs: 10_000, idleTimeoutMs: 30_000, statementTimeoutMs: 30_000 },
      instances: 1,
      adminToken: undefined,
      logLevel: 'info',
      plugins: { secretKey: undefined, twilio: null, slack: null, allowPrivateAddresses: false, socialFeedMinutes: 10 },
      alerts: {
        vapid: { publicKey: undefined, privateKey: undefined, subject: undefined },
        pushServiceHosts: [],
        fcm: null,
        twilioMessages: null,
        allowance: { perWindow: 3, windowMs: 15 * 60_000 },
      },
      webDistDir: resolve(REPO_ROOT, 'apps/web/dist'),
      cookieSecure: 'auto',
      trustProxy: false,
      intelBudgetMs: 1500,
      threatFeeds: [],
      threatFeedsRefreshHours: 6,
      allowedOrigins: [],
      assistantLlm: null,
      intelSources: ['feeds', 'dns', 'rdap', 'safe-browsing', 'virustotal'],
      dnsServers: [],
      rdapBootstrapUrl: 'https://data.iana.org/rdap/dns.json',
      safeBrowsingApiKey: undefined,
      virusTotalApiKey: undefined,
      publicOrigins: [],
      rateLimits: true,
      clientRateLimits: { scansPerMinute: 30, scansPerDay: 600, assistantPerMinute: 20, assistantPerDay: 300, listsPerMinute: 120, addressMultiplier: 5, enhancedPerMinute: 10, enhancedPerDay: 200, writesPerMinute: 60, writesPerDay: 500, newGuestsPerHour: 30, refusalHoldMs: 1000 },
      intelQuotas: { dnsPerMinute: 3000, rdapPerMinute: 60, rdapPerDay: 10_000, safeBrowsingPerDay: 10_000, virusTotalPerMinute: 4, virusTotalPerDay: 500 },
      accountLimits: { signUpsPerHour: 10, hashingConcurrency: 2 },
      storageLimits: { messages: 5000, reports: 200, blockedSenders: 1000, deviceScans: 20000 },
      historyPageBytes: 1_000_000,
      scanLimitPerDay: 10,
      sessionLimits: { accountSessionMaxAgeMs: 90 * 86_400_000, guestIdleMs: 7 * 86_400_000 },
      stripe: null,
      email: { smtpUrl: undefined, from: 'Baitcheck <no-reply@localhost>' },
    });
  });

  it('reads the limits of issue 13 and refuses nonsense', () => {
    const config = loadConfig({ RATE_LIMIT_SCANS_PER_MINUTE: '5', RATE_LIMIT_ADDRESS_MULTIPLIER: '2', RATE_LIMIT_WRITES_PER_MINUTE: '7', RATE_LIMIT_WRITES_PER_DAY: '70', RATE_LIMIT_NEW_GUESTS_PER_HOUR: '300', MAX_STORED_MESSAGES: '10', HISTORY_PAGE_BYTES: '20000', ACCOUNT_SESSION_MAX_DAYS: '14', GUEST_IDLE_DAYS: '3' });
    expect(config.clientRateLimits).toMatchObject({ scansPerMinute: 5, addressMultiplier: 2, writesPerMinute: 7, writesPerDay: 70, newGuestsPerHour: 300 });
    expect(config.storageLimits.messages).toBe(10);
    expect(config.historyPageBytes).toBe(20_000);
    expect(config.sessionLimits).toEqual({ accountSessionMaxAgeMs: 14 * 86_400_000, guestIdleMs: 3 * 86_400_000 });
    expect(() => loadConfig({ MAX_STORED_MESSAGES: '0' })).toThrow(/MAX_STORED_MESSAGES/);
    expect(() => loadConfig({ RATE_LIMIT_SCANS_PER_DAY: 'lots' })).toThrow(/RATE_LIMIT_SCANS_PER_DAY/);
    expect(() => loadConfig({ HISTORY_PAGE_BYTES: '100' })).toThrow(/HISTORY_PAGE_BYTES/);
  });

  it('reads the daily scan limit of the Basic plan: 0 turns it off, nonsense is refused', () => {
    expect(loadConfig({ SCAN_LIMIT_PER_DAY: '25' }).scanLimitPerDay).toBe(25);
    expect(loadConfig({ SCAN_LIMIT_PER_DAY: '0' }).scanLimitPerDay).toBe(0);
    expect(loadConfig({ SCAN_LIMIT_PER_DAY: '' }).scanLimitPerDay).toBe(10);
    expect(() => loadConfig({ SCAN_LIMIT_PER_DAY: '-1' })).toThrow(/SCAN_LIMIT_PER_DAY/);
    expect(() => loadConfig({ SCAN_LIMIT_PER_DAY: 'ten' })).toThrow(/SCAN_LIMIT_PER_DAY/);
    expect(() => loadConfig({ SCAN_LIMIT_PER_DAY: '2.5' })).toThrow(/SCAN_LIMIT_PER_DAY/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATA_DIR: '', DATABASE_URL: '', LOG_LEVEL: '' })).toMatchObject({ port: 5000, databaseUrl: undefined, logLevel: 'info' });
  });

  it('resolves relative paths against the folder npm was run in', () => {
    const config = loadConfig({ DATA_DIR: 'var/bc', WEB_DIST_DIR: '../web', INIT_CWD: '/srv/app' });
    expect(config.dataDir).toBe('/srv/app/var/bc');
    expect(config.webDistDir).toBe('/srv/web');
    expect(loadConfig({ DATA_DIR: '/abs/data', INIT_CWD: '/srv/app' }).dataDir).toBe('/abs/data');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/bc',
      LOG_LEVEL: 'debug',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '10.0.0.0/8',
      INTEL_BUDGET_MS: '800',
    });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: 'postgres://u:p@db:5432/bc', logLevel: 'debug', cookieSecure: 'true', trustProxy: ['10.0.0.0/8'], intelBudgetMs: 800 });
    expect(loadConfig({}).intelBudgetMs).toBe(1500);
    expect(() => loadConfig({ INTEL_BUDGET_MS: '5' })).toThrow(/INTEL_BUDGET_MS/);
    expect(loadConfig({ THREAT_FEEDS: 'openphish=https://openphish.com/feed.txt, mine=feeds/list.txt', INIT_CWD: '/srv/app', THREAT_FEEDS_REFRESH_HOURS: '1' })).toMatchObject({
      threatFeeds: [
        { source: 'openphish', location: 'https://openphish.com/feed.txt' },
        { source: 'mine', location: '/srv/app/feeds/list.txt' },
      ],
      threatFeedsRefreshHours: 1,
    });
    expect(() => loadConfig({ THREAT_FEEDS: 'https://openphish.com/feed.txt' })).toThrow(/THREAT_FEEDS: "https:\/\/openphish.com\/feed.txt" is not name=location/);
    expect(() => loadConfig({ THREAT_FEEDS: 'a=x.txt,a=y.txt' })).toThrow(/used twice/);
    expect(loadConfig({ INTEL_SOURCES: 'Feeds, rdap,feeds', DNS_SERVERS: '127.0.0.1:5353, [::1]:53', SAFE_BROWSING_API_KEY: 'k1', VIRUSTOTAL_API_KEY: 'k2', RDAP_BOOTSTRAP_URL: 'http://127.0.0.1:8080/dns.json' })).toMatchObject({
      intelSources: ['feeds', 'rdap'],
      dnsServers: ['127.0.0.1:5353', '[::1]:53'],
      safeBrowsingApiKey: 'k1',
      virusTotalApiKey: 'k2',
      rdapBootstrapUrl: 'http://127.0.0.1:8080/dns.json',
    });
    expect(loadConfig({ INTEL_SOURCES: 'none' }).intelSources).toEqual([]);
    expect(loadConfig({ ASSISTANT_LLM_URL: 'http://127.0.0.1:11434/v1', ASSISTANT_LLM_MODEL: 'llama3.1', ASSISTANT_LLM_TIMEOUT_MS: '5000' }).assistantLlm).toEqual({
      url: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      apiKey: undefined,
      timeoutMs: 5000,
    });
    expect(() => loadConfig({ ASSISTANT_LLM_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/ASSISTANT_LLM_MODEL: Name the model/);
    expect(() => loadConfig({ ASSISTANT_LLM_URL: 'ollama' , ASSISTANT_LLM_MODEL: 'x' })).toThrow(/ASSISTANT_LLM_URL: Must be an http/);
    expect(loadConfig({ ALLOWED_ORIGINS: 'capacitor://localhost, https://localhost' }).allowedOrigins).toEqual(['capacitor://localhost', 'https://localhost']);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://app.example/path' })).toThrow(/ALLOWED_ORIGINS: not an origin/);
    expect(() => loadConfig({ INTEL_SOURCES: 'feeds,whois' })).toThrow(/INTEL_SOURCES: unknown source "whois"/);
    expect(() => loadConfig({ DNS_SERVERS: 'dns.google' })).toThrow(/DNS_SERVERS: "dns.google" is not an IPv4 or IPv6 address/);
    expect(() => loadConfig({ RDAP_BOOTSTRAP_URL: 'ftp://x' })).toThrow(/RDAP_BOOTSTRAP_URL: Must be an http\(s\) address/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('reads the PostgreSQL pool and the instances, which need PostgreSQL, and a shared admin token', () => {
    const url = 'postgres://u@127.0.0.1/db';
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_MAX: '25', DATABASE_CONNECT_TIMEOUT_MS: '0', DATABASE_STATEMENT_TIMEOUT_MS: '5000', INSTANCES: '4' })).toMatchObject({
      postgresPool: { max: 25, connectTimeoutMs: 0, idleTimeoutMs: 30_000, statementTimeoutMs: 5000 },
      instances: 4,
    });
    expect(() => loadConfig({ INSTANCES: '2' })).toThrow(/INSTANCES: More than one instance needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_URL: url, INSTANCES: 'many' })).toThrow(/INSTANCES/);
    expect(loadConfig({ ADMIN_TOKEN: 'a'.repeat(40) }).adminToken).toBe('a'.repeat(40));
    expect(() => loadConfig({ ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN/);
  });

  it('refuses TRUST_PROXY=true, naming what to set instead', () => {
    // true would take the client's own X-Forwarded-For entries as its address: per-address limits would count nothing
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true is refused: .*X-Forwarded-For.*addresses\/CIDRs/);
    expect(() => loadConfig({ TRUST_PROXY: ' true ' })).toThrow(ConfigError);
    // a hop count is refused too: Fastify 5 ignores it (trusts nobody), and it cannot tell the proxy from a client
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a number of proxies \(1\) is refused: .*127\.0\.0\.1/);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('reads the sign-up limit and the hashing concurrency', () => {
    expect(loadConfig({ RATE_LIMIT_SIGN_UPS_PER_HOUR: '3', PASSWORD_HASHING_CONCURRENCY: '4' }).accountLimits).toEqual({ signUpsPerHour: 3, hashingConcurrency: 4 });
    expect(loadConfig({ VIRUSTOTAL_QUOTA_PER_DAY: '1000', RATE_LIMIT_ENHANCED_PER_MINUTE: '3' })).toMatchObject({ intelQuotas: { virusTotalPerDay: 1000, virusTotalPerMinute: 4 }, clientRateLimits: { enhancedPerMinute: 3 } });
    expect(() => loadConfig({ DNS_LOOKUPS_PER_MINUTE: '0' })).toThrow(/DNS_LOOKUPS_PER_MINUTE/);
    expect(() => loadConfig({ RATE_LIMIT_SIGN_UPS_PER_HOUR: '0' })).toThrow(/RATE_LIMIT_SIGN_UPS_PER_HOUR/);
    expect(() => loadConfig({ PASSWORD_HASHING_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASHING_CONCURRENCY/);
    expect(() => loadConfig({ PASSWORD_HASHING_CONCURRENCY: '500' })).toThrow(/PASSWORD_HASHING_CONCURRENCY/);
  });

  it('lists every bad value at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', COOKIE_SECURE: 'yes', TRUST_PROXY: 'some proxies' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'COOKIE_SECURE', 'TRUST_PROXY']);
    expect((error as ConfigError).message).toContain('Invalid configuration');
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });

  it('takes Stripe only with all four settings and the public address people are sent back to', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PRICE_PREMIUM: 'price_p', STRIPE_PRICE_FAMILY: 'price_f', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_PRICE_PREMIUM/);
    expect(() => loadConfig(stripe)).toThrow(/PUBLIC_ORIGINS: Needed with Stripe/);
    expect(loadConfig({ ...stripe, PUBLIC_ORIGINS: 'https://baitcheck.example' }).stripe).toEqual({ secretKey: 'sk_test_abc', prices: { premium: 'price_p', family: 'price_f' }, webhookSecret: 'whsec_abc' });
  });

  it('reads the mail server and sender of outgoing email, and refuses what is not one', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://bc:secret@mail.example:465', MAIL_FROM: 'Family <family@baitcheck.example>', PUBLIC_ORIGINS: 'https://baitcheck.example' }).email).toEqual({ smtpUrl: 'smtps://bc:secret@mail.example:465', from: 'Family <family@baitcheck.example>' });
    // emailed links must not take their address from a request's Host header
    expect(() => loadConfig({ SMTP_URL: 'smtps://bc:secret@mail.example:465' })).toThrow(/PUBLIC_ORIGINS: Needed with SMTP_URL/);
    expect(loadConfig({ SMTP_URL: '' }).email.smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example' })).toThrow(/SMTP_URL: Must be an SMTP server address/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'a@b.example\r\nBcc: c@d.example' })).toThrow(/MAIL_FROM/);
  });

  it('reads the support inbox (optional, with or without SMTP) and refuses anything but one bare address', () => {
    expect(loadConfig({}).supportEmail).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: '' }).supportEmail).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: 'support@baitcheck.example' }).supportEmail).toBe('support@baitcheck.example');
    for (const bad of ['support', 'Support <support@baitcheck.example>', 'support@baitcheck.example\r\nBcc: c@d.example', 'a@b.example, c@d.example', `${'a'.repeat(250)}@b.example`]) {
      expect(() => loadConfig({ SUPPORT_EMAIL: bad }), bad).toThrow(/SUPPORT_EMAIL: Must be one email address/);
    }
  });

  it('sets up the source plugins: Twilio with its number and the public address, Slack with its signing secret, a sealing key of 32 bytes', () => {
    const origin = { PUBLIC_ORIGINS: 'https://baitcheck.example' };
    expect(loadConfig({ ...origin, TWILIO_AUTH_TOKEN: 'tok', TWILIO_PHONE_NUMBER: '+1 (555) 010-0100' }).plugins.twilio).toEqual({ authToken: 'tok', phoneNumber: '+15550100100' });
    expect(() => loadConfig({ ...origin, TWILIO_AUTH_TOKEN: 'tok' })).toThrow(/TWILIO_PHONE_NUMBER: Set TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER together/);
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: 'tok', TWILIO_PHONE_NUMBER: '+15550100100' })).toThrow(/PUBLIC_ORIGINS: Needed with TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ ...origin, TWILIO_AUTH_TOKEN: 'tok', TWILIO_PHONE_NUMBER: '555 0100' })).toThrow(/TWILIO_PHONE_NUMBER: Must be a phone number/);
    expect(loadConfig({ SLACK_SIGNING_SECRET: 's', SLACK_BOT_TOKEN: 'xoxb-1' }).plugins.slack).toEqual({ signingSecret: 's', oauth: null, botToken: 'xoxb-1', apiUrl: undefined });
    expect(() => loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1' })).toThrow(/SLACK_SIGNING_SECRET: Needed with SLACK_CLIENT_ID or SLACK_BOT_TOKEN/);
    expect(() => loadConfig({ SLACK_SIGNING_SECRET: 's', SLACK_CLIENT_ID: 'id', SLACK_CLIENT_SECRET: 'secret' })).toThrow(/PUBLIC_ORIGINS: Needed with SLACK_CLIENT_ID/);
    expect(() => loadConfig({ SLACK_SIGNING_SECRET: 's', SLACK_CLIENT_ID: 'id', ...origin })).toThrow(/SLACK_CLIENT_SECRET: Set SLACK_CLIENT_ID and SLACK_CLIENT_SECRET together/);
    expect(() => loadConfig({ SLACK_SIGNING_SECRET: 's', SLACK_BOT_TOKEN: 'xoxp-user-token' })).toThrow(/SLACK_BOT_TOKEN: Must be a Slack bot token/);
    expect(loadConfig({ PLUGIN_SECRET_KEY: 'ab'.repeat(32) }).plugins.secretKey).toBe('ab'.repeat(32));
    expect(() => loadConfig({ PLUGIN_SECRET_KEY: 'too-short' })).toThrow(/PLUGIN_SECRET_KEY: Must be 32 random bytes/);
    expect(loadConfig({ PLUGIN_PRIVATE_ADDRESSES: 'allow', SOCIAL_FEED_MINUTES: '1' }).plugins).toMatchObject({ allowPrivateAddresses: true, socialFeedMinutes: 1 });
    expect(() => loadConfig({ PLUGIN_PRIVATE_ADDRESSES: 'yes' })).toThrow(/PLUGIN_PRIVATE_ADDRESSES/);
  });

  it('reads the alerts: text alerts need the SMS plugin Twilio settings, VAPID keys come in pairs, push hosts are hosts', () => {
    const twilio = { TWILIO_AUTH_TOKEN: 'token', TWILIO_PHONE_NUMBER: '+15550100100', PUBLIC_ORIGINS: 'https://baitcheck.test' };
    const sid = `AC${'0'.repeat(32)}`;
    expect(loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: sid, TWILIO_API_URL: 'http://127.0.0.1:9/' }).alerts.twilioMessages).toEqual({ accountSid: sid, authToken: 'token', from: '+15550100100', apiUrl: 'http://127.0.0.1:9/' });
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid })).toThrow(/TWILIO_ACCOUNT_SID: Needs TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'nope' })).toThrow(/Twilio Account SID/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'x' })).toThrow(/VAPID_PRIVATE_KEY: Set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'me' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: 'Push.Example, 127.0.0.1:8080' }).alerts.pushServiceHosts).toEqual(['push.example', '127.0.0.1:8080']);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://push.example/' })).toThrow(/PUSH_SERVICE_HOSTS/);
    expect(loadConfig({ FCM_SERVICE_ACCOUNT: '/etc/fcm.json', ALERTS_PER_WINDOW: '5', ALERT_SUMMARY_MINUTES: '30' }).alerts).toMatchObject({ fcm: { serviceAccount: '/etc/fcm.json', apiUrl: undefined }, allowance: { perWindow: 5, windowMs: 30 * 60_000 } });
  });
});

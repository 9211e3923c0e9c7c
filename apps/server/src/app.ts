import { ENDPOINTS, MAX_BODY_BYTES, PAID_PLAN_STATUSES } from '@baitcheck/contracts';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { DEFAULT_PLUGINS_CONFIG, type AlertsConfig, type Config, type PluginsConfig } from './config.ts';
import { setupAlerts, type Alerts } from './modules/alerts/setup.ts';
import { randomBytes } from 'node:crypto';
import type { ProtectionSettings } from '@baitcheck/contracts';
import { AppError } from './lib/app-error.ts';
import type { Database } from './db/database.ts';
import type { ClusterBus } from './cluster/bus.ts';
import { createKeyLocks, KEY_LOCK_CLASSES } from './cluster/key-locks.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import type { SignInLimits } from './modules/accounts/sign-in-throttle.ts';
import { createDatabaseThrottleStore } from './modules/accounts/sign-in-throttle-store.ts';
import { createNotificationPreferencesRepository } from './modules/notification-preferences/notification-preferences.repository.ts';
import { registerNotificationPreferencesRoutes } from './modules/notification-preferences/notification-preferences.routes.ts';
import { registerPluginsRoutes } from './modules/plugins/plugins.routes.ts';
import { createPluginsRepository } from './modules/plugins/plugins.repository.ts';
import { createDeviceScansRepository } from './modules/device-scans/device-scans.repository.ts';
import { registerDeviceScansRoutes } from './modules/device-scans/device-scans.routes.ts';
import { createDeviceScansService } from './modules/device-scans/device-scans.service.ts';
import { createPluginsService } from './modules/plugins/plugins.service.ts';
import { createInboxWorker } from './modules/plugins/inbox-worker.ts';
import { createPluginRuntime, type PluginRuntime } from './modules/plugins/plugin-runtime.ts';
import { registerSmsRoutes } from './modules/plugins/sms/sms.routes.ts';
import { createSlackPlugin } from './modules/plugins/slack/slack.ts';
import { createSlackClient } from './adapters/slack/slack-client.ts';
import { createInboxVerifier } from './modules/plugins/email/inbox-verifier.ts';
import { createInboxWatchers } from './modules/plugins/email/inbox-watchers.ts';
import { createSecretBox, loadSecretKey, parseSecretKey, secretKeyPath } from './lib/secret-box.ts';
import type { ScanService } from './modules/scan/scan.service.ts';
import type { ScanUsageService } from './modules/scan-usage/scan-usage.service.ts';
import { registerHelpPagesRoutes } from './modules/help-pages/help-pages.routes.ts';
import { createKnowledgeBaseRepository } from './modules/knowledge-base/knowledge-base.repository.ts';
import { registerKnowledgeBaseRoutes } from './modules/knowledge-base/knowledge-base.routes.ts';
import { createKnowledgeBaseService } from './modules/knowledge-base/knowledge-base.service.ts';
import { createHelpPagesService } from './modules/help-pages/help-pages.service.ts';
import { createChatCompletionsModel } from './adapters/llm/chat-completions.ts';
import { registerAssistantRoutes } from './modules/assistant/assistant.routes.ts';
import { createAssistantService } from './modules/assistant/assistant.service.ts';
import { isLoopbackHost, sameOriginPlugin } from './http/same-origin.ts';
import { registerBlockedSendersRoutes } from './modules/blocked-senders/blocked-senders.routes.ts';
import { createBlockedSendersRepository } from './modules/blocked-senders/blocked-senders.repository.ts';
import { createBlockedSendersService } from './modules/blocked-senders/blocked-senders.service.ts';
import { createHealthRepository } from './modules/health/health.repository.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createMessagesRepository } from './modules/messages/messages.repository.ts';
import { registerMessagesRoutes } from './modules/messages/messages.routes.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { createProtectionSettingsRepository } from './modules/protection-settings/protection-settings.repository.ts';
import { registerProtectionSettingsRoutes } from './modules/protection-settings/protection-settings.routes.ts';
import { createProtectionSettingsService } from './modules/protection-settings/protection-settings.service.ts';
import { createProtectionStatusRepository } from './modules/protection-status/protection-status.repository.ts';
import { registerProtectionStatusRoutes } from './modules/protection-status/protection-status.routes.ts';
import { createProtectionStatusService } from './modules/protection-status/protection-status.service.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { registerReportsRoutes } from './modules/reports/reports.routes.ts';
import { createMyDataRepository } from './modules/my-data/my-data.repository.ts';
import { registerMyDataRoutes } from './modules/my-data/my-data.routes.ts';
import { createMyDataService } from './modules/my-data/my-data.service.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createFeedsRepository } from './modules/intel/feeds/feeds.repository.ts';
import { registerFeedsRoutes } from './modules/intel/feeds/feeds.routes.ts';
import { registerBackupRoutes } from './modules/backup/backup.routes.ts';
import { createFeedsService, type FeedsService } from './modules/intel/feeds/feeds.service.ts';
import { createDnsProvider } from './adapters/intel/dns-provider.ts';
import { createEmailAuthProvider } from './adapters/intel/email-auth-provider.ts';
import { createFeedsProvider } from './adapters/intel/feeds-provider.ts';
import { createRdapProvider } from './adapters/intel/rdap-provider.ts';
import { createSafeBrowsingProvider } from './adapters/intel/safe-browsing-provider.ts';
import { createVirusTotalProvider } from './adapters/intel/virustotal-provider.ts';
import { createLookupQuota, DEFAULT_INTEL_QUOTAS } from './modules/intel/lookup-limits.ts';
import type { IntelProvider } from './modules/intel/enrich.ts';
import { createScanRepository } from './modules/scan/scan.repository.ts';
import { registerScanRoutes } from './modules/scan/scan.routes.ts';
import { createScanService } from './modules/scan/scan.service.ts';
import { createSessionsRepository } from './modules/sessions/sessions.repository.ts';
import { createSessionsService, type SessionsService } from './modules/sessions/sessions.service.ts';
import { createStatsRepository } from './modules/stats/stats.repository.ts';
import { registerStatsRoutes } from './modules/stats/stats.routes.ts';
import { createStatsService } from './modules/stats/stats.service.ts';
import { answerClientError, answerConnect, answerUnmetExpectation, errorsPlugin, toAppError } from './http/errors.ts';
import { securityHeadersPlugin } from './http/security-headers.ts';
import { rateLimitsPlugin } from './http/rate-limits.ts';
import { createRefusalBrake, DEFAULT_REFUSAL_BRAKE } from './http/refusal-brake.ts';
import { memoryLimiters, postgresLimiters, postgresLimitWindows, type LimiterFactory } from './http/limit-windows.ts';
import { sessionPlugin } from './http/session.ts';
import { DEFAULT_STORAGE_LIMITS } from './lib/storage-limits.ts';
import { staticPlugin } from './http/static.ts';
import { createStripeProvider } from './adapters/payments/stripe-provider.ts';
import { createBillingRepository } from './modules/billing/billing.repository.ts';
import { registerBillingRoutes } from './modules/billing/billing.routes.ts';
import { createBillingService, createTestCheckoutService, type BillingService } from './modules/billing/billing.service.ts';
import { createTestPaymentsProvider } from './modules/billing/test-provider.ts';
import { createHistoryWindow } from './modules/messages/history-window.ts';
import { createRetentionRepository } from './modules/retention/retention.repository.ts';
import { createRetentionService, type RetentionService } from './modules/retention/retention.service.ts';
import { createScanUsageRepository } from './modules/scan-usage/scan-usage.repository.ts';
import { registerScanUsageRoutes } from './modules/scan-usage/scan-usage.routes.ts';
import { createScanUsageService } from './modules/scan-usage/scan-usage.service.ts';
import { createEmailSender } from './adapters/email/email-sender.ts';
import { createFamilyRepository } from './modules/family/family.repository.ts';
import { registerFamilyRoutes } from './modules/family/family.routes.ts';
import { createFamilyService } from './modules/family/family.service.ts';
import { createPlanResolver, type PlanResolver } from './modules/family/plan-resolver.ts';
import { createArticleIndex } from './content/article-index.ts';
import { defaultContent, type Content } from './content/load-content.ts';
import { createContactSupportRepository } from './modules/contact-support/contact-support.repository.ts';
import { registerContactSupportRoutes } from './modules/contact-support/contact-support.routes.ts';
import { createContactSupportService } from './modules/contact-support/contact-support.service.ts';

/** What the app is built from. */
export interface AppDeps {
  config: Pick<Config, 'cookieSecure' | 'trustProxy' | 'webDistDir'> &
    Partial<Pick<Config, 'host' | 'dataDir' | 'allowedOrigins' | 'publicOrigins' | 'stripe' | 'assistantLlm' | 'intelBudgetMs' | 'intelSources' | 'dnsServers' | 'rdapBootstrapUrl' | 'safeBrowsingApiKey' | 'virusTotalApiKey' | 'rateLimits' | 'email' | 'supportEmail'>> & {
      /** The source plugins' services; each omitted one is not set up (the plugin says it is unavailable). */
      plugins?: Partial<PluginsConfig>;
      /** The alerts' outside channels; each omitted one is not set up (web push makes its own keys). */
      alerts?: Partial<AlertsConfig>;
      /** Each omitted limit takes its default; tests pass small ones. */
      clientRateLimits?: Partial<Config['clientRateLimits']>;
      accountLimits?: Partial<Config['accountLimits']>;
      /** The sign-in throttle's delays and limits (not configurable: tests pass short ones). */
      signInLimits?: Partial<SignInLimits>;
      storageLimits?: Partial<Config['storageLimits']>;
      intelQuotas?: Partial<Config['intelQuotas']>;
      historyPageBytes?: number;
      sessionLimits?: Partial<Config['sessionLimits']>;
      /**
       * Scans a day on the Basic plan (`SCAN_LIMIT_PER_DAY`). Omitted, or 0: no daily limit.
       * `main.ts` always passes the configured figure (default 10); tests that build the app
       * scan as often as they like unless they set one (the harness passes 0 explicitly).
       */
      scanLimitPerDay?: number;
    };
  database: Database;
  /** A pino logger; omit (or `false`) for none. */
  logger?: Logger | false;
  /** How long a close waits for connections still open before it cuts them (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs?: number;
  /** The token `npm run feeds:import` sends to the admin routes; without one they refuse everyone. */
  adminToken?: string;
  /** The time the plan rules read (the daily scan limit, the history windows); tests move it. */
  clock?: () => Date;
  /** The articles and help pages; omitted, the repository's `content/` folder, read and checked once. */
  content?: Content;
  /**
   * The other instances on the same PostgreSQL (`createClusterBus`, made by `main.ts`): ended
   * sessions, live alerts and plugin changes reach them. Omitted: this app is alone.
   */
  bus?: ClusterBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The session service, for housekeeping (pruning) outside requests. */
    sessions: SessionsService;
    /** The threat feeds, for the scheduled imports. */
    feeds: FeedsService;
    /** Plans and payments: each user's own subscription. */
    billing: BillingService;
    /** The plan in effect for each user, family included, and what it gives (priority support). */
    plans: PlanResolver;
    /** The retention job (scans past their plan's history window), for the schedule. */
    retention: RetentionService;
    /** The content folder: Knowledge Base articles (the assistant's guidance too) and help pages. */
    content: Content;
    /** The source plugins' background work: started after listening, stopped when the app closes. */
    pluginRuntime: PluginRuntime;
    /** Real-time alerts: the service, and the worker delivering them (started after listening). */
    alerts: Alerts;
  }
}

export type { Config } from './config.ts';
export type { Database } from './db/database.ts';

/**
 * The outside sources enhanced scans ask, in the panel's order. Without `intelSources` (tests
 * building the app) only the server's own threat feeds are asked: nothing leaves the machine.
 */
function intelProviders(config: AppDeps['config'], feeds: FeedsService, limiters: LimiterFactory): IntelProvider[] {
  const wanted = new Set(config.intelSources ?? ['feeds']);
  const q = { ...DEFAULT_INTEL_QUOTAS, ...config.intelQuotas };
  // one allowance for both DNS sources: they share the resolvers
  const dnsQuota = createLookupQuota('DNS', { perMinute: q.dnsPerMinute }, limiters);
  const providers: IntelProvider[] = [];
  if (wanted.has('feeds')) providers.push(createFeedsProvider(feeds));
  if (wanted.has('dns')) providers.push(createDnsProvider({ servers: config.dnsServers ?? [], quota: dnsQuota }));
  // a pasted email's own SPF, DKIM and DMARC: DNS lookups of the domains it names
  if (wanted.has('dns')) providers.push(createEmailAuthProvider({ servers: config.dnsServers ?? [], quota: dnsQuota }));
  if (wanted.has('rdap')) {
    const quota = createLookupQuota('domain registry (RDAP)', { perMinute: q.rdapPerMinute, perDay: q.rdapPerDay }, limiters);
    providers.push(createRdapProvider({ quota, ...(config.rdapBootstrapUrl ? { bootstrapUrl: config.rdapBootstrapUrl } : {}) }));
  }
  // listed even without a key, so the panel can say it was not used and why
  if (wanted.has('safe-browsing')) {
    const quota = createLookupQuota('Google Safe Browsing', { perDay: q.safeBrowsingPerDay }, limiters);
    providers.push(createSafeBrowsingProvider({ quota, ...(config.safeBrowsingApiKey ? { apiKey: config.safeBrowsingApiKey } : {}) }));
  }
  if (wanted.has('virustotal')) {
    const quota = createLookupQuota('VirusTotal', { perMinute: q.virusTotalPerMinute, perDay: q.virusTotalPerDay }, limiters);
    providers.push(createVirusTotalProvider({ quota, ...(config.virusTotalApiKey ? { apiKey: config.virusTotalApiKey } : {}) }));
  }
  return providers;
}

/** How long a closing server waits for its open connections before it cuts them. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Builds the Fastify app with every plugin and route. It never listens: `main.ts` does. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: MAX_BODY_BYTES,
    // the proxies' addresses (config.ts refuses true and hop counts)
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    // a path parameter longer than find-my-way's 100 characters matched no route (405 on a GET);
    // the contract's schemas bound each parameter and answer 400 naming it
    routerOptions: { maxParamLength: 1000 },
    // The errors plugin answers 503 itself while closing, in the API's error shape.
    return503OnClosing: false,
    // errors the router meets before any route (a malformed percent-escape in the path) answered
    // Fastify's own body, naming its error code; ours instead
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const appError = toAppError(error);
      void reply.code(appError.status).send(appError.toBody());
    },
    // and what Node's HTTP parser refuses before that (headers over 16 KB: 431)
    clientErrorHandler: answerClientError,
    // an HTTP/1.1 request without Host was answered by Node itself, 400 with no body: the errors
    // plugin answers it in the API's shape
    http: { requireHostHeader: false },
  }) as unknown as FastifyInstance;
  // and an Expect other than 100-continue, 417 with no body, and CONNECT, the connection closed (Node's answers when nobody listens)
  app.server.on('checkExpectation', answerUnmetExpectation);
  app.server.on('connect', answerConnect);

  // A close (a deploy's SIGTERM) waits for the requests in progress, each gets its answer, but
  // never forever: a connection still open SHUTDOWN_GRACE_MS after the close began (a client that
  // stopped sending mid-body, a response nobody ended) is cut, so the process can exit.
  // (A callback hook, not an async one: the errors plugin's, after it, must say 'closing' before
  // the next request is read.)
  app.addHook('preClose', (done) => {
    const grace = setTimeout(() => app.server.closeAllConnections(), deps.shutdownGraceMs ?? SHUTDOWN_GRACE_MS);
    grace.unref();
    app.server.once('close', () => clearTimeout(grace));
    done();
  });

  // Only JSON bodies are accepted: text/plain would otherwise reach validation as a string.
  app.removeContentTypeParser('text/plain');
  // Form bodies only for Twilio's webhook, kept raw: its signature is over the fields as sent
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (request, body, done) => {
    if (request.routeOptions.url === ENDPOINTS.smsInbound.path) return done(null, body);
    return done(new AppError('UNSUPPORTED_MEDIA_TYPE'), undefined);
  });
  // JSON is parsed by Fastify's own parser, except the Stripe webhook's and Slack events' bodies, kept as the bytes
  // that arrived: its signature is over them. (A scoped parser would need an encapsulated
  // context, and a closing app then stops answering 503 in our shape before it closes.)
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if (request.routeOptions.url === ENDPOINTS.stripeWebhook.path || request.routeOptions.url === ENDPOINTS.slackEvents.path) return done(null, body);
    return parseJson(request, (body as Buffer).toString('utf8'), done);
  });

  // a content file with a mistake stops the start here, naming the file and the mistake
  const content = deps.content ?? defaultContent();
  app.decorate('content', content);
  // one search over the articles, for the assistant and the Knowledge Base
  const articleIndex = createArticleIndex(content.articles);

  const db = database.db;
  // Limits and quotas that several instances on one PostgreSQL must count together (issue 21):
  // in the database there; in this process's memory on PGlite (one process).
  const sharedWindows = database.postgres ? postgresLimitWindows(database.postgres.pool) : undefined;
  const sharedLimiters = database.postgres ? postgresLimiters(database.postgres.pool) : memoryLimiters;
  // a client asking again and again after its 429s waits for each further one (http/refusal-brake.ts), one brake per process
  const refusalBrake = createRefusalBrake({ holdMs: config.clientRateLimits?.refusalHoldMs ?? DEFAULT_REFUSAL_BRAKE.holdMs });
  const storageLimits = { ...DEFAULT_STORAGE_LIMITS, ...config.storageLimits };
  // plans first: the plan rules (daily scans, history windows) read the plan in effect
  const billingRepo = createBillingRepository(db);
  const billingLog = (detail: string, fields: Record<string, unknown> = {}) => app.log.warn(fields, detail);
  // Stripe when configured, else the server's own test checkout (no card is ever charged)
  const payments = config.stripe
    ? ({ kind: 'stripe', provider: createStripeProvider({ ...config.stripe, onError: (detail) => app.log.warn({ detail }, 'a Stripe call failed') }) } as const)
    : ({ kind: 'test', provider: createTestPaymentsProvider(billingRepo) } as const);
  // one person's payment work and one family's changes run one at a time across instances too (decision 008)
  const keyLocks = createKeyLocks(database);
  app.addHook('onClose', async () => keyLocks.close());
  const billingLock = keyLocks.lock(KEY_LOCK_CLASSES.billing);
  const familyLock = keyLocks.lock(KEY_LOCK_CLASSES.family);
  const billing = createBillingService({ repo: billingRepo, provider: payments.provider, log: billingLog, basicScansPerDay: config.scanLimitPerDay ?? 0, ...(billingLock ? { lock: billingLock } : {}) });
  app.decorate('billing', billing);
  const clock = deps.clock ?? (() => new Date());
  // the plan in effect: the user's own, or Family through the family they are a member of
  const familyRepo = createFamilyRepository(db);
  const plans = createPlanResolver({ billing, family: familyRepo });
  app.decorate('plans', plans);
  const historyWindow = createHistoryWindow({ plans, clock });
  const scanUsageRepo = createScanUsageRepository(db);
  const scanUsage = createScanUsageService({ repo: scanUsageRepo, plans, limitPerDay: config.scanLimitPerDay ?? 0, clock });
  const retentionRepo = createRetentionRepository(db);
  // family members keep the Family plan's window though they pay nothing themselves
  const retentionCandidates = { ...retentionRepo, usersWithPaidStatus: async () => plans.withFamilyMembers(await retentionRepo.usersWithPaidStatus()) };
  app.decorate('retention', createRetentionService({ repo: retentionCandidates, usage: scanUsageRepo, billing: billingRepo, plans, finishRefunds: () => billing.finishRefunds(), clock }));

  const messages = createMessagesService(createMessagesRepository(db), { window: historyWindow, ...(config.historyPageBytes !== undefined ? { pageBytes: config.historyPageBytes } : {}) });
  const blockedSenders = createBlockedSendersService(createBlockedSendersRepository(db), { maxBlockedSenders: storageLimits.blockedSenders });
  const sessions = createSessionsService(createSessionsRepository(db), { ...(config.sessionLimits ? { limits: config.sessionLimits } : {}), ...(deps.bus ? { bus: deps.bus } : {}) });
  app.decorate('sessions', sessions);

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  // on loopback with no proxy in front, only loopback names are the app's own (DNS rebinding)
  const loopbackOnly = config.host !== undefined && isLoopbackHost(config.host) && !config.trustProxy;
  await app.register(sameOriginPlugin, { allowedOrigins: config.allowedOrigins ?? [], publicOrigins: config.publicOrigins ?? [], loopbackOnly });
  await app.register(sessionPlugin, { sessions, cookieSecure: config.cookieSecure, trustProxy: config.trustProxy, countsScans: scanUsage.counts });
  // after the session plugin: limits count per session as well as per address
  if (config.rateLimits !== false) {
    await app.register(rateLimitsPlugin, { ...(config.clientRateLimits ? { limits: config.clientRateLimits } : {}), ...(sharedWindows ? { windows: sharedWindows } : {}), brake: refusalBrake });
  }

  registerHealthRoutes(app, createHealthService(createHealthRepository(db), database.driver));
  const email = createEmailSender(config.email ?? {});
  app.addHook('onClose', async () => email.close());
  const notificationPreferences = createNotificationPreferencesRepository(db);
  const alerts = setupAlerts(app, {
    db,
    config: config.alerts ?? {},
    dataDir: config.dataDir,
    publicOrigin: config.publicOrigins?.[0],
    email,
    contactEmail: config.supportEmail,
    articles: content.articles,
    clock,
    ...(deps.bus ? { bus: deps.bus } : {}),
  });
  app.decorate('alerts', alerts);
  // an alert never fails or holds up what it is about: its failure is logged
  const tell = (what: string, task: () => Promise<unknown>): Promise<void> =>
    task().then(
      () => undefined,
      (error: unknown) => app.log.warn({ err: error }, `an alert about ${what} could not be raised`),
    );
  const accounts = createAccountsService({
    repo: createAccountsRepository(db),
    sessions,
    blockedSendersChanged: (userId) => blockedSenders.forget(userId),
    rateLimits: config.rateLimits !== false,
    ...(sharedWindows ? { limitWindows: sharedWindows } : {}),
    ...(config.accountLimits ? { limits: config.accountLimits } : {}),
    ...(config.signInLimits ? { signInLimits: config.signInLimits } : {}),
    // several instances on one PostgreSQL count password guesses together (issue 21); one PGlite process in memory
    ...(database.postgres
      ? {
          signInStore: (clock: () => number) => {
            const store = createDatabaseThrottleStore(db, { clock });
            app.addHook('onClose', () => store.close());
            return store;
          },
        }
      : {}),
    storageLimits,
    securityEvent: (userId, event) => tell('an account event', () => alerts.service.security(userId, event, { key: crypto.randomUUID() })),
    planStillRenews: async (userId) => {
      const subscription = await billing.get(userId);
      return subscription.plan !== 'basic' && PAID_PLAN_STATUSES.includes(subscription.status) && !subscription.cancelAtPeriodEnd;
    },
    closeCheckouts: (userId, deletion) => billing.closeCheckoutsThen(userId, deletion),
  });
  // the sign-in throttle and the sign-up limit answer 429s of their own: held the same way (off with RATE_LIMITS=off, as the benchmarks run)
  registerAccountsRoutes(app, accounts, config.cookieSecure, config.rateLimits === false ? undefined : refusalBrake);
  // email alerts turned on: the account's address is sent its confirmation link (once in 10 minutes)
  registerNotificationPreferencesRoutes(app, notificationPreferences, async (userId, patch) => {
    if (patch.channels?.email !== true || !email.configured) return;
    if ((await accounts.me(userId).catch(() => null))?.kind !== 'account') return;
    await tell('an email confirmation', () => alerts.service.sendEmailConfirmation(userId, { quiet: true }));
  });
  registerHelpPagesRoutes(app, createHelpPagesService(content.pages));
  registerKnowledgeBaseRoutes(app, createKnowledgeBaseService({ articles: content.articles, index: articleIndex, repo: createKnowledgeBaseRepository(db) }));
  const llm = config.assistantLlm ? createChatCompletionsModel(config.assistantLlm) : null;
  registerAssistantRoutes(app, createAssistantService({ articles: content.articles, index: articleIndex, model: llm, ...(deps.logger ? { logger: deps.logger } : {}) }));
  const feeds = createFeedsService({ repo: createFeedsRepository(db) });
  app.decorate('feeds', feeds);
  registerFeedsRoutes(app, feeds, deps.adminToken);
  registerBackupRoutes(app, deps.database, deps.adminToken);
  const intel = {
    providers: intelProviders(config, feeds, sharedLimiters),
    ...(config.intelBudgetMs !== undefined ? { budgetMs: config.intelBudgetMs } : {}),
    // the person reads a plain sentence; the cause (a host name, ENOTFOUND, a URL) is logged
    onSourceError: (source: string, detail: string) => app.log.warn({ source, detail }, 'an intel source failed'),
  };
  const scanService = createScanService({
    scanRepo: createScanRepository(db),
    blockedSenders,
    intel,
    maxStoredMessages: storageLimits.messages,
    saved: (scan) => tell('a scan', () => alerts.service.scanned(scan)),
  });
  registerScanRoutes(app, scanService, scanUsage);
  registerScanUsageRoutes(app, scanUsage);
  registerMessagesRoutes(app, messages);
  registerStatsRoutes(app, createStatsService(createStatsRepository(db), historyWindow));
  // the family service reads and sets members' switches; their own changes are refused while the manager sets them
  const protectionSettings = createProtectionSettingsService(createProtectionSettingsRepository(db), { isManaged: (userId) => family.isProtectionManaged(userId), inTurn: (userId, task) => family.inMembersTurn(userId, task), plans });
  const family = createFamilyService({ repo: familyRepo, billing, protection: protectionSettings, email, clock, log: (detail, fields = {}) => app.log.warn(fields, detail), ...(familyLock ? { lock: familyLock } : {}) });
  registerProtectionSettingsRoutes(app, protectionSettings);
  // 'Download my data' (issue 21)
  registerMyDataRoutes(
    app,
    createMyDataService({
      repo: createMyDataRepository(db),
      account: async (userId) => (userId === '' ? { kind: 'guest', email: null, createdAt: clock().toISOString() } : accounts.me(userId)),
      subscription: (userId) => billing.get(userId),
      notificationPreferences: (userId) => notificationPreferences.find(userId),
      protectionSettings: (userId) => protectionSettings.get(userId),
      clock,
    }),
    clock,
  );
  registerFamilyRoutes(app, family, { publicOrigins: config.publicOrigins ?? [] });
  registerProtectionStatusRoutes(app, createProtectionStatusService(createProtectionStatusRepository(db)));
  registerReportsRoutes(
    app,
    createReportsService({ repo: createReportsRepository(db), messages, window: historyWindow, maxReports: storageLimits.reports, ...(config.historyPageBytes !== undefined ? { pageBytes: config.historyPageBytes } : {}) }),
  );
  registerBlockedSendersRoutes(app, blockedSenders);
  registerDeviceScansRoutes(app, createDeviceScansService({ repo: createDeviceScansRepository(db), window: historyWindow, maxDeviceScans: storageLimits.deviceScans }));
  registerContactSupportRoutes(
    app,
    createContactSupportService({
      repo: createContactSupportRepository(db),
      plans,
      email,
      supportEmail: config.supportEmail,
      clock,
      ...(config.rateLimits === false ? { perAddressPerHour: false as const } : {}),
      ...(sharedWindows ? { limitWindows: sharedWindows } : {}),
      log: (detail, fields = {}) => app.log.warn(fields, detail),
    }),
  );
  if (payments.kind === 'stripe') {
    const stripe = payments.provider;
    registerBillingRoutes(app, { billing, testCheckout: null, verifyWebhook: (raw, signature) => stripe.verifyWebhook(raw, signature), publicOrigins: config.publicOrigins ?? [] });
  } else {
    registerBillingRoutes(app, { billing, testCheckout: createTestCheckoutService({ repo: billingRepo, provider: payments.provider, billing }), verifyWebhook: null, publicOrigins: config.publicOrigins ?? [] });
  }

  registerPlugins(app, {
    config,
    db,
    plans,
    protection: protectionSettings,
    scan: scanService,
    usage: scanUsage,
    clock,
    securityEvent: (userId, pluginId, event, detail) =>
      tell('a plugin', () => alerts.service.security(userId, event, { key: crypto.randomUUID(), pluginId, ...(detail ? { detail } : {}) })),
    ...(deps.bus ? { bus: deps.bus } : {}),
  });

  await app.register(staticPlugin, { webDistDir: config.webDistDir });
  return app;
}

/**
 * The source plugins (issue 18): their API, the sources' webhooks, and the runtime that scans
 * what arrives (started by `main.ts`, stopped when the app closes).
 */
function registerPlugins(
  app: FastifyInstance,
  deps: {
    config: AppDeps['config'];
    db: Database['db'];
    plans: PlanResolver;
    protection: { get(userId: string): Promise<ProtectionSettings> };
    scan: ScanService;
    usage: ScanUsageService;
    clock: () => Date;
    securityEvent: NonNullable<Parameters<typeof createPluginsService>[0]['securityEvent']>;
    bus?: ClusterBus;
  },
): void {
  const { config } = deps;
  const settings = { ...DEFAULT_PLUGINS_CONFIG, ...config.plugins };
  // the key that seals what people give the plugins: configured, kept in the data folder, or (an app built without either, in tests) one for this app's life
  const key = settings.secretKey ? parseSecretKey(settings.secretKey) : config.dataDir ? loadSecretKey(undefined, secretKeyPath(config.dataDir)) : randomBytes(32);
  const repo = createPluginsRepository(deps.db);
  const log = { warn: (fields: Record<string, unknown>, message: string) => app.log.warn(fields, message) };
  const box = createSecretBox(key);
  const publicOrigin = config.publicOrigins?.[0];
  const slackSettings = settings.slack && (settings.slack.oauth || settings.slack.botToken) ? settings.slack : null;
  const slack = createSlackPlugin({
    settings: slackSettings
      ? {
          signingSecret: slackSettings.signingSecret,
          oauth: slackSettings.oauth ? { clientId: slackSettings.oauth.clientId } : null,
          botToken: slackSettings.botToken,
          client: createSlackClient({ oauth: slackSettings.oauth, ...(slackSettings.apiUrl ? { apiUrl: slackSettings.apiUrl } : {}) }),
          publicOrigin,
        }
      : null,
    box,
    repo,
    plugins: () => plugins,
    arrived: () => runtime.arrived(),
    log: { warn: (fields, message) => app.log.warn(fields, message), info: (fields, message) => app.log.info(fields, message) },
    clock: deps.clock,
  });
  const worker = createInboxWorker({ repo, scan: deps.scan, usage: deps.usage, log, afterScan: (row, result) => slack.afterScan(row, result), clock: deps.clock });
  const inboxes = createInboxWatchers({
    repo,
    plugins: () => plugins,
    protection: deps.protection,
    arrived: () => runtime.arrived(),
    allowPrivateAddresses: settings.allowPrivateAddresses,
    log,
    ...(settings.imap ? { imap: settings.imap } : {}),
  });
  const runtime = createPluginRuntime({ repo, plugins: () => plugins, worker, plans: deps.plans, socialFeedMinutes: settings.socialFeedMinutes, drivers: { email: inboxes }, log, clock: deps.clock, ...(deps.bus ? { bus: deps.bus } : {}) });
  // a protection switch turned off stops the inbox's watcher at once (the runtime's tick would, within a minute)
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'PATCH' && request.routeOptions.url === ENDPOINTS.patchProtectionSettings.path && reply.statusCode === 200 && request.userId) runtime.changed(request.userId, 'email');
  });
  const plugins = createPluginsService({
    repo,
    box,
    plans: deps.plans,
    protection: deps.protection,
    services: { smsNumber: settings.twilio?.phoneNumber ?? null, slack: slackSettings ? { oauth: slackSettings.oauth !== null, manual: slackSettings.botToken !== undefined } : null },
    slackAuthUrl: (userId) => slack.authUrl(userId),
    verifyInbox: createInboxVerifier({ allowPrivateAddresses: settings.allowPrivateAddresses, ...(settings.imap?.timeoutMs !== undefined ? { timeoutMs: settings.imap.timeoutMs } : {}) }),
    onChange: (userId, pluginId) => runtime.changed(userId, pluginId),
    securityEvent: deps.securityEvent,
    clock: deps.clock,
  });
  app.decorate('pluginRuntime', runtime);
  app.addHook('onClose', async () => runtime.stop());
  registerPluginsRoutes(app, plugins);
  slack.register(app);
  registerSmsRoutes(app, {
    settings: settings.twilio && publicOrigin ? { ...settings.twilio, publicOrigin } : null,
    plugins,
    repo,
    arrived: () => runtime.arrived(),
  });
}

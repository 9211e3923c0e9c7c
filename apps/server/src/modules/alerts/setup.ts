import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EmailSender } from '../../adapters/email/email-sender.ts';
import { loadVapidKeys } from '../../adapters/push/vapid-keys.ts';
import { createWebPushSender } from '../../adapters/push/web-push-sender.ts';
import { createFcmSender, parseServiceAccount } from '../../adapters/push/fcm-sender.ts';
import { createTwilioMessages } from '../../adapters/sms/twilio-messages.ts';
import type { AlertsConfig } from '../../config.ts';
import type { ContentArticle } from '../../content/load-content.ts';
import { createAlertsRepository } from './alerts.repository.ts';
import { registerAlertsRoutes } from './alerts.routes.ts';
import { createAlertsService, DEFAULT_ALERT_ALLOWANCE, type AlertsService } from './alerts.service.ts';
import { createDeliveryWorker, type DeliveryWorker, type Tip } from './delivery-worker.ts';
import { createNotificationHub } from './notification-hub.ts';
import type { ClusterBus } from '../../cluster/bus.ts';
import { confirmationEmail } from './alert-text.ts';

/** Streams one person may hold open (tabs, windows, devices), one address (a household, an office), and the server in all. */
const STREAM_LIMITS = { perUser: 10, perAddress: 50, total: 5000 };

/** The weekly tips, in turn: the Knowledge Base's scam types that hold everywhere (no region). */
export function tipsFrom(articles: readonly ContentArticle[]): Tip[] {
  return articles.filter((a) => a.kind === 'scam-type' && a.region === undefined).map((a) => ({ title: a.title, summary: a.summary, url: `/knowledge-base?article=${encodeURIComponent(a.id)}` }));
}

/** The alerts of one app: the service (told of scans and account events), its worker (started by `main.ts`). */
export interface Alerts {
  service: AlertsService;
  worker: DeliveryWorker;
}

/**
 * Builds the real-time alerts (issue 19): each outside channel this server has set up, the
 * service, the delivery worker and the API. A channel not set up is null and the Notifications
 * tab says so; web push is always set up (keys come from the environment or are made once).
 */
export function setupAlerts(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Partial<AlertsConfig>;
    dataDir: string | undefined;
    publicOrigin: string | undefined;
    email: EmailSender;
    /** Who push services may write to about problems, when `VAPID_SUBJECT` is unset (`SUPPORT_EMAIL`). */
    contactEmail: string | undefined;
    articles: readonly ContentArticle[];
    clock: () => Date;
    /** The other instances on the same PostgreSQL, whose streams hear this one's alerts. */
    bus?: ClusterBus;
  },
): Alerts {
  const { config } = deps;
  const repo = createAlertsRepository(deps.db);
  const hub = createNotificationHub(STREAM_LIMITS, deps.bus);
  const log = { warn: (fields: Record<string, unknown>, message: string) => app.log.warn(fields, message) };
  const vapid = loadVapidKeys({ ...config.vapid, dataDir: deps.dataDir, contactEmail: deps.contactEmail });
  const hosts = config.pushServiceHosts ?? [];
  // hosts the operator names are theirs to trust, a push service on their own network included
  const webPush = createWebPushSender({ keys: vapid, ...(hosts.length > 0 ? { allowedHosts: hosts, allowPrivateAddresses: true } : {}) });
  const nativePush = config.fcm ? createFcmSender({ serviceAccount: parseServiceAccount(config.fcm.serviceAccount), ...(config.fcm.apiUrl ? { apiUrl: config.fcm.apiUrl } : {}) }) : null;
  const tm = config.twilioMessages;
  const sms = tm ? createTwilioMessages({ accountSid: tm.accountSid, authToken: tm.authToken, from: tm.from, ...(tm.apiUrl ? { apiUrl: tm.apiUrl } : {}) }) : null;
  const allowance = config.allowance ?? DEFAULT_ALERT_ALLOWANCE;
  const service = createAlertsService({
    repo,
    hub,
    services: { webPush, nativePush, emailConfigured: deps.email.configured, sms },
    allowance,
    sendConfirmationLink: async (to, path) => {
      const token = new URL(path, 'http://x').searchParams.get('confirm-email') ?? '';
      const mail = confirmationEmail({ url: deps.publicOrigin ? new URL(path, deps.publicOrigin).toString() : null, token });
      const sent = await deps.email.send({ to, subject: mail.subject, text: mail.text });
      if (!sent.accepted) log.warn({ reason: sent.reason, detail: sent.detail }, 'an email alerts confirmation link was not sent');
      return sent.accepted;
    },
    // the instance running the worker may be another one (main.ts runs it in one at a time)
    deliveriesWaiting: () => {
      worker.kick();
      if (deps.bus?.shared) void deps.bus.publish('alerts.waiting', {});
    },
    clock: deps.clock,
  });
  const worker = createDeliveryWorker({
    repo,
    alerts: service,
    services: { webPush, nativePush, email: deps.email, sms },
    publicOrigin: deps.publicOrigin,
    allowance,
    tips: tipsFrom(deps.articles),
    log,
    clock: deps.clock,
  });
  registerAlertsRoutes(app, service, hub);
  deps.bus?.subscribe('alerts.waiting', () => worker.kick());
  app.addHook('onClose', async () => worker.stop());
  return { service, worker };
}

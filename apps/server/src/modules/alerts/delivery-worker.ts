import type { Notification } from '@baitcheck/contracts';
import type { EmailSender } from '../../adapters/email/email-sender.ts';
import type { AlertsRepository, DueDelivery } from './alerts.repository.ts';
import type { AlertAllowance, AlertsService } from './alerts.service.ts';
import { alertEmail, alertSms } from './alert-text.ts';
import type { DeliveryResult, NativePushSender, SmsSender, WebPushSender } from './channels.ts';

/** Attempts of one delivery before it is given up (a note says why). */
export const MAX_DELIVERY_ATTEMPTS = 6;
/** How long a claimed delivery is held from other workers. */
const LEASE_MS = 2 * 60 * 1000;
/** Deliveries claimed in one pass. */
const BATCH = 25;
/** How often the worker looks for due work when nobody tells it: retries, summaries, tips. */
const TICK_MS = 30 * 1000;
/** Tips are looked for at most this often. */
const TIP_EVERY_MS = 60 * 60 * 1000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Notifications are kept this long: what they told is in History (or was). */
export const NOTIFICATIONS_KEPT_MS = 90 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

/** The wait before attempt `n + 1`: 30 s doubling, at most 1 hour, with a little jitter. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
  return Math.round(base * (0.9 + random() * 0.2));
}

/** The week a date is in (Monday start, UTC), as the tips' dedupe key: `2026-W48`. */
export function isoWeekKey(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** A tip in turn: a title, a summary and where it opens. */
export interface Tip {
  title: string;
  summary: string;
  url: string;
}

/**
 * The alerts' background work (issue 19): sends the deliveries the alerts service queued
 * (claimed with a lease, `FOR UPDATE SKIP LOCKED`, so two workers never send one twice; retried
 * with back-off; a dead subscription, token or number removed), sends each person's summary
 * once their window of held alerts has passed, and the weekly tip to those who want tips.
 */
export function createDeliveryWorker(deps: {
  repo: AlertsRepository;
  alerts: AlertsService;
  services: { webPush: WebPushSender | null; nativePush: NativePushSender | null; email: EmailSender; sms: SmsSender | null };
  /** The address people open the app at: links in emails and texts lead there. None: they say where to look instead. */
  publicOrigin: string | undefined;
  allowance: AlertAllowance;
  tips: readonly Tip[];
  log: { warn(fields: Record<string, unknown>, message: string): void; info?(fields: Record<string, unknown>, message: string): void };
  clock?: () => Date;
  tickMs?: number;
}) {
  const clock = deps.clock ?? (() => new Date());
  const { services, repo } = deps;
  const absolute = (path: string) => (deps.publicOrigin ? new URL(path, deps.publicOrigin).toString() : null);

  const pushPayload = (n: Notification) => ({ type: n.type, messageId: n.messageId, title: n.title, body: n.body, url: n.url, notificationId: n.id });

  /** Sends to every browser and app of the person at once (each send has its own time limit); sent when one took it. */
  const sendPush = async (d: DueDelivery): Promise<DeliveryResult | 'nowhere'> => {
    const sends: Array<Promise<DeliveryResult>> = [];
    const webPush = services.webPush;
    if (webPush) {
      for (const sub of await repo.pushSubscriptionsOf(d.userId, clock())) {
        sends.push(
          webPush.send(sub, pushPayload(d.notification)).then(async (result) => {
            if (result.ok) await repo.touchPushSubscription(sub.endpoint, clock());
            else if (result.gone) await repo.dropPushSubscription(sub.endpoint);
            return result;
          }),
        );
      }
    }
    const nativePush = services.nativePush;
    if (nativePush) {
      for (const device of await repo.deviceTokensOf(d.userId, clock())) {
        sends.push(
          nativePush.send(device.token, device.platform, pushPayload(d.notification)).then(async (result) => {
            if (!result.ok && result.gone) await repo.dropDeviceToken(device.token);
            return result;
          }),
        );
      }
    }
    const results = await Promise.all(sends);
    if (results.length === 0) return 'nowhere';
    if (results.some((r) => r.ok)) return { ok: true };
    const failures = results.filter((r): r is Extract<DeliveryResult, { ok: false }> => !r.ok);
    if (failures.every((f) => f.gone)) return 'nowhere';
    return { ok: false, gone: false, retry: failures.some((f) => f.retry), detail: failures.map((f) => f.detail).join('; ') };
  };

  const sendEmail = async (d: DueDelivery): Promise<DeliveryResult | 'nowhere'> => {
    const { email: to, emailConfirmed } = (await repo.audience(d.userId)).reach;
    if (!to || !emailConfirmed || !services.email.configured) return 'nowhere';
    const message = d.notification.messageId ? await repo.messageOf(d.userId, d.notification.messageId) : null;
    const mail = alertEmail({
      title: d.notification.title,
      body: d.notification.body,
      url: absolute(d.notification.url),
      unsubscribeUrl: absolute('/settings?tab=notifications'),
      ...(message ? { excerpt: message.content, sender: message.sender } : {}),
    });
    const sent = await services.email.send({ to, subject: mail.subject, text: mail.text });
    if (sent.accepted) return { ok: true };
    if (sent.reason === 'not-configured') return 'nowhere';
    return { ok: false, gone: false, retry: sent.reason === 'failed', detail: sent.detail ?? sent.reason };
  };

  const sendSms = async (d: DueDelivery): Promise<DeliveryResult | 'nowhere'> => {
    const { phone } = (await repo.audience(d.userId)).reach;
    if (!phone || !services.sms) return 'nowhere';
    return services.sms.send(phone, alertSms({ title: d.notification.title, body: d.notification.body, url: absolute(d.notification.url) }));
  };

  const deliver = async (d: DueDelivery): Promise<void> => {
    let result: DeliveryResult | 'nowhere';
    try {
      result = d.channel === 'push' ? await sendPush(d) : d.channel === 'email' ? await sendEmail(d) : await sendSms(d);
    } catch (error) {
      result = { ok: false, gone: false, retry: true, detail: (error as Error).message };
    }
    const now = clock();
    if (result === 'nowhere') return repo.finish(d.id, 'skipped', 'Nowhere to send it: no device, address or number is set up for this channel any more.', now);
    if (result.ok) return repo.finish(d.id, 'sent', null, now);
    if (result.retry && d.attempts < MAX_DELIVERY_ATTEMPTS) {
      deps.log.warn({ channel: d.channel, attempts: d.attempts, detail: result.detail }, 'an alert delivery failed; it will be tried again');
      return repo.retryAt(d.id, new Date(now.getTime() + retryDelayMs(d.attempts)), result.detail);
    }
    deps.log.warn({ channel: d.channel, attempts: d.attempts, detail: result.detail }, 'an alert delivery failed for good');
    return repo.finish(d.id, 'failed', result.detail, now);
  };

  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let timer: ReturnType<typeof setInterval> | null = null;
  let tipsCheckedAt = 0;
  let prunedAt = 0;

  const sendTips = async (now: Date) => {
    if (deps.tips.length === 0 || now.getTime() - tipsCheckedAt < TIP_EVERY_MS) return;
    tipsCheckedAt = now.getTime();
    const week = isoWeekKey(now);
    for (const userId of await repo.usersDueForTip(new Date(now.getTime() - WEEK_MS), 500)) {
      const tip = deps.tips[(await repo.tipsSent(userId)) % deps.tips.length]!;
      await deps.alerts.tip(userId, tip, week);
    }
  };

  /** One pass: due deliveries until none is left, then summaries and tips. */
  const pass = async (): Promise<void> => {
    for (;;) {
      const due = await repo.claimDue(clock(), BATCH, LEASE_MS);
      for (const d of due) await deliver(d);
      if (due.length < BATCH || stopped) break;
    }
    const now = clock();
    for (const userId of await repo.usersWithHeldBefore(new Date(now.getTime() - deps.allowance.windowMs), 100)) await deps.alerts.summarise(userId);
    await sendTips(now);
    if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now.getTime();
      await repo.pruneOlderThan(new Date(now.getTime() - NOTIFICATIONS_KEPT_MS));
    }
    // summaries and tips queue deliveries of their own
    const more = await repo.claimDue(clock(), BATCH, LEASE_MS);
    for (const d of more) await deliver(d);
  };

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          deps.log.warn({ err: error }, 'the alert deliveries pass failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    /** Runs a pass now (and once more if told again meanwhile); answers when it is done. */
    runOnce: run,
    /** Deliveries are waiting: a pass starts now, unless stopped. */
    kick(): void {
      if (!stopped) void run();
    },
    start(): void {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void run(), deps.tickMs ?? TICK_MS);
      timer.unref();
      void run();
    },
    /** Stops the schedule and waits for the pass in progress. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

/** The delivery worker. */
export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

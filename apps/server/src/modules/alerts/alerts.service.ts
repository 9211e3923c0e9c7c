import type { AlertChannels, AlertType, DeviceTokenRequest, MessageSource, Notification, NotificationList, PushSubscriptionRequest, ThreatLevel } from '@baitcheck/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import { mailboxOf } from '../../lib/mailbox.ts';
import type { AlertChannel } from '../../db/schema.ts';
import { createBatchWriter } from '../../lib/batch-writer.ts';
import type { AlertsRepository, NewNotification, Reach } from './alerts.repository.ts';
import { describeAlert } from './alert-text.ts';
import { alertTypeForScan, channelsFor, wantsType, type ChannelReach } from './decide.ts';
import type { NotificationHub } from './notification-hub.ts';
import type { NativePushSender, SmsSender, WebPushSender } from './channels.ts';

/** How many alerts one person is sent outside the app in a window before the rest wait for one summary. */
export interface AlertAllowance {
  /** Alerts sent at once within a window (default 3). */
  perWindow: number;
  /** The window, in ms (default 15 minutes): held alerts are summarised when it has passed. */
  windowMs: number;
}

/** The most notifications a reopening stream repeats. */
export const STREAM_REPLAY_LIMIT = 20;

/** The default allowance: 3 alerts, then one summary per 15 minutes. */
export const DEFAULT_ALERT_ALLOWANCE: AlertAllowance = { perWindow: 3, windowMs: 15 * 60 * 1000 };

/** The outside channels this server has (each null when not set up). */
export interface AlertServices {
  webPush: WebPushSender | null;
  nativePush: NativePushSender | null;
  /** Whether an SMTP server is set up (`SMTP_URL`). */
  emailConfigured: boolean;
  sms: SmsSender | null;
}

/** Confirmation links one person may be sent in an hour. */
export const EMAIL_LINKS_PER_HOUR = 3;
/** How long a confirmation link works. */
export const EMAIL_LINK_VALID_MS = 24 * 60 * 60 * 1000;
/** The page a confirmation link opens: the Notifications tab, which confirms the token it carries. */
export const confirmEmailPath = (token: string) => `/settings?tab=notifications&confirm-email=${token}`;

/** A scan kept in History, as its alert is decided. */
export interface ScanAlert {
  userId: string;
  messageId: string;
  threatLevel: ThreatLevel;
  score: number;
  source: MessageSource;
  sender: string;
  kind: 'text' | 'url';
}

/** An account event told as a Security Update. */
export type SecurityEvent = 'new_sign_in' | 'password_changed' | 'plugin_disconnected' | 'plugin_stopped';

/** A History entry the person was told about opens there, highlighted (spec: a phishing-alert push tap). */
export const historyUrl = (messageId: string) => `/history?messageId=${encodeURIComponent(messageId)}`;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const PLUGIN_NAMES: Record<string, string> = { sms: 'SMS', email: 'Email inbox', slack: 'Slack', 'social-media': 'Social media' };

/**
 * The alerts service (issue 19): decides whether a scan or an account event is told, and on which
 * channels (`decide.ts`), keeps each alert once (`dedupe_key`), lists it in the app and tells the
 * person's open streams at once, and leaves its outside deliveries to the delivery worker: at
 * most {@link AlertAllowance.perWindow} a window go out one by one, the rest in one summary.
 */
export function createAlertsService(deps: {
  repo: AlertsRepository;
  hub: NotificationHub;
  services: AlertServices;
  allowance?: AlertAllowance;
  /** Sends a confirmation link for email alerts (the words and the mail server are the caller's): whether the mail server took it. */
  sendConfirmationLink?: (to: string, path: string) => Promise<boolean>;
  /** Told when deliveries are waiting: the worker starts at once instead of at its next tick. */
  deliveriesWaiting?: () => void;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  const allowance = deps.allowance ?? DEFAULT_ALERT_ALLOWANCE;
  const { services } = deps;

  /** Which channels can reach a person on this server. */
  const canReach = (reach: Reach): ChannelReach => ({
    push: (services.webPush !== null && reach.webPush > 0) || (services.nativePush !== null && reach.nativePush > 0),
    email: services.emailConfigured && reach.email !== null && reach.emailConfirmed,
    sms: services.sms !== null && reach.phone !== null,
  });

  /** The person's preferences, where they can be reached, and which channels can reach them here. */
  const audienceOf = async (userId: string) => {
    const { prefs, reach } = await deps.repo.audience(userId);
    return { prefs, reach, can: canReach(reach) };
  };

  const channelsOf = async (userId: string): Promise<AlertChannels> => {
    const { reach } = await audienceOf(userId);
    const confirmation = reach.email !== null && !reach.emailConfirmed ? await deps.repo.emailConfirmation(userId) : null;
    const webPush = services.webPush
      ? { available: true, publicKey: services.webPush.publicKey, devices: reach.webPush }
      : { available: false, reason: 'Push alerts are not set up on this server.', devices: reach.webPush };
    const nativePush = services.nativePush
      ? { available: true, devices: reach.nativePush }
      : { available: false, reason: 'Alerts to the Baitcheck phone apps are not set up on this server.', devices: reach.nativePush };
    const email = !services.emailConfigured
      ? { available: false, reason: 'Email alerts are not available on this server: no mail server is set up.' }
      : reach.email === null
        ? { available: false, reason: 'Create an account to get alerts by email: they go to your account address.' }
        : reach.emailConfirmed
          ? { available: true, sendsTo: reach.email }
          : {
              available: false,
              needsConfirmation: true,
              sendsTo: reach.email,
              reason: `Confirm ${reach.email} first: follow the link we send there. Alerts go only to an address whose owner said yes.`,
              ...(confirmation?.sentAt && confirmation.email === reach.email ? { confirmationSentAt: confirmation.sentAt.toISOString() } : {}),
            };
    const sms = !services.sms
      ? { available: false, reason: 'Text alerts are not available on this server: no SMS service is set up.' }
      : reach.phone === null
        ? { available: false, reason: 'Connect your phone in Settings → Plugins → SMS first: alerts are texted to the number you confirm there.' }
        : { available: true, sendsTo: reach.phone };
    return { webPush, nativePush, email, sms };
  };

  /**
   * Keeps alerts (each once), tells the open streams, and queues their deliveries. Within a
   * person's allowance the first alerts go at once; the rest are held for the summary.
   */
  const raiseMany = async (items: ReadonlyArray<{ entry: NewNotification; channels: AlertChannel[]; summarise: boolean }>): Promise<(Notification | null)[]> => {
    const now = clock();
    // the window's alerts already sent or on their way, per person, counted on as this batch takes them
    const sentInWindow = new Map<string, number>();
    for (const { entry, channels, summarise } of items) {
      if (summarise && channels.length > 0 && !sentInWindow.has(entry.userId)) sentInWindow.set(entry.userId, await deps.repo.deliveriesSince(entry.userId, new Date(now.getTime() - allowance.windowMs)));
    }
    const rows = items.map(({ entry, channels, summarise }) => {
      let held = false;
      if (summarise && channels.length > 0) {
        const sent = sentInWindow.get(entry.userId) ?? 0;
        held = sent >= allowance.perWindow;
        if (!held) sentInWindow.set(entry.userId, sent + 1);
      }
      return { entry, deliveries: channels.map((channel) => ({ channel, status: held ? ('held' as const) : ('pending' as const) })) };
    });
    const notifications = await deps.repo.insertMany(rows, now);
    // the unread count is read only for a person with a stream open here: no one else hears it
    const listening = new Set(rows.filter((row, i) => notifications[i] && deps.hub.listening(row.entry.userId)).map((row) => row.entry.userId));
    const unread = new Map<string, number>();
    for (const userId of listening) unread.set(userId, await deps.repo.unread(userId));
    notifications.forEach((notification, i) => {
      const { userId } = rows[i]!.entry;
      if (notification && listening.has(userId)) deps.hub.publish(userId, { kind: 'notification', notification, unread: unread.get(userId)! });
    });
    if (notifications.some((n, i) => n !== null && rows[i]!.deliveries.some((d) => d.status === 'pending'))) deps.deliveriesWaiting?.();
    return notifications;
  };

  const raise = async (entry: NewNotification, channels: AlertChannel[], options: { summarise: boolean }): Promise<Notification | null> =>
    (await raiseMany([{ entry, channels, summarise: options.summarise }]))[0] ?? null;

  /**
   * Scans' alerts: those of scans saved at about the same time are decided on one read of their
   * people and kept in one statement (each scan still waits for its own).
   */
  const scans = createBatchWriter<ScanAlert, Notification | null>(
    async (batch) => {
      const audiences = await deps.repo.audiences(batch.map((scan) => scan.userId));
      const wanted = batch.map((scan) => {
        const audience = audiences.get(scan.userId);
        if (!audience) return null;
        const type = alertTypeForScan(scan, audience.prefs);
        if (type === null) return null;
        const words = describeAlert({ kind: 'scan', type: type as 'phishing_alert' | 'suspicious_content', threatLevel: scan.threatLevel, source: scan.source, sender: scan.sender, kind2: scan.kind });
        return {
          entry: { userId: scan.userId, type, ...words, messageId: scan.messageId, threatLevel: scan.threatLevel, url: historyUrl(scan.messageId), dedupeKey: `message:${scan.messageId}` },
          channels: channelsFor(type, 'scan', scan.source, audience.prefs, canReach(audience.reach)),
          summarise: true,
        };
      });
      const raised = await raiseMany(wanted.filter((w) => w !== null));
      let next = 0;
      return wanted.map((w) => (w === null ? null : (raised[next++] ?? null)));
    },
    { maxBatch: 100 },
  );

  return {
    /**
     * A scan kept in History: told when the decision table says so at the person's preferences.
     * Never throws to its caller (a scan's answer does not wait on or fail with its alert): the
     * caller logs what it answers.
     */
    scanned(scan: ScanAlert): Promise<Notification | null> {
      return scans.write(scan);
    },

    /**
     * An account event (a sign-in on a new device, a password change, a plugin disconnected or
     * stopped by a problem), told as a Security Update when those are on. `key` makes it once.
     */
    async security(userId: string, event: SecurityEvent, options: { key: string; pluginId?: string; detail?: string }): Promise<Notification | null> {
      const { prefs, can } = await audienceOf(userId);
      if (!wantsType('security_update', prefs)) return null;
      const pluginName = options.pluginId ? (PLUGIN_NAMES[options.pluginId] ?? options.pluginId) : undefined;
      const words = describeAlert({ kind: 'security', event, when: clock(), ...(pluginName ? { pluginName } : {}), ...(options.detail ? { detail: options.detail } : {}) });
      return raise(
        { userId, type: 'security_update', ...words, messageId: null, threatLevel: null, url: '/', dedupeKey: `security:${event}:${options.key}` },
        channelsFor('security_update', 'event', null, prefs, can),
        // counted in the allowance too: a hundred sign-ins are not a hundred texts
        { summarise: true },
      );
    },

    /** A tip (Tips and Education, at most weekly: `weekKey` names the week). */
    async tip(userId: string, tip: { title: string; summary: string; url: string }, weekKey: string): Promise<Notification | null> {
      const { prefs, can } = await audienceOf(userId);
      if (!wantsType('tips_and_education', prefs)) return null;
      const words = describeAlert({ kind: 'tip', title: tip.title, summary: tip.summary });
      return raise(
        { userId, type: 'tips_and_education', ...words, messageId: null, threatLevel: null, url: tip.url, dedupeKey: `tip:${weekKey}` },
        channelsFor('tips_and_education', 'event', null, prefs, can),
        { summarise: true },
      );
    },

    /**
     * The summary of alerts held back over the allowance: one notification saying how many, on
     * the channels they were for. Null when there was none to take (another worker did).
     */
    async summarise(userId: string): Promise<Notification | null> {
      const held = await deps.repo.takeHeld(userId);
      if (held.count === 0 || held.since === null) return null;
      const minutes = Math.max(1, Math.round((clock().getTime() - held.since.getTime()) / 60_000));
      const type: AlertType = held.phishing > 0 ? 'phishing_alert' : 'suspicious_content';
      const words = describeAlert({ kind: 'summary', count: held.count, phishing: held.phishing, suspicious: held.suspicious, minutes });
      return raise(
        { userId, type, ...words, messageId: null, threatLevel: held.phishing > 0 ? 'phishing' : 'suspicious', url: '/history', count: held.count, dedupeKey: `summary:${held.since.toISOString()}` },
        held.channels,
        { summarise: false },
      );
    },

    async list(userId: string, query: { limit: number; before?: string | undefined }): Promise<NotificationList> {
      const [notifications, unread] = await Promise.all([deps.repo.list(userId, query.limit, query.before), deps.repo.unread(userId)]);
      return { notifications, unread };
    },

    async unread(userId: string): Promise<number> {
      return deps.repo.unread(userId);
    },

    /** The newest unread notifications made after `since`, oldest first (a stream reopening repeats them). */
    async unreadSince(userId: string, since: Date): Promise<Notification[]> {
      return deps.repo.unreadSince(userId, since, STREAM_REPLAY_LIMIT);
    },

    async markRead(userId: string, id: string): Promise<{ unread: number }> {
      const unread = await deps.repo.markRead(userId, id, clock());
      if (unread === null) throw new AppError('NOTIFICATION_NOT_FOUND');
      deps.hub.publish(userId, { kind: 'unread', unread });
      return { unread };
    },

    async markAllRead(userId: string): Promise<{ unread: number }> {
      const unread = await deps.repo.markAllRead(userId, clock());
      deps.hub.publish(userId, { kind: 'unread', unread });
      return { unread };
    },

    /** Which channels can deliver on this server, for this person, and why not. */
    channels: channelsOf,

    /** Keeps this browser's subscription for the person, tied to the session that registers it. */
    async subscribePush(userId: string, sessionHash: string, sub: PushSubscriptionRequest): Promise<AlertChannels> {
      if (!services.webPush) throw new AppError('PUSH_UNAVAILABLE');
      // one spelling per endpoint (FCM.GOOGLEAPIS.COM:443 is fcm.googleapis.com)
      const endpoint = new URL(sub.endpoint).href;
      if (!services.webPush.acceptsEndpoint(endpoint)) throw new AppError('PUSH_ENDPOINT_REFUSED');
      await deps.repo.savePushSubscription(userId, { endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, sessionHash, clock());
      return channelsOf(userId);
    },

    async unsubscribePush(userId: string, endpoint: string): Promise<AlertChannels> {
      await deps.repo.deletePushSubscription(userId, new URL(endpoint).href);
      return channelsOf(userId);
    },

    /**
     * Sends a link to the account's address that confirms it for email alerts (at most
     * {@link EMAIL_LINKS_PER_HOUR} an hour). `quiet`: when an hour's links are used up, or one was
     * sent in the last 10 minutes, nothing is sent and nothing is refused (turning the channel on).
     */
    async sendEmailConfirmation(userId: string, options: { quiet?: boolean } = {}): Promise<AlertChannels> {
      const { reach } = await audienceOf(userId);
      if (!services.emailConfigured || reach.email === null || !deps.sendConfirmationLink) throw new AppError('ALERT_EMAIL_UNAVAILABLE');
      if (reach.emailConfirmed) return channelsOf(userId);
      const now = clock();
      if (options.quiet) {
        const last = await deps.repo.emailConfirmation(userId);
        if (last?.sentAt && last.email === reach.email && now.getTime() - last.sentAt.getTime() < 10 * 60 * 1000) return channelsOf(userId);
      }
      // one mailbox (gmail dots and +tags included) gets links from one account a day: several
      // accounts made with someone's address cannot bomb their inbox
      const mailbox = mailboxOf(reach.email);
      if ((await deps.repo.confirmationLinksToMailbox(userId, new Date(now.getTime() - 24 * 60 * 60 * 1000), (email) => mailboxOf(email) === mailbox)) > 0) {
        if (options.quiet) return channelsOf(userId);
        throw new AppError('ALERT_EMAIL_LINKS_LIMIT_REACHED');
      }
      const token = randomBytes(32).toString('base64url');
      const started = await deps.repo.startEmailConfirmation(userId, reach.email, hashToken(token), now, EMAIL_LINKS_PER_HOUR);
      if (!started) {
        if (options.quiet) return channelsOf(userId);
        throw new AppError('ALERT_EMAIL_LINKS_LIMIT_REACHED');
      }
      await deps.sendConfirmationLink(reach.email, confirmEmailPath(token));
      return channelsOf(userId);
    },

    /** Confirms the address a link was sent to (whoever follows it: the token is the proof). */
    async confirmEmail(userId: string, token: string): Promise<AlertChannels> {
      const now = clock();
      const confirmed = await deps.repo.confirmEmail(hashToken(token), new Date(now.getTime() - EMAIL_LINK_VALID_MS), now);
      if (confirmed === null) throw new AppError('ALERT_EMAIL_LINK_INVALID');
      return channelsOf(userId);
    },

    /** `POST /api/device-tokens` (spec section 7): kept whether or not FCM is set up here, so the app's token is ready when it is. */
    async registerDeviceToken(userId: string, sessionHash: string, body: DeviceTokenRequest): Promise<{ success: true }> {
      await deps.repo.saveDeviceToken(userId, body.token, body.platform, sessionHash, clock());
      return { success: true };
    },
  };
}

/** The alerts service. */
export type AlertsService = ReturnType<typeof createAlertsService>;

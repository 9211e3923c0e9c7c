import { DEFAULT_NOTIFICATION_PREFERENCES, type AlertType, type Notification, type NotificationPreferences, type ThreatLevel } from '@baitcheck/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, notInArray, or, sql, type Column } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { toPreferences } from '../notification-preferences/notification-preferences.repository.ts';
import { alertDeliveries, alertEmailConfirmations, deviceTokens, messages, notificationPreferences, notifications, pluginConnections, pushSubscriptions, sessions, users, type AlertChannel, type AlertDeliveryStatus } from '../../db/schema.ts';

type NotificationRow = typeof notifications.$inferSelect;

/** What a new notification holds. */
export interface NewNotification {
  userId: string;
  type: AlertType;
  title: string;
  body: string;
  messageId: string | null;
  threatLevel: ThreatLevel | null;
  url: string;
  count?: number;
  dedupeKey: string;
}

/** A delivery claimed by the worker, with what it is to say. */
export interface DueDelivery {
  id: string;
  userId: string;
  channel: AlertChannel;
  attempts: number;
  notification: Notification;
}

/** Where one person can be reached outside the app. */
export interface Reach {
  /** The account's address (null for a guest). */
  email: string | null;
  /** That address was confirmed for alerts. */
  emailConfirmed: boolean;
  /** The number the SMS plugin confirmed, if connected. */
  phone: string | null;
  webPush: number;
  nativePush: number;
}

/** What an alert reads of its person: their preferences and where they can be reached. */
export interface Audience {
  prefs: NotificationPreferences;
  reach: Reach;
}

/** Browser subscriptions and app tokens one person may have: a flood of them cannot stall the deliveries. */
export const MAX_PUSH_TARGETS = 10;

/** A push target's session has ended (signed out, signed out by a password change, expired). */
const signedOut = (sessionHash: Column, now: Date) =>
  sql`${sessionHash} is not null and not exists (select 1 from ${sessions} s where s.id_hash = ${sessionHash} and s.expires_at > ${now.toISOString()}::timestamptz)`;

/** The notification as the API answers it. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    messageId: row.messageId,
    threatLevel: row.threatLevel,
    url: row.url,
    count: row.count,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** All SQL of the alerts: notifications, their deliveries, push subscriptions and device tokens. */
export function createAlertsRepository(db: Db) {
  const unreadOf = async (userId: string, tx: Pick<Db, 'select'> = db): Promise<number> => {
    const [row] = await tx
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  };

  /**
   * Who each person can be reached at, and what they asked to be told (their notification
   * preferences, the defaults when never set), in one statement: every alert reads it. A
   * person who is no longer there is left out.
   */
  const audiences = async (userIds: readonly string[]): Promise<Map<string, Audience>> => {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({
        userId: users.id,
        kind: users.kind,
        email: users.email,
        prefs: notificationPreferences,
        confirmedEmail: sql<string | null>`(select c.email from ${alertEmailConfirmations} c where c.user_id = ${users.id} and c.confirmed_at is not null limit 1)`,
        phone: sql<string | null>`(select p.route_key from ${pluginConnections} p where p.user_id = ${users.id} and p.plugin_id = 'sms' and p.connected limit 1)`,
        webPush: sql<number>`(select count(*) from ${pushSubscriptions} w where w.user_id = ${users.id})`.mapWith(Number),
        nativePush: sql<number>`(select count(*) from ${deviceTokens} d where d.user_id = ${users.id})`.mapWith(Number),
      })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(inArray(users.id, [...new Set(userIds)]));
    return new Map(
      rows.map((row) => {
        const email = row.kind === 'account' ? row.email : null;
        const reach: Reach = { email, emailConfirmed: email !== null && row.confirmedEmail === email, phone: row.phone, webPush: row.webPush, nativePush: row.nativePush };
        return [row.userId, { prefs: row.prefs ? toPreferences(row.prefs) : DEFAULT_NOTIFICATION_PREFERENCES, reach }];
      }),
    );
  };

  return {
    audiences,

    /**
     * Keeps notifications and their deliveries (one per channel, `pending` or `held`) in one
     * statement, or one transaction when any has deliveries. Answers each entry's notification at
     * its place, or null when its person already has one with its dedupe key (told once).
     */
    async insertMany(items: ReadonlyArray<{ entry: NewNotification; deliveries: ReadonlyArray<{ channel: AlertChannel; status: 'pending' | 'held' }> }>, at: Date): Promise<(Notification | null)[]> {
      if (items.length === 0) return [];
      const keyOf = (userId: string, dedupeKey: string) => `${userId}\n${dedupeKey}`;
      const insertAll = async (tx: Pick<Db, 'insert'>) =>
        tx
          .insert(notifications)
          .values(items.map(({ entry }) => ({ ...entry, count: entry.count ?? 1, createdAt: at })))
          .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
          .returning();
      const answer = (rows: NotificationRow[]) => {
        const byKey = new Map(rows.map((row) => [keyOf(row.userId, row.dedupeKey), row]));
        return items.map(({ entry }) => {
          const row = byKey.get(keyOf(entry.userId, entry.dedupeKey));
          // the same key twice in one batch: the first is the one told
          if (row) byKey.delete(keyOf(entry.userId, entry.dedupeKey));
          return row ?? null;
        });
      };
      // most alerts are listed in the app only: one statement, no transaction to wait for
      if (items.every((i) => i.deliveries.length === 0)) return answer(await insertAll(db)).map((row) => (row ? toNotification(row) : null));
      return db.transaction(async (tx) => {
        const rows = answer(await insertAll(tx));
        const deliveries = items.flatMap(({ entry, deliveries }, i) => {
          const row = rows[i];
          return row ? deliveries.map((d) => ({ notificationId: row.id, userId: entry.userId, channel: d.channel, status: d.status, createdAt: at, nextAttemptAt: at })) : [];
        });
        if (deliveries.length > 0) await tx.insert(alertDeliveries).values(deliveries);
        return rows.map((row) => (row ? toNotification(row) : null));
      });
    },

    /** The person's notifications, newest first, after `before` (a notification id) when given. */
    async list(userId: string, limit: number, before?: string): Promise<Notification[]> {
      let cursor = undefined;
      if (before) {
        const [anchor] = await db
          .select({ createdAt: notifications.createdAt, id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.id, before)))
          .limit(1);
        if (!anchor) return [];
        cursor = or(lt(notifications.createdAt, anchor.createdAt), and(eq(notifications.createdAt, anchor.createdAt), lt(notifications.id, anchor.id)));
      }
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), cursor))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
      return rows.map(toNotification);
    },

    unread: (userId: string) => unreadOf(userId),

    /** Unread notifications made after `since`, oldest first (what a stream reopening repeats). */
    async unreadSince(userId: string, since: Date, limit: number): Promise<Notification[]> {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), gt(notifications.createdAt, since)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
      return rows.reverse().map(toNotification);
    },

    /** Marks one read; null when the person has no such notification. */
    async markRead(userId: string, id: string, at: Date): Promise<number | null> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
        .returning({ id: notifications.id });
      return row ? unreadOf(userId) : null;
    },

    async markAllRead(userId: string, at: Date): Promise<number> {
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return 0;
    },

    /** Deliveries made or to be made for the person since `since` (the alert allowance counts them; held ones are not). */
    async deliveriesSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${alertDeliveries.notificationId})`.mapWith(Number) })
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.userId, userId), gte(alertDeliveries.createdAt, since), inArray(alertDeliveries.status, ['pending', 'sent', 'failed'])));
      return row?.n ?? 0;
    },

    /** Claims deliveries due by `now` for `leaseMs` (another worker skips them), oldest first. */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<DueDelivery[]> {
      const due = db
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.status, 'pending'), lte(alertDeliveries.nextAttemptAt, now)))
        .orderBy(asc(alertDeliveries.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(alertDeliveries)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${alertDeliveries.attempts} + 1` })
        .where(inArray(alertDeliveries.id, due))
        .returning();
      if (claimed.length === 0) return [];
      const rows = await db
        .select()
        .from(notifications)
        .where(
          inArray(
            notifications.id,
            claimed.map((d) => d.notificationId),
          ),
        );
      const byId = new Map(rows.map((r) => [r.id, toNotification(r)]));
      return claimed
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .flatMap((d) => {
          const notification = byId.get(d.notificationId);
          return notification ? [{ id: d.id, userId: d.userId, channel: d.channel, attempts: d.attempts, notification }] : [];
        });
    },

    /** Settles a delivery: sent, failed for good, or skipped (nowhere to send it any more). */
    async finish(id: string, status: Extract<AlertDeliveryStatus, 'sent' | 'failed' | 'skipped'>, note: string | null, at: Date): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({ status, note, ...(status === 'sent' ? { sentAt: at } : {}) })
        .where(eq(alertDeliveries.id, id));
    },

    /** Leaves a delivery pending, to be tried again at `at`. */
    async retryAt(id: string, at: Date, note: string): Promise<void> {
      await db.update(alertDeliveries).set({ nextAttemptAt: at, note }).where(eq(alertDeliveries.id, id));
    },

    /** People with alerts held back since before `before`: their summary is due. */
    async usersWithHeldBefore(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ userId: alertDeliveries.userId })
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.status, 'held'), lte(alertDeliveries.createdAt, before)))
        .limit(limit);
      return rows.map((r) => r.userId);
    },

    /**
     * Takes the person's held alerts (marks them `summarised`) and answers what they were: how many
     * messages, by verdict, and the channels they were for. Taken in one statement, so two
     * workers never summarise the same ones.
     */
    async takeHeld(userId: string): Promise<{ count: number; phishing: number; suspicious: number; channels: AlertChannel[]; since: Date | null }> {
      const taken = await db
        .update(alertDeliveries)
        .set({ status: 'summarised' })
        .where(and(eq(alertDeliveries.userId, userId), eq(alertDeliveries.status, 'held')))
        .returning({ notificationId: alertDeliveries.notificationId, channel: alertDeliveries.channel, createdAt: alertDeliveries.createdAt });
      if (taken.length === 0) return { count: 0, phishing: 0, suspicious: 0, channels: [], since: null };
      const ids = [...new Set(taken.map((t) => t.notificationId))];
      const rows = await db.select({ threatLevel: notifications.threatLevel, count: notifications.count }).from(notifications).where(inArray(notifications.id, ids));
      let phishing = 0;
      let suspicious = 0;
      let other = 0;
      for (const r of rows) {
        if (r.threatLevel === 'phishing') phishing += r.count;
        else if (r.threatLevel === 'suspicious' || r.threatLevel === 'safe') suspicious += r.count;
        else other += r.count;
      }
      const since = new Date(Math.min(...taken.map((t) => t.createdAt.getTime())));
      return { count: phishing + suspicious + other, phishing, suspicious, channels: [...new Set(taken.map((t) => t.channel))], since };
    },

    /** One person's audience (the defaults and no reach when they are no longer there). */
    async audience(userId: string): Promise<Audience> {
      return (await audiences([userId])).get(userId) ?? { prefs: DEFAULT_NOTIFICATION_PREFERENCES, reach: { email: null, emailConfirmed: false, phone: null, webPush: 0, nativePush: 0 } };
    },

    /** The person's email confirmation, if any. */
    async emailConfirmation(userId: string) {
      const [row] = await db.select().from(alertEmailConfirmations).where(eq(alertEmailConfirmations.userId, userId)).limit(1);
      return row ?? null;
    },

    /**
     * Records a new confirmation link for `email` (its token's hash), within `perHour` links an
     * hour: false, and nothing changed, when the hour's links are used up.
     */
    async startEmailConfirmation(userId: string, email: string, tokenHash: string, at: Date, perHour: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(alertEmailConfirmations).where(eq(alertEmailConfirmations.userId, userId)).for('update').limit(1);
        const sameHour = row?.hourStartedAt != null && at.getTime() - row.hourStartedAt.getTime() < 60 * 60 * 1000;
        const sent = sameHour ? row.sentInHour : 0;
        if (sent >= perHour) return false;
        const values = { email, tokenHash, sentAt: at, sentInHour: sent + 1, hourStartedAt: sameHour ? row.hourStartedAt : at, confirmedAt: row?.email === email ? row.confirmedAt : null };
        await tx.insert(alertEmailConfirmations).values({ userId, ...values }).onConflictDoUpdate({ target: alertEmailConfirmations.userId, set: values });
        return true;
      });
    },

    /** Confirms the address whose link carries this token (sent after `sentAfter`); the person it was for, or null. */
    async confirmEmail(tokenHash: string, sentAfter: Date, at: Date): Promise<string | null> {
      const [row] = await db
        .update(alertEmailConfirmations)
        .set({ confirmedAt: at, tokenHash: null })
        .where(and(eq(alertEmailConfirmations.tokenHash, tokenHash), gt(alertEmailConfirmations.sentAt, sentAfter)))
        .returning({ userId: alertEmailConfirmations.userId, email: alertEmailConfirmations.email });
      if (!row) return null;
      // an address confirmed is the account's only while it is still the account's address
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
      return user?.email === row.email ? row.userId : null;
    },

    /** The message an alert is about, for the email's excerpt (its text as kept in History). */
    async messageOf(userId: string, messageId: string): Promise<{ content: string; sender: string; kind: 'text' | 'url' } | null> {
      const [row] = await db
        .select({ content: messages.content, sender: messages.sender, kind: messages.kind })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.id, messageId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Saves a browser's subscription for the person and the session that registered it. The same
     * browser registering again (its keys match) moves it to whoever is signed in there; another
     * browser's endpoint with other keys changes nothing. At most {@link MAX_PUSH_TARGETS} a
     * person: the oldest go.
     */
    async savePushSubscription(userId: string, sub: { endpoint: string; p256dh: string; auth: string }, sessionHash: string, at: Date): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values({ userId, ...sub, sessionHash, createdAt: at })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: sub.p256dh, sessionHash, createdAt: at }, setWhere: eq(pushSubscriptions.auth, sub.auth) });
      const keep = db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id)).limit(MAX_PUSH_TARGETS);
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)));
    },

    async deletePushSubscription(userId: string, endpoint: string): Promise<void> {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /** Drops a subscription the push service says is gone (404, 410). */
    async dropPushSubscription(endpoint: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },

    /** The person's browser subscriptions whose session is still signed in (the others are dropped). */
    async pushSubscriptionsOf(userId: string, now: Date): Promise<Array<{ endpoint: string; keys: { p256dh: string; auth: string } }>> {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), signedOut(pushSubscriptions.sessionHash, now)));
      const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      return rows.map((r) => ({ endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } }));
    },

    async touchPushSubscription(endpoint: string, at: Date): Promise<void> {
      await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.endpoint, endpoint));
    },

    /** Saves an app's push token for the person (spec: `POST /api/device-tokens`), moving it like a subscription; at most {@link MAX_PUSH_TARGETS}. */
    async saveDeviceToken(userId: string, token: string, platform: 'ios' | 'android', sessionHash: string, at: Date): Promise<void> {
      await db
        .insert(deviceTokens)
        .values({ userId, token, platform, sessionHash, updatedAt: at })
        .onConflictDoUpdate({ target: deviceTokens.token, set: { userId, platform, sessionHash, updatedAt: at } });
      const keep = db.select({ id: deviceTokens.id }).from(deviceTokens).where(eq(deviceTokens.userId, userId)).orderBy(desc(deviceTokens.updatedAt), desc(deviceTokens.id)).limit(MAX_PUSH_TARGETS);
      await db.delete(deviceTokens).where(and(eq(deviceTokens.userId, userId), notInArray(deviceTokens.id, keep)));
    },

    /** The person's app tokens whose session is still signed in (the others are dropped). */
    async deviceTokensOf(userId: string, now: Date): Promise<Array<{ token: string; platform: 'ios' | 'android' }>> {
      await db.delete(deviceTokens).where(and(eq(deviceTokens.userId, userId), signedOut(deviceTokens.sessionHash, now)));
      return db.select({ token: deviceTokens.token, platform: deviceTokens.platform }).from(deviceTokens).where(eq(deviceTokens.userId, userId));
    },

    async dropDeviceToken(token: string): Promise<void> {
      await db.delete(deviceTokens).where(eq(deviceTokens.token, token));
    },

    /** How many other people were sent a confirmation link since `since`, to addresses of the mailbox `matches` says is the same. */
    async confirmationLinksToMailbox(userId: string, since: Date, matches: (email: string) => boolean): Promise<number> {
      const rows = await db
        .select({ email: alertEmailConfirmations.email })
        .from(alertEmailConfirmations)
        .where(and(gt(alertEmailConfirmations.sentAt, since), ne(alertEmailConfirmations.userId, userId)));
      return rows.filter((r) => matches(r.email)).length;
    },

    /** People with Tips and Education on who have had no tip since `since`. */
    async usersDueForTip(since: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ userId: notificationPreferences.userId })
        .from(notificationPreferences)
        .where(
          and(
            eq(notificationPreferences.tipsAndEducation, true),
            sql`not exists (select 1 from ${notifications} n where n.user_id = ${notificationPreferences.userId} and n.type = 'tips_and_education' and n.created_at >= ${since.toISOString()}::timestamptz)`,
          ),
        )
        .limit(limit);
      return rows.map((r) => r.userId);
    },

    /** How many tips the person has had (the next one in turn). */
    async tipsSent(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'tips_and_education')));
      return row?.n ?? 0;
    },

    /** Notifications older than `before` go (90 days): what they said is in History, or was. */
    async pruneOlderThan(before: Date): Promise<number> {
      const gone = await db.delete(notifications).where(lt(notifications.createdAt, before)).returning({ id: notifications.id });
      return gone.length;
    },
  };
}

/** The alerts repository. */
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;

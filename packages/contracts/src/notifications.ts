import { z } from 'zod';
import { ThreatLevelSchema } from './entities';
import { ALERT_TYPES, DEVICE_PLATFORMS, NOTIFICATIONS_DEFAULT_LIMIT, NOTIFICATIONS_MAX_LIMIT } from './lite';

/**
 * Real-time alerts (issue 19): what the alerts service tells a person, in the app (the header's
 * list and pop-up, live over Server-Sent Events) and on the channels they chose (push, email,
 * SMS). The spec's push data (section 3) is `type` and `messageId`; ours add what a person reads.
 */

/** What an alert is about: the spec's push types (`phishing_alert`, `security_update`) and the other two notification types. */
export const AlertTypeSchema = z.enum(ALERT_TYPES);
/** An alert type. */
export type AlertType = z.infer<typeof AlertTypeSchema>;

/** One notification in the header's list. */
export const NotificationSchema = z.object({
  id: z.string(),
  type: AlertTypeSchema,
  /** A short title ('Phishing detected', 'New sign-in to your account'). */
  title: z.string(),
  /** One or two sentences: what was found, where, what to do. Never the scam's links. */
  body: z.string(),
  /** The History entry the alert is about (spec push data), or null (a summary, an account event, a tip). */
  messageId: z.string().nullable(),
  /** The verdict of that entry, when there is one. */
  threatLevel: ThreatLevelSchema.nullable(),
  /** Where a tap goes, an in-app path: `/history?messageId={id}`, `/history`, `/`, a help article. */
  url: z.string(),
  /** How many messages it speaks for: more than 1 for a summary of a flood. */
  count: z.number().int().positive(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601, or null while unread. */
  readAt: z.string().nullable(),
});
/** A notification. */
export type Notification = z.infer<typeof NotificationSchema>;

/** `GET /api/notifications?limit=&before=`: newest first. */
export const NotificationsQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_LIMIT).default(NOTIFICATIONS_DEFAULT_LIMIT),
    /** A notification id: the page after it (older ones). */
    before: z.string().uuid().optional(),
  })
  .strict();
/** The notifications query. */
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

/**
 * `GET /api/notifications/stream?since=`: with `since` (ISO 8601), the stream first repeats the
 * unread notifications made after it (at most 20, oldest first): what arrived while it was closed,
 * or before a newcomer had a session to listen with.
 */
export const NotificationStreamQuerySchema = z
  .object({ since: z.string().datetime({ offset: true }).refine((v) => Date.parse(v) >= 0, 'A time from 1970 on.').optional() })
  .strict();

/** The list and the unread count. */
export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread: z.number().int().nonnegative(),
});
/** A notification list. */
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** What marking read answers: the unread count after it. */
export const UnreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
/** An unread count. */
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** A channel's state on this server, for this person. */
export const AlertChannelStatusSchema = z.object({
  available: z.boolean(),
  /** Why not, in a sentence a person can act on (no mail server set up, no account, no confirmed phone). */
  reason: z.string().optional(),
  /** Where alerts go: the account's email address, the confirmed phone number. */
  sendsTo: z.string().optional(),
  /** Email: the address must be confirmed by the link sent to it before alerts go there. */
  needsConfirmation: z.boolean().optional(),
  /** Email: when the last confirmation link was sent (ISO 8601). */
  confirmationSentAt: z.string().optional(),
});
/** A channel's state. */
export type AlertChannelStatus = z.infer<typeof AlertChannelStatusSchema>;

/** `GET /api/notifications/channels`: which channels can deliver on this server, for this person. */
export const AlertChannelsSchema = z.object({
  /** Web push in a browser: the server's VAPID public key (base64url) when web push is set up. */
  webPush: AlertChannelStatusSchema.extend({ publicKey: z.string().optional(), devices: z.number().int().nonnegative() }),
  /** The iOS and Android apps (Firebase Cloud Messaging). */
  nativePush: AlertChannelStatusSchema.extend({ devices: z.number().int().nonnegative() }),
  email: AlertChannelStatusSchema,
  sms: AlertChannelStatusSchema,
});
/** The channels' states. */
export type AlertChannels = z.infer<typeof AlertChannelsSchema>;

/** `POST /api/notifications/email/confirm`: the token of the link sent to the address. */
export const ConfirmAlertEmailRequestSchema = z.object({ token: z.string().min(20).max(100).regex(/^[A-Za-z0-9_-]+$/, 'Not a confirmation token.') }).strict();

/** A push service's address: a URL of at most 2,000 bytes (as stored and indexed). */
const pushEndpoint = z
  .string()
  .url()
  .refine((v) => new TextEncoder().encode(v).length <= 2000, 'At most 2,000 bytes.');

/** A browser's push subscription (`PushSubscription.toJSON()`). */
export const PushSubscriptionRequestSchema = z
  .object({
    endpoint: pushEndpoint,
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }).strict(),
  })
  .strict();
/** A push subscription. */
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>;

/** `DELETE /api/push-subscriptions`: the endpoint this browser no longer wants alerts at. */
export const PushUnsubscribeRequestSchema = z.object({ endpoint: pushEndpoint }).strict();

/** `POST /api/device-tokens` (spec section 7): a native app's push token and its platform. */
export const DeviceTokenRequestSchema = z
  .object({
    // FCM registration tokens and APNs device tokens: letters, digits and : _ - . only
    token: z
      .string()
      .trim()
      .min(1)
      .max(1024)
      .regex(/^[A-Za-z0-9:_.-]+$/, 'Not a push token: letters, digits and : _ - . only.'),
    platform: z.enum(DEVICE_PLATFORMS),
  })
  .strict();
/** A device token registration. */
export type DeviceTokenRequest = z.infer<typeof DeviceTokenRequestSchema>;

/** The data a push carries (spec section 3: type and messageId), with what the notification shows. */
export const PushPayloadSchema = z.object({
  type: AlertTypeSchema,
  messageId: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  notificationId: z.string(),
});
/** A push payload. */
export type PushPayload = z.infer<typeof PushPayloadSchema>;

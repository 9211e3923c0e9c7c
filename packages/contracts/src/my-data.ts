import { z } from 'zod';
import { PlanIdSchema, SubscriptionSchema } from './billing';
import { BlockedSenderSchema, MessageSchema, ProtectionSettingsSchema, ReportSchema, ThreatLevelSchema } from './entities';
import { DEVICE_PLATFORMS, SUPPORT_ISSUE_TYPES } from './lite';
import { NotificationSchema } from './notifications';
import { PluginFieldValueSchema, PluginIdSchema } from './plugins';
import { CurrentUserSchema, NotificationPreferencesSchema, TimeZoneSchema } from './requests';

/**
 * 'Download my data' (issue 21, `GET /api/account/export`): everything the server keeps of the
 * visitor, as one JSON document they can read, keep or take elsewhere. The history is whole (every
 * stored scan, with its content and findings), newest first; on-device scans only as the verdicts
 * the device told the server (their messages never left it). Lists are newest first.
 *
 * What is never in it: a password or its hash, a plugin's password or token, a push device's keys
 * or token, a session, and other people's data (a family's other members, whom a manager invited).
 *
 * The document is written as it is read, and `complete: true` is its last field: a download cut
 * short (the connection dropped, the server stopped, the account was deleted while it was being
 * written) lacks it, so a partial file is never taken for the whole. On a PostgreSQL server the
 * document is one consistent snapshot (one read-only REPEATABLE READ transaction).
 */
export const MY_DATA_FORMAT = 'baitcheck-my-data-2';

/**
 * What 'Download my data' gives: `json`, the data file ({@link MyDataExportSchema}, for moving to
 * another service), or `html`, a readable copy of the same content (one self-contained page to
 * open in a browser and print, with no script and nothing loaded from elsewhere).
 */
export const MY_DATA_DOWNLOAD_FORMATS = ['json', 'html'] as const;
/** A download's format. */
export type MyDataDownloadFormat = (typeof MY_DATA_DOWNLOAD_FORMATS)[number];

/**
 * `GET /api/account/export` query: the format (the data file unless `html` is asked for) and, for
 * the readable copy, the IANA time zone its dates and times are written in (default UTC).
 */
export const MyDataExportQuerySchema = z.object({
  format: z.enum(MY_DATA_DOWNLOAD_FORMATS, { error: 'Unknown format: choose json (the data file) or html (a readable copy).' }).default('json'),
  tz: TimeZoneSchema.default('UTC'),
});
/** The export query. */
export type MyDataExportQuery = z.infer<typeof MyDataExportQuerySchema>;

/** A source plugin as the person set it up: its settings, never its password or token. */
export const MyDataPluginSchema = z.object({
  id: PluginIdSchema,
  enabled: z.boolean(),
  connected: z.boolean(),
  /** The plugin's fields as the configuration dialog shows them (phone number, inbox address and server, channel). */
  configuration: z.record(z.string(), PluginFieldValueSchema),
  /** The last problem with the connection, if any. */
  problem: z.string().nullable(),
  connectedAt: z.string().nullable(),
  /** Messages scanned since it was connected, and when the last one arrived. */
  scanned: z.number().int().nonnegative(),
  lastMessageAt: z.string().nullable(),
});
/** A plugin in 'Download my data'. */
export type MyDataPlugin = z.infer<typeof MyDataPluginSchema>;

/**
 * A device alerts are pushed to: a browser (`web`, with the push service it is reached through)
 * or an app (`ios`, `android`). Never its keys or token: with them, anyone could push to it.
 */
export const MyDataPushDeviceSchema = z.object({
  kind: z.enum(['web', ...DEVICE_PLATFORMS]),
  /** A browser's push service (`https://fcm.googleapis.com`); null for an app. */
  service: z.string().nullable(),
  registeredAt: z.string(),
  /** The last push it took; null when none did yet (apps: not recorded). */
  lastSuccessAt: z.string().nullable(),
});
/** A push device in 'Download my data'. */
export type MyDataPushDevice = z.infer<typeof MyDataPushDeviceSchema>;

/** A request sent through Contact Support, as it was sent. */
export const MyDataSupportRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  issueType: z.enum(SUPPORT_ISSUE_TYPES),
  subject: z.string(),
  message: z.string(),
  /** The plan at the time, and whether it came with priority support. */
  plan: PlanIdSchema,
  priority: z.boolean(),
  createdAt: z.string(),
});
/** A support request in 'Download my data'. */
export type MyDataSupportRequest = z.infer<typeof MyDataSupportRequestSchema>;

/**
 * The person's place in a family: their own role and the family's name ("{manager}'s family"),
 * never the other members.
 */
export const MyDataFamilySchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('manager'),
    name: z.string(),
    foundedAt: z.string(),
    /** When they stated they are 18 or over (needed to found a family). */
    adultConfirmedAt: z.string(),
  }),
  z.object({
    role: z.literal('member'),
    name: z.string(),
    joinedAt: z.string(),
    /** The manager sets their protection switches. */
    protectionManaged: z.boolean(),
  }),
]);
/** A family place in 'Download my data'. */
export type MyDataFamily = z.infer<typeof MyDataFamilySchema>;

/** The 'Download my data' document ({@link MY_DATA_FORMAT}). */
export const MyDataExportSchema = z.object({
  format: z.literal(MY_DATA_FORMAT),
  exportedAt: z.string(),
  account: CurrentUserSchema,
  subscription: SubscriptionSchema,
  notificationPreferences: NotificationPreferencesSchema,
  protectionSettings: ProtectionSettingsSchema,
  /** Null when they are in no family. */
  family: MyDataFamilySchema.nullable(),
  plugins: z.array(MyDataPluginSchema),
  pushDevices: z.array(MyDataPushDeviceSchema),
  blockedSenders: z.array(BlockedSenderSchema),
  reports: z.array(ReportSchema),
  deviceScanVerdicts: z.array(z.object({ id: z.string(), threatLevel: ThreatLevelSchema, scannedAt: z.string() })),
  /** The alerts told to them (the header's bell), read or not. */
  notifications: z.array(NotificationSchema),
  supportRequests: z.array(MyDataSupportRequestSchema),
  history: z.array(MessageSchema),
  /** Written last: a document without it was cut short and is not the whole. */
  complete: z.literal(true),
});
/** The 'Download my data' document. */
export type MyDataExport = z.infer<typeof MyDataExportSchema>;

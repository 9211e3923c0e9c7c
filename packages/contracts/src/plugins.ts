import { z } from 'zod';
import { ThreatLevelSchema } from './entities';
import { MAX_EMAIL_LENGTH, PLUGIN_FIELD_MAX_LENGTH, PLUGIN_IDS, PLUGIN_MESSAGES_DEFAULT_LIMIT, PLUGIN_MESSAGES_MAX_LIMIT, SOCIAL_PLATFORMS, type PluginId } from './lite';

/**
 * Source plugins (spec sections 3 and 7, issue 18): a person connects a source once (a phone,
 * an email inbox, a Slack channel, a social account) and every message arriving there is
 * scanned and kept in History with its source. The spec's fields come first; ours add what a
 * person needs to trust it (why a plugin is unavailable, the last problem, what it received).
 */

/** A plugin's id: `sms`, `email`, `slack` or `social-media`. */
export const PluginIdSchema = z.enum(PLUGIN_IDS);

/** A social platform of the simulated feed. */
export const SocialPlatformSchema = z.enum(SOCIAL_PLATFORMS);

/** A plugin's state (spec section 3: connected, enabled, available, requiresAuth, authUrl). */
export const PluginStatusSchema = z.object({
  connected: z.boolean(),
  enabled: z.boolean(),
  /** Whether this server can run the plugin (its outside service is set up, the plan has it). */
  available: z.boolean(),
  requiresAuth: z.boolean(),
  /** Where the browser goes to sign in to the source (Slack's install page when OAuth is set up). */
  authUrl: z.string().optional(),
  /** Why `available` is false, in a sentence a person can act on. */
  unavailableReason: z.string().optional(),
  /** The last problem with the connection (a refused password, a dropped inbox), until it works again. */
  problem: z.string().optional(),
  /** True for the social feed: its messages are generated here, no real account is read (spec section 3). */
  simulated: z.boolean().optional(),
  /** The SMS plugin's step before it is connected: text `code` from the configured phone to `sendTo`. */
  confirmation: z.object({ code: z.string(), sendTo: z.string(), expiresAt: z.string() }).optional(),
});
/** A plugin's state. */
export type PluginStatus = z.infer<typeof PluginStatusSchema>;

/** A configuration value: the field map of each plugin type holds text, numbers and switches. */
export const PluginFieldValueSchema = z.union([z.string(), z.number(), z.boolean()]);

/** What a plugin received and scanned, for the Plugins tab. */
export const PluginActivitySchema = z.object({
  /** ISO 8601 time of the last message received, or null. */
  lastMessageAt: z.string().nullable(),
  /** Messages scanned since the plugin was connected. */
  scanned: z.number().int().nonnegative(),
  /** Messages received and not scanned yet (today's scans are used up, or the scan failed and will be tried again). */
  waiting: z.number().int().nonnegative(),
});
/** A plugin's activity. */
export type PluginActivity = z.infer<typeof PluginActivitySchema>;

/** A source plugin (spec section 3). */
export const PluginSchema = z.object({
  id: PluginIdSchema,
  name: z.string(),
  type: z.enum(['sms', 'email', 'social', 'slack', 'social-media']),
  description: z.string(),
  icon: z.string(),
  status: PluginStatusSchema,
  /** The plugin's settings, never a password or token (those are only ever written). */
  configuration: z.record(z.string(), PluginFieldValueSchema),
  activity: PluginActivitySchema,
});
/** A source plugin. */
export type Plugin = z.infer<typeof PluginSchema>;

/** `GET /api/plugins`: the plugins of this server, keyed by id (spec section 7). */
export const PluginListSchema = z.record(z.string(), PluginSchema);
/** The plugins. */
export type PluginList = z.infer<typeof PluginListSchema>;

/** `POST /api/plugins/{id}/enable`, `/disable`, `/auth`, `/configure`, `/disconnect`: `{ success, plugins }`. */
export const PluginsChangedSchema = z.object({ success: z.literal(true), plugins: PluginListSchema });
/** The answer of a plugin change. */
export type PluginsChanged = z.infer<typeof PluginsChangedSchema>;

/** The `:id` of a plugin path; any other id is 404 PLUGIN_NOT_FOUND (checked by the service, to name it). */
export const PluginParamsSchema = z.object({ id: z.string().min(1).max(64) });

const field = (label: string) =>
  z
    .string()
    .trim()
    .max(PLUGIN_FIELD_MAX_LENGTH, `${label} can be at most ${PLUGIN_FIELD_MAX_LENGTH} characters.`)
    .regex(/^[^\p{Cc}\u2028\u2029]*$/u, `${label} must be one line of text.`);

/** The SMS plugin: the person's own mobile number, from which they forward texts (or which the forwarding app sends from). */
export const SmsConfigurationSchema = z.object({ phoneNumber: field('The phone number') }).strict();
/** The email plugin: the inbox's address (its sign-in details go to `auth`). */
export const EmailConfigurationSchema = z.object({ emailAddress: field('The email address').pipe(z.string().max(MAX_EMAIL_LENGTH)) }).strict();
/** The Slack plugin (spec section 3: workspaceName, channelName, manualMode). */
export const SlackConfigurationSchema = z
  .object({ workspaceName: field('The workspace name').optional(), channelName: field('The channel name').optional(), manualMode: z.boolean().optional() })
  .strict();
/** The social plugin (spec section 3: platform, username, manualMode). */
export const SocialConfigurationSchema = z
  .object({ platform: z.union([SocialPlatformSchema, z.literal('')]).optional(), username: field('The user name').optional(), manualMode: z.boolean().optional() })
  .strict();

/** `POST /api/plugins/{id}/configure`: the field map of that plugin's type. */
export const PLUGIN_CONFIGURATION_SCHEMAS = {
  sms: SmsConfigurationSchema,
  email: EmailConfigurationSchema,
  slack: SlackConfigurationSchema,
  'social-media': SocialConfigurationSchema,
} as const satisfies Record<PluginId, z.ZodType>;
/** The configure body as the route reads it before the plugin's own schema (a JSON object). */
export const PluginConfigureRequestSchema = z.record(z.string(), z.unknown());

/** The email plugin's sign-in: the inbox's IMAP server and an app password (spec: credentials). */
export const EmailCredentialsSchema = z
  .object({
    emailAddress: field('The email address').pipe(z.string().max(MAX_EMAIL_LENGTH)).optional(),
    host: field('The IMAP server').pipe(z.string().min(1, 'Enter the IMAP server, such as imap.gmail.com.')),
    port: z.coerce.number().int('The port is a whole number.').min(1, 'The port is between 1 and 65535.').max(65535, 'The port is between 1 and 65535.').default(993),
    secure: z.boolean().default(true),
    username: field('The user name').pipe(z.string().min(1, 'Enter the user name, usually the whole email address.')),
    password: z.string().min(1, 'Enter the app password.').max(PLUGIN_FIELD_MAX_LENGTH, `The app password can be at most ${PLUGIN_FIELD_MAX_LENGTH} characters.`),
  })
  .strict();
/** The email plugin's sign-in details. */
export type EmailCredentials = z.infer<typeof EmailCredentialsSchema>;
/** `POST /api/plugins/{id}/auth` body as the route reads it before the plugin's own schema. */
export const PluginAuthRequestSchema = z.record(z.string(), z.unknown()).default({});

/** `GET /api/plugins/{id}/messages?limit=` (default 20). */
export const PluginMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PLUGIN_MESSAGES_MAX_LIMIT).default(PLUGIN_MESSAGES_DEFAULT_LIMIT),
});

/** Who sent a plugin message (spec section 3, social message: id, name, handle). */
export const PluginSenderSchema = z.object({ id: z.string(), name: z.string(), handle: z.string() });

/** A message a plugin received (spec section 3, social message, for every plugin), with what became of it. */
export const PluginMessageSchema = z.object({
  id: z.string(),
  /** The source's own id (a Twilio message SID, an IMAP UID, a Slack event's timestamp, a post id). */
  externalId: z.string(),
  content: z.string(),
  sender: PluginSenderSchema,
  /** ISO 8601 time it arrived. */
  timestamp: z.string(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  urls: z.array(z.string()),
  /** `scanned` (in History as `messageId`), `waiting` (to be scanned), `skipped` (protection was off, or the sender is blocked). */
  status: z.enum(['scanned', 'waiting', 'skipped']),
  threatLevel: ThreatLevelSchema.nullable(),
  /** The History entry, while it is kept there. */
  messageId: z.string().nullable(),
  /** Why it waits or was skipped. */
  note: z.string().nullable(),
});
/** A message a plugin received. */
export type PluginMessage = z.infer<typeof PluginMessageSchema>;
/** `GET /api/plugins/{id}/messages`: newest first; empty when the plugin is not enabled. */
export const PluginMessageListSchema = z.object({ messages: z.array(PluginMessageSchema) });
/** A plugin's messages. */
export type PluginMessageList = z.infer<typeof PluginMessageListSchema>;

/** What the Twilio and Slack webhooks answer when a request is accepted. */
export const SlackEventResponseSchema = z.union([z.object({ ok: z.literal(true) }), z.object({ challenge: z.string() })]);

/** Twilio's inbound webhook is answered with TwiML: an empty `<Response/>` sends no reply text. */
export const TwimlResponseSchema = z.string();

/** Slack's OAuth return: `code` and our `state`, or `error` when the person declined. */
export const SlackOAuthCallbackQuerySchema = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
});

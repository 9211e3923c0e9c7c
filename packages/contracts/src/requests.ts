import { z } from 'zod';
import {
  BlockedSenderSchema,
  HighlightSchema,
  MessageSchema,
  MessageSourceSchema,
  ProtectionSettingsSchema,
  ReasonSchema,
  ReportKindSchema,
  ReportSchema,
  ThreatDataSchema,
  ThreatDetailsSchema,
  ThreatLevelSchema,
} from './entities';

import {
  MAX_ASSISTANT_HISTORY,
  MAX_ASSISTANT_QUERY_LENGTH,
  MAX_CONTENT_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_SENDER_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  MAX_URL_LENGTH,
  MESSAGES_DEFAULT_LIMIT,
  MESSAGES_MAX_LIMIT,
  MAX_TIME_ZONE_LENGTH,
  VALIDATION_MESSAGES,
  isHttpUrl,
  isTimeZone,
} from './lite';

const SenderInputSchema = z
  .string()
  .max(MAX_SENDER_LENGTH, VALIDATION_MESSAGES.senderTooLong)
  .transform((s) => s.trim());

/** `POST /api/scan/text` body (spec section 3). Plugins may send `text` instead of `content`. */
export const TextScanRequestSchema = z.preprocess(
  (raw) => {
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      const body = raw as Record<string, unknown>;
      if (body.content === undefined && body.text !== undefined) return { ...body, content: body.text };
    }
    return raw;
  },
  z.object({
    content: z
      .string({ error: VALIDATION_MESSAGES.contentRequired })
      .max(MAX_CONTENT_LENGTH, VALIDATION_MESSAGES.contentTooLong)
      .refine((s) => s.trim().length > 0, VALIDATION_MESSAGES.contentRequired),
    sender: SenderInputSchema.optional().default(''),
    source: MessageSourceSchema.optional().default('manual'),
    enhancedAnalysis: z.boolean().optional(),
    useAdvancedScan: z.boolean().optional(),
    saveToHistory: z.boolean().optional().default(true),
  }),
);
/** A parsed text scan request. */
export type TextScanRequest = z.infer<typeof TextScanRequestSchema>;

/** `POST /api/scan/url` body (spec section 3). */
export const UrlScanRequestSchema = z.object({
  url: z
    .string({ error: VALIDATION_MESSAGES.urlInvalid })
    .max(MAX_URL_LENGTH, VALIDATION_MESSAGES.urlTooLong)
    .refine(isHttpUrl, VALIDATION_MESSAGES.urlInvalid)
    .transform((s) => s.trim()),
  enhancedAnalysis: z.boolean().optional(),
  useAdvancedScan: z.boolean().optional(),
  saveToHistory: z.boolean().optional().default(true),
  source: MessageSourceSchema.optional().default('manual'),
});
/** A parsed URL scan request. */
export type UrlScanRequest = z.infer<typeof UrlScanRequestSchema>;

/** Whether a scan request asked for the advanced (enhanced) scan; either spelling counts. */
export function wantsAdvancedScan(req: { enhancedAnalysis?: boolean; useAdvancedScan?: boolean }): boolean {
  return req.enhancedAnalysis ?? req.useAdvancedScan ?? false;
}

/** How one outside source fared in an enhanced scan (the Threat Intelligence panel names them). */
export const IntelSourceSchema = z.object({
  name: z.string(),
  status: z.enum(['answered', 'failed', 'timed-out', 'not-configured', 'limited']),
  detail: z.string().optional(),
  ms: z.number().optional(),
});
/** An outside source's outcome. */
export type IntelSource = z.infer<typeof IntelSourceSchema>;

/** The analysis part of a scan response (spec section 3, plus our evidence fields). */
export const ScanAnalysisSchema = z.object({
  threatLevel: ThreatLevelSchema,
  /** Calibrated probability that the content is a scam or phishing, in [0, 1]. */
  score: z.number().min(0).max(1),
  /** Reason labels (the spec's list of strings). */
  reasons: z.array(z.string()),
  reasonDetails: z.array(ReasonSchema),
  highlights: z.array(HighlightSchema),
  recommendations: z.array(z.string()),
  /** What was checked and found reassuring, in sentences (mostly for safe results). */
  checks: z.array(z.string()),
  /** Caveats about the analysis itself (e.g. the message is not in English). */
  notes: z.array(z.string()),
  /** The analysed message or URL. */
  content: z.string(),
  threatData: ThreatDataSchema.nullable(),
  /** Whether the enhanced (advanced) scan ran. */
  enhanced: z.boolean(),
  /** The outside sources an enhanced scan asked, and how each fared (absent on a basic scan). */
  intelSources: z.array(IntelSourceSchema).optional(),
});
/** The analysis returned by a scan. */
export type ScanAnalysis = z.infer<typeof ScanAnalysisSchema>;

/** `POST /api/scan/text` response: `{ message, analysis }`. */
export const TextScanResponseSchema = z.object({
  message: z.object({
    /** The history id when the scan was saved, else null. */
    id: z.string().nullable(),
    content: z.string(),
    sender: z.string(),
    source: MessageSourceSchema,
  }),
  analysis: ScanAnalysisSchema,
});
/** Text scan response. */
export type TextScanResponse = z.infer<typeof TextScanResponseSchema>;

/** `POST /api/scan/url` response: the analysis itself, plus the history id. */
export const UrlScanResponseSchema = ScanAnalysisSchema.extend({
  messageId: z.string().nullable(),
});
/** URL scan response. */
export type UrlScanResponse = z.infer<typeof UrlScanResponseSchema>;

/** A history cursor: the scan time and id of the last message of a page, `<ISO time>_<id>`. */
const HISTORY_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z_[A-Za-z0-9-]{1,64}$/;

/** `GET /api/messages` query. */
export const MessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGES_MAX_LIMIT).optional().default(MESSAGES_DEFAULT_LIMIT),
  threatLevel: ThreatLevelSchema.optional(),
  /** The messages older than this cursor (a previous page's `x-next-cursor` header). */
  before: z
    .string()
    .max(100)
    .regex(HISTORY_CURSOR, 'Pass back the x-next-cursor header of the previous page.')
    // no scan is older than 1970 (PostgreSQL has no year 0: '0000-…' was a 500)
    .refine((c) => Date.parse(c.slice(0, c.indexOf('_'))) >= 0, 'Pass back the x-next-cursor header of the previous page.')
    .optional(),
});
/** Parsed messages query. */
export type MessagesQuery = z.infer<typeof MessagesQuerySchema>;

/**
 * A message as the history lists it: what the list and the recent alerts show. The content is
 * cut to `MESSAGE_PREVIEW_CHARS` characters (`contentTruncated` says so, and
 * `GET /api/messages/:id` has it whole), with the highlights that fall in it; recommendations,
 * checks, notes and threat data are in the whole message only.
 */
export const MessageSummarySchema = MessageSchema.omit({ threatDetails: true }).extend({
  threatDetails: ThreatDetailsSchema.pick({ reasons: true, reasonDetails: true, highlights: true }),
  contentTruncated: z.boolean(),
});
/** A listed message. */
export type MessageSummary = z.infer<typeof MessageSummarySchema>;

/** Response of `GET /api/messages`: newest first, one page (the next one's cursor in the `NEXT_CURSOR_HEADER` header). */
export const MessageListSchema = z.array(MessageSummarySchema);

/** An IANA time zone name the runtime knows (`Europe/Paris`, in any letter case). */
export const TimeZoneSchema = z.string().max(MAX_TIME_ZONE_LENGTH, 'Unknown time zone.').refine(isTimeZone, 'Unknown time zone.');

/** `GET /api/message-stats` query: the client's IANA time zone for the daily bars (default UTC). */
export const MessageStatsQuerySchema = z.object({
  tz: TimeZoneSchema.optional().default('UTC'),
});
/** Parsed stats query. */
export type MessageStatsQuery = z.infer<typeof MessageStatsQuerySchema>;

/** A path parameter holding an id. */
export const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** `PATCH /api/protection-settings` body: one or more changed booleans, nothing else. */
export const ProtectionSettingsPatchSchema = ProtectionSettingsSchema.partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, 'Name at least one setting to change.');
/** A partial protection settings update. */
export type ProtectionSettingsPatch = z.infer<typeof ProtectionSettingsPatchSchema>;

/** `POST /api/reports` body: report a message (by id, or by its content for an unsaved scan). */
export const CreateReportRequestSchema = z
  .object({
    kind: ReportKindSchema.optional().default('report'),
    messageId: z.string().min(1).max(64).optional(),
    content: z.string().max(MAX_CONTENT_LENGTH, VALIDATION_MESSAGES.contentTooLong).optional(),
    sender: SenderInputSchema.optional().default(''),
    source: MessageSourceSchema.optional().default('manual'),
    threatLevel: ThreatLevelSchema.optional(),
    note: z.string().max(2_000).optional().default(''),
  })
  .refine((r) => r.messageId !== undefined || (r.content !== undefined && r.content.trim().length > 0), {
    message: 'Name the message to report (messageId) or give its content.',
    path: ['content'],
  });
/** A parsed report request. */
export type CreateReportRequest = z.infer<typeof CreateReportRequestSchema>;

/** `GET /api/reports` query: the reports older than a cursor (a previous page's `x-next-cursor` header). */
export const ReportsQuerySchema = MessagesQuerySchema.pick({ before: true });
/** Parsed reports query. */
export type ReportsQuery = z.infer<typeof ReportsQuerySchema>;

/** `GET /api/reports` response: newest first, one page (the next one's cursor in the `NEXT_CURSOR_HEADER` header). */
export const ReportListSchema = z.array(ReportSchema);

/** `POST /api/blocked-senders` body. */
export const CreateBlockedSenderRequestSchema = z.object({
  sender: SenderInputSchema.refine((s) => s.length > 0, 'Name the sender to block.'),
});
/** A parsed block request. */
export type CreateBlockedSenderRequest = z.infer<typeof CreateBlockedSenderRequestSchema>;

/** `GET /api/blocked-senders` response. */
export const BlockedSenderListSchema = z.array(BlockedSenderSchema);

/** `DELETE` responses. */
export const DeleteResponseSchema = z.object({ success: z.literal(true) });

/** `GET /api/health` response. */
export const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** The formats a threat feed is read in ('auto': detected from the content). */
export const FEED_FORMATS = ['auto', 'plain', 'phishtank-csv', 'phishtank-json', 'urlhaus-csv'] as const;

/** `POST /api/admin/feeds/import`: a feed file on the server machine or an http(s) address, and the source name it is stored under. */
export const FeedImportRequestSchema = z.object({
  location: z.string().trim().min(1).max(2048),
  source: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/, 'A source name is 1-63 lower-case letters, digits, dots, dashes or underscores.'),
  format: z.enum(FEED_FORMATS).default('auto'),
});
/** A feed import request. */
export type FeedImportRequest = z.infer<typeof FeedImportRequestSchema>;

/** What an import did. */
export const FeedImportResultSchema = z.object({
  source: z.string(),
  format: z.string(),
  entries: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  skipped: z.number().int(),
});
/** A feed import's outcome. */
export type FeedImportResult = z.infer<typeof FeedImportResultSchema>;

/** A threat feed source and the outcome of its last import. */
export const FeedSourceSchema = z.object({
  name: z.string(),
  location: z.string(),
  format: z.string(),
  entryCount: z.number().int(),
  importedAt: z.string().nullable(),
  lastAttemptAt: z.string(),
  lastError: z.string().nullable(),
});
/** A threat feed source. */
export type FeedSource = z.infer<typeof FeedSourceSchema>;

/** `GET /api/admin/feeds`. */
export const FeedSourceListSchema = z.object({ sources: z.array(FeedSourceSchema) });
/** The threat feed sources. */
export type FeedSourceList = z.infer<typeof FeedSourceListSchema>;

/** An email address as typed: trimmed; compared case-insensitively by the server. */
export const EmailInputSchema = z
  .string()
  .trim()
  .max(MAX_EMAIL_LENGTH, VALIDATION_MESSAGES.emailInvalid)
  .pipe(z.email(VALIDATION_MESSAGES.emailInvalid));

/** A new password: 8 to 128 characters, kept exactly as typed (spaces count). */
const NewPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH, VALIDATION_MESSAGES.passwordTooShort).max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.passwordTooLong);

/** `POST /api/auth/sign-up`: the guest becomes an account with everything it did. */
export const SignUpRequestSchema = z.object({ email: EmailInputSchema, password: NewPasswordSchema });
/** A sign-up. */
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

/** `POST /api/auth/sign-in`. Any password length is accepted here (up to the maximum) and simply does not match. */
export const SignInRequestSchema = z.object({
  email: EmailInputSchema,
  password: z.string().min(1, VALIDATION_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.passwordTooLong),
});
/** A sign-in. */
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/** `POST /api/auth/change-password`. */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, VALIDATION_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.passwordTooLong),
  newPassword: NewPasswordSchema,
});
/** A password change. */
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** `POST /api/auth/delete-account`: the account's password, asked again before everything goes. */
export const DeleteAccountRequestSchema = z.object({
  password: z.string().min(1, VALIDATION_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.passwordTooLong),
});
/** An account deletion. */
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/** Who the visitor is: a guest, or an account with its email. */
export const CurrentUserSchema = z.object({
  kind: z.enum(['guest', 'account']),
  email: z.string().nullable(),
  /** When the guest or account began. */
  createdAt: z.string(),
});
/** The current user. */
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** `GET /api/auth/me`, and what sign-up, sign-in and sign-out answer. */
export const AuthResponseSchema = z.object({ user: CurrentUserSchema });
/** An auth response. */
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** The notification types of spec section 3. */
export const NotificationTypesSchema = z.object({
  phishing_alerts: z.boolean(),
  security_updates: z.boolean(),
  suspicious_content: z.boolean(),
  tips_and_education: z.boolean(),
});
/** The notification channels of spec section 3. */
export const NotificationChannelsSchema = z.object({ push: z.boolean(), email: z.boolean(), sms: z.boolean() });

/** Notification preferences (spec section 3): types, channels, sensitivity 1-5. */
export const NotificationPreferencesSchema = z.object({
  types: NotificationTypesSchema,
  channels: NotificationChannelsSchema,
  sensitivity: z.number().int().min(1).max(5),
});
/** Notification preferences. */
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** The defaults of spec section 3. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  types: { phishing_alerts: true, security_updates: true, suspicious_content: true, tips_and_education: false },
  channels: { push: true, email: false, sms: false },
  sensitivity: 3,
};

/** `PATCH /api/notification-preferences`: any of the types, channels and sensitivity. */
export const NotificationPreferencesPatchSchema = z
  .object({
    types: NotificationTypesSchema.partial().strict().optional(),
    channels: NotificationChannelsSchema.partial().strict().optional(),
    sensitivity: z.number().int().min(1).max(5).optional(),
  })
  .strict()
  .refine((p) => Object.keys(p.types ?? {}).length + Object.keys(p.channels ?? {}).length + (p.sensitivity === undefined ? 0 : 1) > 0, 'Name at least one preference to change.');
/** A partial notification preferences update. */
export type NotificationPreferencesPatch = z.infer<typeof NotificationPreferencesPatchSchema>;

/** What sign-out and change-password answer. */
export const SuccessResponseSchema = z.object({ success: z.literal(true) });

/** One earlier turn of the assistant conversation, sent back so follow-ups ("why?") have context. */
export const ChatTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(MAX_ASSISTANT_QUERY_LENGTH),
});
/** A chat turn. */
export type ChatTurn = z.infer<typeof ChatTurnSchema>;

/** `POST /api/assistant/chat` (spec section 7: `{ query }`; the recent turns are ours). */
export const AssistantChatRequestSchema = z.object({
  query: z
    .string()
    .max(MAX_ASSISTANT_QUERY_LENGTH, `Your question is too long (at most ${MAX_ASSISTANT_QUERY_LENGTH.toLocaleString('en-US')} characters).`)
    .refine((q) => q.trim().length > 0, 'Please type a question.'),
  history: z.array(ChatTurnSchema).max(MAX_ASSISTANT_HISTORY).optional().default([]),
});
/** An assistant question. */
export type AssistantChatRequest = z.infer<typeof AssistantChatRequestSchema>;

/** `POST /api/assistant/chat` answer: the spec's `answer` and `timestamp`, plus what it rests on. */
export const AssistantChatResponseSchema = z.object({
  answer: z.string(),
  timestamp: z.string(),
  /** The guidance articles the answer used, each with the public pages it rests on (name and address). */
  sources: z
    .array(z.object({ id: z.string(), title: z.string(), links: z.array(z.object({ name: z.string(), url: z.string() })).optional() }))
    .default([]),
  /** The verdict when the question carried a message or link that was scanned. */
  scan: z.object({ threatLevel: ThreatLevelSchema, score: z.number(), reasons: z.array(z.string()) }).nullable().default(null),
  /** Who wrote the answer: the built-in assistant, or the configured language model grounded in the same guidance. */
  mode: z.enum(['built-in', 'llm']),
});
/** An assistant answer. */
export type AssistantChatResponse = z.infer<typeof AssistantChatResponseSchema>;


import { z } from 'zod';

/** The three verdicts (spec section 3). The stored value is always one of these. */
export const ThreatLevelSchema = z.enum(['safe', 'suspicious', 'phishing']);
/** A verdict: `safe`, `suspicious` or `phishing`. */
export type ThreatLevel = z.infer<typeof ThreatLevelSchema>;
/** Every threat level, safest first. */
export const THREAT_LEVELS = ThreatLevelSchema.options;

/** Where a scanned message came from (spec section 3, text scan request; `slack` is what the team-chat plugin sends, section 7). */
export const MessageSourceSchema = z.enum(['sms', 'email', 'social', 'slack', 'manual']);
/** A message channel: `sms`, `email`, `social`, `slack` or `manual`. */
export type MessageSource = z.infer<typeof MessageSourceSchema>;

/** How strong a single reason is. */
export const SeveritySchema = z.enum(['low', 'medium', 'high']);
/** The weight class of a reason. */
export type Severity = z.infer<typeof SeveritySchema>;

/** A range of characters in the analysed content: `content.slice(start, end) === text`. */
export const SpanSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string(),
});
/** A half-open character range `[start, end)` with the text it covers. */
export type Span = z.infer<typeof SpanSchema>;

/** A span to highlight in the UI, tied to the reason that flagged it. */
export const HighlightSchema = SpanSchema.extend({ reasonId: z.string() });
/** A highlighted span and the id of the reason it belongs to. */
export type Highlight = z.infer<typeof HighlightSchema>;

/** One reason for a verdict, with the evidence that backs it (DESIGN.md section 4). */
export const ReasonSchema = z.object({
  /** Stable id, equal to the rule's file name, e.g. `urgency-language`. */
  id: z.string(),
  /** The sentence shown to a person; the spec's label where the spec names one. */
  label: z.string(),
  severity: SeveritySchema,
  /** What was seen: spans of the content, or a domain or brand in `text` with start = end = 0. */
  evidence: z.array(SpanSchema),
});
/** A reason with its label, severity and evidence. */
export type Reason = z.infer<typeof ReasonSchema>;

/** What is known about a domain (spec section 3, threatData.domainInfo). */
export const DomainInfoSchema = z.object({
  reputationScore: z.number().min(0).max(100),
  domain: z.string(),
  categories: z.array(z.string()),
  malicious: z.boolean(),
  suspicious: z.boolean(),
  sources: z.array(z.string()),
  lastChecked: z.string(),
});
/** Domain reputation facts. */
export type DomainInfo = z.infer<typeof DomainInfoSchema>;

/** What is known about a sender (spec section 3, threatData.senderInfo). */
export const SenderInfoSchema = z.object({
  hasDmarc: z.boolean(),
  hasSpf: z.boolean(),
  hasDkim: z.boolean(),
  securityLevel: z.string(),
  reputationScore: z.number().min(0).max(100),
  creationDate: z.string().nullable(),
});
/** Sender authentication and reputation facts. */
export type SenderInfo = z.infer<typeof SenderInfoSchema>;

/** Threat intelligence attached to a result (spec section 3). Either part may be absent. */
export const ThreatDataSchema = z.object({
  domainInfo: DomainInfoSchema.optional(),
  senderInfo: SenderInfoSchema.optional(),
});
/** Threat intelligence attached to a scan result. */
export type ThreatData = z.infer<typeof ThreatDataSchema>;

/** The reasons and evidence stored with a message (spec: threatDetails with reasons). */
export const ThreatDetailsSchema = z.object({
  /** Reason labels, as the spec's list of strings. */
  reasons: z.array(z.string()),
  /** The full reasons with ids and evidence. */
  reasonDetails: z.array(ReasonSchema).default([]),
  highlights: z.array(HighlightSchema).default([]),
  recommendations: z.array(z.string()).default([]),
  checks: z.array(z.string()).default([]),
  notes: z.array(z.string()).default([]),
  score: z.number().min(0).max(1).optional(),
  threatData: ThreatDataSchema.nullable().optional(),
});
/** The stored explanation of a verdict. */
export type ThreatDetails = z.infer<typeof ThreatDetailsSchema>;

/** A stored scan, as listed in the history (spec section 3, Message). */
export const MessageSchema = z.object({
  id: z.string(),
  /** Empty for a URL scan. */
  sender: z.string(),
  content: z.string(),
  source: MessageSourceSchema,
  /** `text` for a message scan, `url` for a link scan. */
  kind: z.enum(['text', 'url']),
  threatLevel: ThreatLevelSchema,
  /** ISO 8601 timestamp. */
  scanDate: z.string(),
  threatDetails: ThreatDetailsSchema,
});
/** A stored scan. */
export type Message = z.infer<typeof MessageSchema>;

/** Per-day counts for the dashboard's bar chart. */
export const DailyCountSchema = z.object({
  /** Local calendar date, `YYYY-MM-DD`, in the time zone the client asked for. */
  date: z.string(),
  phishing: z.number().int().nonnegative(),
  suspicious: z.number().int().nonnegative(),
  safe: z.number().int().nonnegative(),
});
/** One day of counts. */
export type DailyCount = z.infer<typeof DailyCountSchema>;

/** Message counts (spec section 3, message stats) for the last `windowDays` days. */
export const MessageStatsSchema = z.object({
  phishing: z.number().int().nonnegative(),
  suspicious: z.number().int().nonnegative(),
  safe: z.number().int().nonnegative(),
  /**
   * The dashboard window in days: 30 (spec section 9), or the plan's history window when it is
   * shorter (7 on Basic): scans older than the history keeps are not counted.
   */
  windowDays: z.number().int().positive(),
  /** The last seven local days, oldest first, today last. */
  lastSevenDays: z.array(DailyCountSchema),
});
/** Dashboard counters. */
export type MessageStats = z.infer<typeof MessageStatsSchema>;

/** Per-channel protection switches (spec section 3). */
export const ProtectionSettingsSchema = z.object({
  smsProtection: z.boolean(),
  emailProtection: z.boolean(),
  socialMediaProtection: z.boolean(),
  onDeviceScanning: z.boolean(),
});
/** Protection switches. */
export type ProtectionSettings = z.infer<typeof ProtectionSettingsSchema>;

/** The state behind the status banner. `offline` is decided by the client. */
export const ProtectionStatusSchema = z.object({
  status: z.enum(['active', 'alert']),
  /** Phishing messages found in the last 24 hours. */
  phishingLast24h: z.number().int().nonnegative(),
  /** ISO timestamp of the newest phishing message in that window, if any. */
  lastPhishingAt: z.string().nullable(),
});
/** Status banner state. */
export type ProtectionStatus = z.infer<typeof ProtectionStatusSchema>;

/** What a person reports: a missed scam (`report`) or a false alarm (`false_positive`). */
export const ReportKindSchema = z.enum(['report', 'false_positive']);
/** The kind of user feedback. */
export type ReportKind = z.infer<typeof ReportKindSchema>;

/** User feedback on a message, kept for retraining. */
export const ReportSchema = z.object({
  id: z.string(),
  kind: ReportKindSchema,
  messageId: z.string().nullable(),
  content: z.string(),
  sender: z.string(),
  source: MessageSourceSchema,
  /** The verdict the engine gave when the report was made. */
  threatLevel: ThreatLevelSchema.nullable(),
  note: z.string(),
  createdAt: z.string(),
});
/** Stored user feedback. */
export type Report = z.infer<typeof ReportSchema>;

/** A sender the user blocked. Matched case-insensitively after trimming. */
export const BlockedSenderSchema = z.object({
  id: z.string(),
  sender: z.string(),
  createdAt: z.string(),
});
/** A blocked sender. */
export type BlockedSender = z.infer<typeof BlockedSenderSchema>;

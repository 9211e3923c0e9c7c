/**
 * The zod-free part of the contract: every API path and method, the limits, and the validation
 * messages. Import it as `@baitcheck/contracts/lite` where shipping zod and the schemas would cost
 * (the web app's first screen); the full contract re-exports all of it.
 */

/** Longest message content accepted for a scan, in characters. */
export const MAX_CONTENT_LENGTH = 100_000;
/** Longest URL accepted for a scan, in characters. */
export const MAX_URL_LENGTH = 8_192;
/** Longest sender accepted, in characters. */
export const MAX_SENDER_LENGTH = 320;
/** Largest request body the server reads, in bytes (a larger one answers 413). */
export const MAX_BODY_BYTES = 1_048_576;
/** Default page of `GET /api/messages`. */
export const MESSAGES_DEFAULT_LIMIT = 200;
/** The largest `limit` accepted by `GET /api/messages`. */
export const MESSAGES_MAX_LIMIT = 1_000;
/**
 * Characters of a message's content in a list of the history; the list says when it cut one
 * (`contentTruncated`), and `GET /api/messages/:id` has the whole message.
 */
export const MESSAGE_PREVIEW_CHARS = 1_000;
/**
 * Response header of `GET /api/messages` (and `GET /api/reports`) holding the cursor of the next
 * page (pass it back as `before`); absent on the last page. A page ends at `limit` messages or
 * at the server's byte budget, whichever comes first.
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
/**
 * Optional request header of `POST /api/scan/text` and `POST /api/scan/url`: a repeat of the
 * request with the same key (from the same user, within 24 hours) answers the first result and
 * stores nothing new; the same key with another body is 409 `IDEMPOTENCY_KEY_REUSED`. The key is
 * 1 to {@link MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters, e.g. a random UUID, bare or
 * as a quoted string.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Longest Idempotency-Key accepted. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;
/**
 * Optional request header naming the client's IANA time zone (`Europe/Paris`), UTC when absent:
 * the daily scan limit counts the scans of the person's own day, from their local midnight.
 * Read by `POST /api/scan/text`, `POST /api/scan/url` and `GET /api/scan-usage`; a zone the
 * server does not know is 400 `VALIDATION_FAILED`, naming the header. The web client sends it
 * with every request.
 */
export const TIME_ZONE_HEADER = 'X-Time-Zone';
/** Longest time zone name accepted (the longest IANA name is 32 characters). */
export const MAX_TIME_ZONE_LENGTH = 64;
/** The home dashboard window in days (spec section 9). */
export const DASHBOARD_WINDOW_DAYS = 30;
/** Recent alerts shown on the home screen (spec section 9). */
export const RECENT_ALERTS_LIMIT = 5;

/** Longest assistant question accepted, in characters (a pasted email fits). */
export const MAX_ASSISTANT_QUERY_LENGTH = 20_000;
/** Earlier turns sent with a question, at most. */
export const MAX_ASSISTANT_HISTORY = 12;

/** Password length bounds (issue 5). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Longest email address accepted (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/**
 * The shape of an email address the server accepts (zod's `z.email()` pattern, which the
 * contract uses), for a form to check as the person types without shipping zod.
 */
export const EMAIL_ADDRESS_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Support form bounds (spec sections 5 and 9; the name and subject bounds are ours). */
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;
export const SUPPORT_MESSAGE_MAX_LENGTH = 1000;
export const SUPPORT_NAME_MAX_LENGTH = 100;
export const SUPPORT_SUBJECT_MAX_LENGTH = 150;
/**
 * Support requests one person may send an hour (issue 17), the next 429; and confirmations one
 * mailbox is sent an hour, whoever typed it (a request past that is kept and goes to support, with
 * no confirmation).
 */
export const SUPPORT_REQUESTS_PER_HOUR = 5;
/** Support requests one client address (IPv6: its /64) may send an hour, however many people or guests it holds. */
export const SUPPORT_REQUESTS_PER_ADDRESS_PER_HOUR = 20;
/** Days a support request is kept (the Privacy Policy says 12 months); the retention job deletes older ones. */
export const SUPPORT_REQUEST_RETENTION_DAYS = 365;
/** Support hours as the spec words them (section 9), for the support pages and emails; the spec writes EST. */
export const SUPPORT_HOURS = [
  { days: 'Monday to Friday', hours: '9:00-17:00 EST' },
  { days: 'Saturday', hours: '10:00-14:00 EST' },
  { days: 'Sunday', hours: 'Closed' },
] as const;
/** Support answers an email in about this many hours (spec section 9). */
export const SUPPORT_EMAIL_RESPONSE_HOURS = 24;
/** The support form's issue types (spec section 5), the first the default. */
export const SUPPORT_ISSUE_TYPES = ['technical', 'billing', 'feature', 'security', 'other'] as const;
/** An issue type of the support form. */
export type SupportIssueType = (typeof SUPPORT_ISSUE_TYPES)[number];
/** How the form and the support emails name each issue type. */
export const SUPPORT_ISSUE_TYPE_LABELS: Readonly<Record<SupportIssueType, string>> = {
  technical: 'Technical issue',
  billing: 'Billing',
  feature: 'Feature request',
  security: 'Security concern',
  other: 'Other',
};

/** The Knowledge Base's category tabs after 'All' (spec section 2). */
export const KNOWLEDGE_BASE_CATEGORIES = ['General', 'Security', 'How-To', 'Account', 'Billing'] as const;
/** A Knowledge Base category. */
export type KnowledgeBaseCategory = (typeof KNOWLEDGE_BASE_CATEGORIES)[number];
/** Longest Knowledge Base search accepted, in characters. */
export const MAX_KNOWLEDGE_BASE_QUERY_LENGTH = 200;
/** The help pages kept as content (Markdown) and served by `GET /api/help-pages/:id`. */
export const HELP_PAGE_IDS = ['privacy-policy', 'terms-of-service', 'faq'] as const;
/** A help page's id. */
export type HelpPageId = (typeof HELP_PAGE_IDS)[number];

/** Validation messages shown to people (spec section 5). */
/** The source plugins (spec section 9). */
export const PLUGIN_IDS = ['sms', 'email', 'slack', 'social-media'] as const;
/** A source plugin's id. */
export type PluginId = (typeof PLUGIN_IDS)[number];
/** The platforms of the simulated social feed (spec section 3). */
export const SOCIAL_PLATFORMS = ['facebook', 'twitter', 'instagram', 'linkedin', 'tiktok', 'reddit'] as const;
/** A social platform. */
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
/** Default and largest `limit` of `GET /api/plugins/{id}/messages` (spec section 9: default 20). */
export const PLUGIN_MESSAGES_DEFAULT_LIMIT = 20;
export const PLUGIN_MESSAGES_MAX_LIMIT = 100;
/** Longest text of a plugin's configuration field (names, user names, host names). */
export const PLUGIN_FIELD_MAX_LENGTH = 200;
/** Where Slack's install ends: `/settings?tab=plugins&slack=` one of these. */
export const SLACK_INSTALL_RESULTS = ['connected', 'declined', 'failed', 'expired'] as const;
/** Minutes a code to confirm a phone number for the SMS plugin stays valid. */
export const SMS_CODE_MINUTES = 30;
/** The spec's plugin toasts and errors (section 8). */
export const PLUGIN_TEXT = {
  configured: 'Plugin configured',
  enabled: 'Plugin enabled',
  disabled: 'Plugin disabled',
  configureFailed: 'Failed to configure the plugin.',
  enableFailed: 'Failed to enable the plugin.',
  disableFailed: 'Failed to disable the plugin.',
  slackNotConfigured: 'Slack plugin not configured',
  socialNotConfigured: 'Social Media plugin not configured',
  scanFailed: 'Failed to scan message',
  scanError: 'Error scanning message',
  empty: 'No plugins found',
} as const;

export const VALIDATION_MESSAGES = {
  contentRequired: 'Please enter a message to scan.',
  contentTooLong: `Message is too long to scan (at most ${MAX_CONTENT_LENGTH.toLocaleString('en-US')} characters).`,
  urlInvalid: 'Please enter a valid URL starting with http:// or https://',
  urlTooLong: `URL is too long to scan (at most ${MAX_URL_LENGTH.toLocaleString('en-US')} characters).`,
  senderTooLong: `Sender is too long (at most ${MAX_SENDER_LENGTH} characters).`,
  emailInvalid: 'Please enter a valid email address.',
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordRequired: 'Please enter your password.',
  // the support form (spec section 5), word for word
  supportNameRequired: 'Name is required',
  supportNameTooLong: `Name must be at most ${SUPPORT_NAME_MAX_LENGTH} characters`,
  supportEmailInvalid: 'Please enter a valid email address',
  supportSubjectRequired: 'Subject is required',
  supportSubjectTooLong: `Subject must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`,
  supportMessageTooShort: 'Message must be at least 10 characters',
  supportMessageTooLong: 'Message must be less than 1000 characters',
  supportIssueTypeRequired: 'Please select an issue type',
} as const;

/** True when `value` parses as an absolute http: or https: URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Time zones already found real by {@link isTimeZone}. */
const knownTimeZones = new Set<string>();

/** True when `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  // Intl reads zone names in any case: remembered in lower case, so spellings cannot fill the set
  const key = tz.toLowerCase();
  if (knownTimeZones.has(key)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  // building a formatter is the costly part (every dashboard's request checks its zone): a zone
  // found once is remembered; only real zones, a few hundred spellings, and at most 1,000
  if (knownTimeZones.size < 1000) knownTimeZones.add(key);
  return true;
}

/** What an alert is about (issue 19): the spec's push types, then the other notification types. */
export const ALERT_TYPES = ['phishing_alert', 'security_update', 'suspicious_content', 'tips_and_education'] as const;
/** A native app's platform (spec section 3: native platforms are ios or android). */
export const DEVICE_PLATFORMS = ['ios', 'android'] as const;
/** Notifications a list answers unless asked for another number. */
export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
/** The most notifications one list answers. */
export const NOTIFICATIONS_MAX_LIMIT = 100;
/** The events of `GET /api/notifications/stream`: a new or changed notification (data: a Notification), and the unread count (data: `{ unread }`). */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', unread: 'unread' } as const;
/** How long the notification pop-up shows (spec section 4), in ms. */
export const NOTIFICATION_POPUP_MS = 5000;

/** An HTTP method the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The method and path (Fastify style, `:id`) of every endpoint. Paths are the spec's (section 7);
 * the reports, blocked-senders, protection-status and health endpoints are ours.
 */
export const API_ROUTES = {
  scanText: { method: 'POST', path: '/api/scan/text' },
  scanUrl: { method: 'POST', path: '/api/scan/url' },
  messageStats: { method: 'GET', path: '/api/message-stats' },
  listMessages: { method: 'GET', path: '/api/messages' },
  // not in the spec: one whole message, for a history entry opened in full
  getMessage: { method: 'GET', path: '/api/messages/:id' },
  deleteMessage: { method: 'DELETE', path: '/api/messages/:id' },
  getProtectionSettings: { method: 'GET', path: '/api/protection-settings' },
  patchProtectionSettings: { method: 'PATCH', path: '/api/protection-settings' },
  protectionStatus: { method: 'GET', path: '/api/protection-status' },
  createReport: { method: 'POST', path: '/api/reports' },
  listReports: { method: 'GET', path: '/api/reports' },
  listBlockedSenders: { method: 'GET', path: '/api/blocked-senders' },
  createBlockedSender: { method: 'POST', path: '/api/blocked-senders' },
  deleteBlockedSender: { method: 'DELETE', path: '/api/blocked-senders/:id' },
  health: { method: 'GET', path: '/api/health' },
  listPlugins: { method: 'GET', path: '/api/plugins' },
  assistantChat: { method: 'POST', path: '/api/assistant/chat' },
  // not in the spec: accounts (issue 5)
  me: { method: 'GET', path: '/api/auth/me' },
  signUp: { method: 'POST', path: '/api/auth/sign-up' },
  signIn: { method: 'POST', path: '/api/auth/sign-in' },
  signOut: { method: 'POST', path: '/api/auth/sign-out' },
  changePassword: { method: 'POST', path: '/api/auth/change-password' },
  // not in the spec: your data (issue 21)
  deleteAccount: { method: 'POST', path: '/api/auth/delete-account' },
  exportMyData: { method: 'GET', path: '/api/account/export' },
  // the spec keeps these in the browser; ours are the account's, so alerts the server sends respect them
  getNotificationPreferences: { method: 'GET', path: '/api/notification-preferences' },
  patchNotificationPreferences: { method: 'PATCH', path: '/api/notification-preferences' },
  // not in the spec: the server administrator's threat feeds (loopback and the admin token only)
  listFeeds: { method: 'GET', path: '/api/admin/feeds' },
  importFeed: { method: 'POST', path: '/api/admin/feeds/import' },
  // not in the spec: a dump of the embedded database, for npm run backup (issue 21)
  backupDatabase: { method: 'GET', path: '/api/admin/backup' },
  // plans and payments (issue 16): the spec's two calls, then ours
  getSubscription: { method: 'GET', path: '/api/subscription' },
  createCheckoutSession: { method: 'POST', path: '/api/create-checkout-session' },
  stripeWebhook: { method: 'POST', path: '/api/stripe/webhook' },
  billingPortal: { method: 'POST', path: '/api/subscription/portal' },
  cancelSubscription: { method: 'POST', path: '/api/subscription/cancel' },
  resumeSubscription: { method: 'POST', path: '/api/subscription/resume' },
  getTestCheckout: { method: 'GET', path: '/api/test-checkout/:id' },
  // the plan rules (issue 16): scans left today on a plan with a daily limit
  scanUsage: { method: 'GET', path: '/api/scan-usage' },
  completeTestCheckout: { method: 'POST', path: '/api/test-checkout/:id/complete' },
  cancelTestCheckout: { method: 'POST', path: '/api/test-checkout/:id/cancel' },
  // the Family plan (issue 16): the manager's family, invitations, members, dashboard, parental controls
  getFamily: { method: 'GET', path: '/api/family' },
  createFamilyInvitation: { method: 'POST', path: '/api/family/invitations' },
  deleteFamilyInvitation: { method: 'DELETE', path: '/api/family/invitations/:id' },
  previewFamilyInvitation: { method: 'POST', path: '/api/family/invitations/preview' },
  joinFamily: { method: 'POST', path: '/api/family/join' },
  leaveFamily: { method: 'POST', path: '/api/family/leave' },
  removeFamilyMember: { method: 'DELETE', path: '/api/family/members/:userId' },
  setFamilyMemberProtection: { method: 'PATCH', path: '/api/family/members/:userId/protection' },
  familyDashboard: { method: 'GET', path: '/api/family/dashboard' },
  // help and support (issue 17): the spec's call, then ours
  contactSupport: { method: 'POST', path: '/api/contact-support' },
  contactSupportInfo: { method: 'GET', path: '/api/contact-support' },
  listKnowledgeBaseArticles: { method: 'GET', path: '/api/knowledge-base/articles' },
  getKnowledgeBaseArticle: { method: 'GET', path: '/api/knowledge-base/articles/:id' },
  voteKnowledgeBaseArticle: { method: 'POST', path: '/api/knowledge-base/articles/:id/vote' },
  getHelpPage: { method: 'GET', path: '/api/help-pages/:id' },
  // source plugins (issue 18): the spec's calls, then the sources' own webhooks
  enablePlugin: { method: 'POST', path: '/api/plugins/:id/enable' },
  disablePlugin: { method: 'POST', path: '/api/plugins/:id/disable' },
  authPlugin: { method: 'POST', path: '/api/plugins/:id/auth' },
  configurePlugin: { method: 'POST', path: '/api/plugins/:id/configure' },
  pluginMessages: { method: 'GET', path: '/api/plugins/:id/messages' },
  disconnectPlugin: { method: 'POST', path: '/api/plugins/:id/disconnect' },
  smsInbound: { method: 'POST', path: '/api/plugins/sms/inbound' },
  slackEvents: { method: 'POST', path: '/api/plugins/slack/events' },
  slackOAuthCallback: { method: 'GET', path: '/api/plugins/slack/oauth/callback' },
  // real-time alerts (issue 19): the spec's device-token call, then ours
  registerDeviceToken: { method: 'POST', path: '/api/device-tokens' },
  listNotifications: { method: 'GET', path: '/api/notifications' },
  notificationStream: { method: 'GET', path: '/api/notifications/stream' },
  notificationChannels: { method: 'GET', path: '/api/notifications/channels' },
  markNotificationRead: { method: 'POST', path: '/api/notifications/:id/read' },
  markAllNotificationsRead: { method: 'POST', path: '/api/notifications/read-all' },
  sendAlertEmailConfirmation: { method: 'POST', path: '/api/notifications/email/confirmation' },
  confirmAlertEmail: { method: 'POST', path: '/api/notifications/email/confirm' },
  subscribePush: { method: 'POST', path: '/api/push-subscriptions' },
  unsubscribePush: { method: 'DELETE', path: '/api/push-subscriptions' },
  // on-device scanning (issue 20): the verdicts of scans made on a device, without their content
  syncDeviceScans: { method: 'POST', path: '/api/device-scans' },
  deleteDeviceScan: { method: 'DELETE', path: '/api/device-scans/:id' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

/** The name of an endpoint. */
export type EndpointName = keyof typeof API_ROUTES;

/** Fills `:param` placeholders of an endpoint path, URL-encoding each value. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Verdicts one `POST /api/device-scans` may carry: a device that was offline for a while sends its backlog in pages of this size. */
export const MAX_DEVICE_SCANS_PER_REQUEST = 100;

export * from './plans';
export * from './scan-answer';
export * from './reveal-hidden';

import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AlertType, MessageSource, PlanId, PluginId, ReportKind, SupportIssueType, ThreatDetails, ThreatLevel } from '@baitcheck/contracts';

/** An outside channel an alert goes out on (in the app, every alert is listed). */
export type AlertChannel = 'push' | 'email' | 'sms';
/** Where one delivery stands. */
export type AlertDeliveryStatus = 'pending' | 'sent' | 'failed' | 'held' | 'summarised' | 'skipped';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

const SOURCES = "'sms', 'email', 'social', 'slack', 'manual'";
const LEVELS = "'safe', 'suspicious', 'phishing'";

/**
 * Every visitor is a user. A guest row is created with the first session; a later sign-up
 * upgrades the same row (kind = 'account', email and password set), so a guest's history stays
 * theirs. `password_hash` is scrypt's (`scrypt$N$r$p$salt$key`, base64url parts).
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    kind: text('kind').$type<'guest' | 'account'>().notNull().default('guest'),
    email: text('email'),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    check('users_kind_check', sql`${t.kind} in ('guest', 'account')`),
    check('users_account_check', sql`${t.kind} = 'guest' or (${t.email} is not null and ${t.passwordHash} is not null)`),
  ],
);

/**
 * Notification preferences (spec section 3), one row per user once they change one; absent
 * means the defaults. Kept on the server (the spec keeps them in the browser) so alerts the
 * server sends can respect them.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phishingAlerts: boolean('phishing_alerts').notNull(),
    securityUpdates: boolean('security_updates').notNull(),
    suspiciousContent: boolean('suspicious_content').notNull(),
    tipsAndEducation: boolean('tips_and_education').notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull(),
    sensitivity: integer('sensitivity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('notification_preferences_sensitivity_check', sql`${t.sensitivity} between 1 and 5`)],
);

/** Server-side sessions. Only the SHA-256 of the cookie value is stored, so a DB leak is not a login. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Stored scans: the history. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'text' | 'url'>().notNull(),
    content: text('content').notNull(),
    sender: text('sender').notNull().default(''),
    source: text('source').$type<MessageSource>().notNull().default('manual'),
    threatLevel: text('threat_level').$type<ThreatLevel>().notNull(),
    score: real('score').notNull(),
    threatDetails: jsonb('threat_details').$type<ThreatDetails>().notNull(),
    scanDate: timestamp('scan_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_user_scan_date_idx').on(t.userId, t.scanDate.desc()),
    index('messages_user_level_scan_date_idx').on(t.userId, t.threatLevel, t.scanDate.desc()),
    // the retention job walks the history oldest first, across users
    index('messages_scan_date_idx').on(t.scanDate, t.id),
    check('messages_kind_check', sql`${t.kind} in ('text', 'url')`),
    check('messages_source_check', sql.raw(`source in (${SOURCES})`)),
    check('messages_threat_level_check', sql.raw(`threat_level in (${LEVELS})`)),
  ],
);

/**
 * The Idempotency-Key of each recent scan request (issue 14): a repeat of the request with the
 * same key answers `response` (the first answer) and stores nothing new. Per user; a row whose
 * `response` is null is a scan still running. The scan module keeps each user's newest 100 for
 * 24 hours and prunes the rest.
 */
export const scanRequestKeys = pgTable(
  'scan_request_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the endpoint and its validated body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('scan_request_keys_user_created_at_idx').on(t.userId, t.createdAt.desc()), index('scan_request_keys_created_at_idx').on(t.createdAt)],
);

/**
 * The scans counted against the daily limit (issue 16): one row per scan made on a plan with a
 * limit, whether or not it was saved to the history (deleting a scan gives no scan back). A row
 * is written before the scan runs, under a per-user lock, and removed again if the scan fails.
 * `key` and `request_hash` hold an unsaved scan's Idempotency-Key, so that a repeat of it is
 * not counted twice (a saved scan's repeat is answered by `scan_request_keys` and never counted).
 * The retention job drops rows once no day can count them (after three days).
 */
export const scanUsage = pgTable(
  'scan_usage',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    key: text('key'),
    requestHash: text('request_hash'),
  },
  (t) => [
    index('scan_usage_user_scanned_at_idx').on(t.userId, t.scannedAt),
    uniqueIndex('scan_usage_user_key').on(t.userId, t.key),
    index('scan_usage_scanned_at_idx').on(t.scannedAt),
  ],
);

/**
 * The verdict of a scan made on one of the user's devices (issue 20: on-device scanning). The
 * message stays on the device; the server keeps only what the dashboard counts, so counts follow
 * the person across devices. `id` is the device's own for the scan (a resend stores nothing new).
 */
export const deviceScans = pgTable(
  'device_scans',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    threatLevel: text('threat_level').$type<ThreatLevel>().notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('device_scans_user_scanned_at_idx').on(t.userId, t.scannedAt.desc()),
    // the retention job walks them oldest first, across users
    index('device_scans_scanned_at_idx').on(t.scannedAt),
    check('device_scans_threat_level_check', sql.raw(`threat_level in (${LEVELS})`)),
  ],
);

/**
 * How many scans each user has per quarter hour, by verdict: the history's (`messages`) and their
 * devices' (`device_scans`) together, kept by triggers on both tables (migration 0016_scan_counts)
 * in the transaction that adds, moves or removes the scans, whatever code path does it. The
 * dashboard's counts read these instead of counting the history, so their cost does not grow with
 * it (issue 21). A quarter hour, because every time zone's offset is a whole number of them: a
 * quarter hour belongs to one local day in any zone. A row whose counts all reach 0 is removed.
 */
export const scanCounts = pgTable(
  'scan_counts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The start of the quarter hour (UTC-aligned). */
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    safe: integer('safe').notNull().default(0),
    suspicious: integer('suspicious').notNull().default(0),
    phishing: integer('phishing').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bucket] })],
);

/**
 * How many messages each user's history holds, kept by triggers on `messages` (migration
 * 0017_history_sizes) like `scan_counts`: the history cap is checked before every save, and
 * counting a long history each time made a scan's cost grow with it (issue 21).
 */
export const historySizes = pgTable('history_sizes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messages: integer('messages').notNull().default(0),
});

/** One row per user once they change a switch; absent means the defaults. */
export const protectionSettings = pgTable('protection_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  smsProtection: boolean('sms_protection').notNull(),
  emailProtection: boolean('email_protection').notNull(),
  socialMediaProtection: boolean('social_media_protection').notNull(),
  onDeviceScanning: boolean('on_device_scanning').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * User feedback, kept for retraining. Content is copied so the report outlives the message
 * being deleted from the history.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: text('message_id').references(() => messages.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ReportKind>().notNull(),
    content: text('content').notNull(),
    sender: text('sender').notNull().default(''),
    source: text('source').$type<MessageSource>().notNull().default('manual'),
    threatLevel: text('threat_level').$type<ThreatLevel>(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_user_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('reports_message_id_idx').on(t.messageId),
    check('reports_kind_check', sql`${t.kind} in ('report', 'false_positive')`),
    check('reports_source_check', sql.raw(`source in (${SOURCES})`)),
    check('reports_threat_level_check', sql.raw(`threat_level is null or threat_level in (${LEVELS})`)),
  ],
);

/** Senders a user blocked. `sender_key` is the trimmed, lower-cased sender, unique per user. */
export const blockedSenders = pgTable(
  'blocked_senders',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    senderKey: text('sender_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('blocked_senders_user_sender_key').on(t.userId, t.senderKey)],
);

/**
 * Threat feeds the server imported (issue 4): one row per source, with the outcome of its last
 * import. A failed import records its error and leaves the source's entries as they were.
 */
export const threatFeedSources = pgTable('threat_feed_sources', {
  name: text('name').primaryKey(),
  /** Where the feed was read from (a file path or an http(s) address), as given. */
  location: text('location').notNull(),
  format: text('format').notNull(),
  entryCount: integer('entry_count').notNull().default(0),
  importedAt: timestamp('imported_at', { withTimezone: true }),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
});

/**
 * Known phishing hosts and URLs, by source. `kind` says how `key` matches: 'host' (a host and its
 * subdomains, `feedEntryKeys`) or 'url' (`feedUrlKey`, exact). An import replaces a source's
 * entries in one transaction, keeping `first_seen` of the entries it lists again.
 */
export const threatFeedEntries = pgTable(
  'threat_feed_entries',
  {
    source: text('source')
      .notNull()
      .references(() => threatFeedSources.name, { onDelete: 'cascade' }),
    kind: text('kind').$type<'host' | 'url'>().notNull(),
    key: text('key').notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.kind, t.key] }),
    index('threat_feed_entries_kind_key_idx').on(t.kind, t.key),
    check('threat_feed_entries_kind_check', sql`${t.kind} in ('host', 'url')`),
  ],
);

/**
 * Secrets the server makes once and keeps (the device cookies' HMAC key), in the database so they
 * survive restarts and every server on one PostgreSQL signs and checks with the same key.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's paid plan (issue 16), mirrored from the payment provider (Stripe, or the server's own
 * test checkout). One row per user once they start a checkout; absent means basic. The provider
 * is the source of truth: rows change only through provider events and the provider's answers
 * (`state_at` is the time of the newest state applied, so an older event arriving late is ignored).
 * `first_paid_at` is set once per account and never reset: the money-back window opens once.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'test'>().notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    plan: text('plan').$type<'basic' | 'premium' | 'family'>().notNull().default('basic'),
    status: text('status').notNull().default('none'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    firstPaidAt: timestamp('first_paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The subscription the money-back refund was for: while it still runs, a cancel with refund finishes without refunding again. */
    refundedSubscriptionId: text('refunded_subscription_id'),
    stateAt: timestamp('state_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_customer_key').on(t.provider, t.customerId),
    index('subscriptions_subscription_id_idx').on(t.subscriptionId),
    check('subscriptions_plan_check', sql`${t.plan} in ('basic', 'premium', 'family')`),
    check('subscriptions_provider_check', sql`${t.provider} in ('stripe', 'test')`),
  ],
);

/** Payment provider events already applied, by id: a replayed webhook changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the provider made the event. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_events_received_at_idx').on(t.receivedAt)],
);

/**
 * The server's own test checkout (no payment provider configured): each checkout a person opened,
 * and the subscriptions it made, standing in for the provider's side. No card is ever charged.
 */
export const testCheckouts = pgTable(
  'test_checkouts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').$type<'premium' | 'family'>().notNull(),
    fromPlan: text('from_plan').$type<'basic' | 'premium' | 'family'>().notNull(),
    status: text('status').$type<'open' | 'complete' | 'canceled'>().notNull().default('open'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('test_checkouts_user_created_at_idx').on(t.userId, t.createdAt.desc()), check('test_checkouts_status_check', sql`${t.status} in ('open', 'complete', 'canceled')`)],
);

/** A test checkout's subscription: the provider's side of a subscription, simulated. */
export const testSubscriptions = pgTable(
  'test_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    plan: text('plan').$type<'premium' | 'family'>().notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The (pretend) first payment: what a refund gives back. */
    paidCents: integer('paid_cents').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('test_subscriptions_user_id_idx').on(t.userId)],
);

/**
 * Families of the Family plan (issue 16): one per manager, founded with the manager's first
 * invitation. `adult_confirmed_at` is when the manager stated they are 18 or over (required to
 * found one). The family's plan is its manager's: members have it while the manager's own plan
 * is Family.
 */
export const families = pgTable('families', {
  id: id(),
  managerId: text('manager_id')
    .notNull()
    .unique('families_manager_id_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  adultConfirmedAt: timestamp('adult_confirmed_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * The members of a family, the manager not included. One family per person (`user_id` is the
 * key). `protection_managed`: the manager sets the member's protection switches, which the
 * member then only reads.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    protectionManaged: boolean('protection_managed').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_members_family_id_idx').on(t.familyId)],
);

/**
 * Invitations to a family. Only the SHA-256 of the link's token is kept, so the table leaks no
 * working link. An invitation is used once: `accepted_at` and `accepted_by` are set when someone
 * joins with it; a cancelled one is deleted. Unused ones past `expires_at` free their place.
 */
export const familyInvitations = pgTable(
  'family_invitations',
  {
    id: id(),
    familyId: text('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('family_invitations_token_hash_key').on(t.tokenHash), index('family_invitations_family_id_idx').on(t.familyId)],
);

/**
 * The invitation emails a manager sent, kept a day: an address is emailed at most once an hour
 * and a manager sends at most `FAMILY_INVITATION_EMAILS_PER_DAY` a day, so the server cannot be
 * made to flood a mailbox. Kept by manager, not by family: a family ended and founded again
 * (its rows gone with it) does not start the count afresh.
 */
export const familyInvitationEmails = pgTable(
  'family_invitation_emails',
  {
    id: id(),
    // the manager's, not the family's: ending a family and founding it again must not start the budget afresh
    managerId: text('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The mailbox emailed (lower case, no `+tag`): its sends are counted across managers. */
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('family_invitation_emails_manager_sent_at_idx').on(t.managerId, t.sentAt), index('family_invitation_emails_email_sent_at_idx').on(t.email, t.sentAt)],
);

/**
 * Requests sent with the Contact Support form (issue 17), kept for the support team whether or
 * not the emails went out. The person's user id goes when their account does (the request stays,
 * with the name and address they gave, until the retention job ends it).
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The address as counted for the hourly limit: lower case, no `+tag`. */
    mailbox: text('mailbox').notNull(),
    issueType: text('issue_type').$type<SupportIssueType>().notNull(),
    /** The subject as sent ('TECHNICAL: Scan button does nothing'). */
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The plan at the time of the request, and whether it came with priority support. */
    plan: text('plan').$type<PlanId>().notNull(),
    priority: boolean('priority').notNull(),
    /** Whether the SMTP server accepted the email to the support inbox, and the confirmation. */
    supportEmailSent: boolean('support_email_sent').notNull().default(false),
    confirmationSent: boolean('confirmation_sent').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_requests_user_created_at_idx').on(t.userId, t.createdAt),
    index('support_requests_mailbox_created_at_idx').on(t.mailbox, t.createdAt),
    check('support_requests_issue_type_check', sql`${t.issueType} in ('technical', 'billing', 'feature', 'security', 'other')`),
  ],
);

/** 'Was this article helpful?' (issue 17): one vote per person and Knowledge Base article, the latest kept. */
export const articleVotes = pgTable(
  'article_votes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: text('article_id').notNull(),
    helpful: boolean('helpful').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] }), index('article_votes_article_idx').on(t.articleId)],
);

/**
 * A person's source plugins (issue 18): one row per user and plugin once they configure it.
 * `settings` is what the API shows (never a secret); `secret` is the password or token,
 * AES-256-GCM encrypted (lib/secret-box.ts) and only ever written. `route_key` is how an
 * arriving message finds its person: the confirmed phone number of the SMS plugin (one account
 * per number). `state` is the plugin's progress (the inbox's UIDVALIDITY and last UID, the social
 * feed's last post, a phone number waiting for its code).
 */
export const pluginConnections = pgTable(
  'plugin_connections',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pluginId: text('plugin_id').$type<PluginId>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    connected: boolean('connected').notNull().default(false),
    settings: jsonb('settings').$type<Record<string, string | number | boolean>>().notNull().default({}),
    secret: text('secret'),
    routeKey: text('route_key'),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    problem: text('problem'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    /** Messages scanned since it was connected, and when the last one arrived (the Plugins tab). */
    scannedCount: integer('scanned_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.pluginId] }),
    uniqueIndex('plugin_connections_route_key_idx').on(t.pluginId, t.routeKey),
    check('plugin_connections_plugin_id_check', sql`${t.pluginId} in ('sms', 'email', 'slack', 'social-media')`),
  ],
);

/**
 * What plugins received (issue 18), in the order it arrived: kept first, then scanned, so a
 * message is never lost between its arrival and its scan (a restart scans what is waiting) and
 * never scanned twice (one row per source id; the scan and its History entry are made once per
 * row, through the scan's idempotency key). Once scanned, the text lives in History only
 * (`content` emptied): deleting it there deletes it everywhere.
 */
export const pluginMessages = pgTable(
  'plugin_messages',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pluginId: text('plugin_id').$type<PluginId>().notNull(),
    externalId: text('external_id').notNull(),
    content: text('content').notNull(),
    /** The whole email as it arrived (the email plugin), until it is scanned. */
    raw: text('raw'),
    sender: jsonb('sender').$type<{ id: string; name: string; handle: string }>().notNull(),
    metadata: jsonb('metadata').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    urls: jsonb('urls').$type<string[]>().notNull().default([]),
    status: text('status').$type<'waiting' | 'scanned' | 'skipped'>().notNull().default('waiting'),
    note: text('note'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    messageId: text('message_id').references(() => messages.id, { onDelete: 'set null' }),
    threatLevel: text('threat_level').$type<ThreatLevel>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('plugin_messages_external_id_idx').on(t.userId, t.pluginId, t.externalId),
    index('plugin_messages_user_plugin_received_idx').on(t.userId, t.pluginId, t.receivedAt.desc()),
    index('plugin_messages_waiting_idx').on(t.nextAttemptAt).where(sql`status = 'waiting'`),
    index('plugin_messages_message_idx').on(t.messageId),
    check('plugin_messages_status_check', sql`${t.status} in ('waiting', 'scanned', 'skipped')`),
  ],
);

/** Source events already handled (issue 18): a Slack event id, a reply posted in a thread. A replay finds its row and changes nothing. */
export const pluginEvents = pgTable(
  'plugin_events',
  {
    pluginId: text('plugin_id').$type<PluginId>().notNull(),
    eventId: text('event_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pluginId, t.eventId] }), index('plugin_events_created_at_idx').on(t.createdAt)],
);

const ALERT_TYPE_VALUES = "'phishing_alert', 'security_update', 'suspicious_content', 'tips_and_education'";

/**
 * Real-time alerts (issue 19): one row per alert told to a person, listed in the header and
 * delivered live. `dedupe_key` makes one alert per message (`message:{id}`), per account event,
 * per weekly tip. An alert about a History entry goes when the entry is deleted.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<AlertType>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    messageId: text('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    threatLevel: text('threat_level').$type<ThreatLevel>(),
    url: text('url').notNull(),
    count: integer('count').notNull().default(1),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
    index('notifications_message_idx').on(t.messageId),
    check('notifications_type_check', sql`${t.type} in (${sql.raw(ALERT_TYPE_VALUES)})`),
    check('notifications_count_check', sql`${t.count} >= 1`),
  ],
);

/**
 * One alert's delivery on one outside channel (push, email, sms): kept first, sent by the
 * delivery worker (claimed with a lease, retried with back-off), so a restart neither loses nor
 * repeats one. `held`: over the person's alert allowance, to be told in one summary instead.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: id(),
    notificationId: text('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<AlertChannel>().notNull(),
    status: text('status').$type<AlertDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the last attempt failed, for the log and the Notifications tab (never a secret). */
    note: text('note'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_deliveries_notification_channel_idx').on(t.notificationId, t.channel),
    index('alert_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('alert_deliveries_held_idx').on(t.userId, t.createdAt).where(sql`status = 'held'`),
    index('alert_deliveries_user_created_idx').on(t.userId, t.createdAt),
    check('alert_deliveries_channel_check', sql`${t.channel} in ('push', 'email', 'sms')`),
    check('alert_deliveries_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'held', 'summarised', 'skipped')`),
  ],
);

/** A browser's web push subscription (its endpoint is unique: the browser that registers it again moves it to whoever is signed in there). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The session that registered it: signed out (or signed out by a password change), it gets nothing more. */
    sessionHash: text('session_hash'),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** A native app's push token (spec section 3: token, platform), unique like a push endpoint. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    platform: text('platform').$type<'ios' | 'android'>().notNull(),
    /** The session that registered it, as for a push subscription. */
    sessionHash: text('session_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_tokens_token_idx').on(t.token),
    index('device_tokens_user_idx').on(t.userId),
    check('device_tokens_platform_check', sql`${t.platform} in ('ios', 'android')`),
  ],
);

/**
 * The address email alerts go to, confirmed by a link sent there (accounts are not verified, and
 * alerts must never go to someone else's inbox): one row per person, the token kept hashed.
 */
export const alertEmailConfirmations = pgTable('alert_email_confirmations', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The address confirmed or being confirmed (an account's email at the time). */
  email: text('email').notNull(),
  tokenHash: text('token_hash'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** Links sent in the current hour, and when that hour began (at most 3 an hour). */
  sentInHour: integer('sent_in_hour').notNull().default(0),
  hourStartedAt: timestamp('hour_started_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

/**
 * The per-client request limits' windows when the server runs on PostgreSQL (issue 21): the
 * table rate-limiter-flexible's Postgres store reads and writes (its own layout; it never creates
 * it), so every instance sharing the database counts in the same windows. `key` is the limit's
 * prefix and the session hash or client address; `expire` the window's end in epoch milliseconds.
 * On PGlite (one process) the windows are kept in memory and this table stays empty.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limit_windows_expire_idx').on(t.expire)],
);

/**
 * What the sign-in throttle keeps when the server runs on PostgreSQL (issue 21), so that every
 * instance sharing the database counts password guesses in the same windows
 * (modules/accounts/sign-in-throttle.ts says what the rows mean). Times are epoch milliseconds;
 * a row past `expires_at` is forgotten, and deleted by the next prune. On PGlite (one process)
 * the throttle keeps its rows in memory and this table stays empty.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    until: bigint('until', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('sign_in_throttle_expires_idx').on(t.expiresAt)],
);

import { z } from 'zod';

/**
 * The error catalogue: every code the API can answer with, its HTTP status and the default
 * sentence a person can act on. Codes are stable; clients switch on them, never on messages.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, message: 'Some of the information sent is not valid.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  NOT_FOUND: { status: 404, message: 'Nothing was found at this address.' },
  MESSAGE_NOT_FOUND: { status: 404, message: 'That message does not exist or is not yours.' },
  REPORT_NOT_FOUND: { status: 404, message: 'That report does not exist or is not yours.' },
  BLOCKED_SENDER_NOT_FOUND: { status: 404, message: 'That blocked sender does not exist or is not yours.' },
  INVALID_CREDENTIALS: { status: 401, message: 'The email or password is not right.' },
  NOT_SIGNED_IN: { status: 401, message: 'Sign in to your account first.' },
  CURRENT_PASSWORD_WRONG: { status: 403, message: 'Your current password is not right.' },
  FOREIGN_ORIGIN: { status: 403, message: 'This request came from another website and was refused.' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists. Sign in instead.' },
  ALREADY_SIGNED_IN: { status: 409, message: 'You are signed in to an account. Sign out first.' },
  ADMIN_ONLY: { status: 403, message: 'This address is for the server administrator, from the server machine with its admin token.' },
  FEED_IMPORT_FAILED: { status: 422, message: 'The threat feed could not be imported.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This address does not accept that method.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large (at most 1 MB).' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large. Clearing this site’s cookies usually fixes it.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive. Please try again.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON (Content-Type: application/json).' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  SCAN_LIMIT_REACHED: {
    status: 429,
    message: "You have used all of today's free scans on the Basic plan. They reset at midnight, your time. Premium has no daily limit: upgrade on the Upgrade page.",
  },
  REPORTS_LIMIT_REACHED: { status: 409, message: 'You have reached the most reports one person can keep. Thank you: the ones you sent are kept.' },
  BLOCKED_SENDERS_LIMIT_REACHED: { status: 409, message: 'Your blocked list is full. Unblock a sender you no longer need before blocking another.' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: 'This Idempotency-Key was already used for a different request. Send a new key with each new scan.' },
  ACCOUNT_REQUIRED: { status: 401, message: 'Create an account or sign in first: a payment needs an account, so your plan stays yours on every device.' },
  PLAN_STILL_ACTIVE: { status: 409, message: 'Your paid plan still renews. Cancel it on the Subscription page first, so you are not charged again, then delete your account.' },
  ALREADY_ON_PLAN: { status: 409, message: 'You are already on this plan.' },
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'You have no paid plan to change. Choose a plan on the Upgrade page.' },
  SUBSCRIPTION_REFUNDED: { status: 409, message: 'This plan was refunded, so it cannot be kept. Cancel it to finish ending it; you will not be refunded twice.' },
  CANCEL_AFTER_REFUND_FAILED: {
    status: 502,
    message: 'Your payment was refunded, but the payment service did not end your plan. Cancel again in a moment to finish: you will not be refunded twice.',
  },
  REFUND_WINDOW_CLOSED: { status: 409, message: 'The 14-day money-back window has closed. You can still cancel: your plan then ends when the period you paid for does.' },
  BILLING_PORTAL_UNAVAILABLE: { status: 409, message: 'This server takes test payments only: there is no card or invoice to manage. Cancel from this page instead.' },
  CHECKOUT_NOT_FOUND: { status: 404, message: 'This checkout does not exist, has expired or belongs to someone else. Start again from the Upgrade page.' },
  CHECKOUT_CLOSED: { status: 409, message: 'This checkout is already finished. Start again from the Upgrade page if you want another plan.' },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature is missing or does not match.' },
  WEBHOOK_EVENT_INVALID: { status: 400, message: 'The webhook event is not an event object with an id, a type, a time and data.object.' },
  PAYMENTS_UNAVAILABLE: { status: 502, message: 'The payment service did not answer. Nothing was charged; please try again in a moment.' },
  FAMILY_PLAN_REQUIRED: { status: 403, message: 'Inviting people needs the Family plan. Choose Family on the Upgrade page, then invite your family.' },
  FAMILY_ADULT_CONFIRMATION_REQUIRED: { status: 400, message: 'A family must be managed by someone 18 or over. Confirm that you are 18 or over to send your first invitation.' },
  FAMILY_INVITATION_TOO_SOON: {
    status: 429,
    message: 'This address was emailed an invitation less than an hour ago, or several today: no more are sent to it for now. Ask them to look in their inbox (and spam folder), or copy the link and send it yourself later.',
  },
  FAMILY_INVITATION_EMAILS_EXHAUSTED: { status: 429, message: 'You have sent 20 invitation emails in the last 24 hours, the most a day. Try again tomorrow, or copy the link instead.' },
  FAMILY_FULL: { status: 409, message: 'Your family is full: 5 people, counting you and the invitations still waiting. Remove a member or cancel an invitation first.' },
  FAMILY_INVITATION_NOT_FOUND: { status: 404, message: 'This invitation link is not valid: it may have been cancelled or copied only in part. Ask the person who invited you for a new one.' },
  FAMILY_INVITATION_USED: { status: 409, message: 'This invitation has already been used. Ask the person who invited you for a new one.' },
  FAMILY_INVITATION_EXPIRED: { status: 410, message: 'This invitation has expired: links work for 7 days. Ask the person who invited you to send a new one.' },
  FAMILY_OWN_INVITATION: { status: 409, message: 'This is an invitation to your own family. Send the link to the person you invited.' },
  FAMILY_ALREADY_IN_FAMILY: { status: 409, message: 'You are already in a family. Leave it on your Account page before joining another.' },
  FAMILY_ALREADY_MEMBER: { status: 409, message: 'This person is already in your family.' },
  FAMILY_PLAN_ENDED: { status: 409, message: "This family's plan has ended, so no one can join it now. Ask the person who invited you to renew their Family plan." },
  FAMILY_NOT_FOUND: { status: 404, message: 'You are not in a family.' },
  FAMILY_MANAGER_ONLY: { status: 403, message: "Only the family's manager can do this." },
  FAMILY_MEMBER_NOT_FOUND: { status: 404, message: 'That person is not a member of your family.' },
  FAMILY_HAS_MEMBERS: { status: 409, message: 'You manage this family: remove its members first, then you can end it.' },
  PROTECTION_MANAGED: { status: 403, message: 'Your family manager sets these protection switches. Ask them if one should change.' },
  SUPPORT_REQUESTS_LIMIT_REACHED: { status: 429, message: 'You have sent 5 support requests in the last hour, the most we take in an hour. The ones you sent are saved; please wait before sending another.' },
  ARTICLE_NOT_FOUND: { status: 404, message: 'This help article does not exist. It may have been renamed: search the Knowledge Base for it.' },
  HELP_PAGE_NOT_FOUND: { status: 404, message: 'This help page does not exist.' },
  PLUGIN_NOT_FOUND: { status: 404, message: 'There is no plugin with this name. The plugins are sms, email, slack and social-media.' },
  PLUGIN_NOT_CONNECTED: { status: 409, message: 'Connect this plugin before turning it on: open Configure and fill in its details.' },
  PLUGIN_UNAVAILABLE: { status: 409, message: 'This plugin is not set up on this server.' },
  PLUGIN_PLAN_REQUIRED: { status: 403, message: 'Social media protection is part of the Premium and Family plans. Choose one on the Upgrade page to connect a social account.' },
  ON_DEVICE_PLAN_REQUIRED: { status: 403, message: 'On-device scanning is part of the Premium and Family plans. Choose one on the Upgrade page to check messages on this device.' },
  PLUGIN_AUTH_FAILED: { status: 422, message: 'The sign-in details were not accepted.' },
  PLUGIN_NO_SIGN_IN: { status: 409, message: 'This plugin has no sign-in: open Configure and fill in its details.' },
  SOURCE_SIGNATURE_INVALID: { status: 403, message: 'This request is not signed by the service it claims to come from, so it was refused.' },
  DEVICE_SCAN_NOT_FOUND: { status: 404, message: 'That scan is not among the verdicts kept from your devices.' },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'There is no such notification. It may have been removed with its History entry.' },
  PUSH_ENDPOINT_REFUSED: { status: 400, message: "This browser's push service is not one Baitcheck sends to. Try another browser, or choose email alerts in Settings → Notifications." },
  ALERT_EMAIL_UNAVAILABLE: { status: 409, message: 'Email alerts need an account and a mail server set up on this server.' },
  ALERT_EMAIL_LINK_INVALID: { status: 400, message: 'This confirmation link has expired or was already used. Send a new one from Settings → Notifications.' },
  ALERT_EMAIL_LINKS_LIMIT_REACHED: { status: 429, message: 'We sent 3 confirmation links in the last hour. Look for them in your inbox (and spam folder), or try again later.' },
  PUSH_UNAVAILABLE: { status: 409, message: 'Push alerts are not set up on this server.' },
  TOO_MANY_STREAMS: { status: 429, message: 'Too many live connections are open (in your tabs and windows, or from your network). Close some and reload this one; alerts still show when you open the bell.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is starting or shutting down. Please try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

/** A stable error code from the catalogue. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Every error code. */
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** One field problem inside a `VALIDATION_FAILED` error. */
export const FieldIssueSchema = z.object({
  /** Dotted path of the field, e.g. `content` or `url`; empty for the whole body. */
  field: z.string(),
  message: z.string(),
});
/** A field problem. */
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** The body of every error response: `{ "error": { "code", "message", "details"? } }`. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.array(FieldIssueSchema).optional(),
    requestId: z.string().optional(),
  }),
});
/** An error response body. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Turns zod issues into field issues for a `VALIDATION_FAILED` error. */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}

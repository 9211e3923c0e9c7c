import { z } from 'zod';
import { PAID_PLAN_IDS, PLAN_IDS, SUBSCRIPTION_STATUSES, type PlanId } from './plans';

/** A plan's id as the API names it. */
export const PlanIdSchema = z.enum(PLAN_IDS as [PlanId, ...PlanId[]]);

/**
 * `GET /api/subscription` (spec section 3: plan, status, currentPeriodEnd; the rest is ours).
 * `plan` is the plan in effect: basic when there is no subscription or it has ended.
 */
export const SubscriptionSchema = z.object({
  plan: PlanIdSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** When the period paid for ends (ISO 8601): the renewal date, or the end date once cancelled. */
  currentPeriodEnd: z.string().nullable(),
  /** The plan ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  /** While the money-back window is open, when it closes (ISO 8601); null otherwise. */
  refundableUntil: z.string().nullable(),
  /** How this server takes payments: Stripe, or its own test checkout where no card is charged. */
  provider: z.enum(['stripe', 'test']),
  /** The money-back guarantee has been used on this account (it refunds once). */
  moneyBackUsed: z.boolean(),
  /** Scans a day on Basic on this server (`SCAN_LIMIT_PER_DAY`); null: no limit. */
  basicScansPerDay: z.number().int().positive().nullable(),
});
/** A user's subscription. */
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** `POST /api/create-checkout-session` body: the paid plan to move to (spec: identifiers exist for premium and family). */
export const CheckoutSessionRequestSchema = z
  .object({
    priceId: z.enum(PAID_PLAN_IDS, { error: `Unknown price: choose ${PAID_PLAN_IDS.join(' or ')}.` }),
  })
  .strict();
/** A checkout request. */
export type CheckoutSessionRequest = z.infer<typeof CheckoutSessionRequestSchema>;

/** Where the browser goes next (a hosted checkout, the billing portal, back to the app). */
export const RedirectResponseSchema = z.object({ url: z.string().min(1) });
/** A redirect answer. */
export type RedirectResponse = z.infer<typeof RedirectResponseSchema>;

/** `POST /api/subscription/cancel` body: a refund (within the money-back window) ends the plan now. */
export const CancelSubscriptionRequestSchema = z.object({ refund: z.boolean() }).strict();
/** A cancel request. */
export type CancelSubscriptionRequest = z.infer<typeof CancelSubscriptionRequestSchema>;

/** What cancelling answers: the subscription after it, and the amount refunded in cents (0 when none). */
export const CancelSubscriptionResponseSchema = z.object({
  subscription: SubscriptionSchema,
  refundedCents: z.number().int().min(0),
});
/** A cancel answer. */
export type CancelSubscriptionResponse = z.infer<typeof CancelSubscriptionResponseSchema>;

/** `GET /api/test-checkout/:id`: a checkout on this server's own test checkout page, where no card is charged. */
export const TestCheckoutSchema = z.object({
  id: z.string(),
  plan: PlanIdSchema,
  /** The plan the person is on now (a change of plan, not a first payment, when paid). */
  fromPlan: PlanIdSchema,
  price: z.number(),
  status: z.enum(['open', 'complete', 'canceled', 'expired']),
  expiresAt: z.string(),
});
/** A test checkout. */
export type TestCheckout = z.infer<typeof TestCheckoutSchema>;

/**
 * `GET /api/scan-usage`: the scans counted against today's limit, in the time zone of the
 * request's `X-Time-Zone` header (UTC when absent). `limit` and `remaining` are null on a plan
 * without a daily limit (Premium, Family) or when the server runs without one
 * (`SCAN_LIMIT_PER_DAY=0`).
 */
export const ScanUsageSchema = z.object({
  /** The plan in effect. */
  plan: PlanIdSchema,
  /** Scans a day on this plan; null: unlimited. */
  limit: z.number().int().positive().nullable(),
  /** Scans counted since the person's local midnight (only scans on a limited plan count). */
  used: z.number().int().min(0),
  /** Scans still allowed now; null: unlimited. */
  remaining: z.number().int().min(0).nullable(),
  /**
   * When the count next lets a scan through (ISO 8601): the next local midnight, or later when
   * the person changed time zones to scan more (at most twice the limit in any 24 hours).
   */
  resetsAt: z.string(),
  /** The time zone the day was counted in (its canonical name). */
  timeZone: z.string(),
});
/** Today's scans against the plan's daily limit. */
export type ScanUsage = z.infer<typeof ScanUsageSchema>;

/** `POST /api/stripe/webhook` answer. */
export const WebhookResponseSchema = z.object({ received: z.literal(true) });

import type { PaidPlanId, PlanId, SubscriptionStatus } from '@baitcheck/contracts';

/** A subscription as the payment provider holds it, in our terms. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  /** The paid plan its price is, or null for a price this server does not sell. */
  plan: PaidPlanId | null;
  currentPeriodEnd: Date | null;
  /** Ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: boolean;
  /** The user it was bought for, when the provider keeps it (our metadata). */
  userId: string | null;
}

/**
 * An event from the provider: Stripe's webhook events, or the test checkout's own, of the same
 * shape. `object` is the event's `data.object` as the provider sent it.
 */
export interface BillingEvent {
  id: string;
  type: string;
  created: Date;
  object: Record<string, unknown>;
}

/** Where a checkout starts from. */
export interface CheckoutRequest {
  userId: string;
  email: string;
  customerId: string;
  plan: PaidPlanId;
  fromPlan: PlanId;
  /** The person's paid subscription, when they have one: the checkout changes its plan. */
  current: ProviderSubscription | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A payment provider: Stripe, or the server's own test checkout. The billing service talks to
 * it only through this, so both take the same path from checkout to the plan in effect.
 */
export interface PaymentsProvider {
  readonly kind: 'stripe' | 'test';
  /** The customer to charge for `userId`: `existing` when there is one, else a new one. */
  ensureCustomer(input: { userId: string; email: string; existing: string | null }): Promise<string>;
  /** Opens a hosted checkout (or the confirmation of a change of plan) and answers its address. */
  startCheckout(request: CheckoutRequest): Promise<string>;
  /**
   * Ends the checkouts still open for the user (Stripe: their customer's), so that none can be
   * paid any more: the account is being deleted. Throws `PAYMENTS_UNAVAILABLE` when one could not
   * be ended.
   */
  expireOpenCheckouts(input: { userId: string; customerId: string | null }): Promise<void>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /** A subscription object as the provider's events carry it, in our terms. */
  subscriptionFromObject(object: Record<string, unknown>): ProviderSubscription;
  /** Ends a subscription now, or at its period's end. */
  cancelSubscription(id: string, options: { atPeriodEnd: boolean }): Promise<ProviderSubscription>;
  /** Takes back a cancel at period end. */
  resumeSubscription(id: string): Promise<ProviderSubscription>;
  /** Refunds the customer's payments made since `since` (the first payment, within the money-back window); answers the cents refunded. */
  refundPaymentsSince(input: { customerId: string; subscriptionId: string; since: Date }): Promise<number>;
  /** Refunds everything paid for one subscription (a second subscription bought by mistake); answers the cents refunded. */
  refundSubscription(subscriptionId: string): Promise<number>;
  /** The provider's page where the customer manages cards and invoices. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
}

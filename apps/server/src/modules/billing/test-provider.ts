import { PAID_PLAN_IDS, PLANS, type PaidPlanId } from '@baitcheck/contracts';
import type { PaymentsProvider, ProviderSubscription } from '../../adapters/payments/payments-provider.ts';
import { subscriptionFromStripeObject } from '../../adapters/payments/stripe-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BillingRepository, TestSubscriptionRow } from './billing.repository.ts';

/** How long a test checkout page stays open. */
export const TEST_CHECKOUT_TTL_MS = 30 * 60 * 1000;

/** The price ids of the test checkout's objects, as a Stripe price would name them. */
const TEST_PRICE = (plan: PaidPlanId) => `test_price_${plan}`;
const TEST_PRICES = new Map<string, PaidPlanId>(PAID_PLAN_IDS.map((p) => [TEST_PRICE(p), p]));

/** One month after `from` (the 31st of January gives the last day of February). */
export function addMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * A test subscription as a Stripe subscription object: the test checkout's events carry this, so
 * they take the webhook's path through the billing service unchanged.
 */
export function testSubscriptionObject(row: TestSubscriptionRow): Record<string, unknown> {
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customerId,
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    cancel_at: null,
    metadata: { userId: row.userId, plan: row.plan },
    items: { object: 'list', data: [{ id: `${row.id}_item`, current_period_end: Math.floor(row.currentPeriodEnd.getTime() / 1000), price: { id: TEST_PRICE(row.plan) } }] },
  };
}

/**
 * The server's own checkout, used when Stripe is not configured: the provider's side of each
 * subscription is kept in this server's database (`test_subscriptions`), no card is charged and
 * every "payment" is marked as a test. It renews by itself at the period's end (no charge) and
 * ends there when cancelled, as Stripe would.
 */
export function createTestPaymentsProvider(repo: BillingRepository, now: () => Date = () => new Date()): PaymentsProvider & { toObject(row: TestSubscriptionRow): Record<string, unknown> } {
  const fromRow = (row: TestSubscriptionRow): ProviderSubscription => subscriptionFromStripeObject(testSubscriptionObject(row), TEST_PRICES);

  async function load(id: string): Promise<TestSubscriptionRow> {
    let row = await repo.findTestSubscription(id);
    if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    const at = now();
    if (row.status === 'active' && row.currentPeriodEnd <= at) {
      if (row.cancelAtPeriodEnd) {
        row = (await repo.updateTestSubscription(id, { status: 'canceled', cancelAtPeriodEnd: false })) ?? row;
      } else {
        let end = row.currentPeriodEnd;
        while (end <= at) end = addMonth(end);
        row = (await repo.updateTestSubscription(id, { currentPeriodEnd: end })) ?? row;
      }
    }
    return row;
  }

  return {
    kind: 'test',
    toObject: testSubscriptionObject,

    async ensureCustomer({ existing }) {
      return existing ?? `test_cus_${crypto.randomUUID()}`;
    },

    async startCheckout(request) {
      // one open checkout per person, as with Stripe: one left open in another tab could be paid too
      await repo.expireOpenTestCheckouts(request.userId, now());
      const checkout = await repo.insertTestCheckout(request.userId, request.plan, request.fromPlan, new Date(now().getTime() + TEST_CHECKOUT_TTL_MS));
      return `/checkout/test/${checkout.id}`;
    },

    async expireOpenCheckouts({ userId }) {
      // ended in the database (they would go with the account's rows anyway)
      await repo.expireOpenTestCheckouts(userId, now());
    },

    async retrieveSubscription(id) {
      return fromRow(await load(id));
    },

    subscriptionFromObject: (object) => subscriptionFromStripeObject(object, TEST_PRICES),

    async cancelSubscription(id, { atPeriodEnd }) {
      await load(id);
      const row = await repo.updateTestSubscription(id, atPeriodEnd ? { cancelAtPeriodEnd: true } : { status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: now() });
      return fromRow(row!);
    },

    async resumeSubscription(id) {
      await load(id);
      const row = await repo.updateTestSubscription(id, { cancelAtPeriodEnd: false });
      return fromRow(row!);
    },

    async refundPaymentsSince({ subscriptionId, since }) {
      const row = await load(subscriptionId);
      if (row.refundedAt !== null || row.paidAt.getTime() < since.getTime() - 60_000) return 0;
      await repo.updateTestSubscription(subscriptionId, { refundedAt: now() });
      return row.paidCents;
    },

    async refundSubscription(subscriptionId) {
      const row = await repo.findTestSubscription(subscriptionId);
      if (!row || row.refundedAt !== null) return 0;
      await repo.updateTestSubscription(subscriptionId, { refundedAt: now() });
      return row.paidCents;
    },

    async portalUrl() {
      throw new AppError('BILLING_PORTAL_UNAVAILABLE');
    },
  };
}

/** The test checkout provider. */
export type TestPaymentsProvider = ReturnType<typeof createTestPaymentsProvider>;

/** A plan's monthly price in cents. */
export function priceCents(plan: PaidPlanId): number {
  return Math.round(PLANS[plan].price * 100);
}

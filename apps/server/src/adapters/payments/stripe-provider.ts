import Stripe from 'stripe';
import { z } from 'zod';
import { PAID_PLAN_IDS, SUBSCRIPTION_STATUSES, type PaidPlanId, type SubscriptionStatus } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { BillingEvent, CheckoutRequest, PaymentsProvider, ProviderSubscription } from './payments-provider.ts';

/** What the Stripe provider needs: the secret key, the price of each paid plan, the webhook secret. */
export interface StripeSettings {
  secretKey: string;
  prices: Record<PaidPlanId, string>;
  webhookSecret: string;
  /** Another API address (tests: a local peer on 127.0.0.1). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  timeoutMs?: number;
  /** Told why a Stripe call failed (the person reads only that the payment service did not answer). */
  onError?: (detail: string) => void;
}

/** What an id of Stripe's (`sub_…`, `cus_…`, `evt_…`) or ours (a user's UUID, `test_sub_…`) looks like: anything else is refused before it reaches SQL. */
const ID = /^[A-Za-z0-9_-]{1,255}$/;

/** `v` when it is a plausible id, else null. */
export const safeId = (v: unknown): string | null => (typeof v === 'string' && ID.test(v) ? v : null);

/** The id of a Stripe reference: an id string or an expanded object (null when it is neither, or not an id). */
export const idOf = (v: unknown): string | null => safeId(v !== null && typeof v === 'object' ? (v as { id?: unknown }).id : v);

/** A webhook event's envelope: what every event has, whatever its type. */
const EventEnvelopeSchema = z.object({
  id: z.string().regex(ID),
  type: z.string().regex(/^[a-z0-9_.]{1,100}$/),
  // Stripe's own time: after 2010 and not ahead of ours by more than a day (an event "from the
  // future" would make every real one after it look stale)
  created: z
    .number()
    .int()
    .min(1_262_304_000)
    .refine((s) => s * 1000 <= Date.now() + 24 * 60 * 60 * 1000),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * A Stripe subscription object (an API answer or an event's `data.object`) in our terms; `planOfPrice`
 * maps the price ids this server sells to plans (the `plan` metadata we set at checkout is the fallback).
 */
export function subscriptionFromStripeObject(object: Record<string, unknown>, planOfPrice: ReadonlyMap<string, PaidPlanId>): ProviderSubscription {
  const sub = object as unknown as Stripe.Subscription;
  const item = sub.items?.data?.[0];
  const metadata = (sub.metadata ?? {}) as Record<string, string>;
  const fromPrice = item?.price?.id ? planOfPrice.get(item.price.id) : undefined;
  const fromMetadata = (PAID_PLAN_IDS as readonly string[]).includes(metadata.plan ?? '') ? (metadata.plan as PaidPlanId) : undefined;
  // since API version 2025-03-31 the period lives on the items; older payloads had it on the subscription
  const periodEnd = item?.current_period_end ?? (object.current_period_end as number | undefined);
  const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status) ? (sub.status as SubscriptionStatus) : 'incomplete';
  return {
    id: safeId(sub.id) ?? '',
    customerId: idOf(sub.customer) ?? '',
    status,
    plan: fromPrice ?? fromMetadata ?? null,
    currentPeriodEnd: typeof periodEnd === 'number' ? new Date(periodEnd * 1000) : null,
    // the portal may set cancel_at (a date) rather than cancel_at_period_end
    cancelAtPeriodEnd: sub.cancel_at_period_end === true || (typeof sub.cancel_at === 'number' && sub.status !== 'canceled'),
    userId: safeId(metadata.userId),
  };
}

/** Stripe through the official package: Checkout in subscription mode, the customer portal, refunds. */
export function createStripeProvider(settings: StripeSettings): PaymentsProvider & { verifyWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent } {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: settings.timeoutMs ?? 10_000,
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });
  const planOfPrice = new Map<string, PaidPlanId>(PAID_PLAN_IDS.map((p) => [settings.prices[p], p]));

  /**
   * One Stripe call. Stripe's "no such object" (404) is not an outage: it is `missing` when the
   * caller names what it means (a subscription deleted on Stripe's side), else the outage error.
   */
  async function call<T>(what: string, fn: () => Promise<T>, missing?: 'SUBSCRIPTION_NOT_FOUND'): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      settings.onError?.(`${what}: ${err instanceof Error ? err.message : String(err)}`);
      if (missing && err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) throw new AppError(missing);
      throw new AppError('PAYMENTS_UNAVAILABLE');
    }
  }

  const subscriptionFromObject = (object: Record<string, unknown>) => subscriptionFromStripeObject(object, planOfPrice);

  /**
   * Expires the customer's open Checkout Sessions. One that could not be expired is logged and,
   * when `strict`, throws `PAYMENTS_UNAVAILABLE`; one Stripe refuses as no longer open (paid or
   * expired meanwhile) has nothing left to end.
   */
  async function expireOpenSessions(customerId: string, strict: boolean): Promise<void> {
    const open = await call('checkout.sessions.list', () => stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 }));
    for (const stale of open.data) {
      await stripe.checkout.sessions.expire(stale.id).catch((err: unknown) => {
        settings.onError?.(`checkout.sessions.expire ${stale.id}: ${err instanceof Error ? err.message : String(err)}`);
        if (strict && !(err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 400)) throw new AppError('PAYMENTS_UNAVAILABLE');
      });
    }
  }

  return {
    kind: 'stripe',

    async ensureCustomer({ userId, email, existing }) {
      if (existing) return existing;
      const customer = await call('customers.create', () => stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `customer-${userId}` }));
      return customer.id;
    },

    async startCheckout(request: CheckoutRequest) {
      const price = settings.prices[request.plan];
      if (request.current) {
        // a change of plan: Stripe's own confirmation page for the subscription the person has
        const current = await call('subscriptions.retrieve', () => stripe.subscriptions.retrieve(request.current!.id));
        const item = current.items.data[0];
        if (!item) throw new AppError('PAYMENTS_UNAVAILABLE');
        const session = await call('billingPortal.sessions.create', () =>
          stripe.billingPortal.sessions.create({
            customer: request.customerId,
            return_url: request.cancelUrl,
            flow_data: {
              type: 'subscription_update_confirm',
              subscription_update_confirm: { subscription: current.id, items: [{ id: item.id, price, quantity: 1 }] },
              after_completion: { type: 'redirect', redirect: { return_url: request.successUrl } },
            },
          }),
        );
        return session.url;
      }
      // one open checkout per person: a checkout left open in another tab could otherwise be
      // paid too, and make a second subscription for the same plan
      await expireOpenSessions(request.customerId, false);
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: request.customerId,
          client_reference_id: request.userId,
          line_items: [{ price, quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: { userId: request.userId, plan: request.plan },
          subscription_data: { metadata: { userId: request.userId, plan: request.plan } },
        }),
      );
      if (!session.url) throw new AppError('PAYMENTS_UNAVAILABLE');
      return session.url;
    },

    async expireOpenCheckouts({ customerId }) {
      // no customer, no checkout: one is made before its first checkout opens
      if (customerId) await expireOpenSessions(customerId, true);
    },

    async retrieveSubscription(id) {
      const sub = await call('subscriptions.retrieve', () => stripe.subscriptions.retrieve(id), 'SUBSCRIPTION_NOT_FOUND');
      return subscriptionFromObject(sub as unknown as Record<string, unknown>);
    },

    subscriptionFromObject,

    async cancelSubscription(id, { atPeriodEnd }) {
      const sub = atPeriodEnd
        ? await call('subscriptions.update', () => stripe.subscriptions.update(id, { cancel_at_period_end: true }))
        : await call('subscriptions.cancel', () => stripe.subscriptions.cancel(id));
      return subscriptionFromObject(sub as unknown as Record<string, unknown>);
    },

    async resumeSubscription(id) {
      const sub = await call('subscriptions.update', () => stripe.subscriptions.update(id, { cancel_at_period_end: false }));
      return subscriptionFromObject(sub as unknown as Record<string, unknown>);
    },

    async refundPaymentsSince({ customerId, since }) {
      const charges = await call('charges.list', () => stripe.charges.list({ customer: customerId, created: { gte: Math.floor(since.getTime() / 1000) - 60 }, limit: 10 }));
      let refunded = 0;
      for (const charge of charges.data) {
        const left = charge.amount - charge.amount_refunded;
        if (charge.status !== 'succeeded' || !charge.paid || left <= 0) continue;
        await call('refunds.create', () => stripe.refunds.create({ charge: charge.id }, { idempotencyKey: `refund-${charge.id}` }));
        refunded += left;
      }
      return refunded;
    },

    async refundSubscription(subscriptionId) {
      // the subscription's paid invoices and, on each, the payments made
      const invoices = await call('invoices.list', () => stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 10, expand: ['data.payments'] }));
      let refunded = 0;
      for (const invoice of invoices.data) {
        for (const payment of invoice.payments?.data ?? []) {
          const intent = idOf(payment.payment.payment_intent);
          if (payment.status !== 'paid' || !intent) continue;
          const refund = await call('refunds.create', () => stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${intent}` }));
          refunded += refund.amount;
        }
      }
      return refunded;
    },

    async portalUrl(customerId, returnUrl) {
      const session = await call('billingPortal.sessions.create', () => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return session.url;
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      // signed by Stripe, but still checked: the handlers read these fields and nothing else
      const envelope = EventEnvelopeSchema.safeParse(event);
      if (!envelope.success) throw new AppError('WEBHOOK_EVENT_INVALID');
      const { id, type, created, data } = envelope.data;
      return { id, type, created: new Date(created * 1000), object: data.object };
    },
  };
}

/** The Stripe provider with its webhook check. */
export type StripeProvider = ReturnType<typeof createStripeProvider>;

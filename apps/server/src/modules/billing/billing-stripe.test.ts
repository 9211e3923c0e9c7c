import Stripe from 'stripe';
import { SubscriptionSchema } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { DATABASES } from '../../test/databases.ts';
import { makeVisitor, type Visitor } from '../../test/harness.ts';
import { startStripePeer, type StripePeer } from '../../test/stripe-peer.ts';

const WEBHOOK_SECRET = 'whsec_test_baitcheck';
const PRICES = { premium: 'price_premium_test', family: 'price_family_test' };
// only for signing test events the way Stripe does; it never sends a request
const signer = new Stripe('sk_test_signer');
let addresses = 0;

for (const factory of DATABASES) {
  describe(`plans and payments through Stripe (a local peer) [${factory.name}]`, () => {
    let peer: StripePeer;
    let database: Database;
    let app: FastifyInstance;
    beforeAll(async () => {
      peer = await startStripePeer();
      database = await factory.open();
      app = await buildApp({
        config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', stripe: { secretKey: 'sk_test_baitcheck', prices: PRICES, webhookSecret: WEBHOOK_SECRET, api: { host: '127.0.0.1', port: peer.port, protocol: 'http' } } },
        database,
        logger: false,
      });
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await peer?.close();
    });

    const visitor = () => makeVisitor(app, { remoteAddress: `203.0.113.${++addresses % 250}` });
    const subscriptionOf = async (v: Visitor) => SubscriptionSchema.parse((await v.get('/api/subscription')).json());
    let eventSeq = 0;
    /** Posts a webhook event signed as Stripe signs it; `sign` false sends it with a forged signature. */
    function sendEvent(type: string, object: Record<string, unknown>, options: { created?: number; id?: string; sign?: 'ok' | 'forged' | 'none'; tamper?: boolean } = {}) {
      const id = options.id ?? `evt_test_${++eventSeq}`;
      const payload = JSON.stringify({ id, object: 'event', type, created: options.created ?? Math.floor(Date.now() / 1000), livemode: false, data: { object } });
      const signature = options.sign === 'forged' ? signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }) : signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.sign !== 'none') headers['stripe-signature'] = signature;
      const sent = options.tamper ? payload.replace('"livemode":false', '"livemode":true') : payload;
      return app.inject({ method: 'POST', url: '/api/stripe/webhook', headers, payload: sent });
    }

    /** Signs up, starts a checkout for `plan` and pays it on "Stripe": answers the visitor, the user id and the subscription id. */
    async function subscribe(plan: 'premium' | 'family' = 'premium') {
      const v = visitor();
      expect((await v.post('/api/auth/sign-up', { email: `s${++addresses}@example.com`, password: 'correct horse battery' })).statusCode).toBe(201);
      const res = await v.post('/api/create-checkout-session', { priceId: plan });
      expect(res.statusCode).toBe(200);
      const url: string = res.json().url;
      const sessionId = url.split('/').pop()!;
      const session = peer.completeCheckout(sessionId, plan === 'premium' ? 799 : 1499);
      expect((await sendEvent('checkout.session.completed', session)).statusCode).toBe(200);
      return { v, userId: session.client_reference_id as string, subscriptionId: session.subscription as string, customerId: session.customer as string };
    }

    it('creates a Checkout Session in subscription mode for the plan, with the customer reused per account', async () => {
      const v = visitor();
      await v.post('/api/auth/sign-up', { email: `c${++addresses}@example.com`, password: 'correct horse battery' });
      const before = peer.requests.length;
      const res = await v.post('/api/create-checkout-session', { priceId: 'family' });
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      const made = peer.requests.slice(before);
      expect(made.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
      expect(made[0]!.authorization).toBe('Bearer sk_test_baitcheck');
      const form = made[1]!.form;
      expect(form).toMatchObject({ mode: 'subscription', 'line_items[0][price]': PRICES.family, 'line_items[0][quantity]': '1', 'metadata[plan]': 'family', 'subscription_data[metadata][plan]': 'family' });
      expect(form.customer).toMatch(/^cus_/);
      expect(form.client_reference_id).toBe(form['metadata[userId]']);
      expect(form.success_url).toMatch(/^http:\/\/localhost(:80)?\/subscription\?success=true$/);
      expect(form.cancel_url).toMatch(/\/subscription\?canceled=true$/);

      // a second attempt (the person came back) reuses the customer
      const again = peer.requests.length;
      expect((await v.post('/api/create-checkout-session', { priceId: 'premium' })).statusCode).toBe(200);
      expect(peer.requests.slice(again).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/checkout/sessions']);
      expect(peer.requests.at(-1)!.form.customer).toBe(form.customer);
      // nothing is paid yet
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'basic', status: 'none', provider: 'stripe' });
    });

    it('applies checkout.session.completed: the plan, its period from Stripe, the refund window', async () => {
      const { v } = await subscribe('premium');
      const sub = await subscriptionOf(v);
      expect(sub).toMatchObject({ plan: 'premium', status: 'active', cancelAtPeriodEnd: false, provider: 'stripe' });
      expect(Math.abs(new Date(sub.currentPeriodEnd!).getTime() - (Date.now() + 30 * 86_400_000))).toBeLessThan(5_000);
      expect(sub.refundableUntil).not.toBeNull();
    });

    it('applies each event once: a replay after a later change does not undo it', async () => {
      const { v, subscriptionId } = await subscribe('premium');
      const updated = peer.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
      expect((await sendEvent('customer.subscription.updated', updated, { id: 'evt_replayed' })).statusCode).toBe(200);
      expect((await subscriptionOf(v)).cancelAtPeriodEnd).toBe(true);
      peer.updateSubscription(subscriptionId, { cancelAtPeriodEnd: false });
      const resumed = peer.subscriptionObject(subscriptionId);
      await sendEvent('customer.subscription.updated', resumed);
      expect((await subscriptionOf(v)).cancelAtPeriodEnd).toBe(false);
      // Stripe retries the first event: it is the same event, already applied
      expect((await sendEvent('customer.subscription.updated', updated, { id: 'evt_replayed' })).statusCode).toBe(200);
      expect((await subscriptionOf(v)).cancelAtPeriodEnd).toBe(false);
    });

    it('ignores an event older than the state it holds (events arrive out of order)', async () => {
      const { v, subscriptionId } = await subscribe('premium');
      const t = Math.floor(Date.now() / 1000) + 60;
      const deleted = peer.updateSubscription(subscriptionId, { status: 'canceled' });
      expect((await sendEvent('customer.subscription.deleted', deleted, { created: t + 10 })).statusCode).toBe(200);
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'basic', status: 'canceled' });
      // an update made before the deletion arrives late
      const stale = { ...deleted, status: 'active' };
      expect((await sendEvent('customer.subscription.updated', stale, { created: t })).statusCode).toBe(200);
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'basic', status: 'canceled' });
    });

    it('keeps the money-back window when the checkout event arrives after a later update', async () => {
      const v = visitor();
      await v.post('/api/auth/sign-up', { email: `late${++addresses}@example.com`, password: 'correct horse battery' });
      const sessionId = ((await v.post('/api/create-checkout-session', { priceId: 'premium' })).json().url as string).split('/').pop()!;
      const session = peer.completeCheckout(sessionId, 799);
      const t = Math.floor(Date.now() / 1000);
      expect((await sendEvent('customer.subscription.updated', peer.subscriptionObject(session.subscription as string), { created: t + 5 })).statusCode).toBe(200);
      expect((await sendEvent('checkout.session.completed', session, { created: t })).statusCode).toBe(200);
      const sub = await subscriptionOf(v);
      expect(sub).toMatchObject({ plan: 'premium', status: 'active' });
      expect(sub.refundableUntil).not.toBeNull();
    });

    it('refuses a forged, unsigned or altered event with 400 and changes nothing', async () => {
      const { v, subscriptionId } = await subscribe('premium');
      const deleted = { ...peer.subscriptionObject(subscriptionId), status: 'canceled' };
      for (const options of [{ sign: 'forged' as const }, { sign: 'none' as const }, { tamper: true }]) {
        const res = await sendEvent('customer.subscription.deleted', deleted, { ...options, created: Math.floor(Date.now() / 1000) + 3600 });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
      }
      const junk = await app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' }, payload: 'not json at all' });
      expect(junk.statusCode).toBe(400);
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'premium', status: 'active' });
    });

    it('keeps the plan while a failed payment is retried, and says so', async () => {
      const { v, subscriptionId } = await subscribe('family');
      peer.updateSubscription(subscriptionId, { status: 'past_due' });
      const invoice = { id: 'in_test_1', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } } };
      expect((await sendEvent('invoice.payment_failed', invoice)).statusCode).toBe(200);
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'family', status: 'past_due' });
    });

    it('records an event for a customer it does not know and answers 200 (Stripe stops retrying)', async () => {
      const stranger = { id: 'sub_elsewhere', object: 'subscription', customer: 'cus_elsewhere', status: 'active', metadata: {}, items: { data: [] } };
      expect((await sendEvent('customer.subscription.updated', stranger)).statusCode).toBe(200);
      expect((await sendEvent('payment_intent.created', { id: 'pi_1', object: 'payment_intent' })).statusCode).toBe(200);
    });

    it('cancels within 14 days with a refund of the payment, and the plan ends now', async () => {
      const { v, customerId } = await subscribe('premium');
      const before = peer.requests.length;
      const res = await v.post('/api/subscription/cancel', { refund: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().refundedCents).toBe(799);
      expect(res.json().subscription).toMatchObject({ plan: 'basic', status: 'canceled' });
      const calls = peer.requests.slice(before).map((r) => `${r.method} ${r.path}`);
      expect(calls).toEqual(['GET /v1/charges', 'POST /v1/refunds', expect.stringMatching(/^DELETE \/v1\/subscriptions\/sub_/)]);
      expect(peer.requests.slice(before)[0]!.query.get('customer')).toBe(customerId);
      expect(peer.charges.find((c) => c.customer === customerId)?.amount_refunded).toBe(799);
    });

    it('cancels at the period end and resumes through Stripe', async () => {
      const { v } = await subscribe('premium');
      const res = await v.post('/api/subscription/cancel', { refund: false });
      expect(res.json()).toMatchObject({ refundedCents: 0, subscription: { plan: 'premium', cancelAtPeriodEnd: true } });
      expect(peer.requests.at(-1)!.form).toEqual({ cancel_at_period_end: 'true' });
      expect((await v.post('/api/subscription/resume')).json()).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: false });
      expect(peer.requests.at(-1)!.form).toEqual({ cancel_at_period_end: 'false' });
    });

    it("opens Stripe's customer portal, and a change of plan through Stripe's confirmation page", async () => {
      const { v, customerId, subscriptionId } = await subscribe('premium');
      const portal = await v.post('/api/subscription/portal');
      expect(portal.statusCode).toBe(200);
      expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
      expect(peer.requests.at(-1)!.form).toMatchObject({ customer: customerId, return_url: expect.stringMatching(/\/subscription$/) });

      const change = await v.post('/api/create-checkout-session', { priceId: 'family' });
      expect(change.statusCode).toBe(200);
      expect(peer.requests.at(-1)!.path).toBe('/v1/billing_portal/sessions');
      expect(peer.requests.at(-1)!.form).toMatchObject({
        customer: customerId,
        'flow_data[type]': 'subscription_update_confirm',
        'flow_data[subscription_update_confirm][subscription]': subscriptionId,
        'flow_data[subscription_update_confirm][items][0][price]': PRICES.family,
      });
      // Stripe then sends the updated subscription
      await sendEvent('customer.subscription.updated', peer.updateSubscription(subscriptionId, { price: PRICES.family }));
      expect((await subscriptionOf(v)).plan).toBe('family');
    });

    it('says the payment service did not answer, and stores nothing, when Stripe is down', async () => {
      const v = visitor();
      await v.post('/api/auth/sign-up', { email: `d${++addresses}@example.com`, password: 'correct horse battery' });
      peer.failWith(500);
      try {
        const res = await v.post('/api/create-checkout-session', { priceId: 'premium' });
        expect(res.statusCode).toBe(502);
        expect(res.json().error.code).toBe('PAYMENTS_UNAVAILABLE');
      } finally {
        peer.failWith(null);
      }
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'basic', status: 'none' });
      // and a webhook whose subscription cannot be read is answered 502: Stripe sends it again
      const { subscriptionId } = await subscribe('premium');
      peer.failWith(500);
      try {
        const res = await sendEvent('invoice.paid', { id: 'in_2', object: 'invoice', parent: { subscription_details: { subscription: subscriptionId } } }, { id: 'evt_retry_me' });
        expect(res.statusCode).toBe(502);
      } finally {
        peer.failWith(null);
      }
      expect((await sendEvent('invoice.paid', { id: 'in_2', object: 'invoice', parent: { subscription_details: { subscription: subscriptionId } } }, { id: 'evt_retry_me' })).statusCode).toBe(200);
    });
  });
}

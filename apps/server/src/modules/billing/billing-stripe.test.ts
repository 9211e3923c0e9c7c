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

    /** Posts `payload` exactly as given, signed as Stripe signs: a well-signed event of any shape. */
    const sendRaw = (payload: string) =>
      app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) }, payload });

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
      expect(made.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'GET /v1/checkout/sessions', 'POST /v1/checkout/sessions']);
      expect(made[0]!.authorization).toBe('Bearer sk_test_baitcheck');
      const form = made[2]!.form;
      expect(form).toMatchObject({ mode: 'subscription', 'line_items[0][price]': PRICES.family, 'line_items[0][quantity]': '1', 'metadata[plan]': 'family', 'subscription_data[metadata][plan]': 'family' });
      expect(form.customer).toMatch(/^cus_/);
      expect(form.client_reference_id).toBe(form['metadata[userId]']);
      expect(form.success_url).toMatch(/^http:\/\/localhost(:80)?\/subscription\?success=true$/);
      expect(form.cancel_url).toMatch(/\/subscription\?canceled=true$/);

      // a second attempt (the person came back) reuses the customer, and expires the first
      // checkout: left open in another tab, it could be paid too
      const firstSession = String(res.json().url).split('/').pop()!;
      const again = peer.requests.length;
      expect((await v.post('/api/create-checkout-session', { priceId: 'premium' })).statusCode).toBe(200);
      expect(peer.requests.slice(again).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/checkout/sessions', `POST /v1/checkout/sessions/${firstSession}/expire`, 'POST /v1/checkout/sessions']);
      expect(peer.requests.at(-1)!.form.customer).toBe(form.customer);
      expect(peer.sessionStatus(firstSession)).toBe('expired');
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

    it('keeps one subscription when two checkouts were paid (two tabs): the second is cancelled and refunded', async () => {
      const v = visitor();
      await v.post('/api/auth/sign-up', { email: `tabs${++addresses}@example.com`, password: 'correct horse battery' });
      const first = ((await v.post('/api/create-checkout-session', { priceId: 'premium' })).json().url as string).split('/').pop()!;
      const paidFirst = peer.completeCheckout(first, 799);
      // before Stripe's event for the first arrives, the person starts (and pays) another
      const second = ((await v.post('/api/create-checkout-session', { priceId: 'premium' })).json().url as string).split('/').pop()!;
      const paidSecond = peer.completeCheckout(second, 799);
      expect((await sendEvent('checkout.session.completed', paidFirst)).statusCode).toBe(200);
      expect((await sendEvent('checkout.session.completed', paidSecond)).statusCode).toBe(200);
      const kept = paidFirst.subscription as string;
      const extra = paidSecond.subscription as string;
      expect(peer.subscriptionObject(extra)).toMatchObject({ status: 'canceled' });
      expect(peer.subscriptionObject(kept)).toMatchObject({ status: 'active' });
      expect(peer.charges.find((c) => c.subscription === extra)?.amount_refunded).toBe(799);
      expect(peer.charges.find((c) => c.subscription === kept)?.amount_refunded).toBe(0);
      // Stripe then says the extra one ended: the plan stays on the one that runs
      expect((await sendEvent('customer.subscription.deleted', peer.subscriptionObject(extra), { created: Math.floor(Date.now() / 1000) + 5 })).statusCode).toBe(200);
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'premium', status: 'active' });
      // and cancelling stops the one that charges
      expect((await v.post('/api/subscription/cancel', { refund: false })).statusCode).toBe(200);
      expect(peer.subscriptionObject(kept)).toMatchObject({ cancel_at_period_end: true });
    });

    it('takes a new subscription when the one it held ended on Stripe’s side without news', async () => {
      const { v, userId, customerId, subscriptionId } = await subscribe('premium');
      // the subscription ended at Stripe, and its event never came; a checkout of another kind
      // (made on Stripe's side for this customer) is paid
      peer.updateSubscription(subscriptionId, { status: 'canceled' });
      const direct = new Stripe('sk_test_baitcheck', { host: '127.0.0.1', port: peer.port, protocol: 'http' });
      const session = await direct.checkout.sessions.create({ mode: 'subscription', customer: customerId, client_reference_id: userId, line_items: [{ price: PRICES.family, quantity: 1 }], success_url: 'http://127.0.0.1/', cancel_url: 'http://127.0.0.1/' });
      const paid = peer.completeCheckout(session.id, 1499);
      expect((await sendEvent('checkout.session.completed', paid)).statusCode).toBe(200);
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'family', status: 'active' });
      expect(peer.subscriptionObject(paid.subscription as string)).toMatchObject({ status: 'active' });
      expect(peer.charges.find((c) => c.subscription === paid.subscription)?.amount_refunded).toBe(0);
    });

    it('answers a cancel the person asked for even when Stripe’s clock is ahead of ours, and refunds once', async () => {
      const { v, subscriptionId, customerId } = await subscribe('premium');
      // Stripe's clock runs two minutes ahead: its last event is "later" than our now
      const ahead = Math.floor(Date.now() / 1000) + 120;
      expect((await sendEvent('customer.subscription.updated', peer.subscriptionObject(subscriptionId), { created: ahead })).statusCode).toBe(200);
      const res = await v.post('/api/subscription/cancel', { refund: true });
      expect(res.json()).toMatchObject({ refundedCents: 799, subscription: { plan: 'basic', status: 'canceled' } });
      const again = await v.post('/api/subscription/cancel', { refund: true });
      expect(again.statusCode).toBe(404);
      expect(peer.requests.filter((r) => r.path === '/v1/refunds' && peer.charges.some((c) => c.customer === customerId && c.id === r.form.charge))).toHaveLength(1);
    });

    /** A paid plan whose refund went through and whose cancel then failed at Stripe. */
    async function refundedButRunning() {
      const subscribed = await subscribe('premium');
      peer.failRequestsWhen((r) => r.method === 'DELETE' && r.path.startsWith('/v1/subscriptions/'));
      try {
        const failed = await subscribed.v.post('/api/subscription/cancel', { refund: true });
        // the money went back: the answer says so, not that nothing was charged
        expect([failed.statusCode, failed.json().error.code]).toEqual([502, 'CANCEL_AFTER_REFUND_FAILED']);
        expect(failed.json().error.message).toContain('Your payment was refunded');
      } finally {
        peer.failRequestsWhen(null);
      }
      return subscribed;
    }

    it('finishes a refunded cancel whose second step failed, without refunding again', async () => {
      const { v, customerId } = await refundedButRunning();
      // refunded, still running: the page still offers to finish, and finishing refunds nothing more
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'premium', moneyBackUsed: true, refundableUntil: expect.any(String) });
      const refundsBefore = peer.requests.filter((r) => r.path === '/v1/refunds').length;
      const again = await v.post('/api/subscription/cancel', { refund: true });
      expect(again.json()).toMatchObject({ refundedCents: 0, subscription: { plan: 'basic', status: 'canceled' } });
      expect(peer.requests.filter((r) => r.path === '/v1/refunds').length).toBe(refundsBefore);
      expect(peer.charges.find((c) => c.customer === customerId)?.amount_refunded).toBe(799);
    });

    it('does not let a refunded plan be kept: it cannot be resumed, and a cancel at the period end ends it now', async () => {
      const { v, subscriptionId } = await refundedButRunning();
      const kept = await v.post('/api/subscription/resume');
      expect([kept.statusCode, kept.json().error.code]).toEqual([409, 'SUBSCRIPTION_REFUNDED']);
      const refundsBefore = peer.requests.filter((r) => r.path === '/v1/refunds').length;
      const ended = await v.post('/api/subscription/cancel', { refund: false });
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toMatchObject({ refundedCents: 0, subscription: { plan: 'basic', status: 'canceled' } });
      expect(peer.subscriptionObject(subscriptionId)).toMatchObject({ status: 'canceled' });
      expect(peer.requests.filter((r) => r.path === '/v1/refunds').length).toBe(refundsBefore);
    });

    it('ends a refunded plan whose cancel failed at the next retention run, and sells nothing meanwhile', async () => {
      const { v, subscriptionId } = await refundedButRunning();
      const buy = await v.post('/api/create-checkout-session', { priceId: 'family' });
      expect([buy.statusCode, buy.json().error.code]).toEqual([409, 'SUBSCRIPTION_REFUNDED']);
      const refundsBefore = peer.requests.filter((r) => r.path === '/v1/refunds').length;
      const result = await app.retention.run();
      expect(result?.refundsFinished).toBeGreaterThanOrEqual(1);
      expect(peer.subscriptionObject(subscriptionId)).toMatchObject({ status: 'canceled' });
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'basic', status: 'canceled' });
      expect(peer.requests.filter((r) => r.path === '/v1/refunds').length).toBe(refundsBefore);
      // nothing left to finish
      expect((await app.retention.run())?.refundsFinished).toBe(0);
    });

    it('opens one checkout and one customer for a person who presses Upgrade several times at once', async () => {
      const v = visitor();
      const email = `clicks${++addresses}@example.com`;
      await v.post('/api/auth/sign-up', { email, password: 'correct horse battery' });
      const customersBefore = [...peer.customers.values()].filter((c) => c.email === email).length;
      const answers = await Promise.all([1, 2, 3].map(() => v.post('/api/create-checkout-session', { priceId: 'premium' })));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect([...peer.customers.values()].filter((c) => c.email === email).length - customersBefore).toBe(1);
      const opened = answers.map((a) => String(a.json().url).split('/').pop()!);
      // each checkout expired the ones before it: one stays open
      expect(opened.filter((id) => peer.sessionStatus(id) === 'open')).toHaveLength(1);
    });

    it('cancels and refunds the second of two paid checkouts whose events arrive at the same moment', async () => {
      const v = visitor();
      await v.post('/api/auth/sign-up', { email: `together${++addresses}@example.com`, password: 'correct horse battery' });
      const first = ((await v.post('/api/create-checkout-session', { priceId: 'premium' })).json().url as string).split('/').pop()!;
      const paidFirst = peer.completeCheckout(first, 799);
      const second = ((await v.post('/api/create-checkout-session', { priceId: 'premium' })).json().url as string).split('/').pop()!;
      const paidSecond = peer.completeCheckout(second, 799);
      const answers = await Promise.all([sendEvent('checkout.session.completed', paidFirst), sendEvent('checkout.session.completed', paidSecond)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const subs = [paidFirst.subscription as string, paidSecond.subscription as string];
      // exactly one runs and charges; the other is cancelled and refunded, whichever came first
      const running = subs.filter((id) => peer.subscriptionObject(id).status === 'active');
      expect(running).toHaveLength(1);
      const ended = subs.find((id) => id !== running[0])!;
      expect(peer.subscriptionObject(ended)).toMatchObject({ status: 'canceled' });
      expect(peer.charges.find((c) => c.subscription === ended)?.amount_refunded).toBe(799);
      expect(peer.charges.find((c) => c.subscription === running[0])?.amount_refunded).toBe(0);
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'premium', status: 'active' });
    });

    it('keeps an ended subscription ended when a snapshot of the same second still saw it running', async () => {
      const { v, subscriptionId } = await subscribe('premium');
      const t = Math.floor(Date.now() / 1000) + 30;
      const running = peer.subscriptionObject(subscriptionId);
      const ended = peer.updateSubscription(subscriptionId, { status: 'canceled' });
      expect((await sendEvent('customer.subscription.deleted', ended, { created: t })).statusCode).toBe(200);
      expect((await sendEvent('customer.subscription.updated', running, { created: t })).statusCode).toBe(200);
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'basic', status: 'canceled' });
    });

    it('answers a well-signed but malformed event 400, and one it cannot use 200, never 500', async () => {
      const { v, userId, customerId, subscriptionId } = await subscribe('premium');
      for (const payload of ['null', '[]', '"evt"', '{"id":"evt_x"}', '{"id":"evt_y","type":"invoice.paid","created":1}', '{"id":"evt_z","type":"invoice.paid","created":1,"data":{"object":null}}', '{"id":"evt_\\u0000","type":"invoice.paid","created":1700000000,"data":{"object":{}}}', '{"id":"evt_t","type":"invoice.paid","created":1000000000000,"data":{"object":{}}}', '{"id":"evt_u","type":"invoice.paid","created":99999999999999,"data":{"object":{}}}', '{"id":"evt_v","type":"invoice.\\u0000paid","created":1700000000,"data":{"object":{}}}', `{"id":"evt_w","type":"customer.subscription.updated","created":${Math.floor(Date.parse('2100-01-01') / 1000)},"data":{"object":{}}}`]) {
        const res = await sendRaw(payload);
        expect(res.statusCode, payload).toBe(400);
        expect(res.json().error.code, payload).toBe('WEBHOOK_EVENT_INVALID');
      }
      const other = await subscribe('premium');
      const usable = [
        // ids with NUL bytes, or not strings, in the places the handlers read
        ['checkout.session.completed', { id: 'cs_1', object: 'checkout.session', mode: 'subscription', subscription: 'sub_\u0000x', client_reference_id: userId }],
        ['checkout.session.completed', { id: 'cs_2', object: 'checkout.session', mode: 'subscription', subscription: subscriptionId, client_reference_id: { id: userId } }],
        ['customer.subscription.updated', { id: 'sub_\u0000', object: 'subscription', customer: customerId, status: 'canceled', metadata: { userId } }],
        ['customer.subscription.updated', { id: 12, object: 'subscription', customer: customerId, status: 'canceled' }],
        ['invoice.paid', { id: 'in_x', object: 'invoice', parent: null, subscription: ['sub_1'] }],
        // another account's subscription, said to be this user's
        ['checkout.session.completed', { id: 'cs_3', object: 'checkout.session', mode: 'subscription', subscription: other.subscriptionId, client_reference_id: userId }],
        // a subscription Stripe does not know (404 there): nothing to apply, and no retry
        ['invoice.paid', { id: 'in_y', object: 'invoice', parent: { subscription_details: { subscription: 'sub_gone' } } }],
        ['checkout.session.completed', { id: 'cs_4', object: 'checkout.session', mode: 'subscription', subscription: 'sub_gone', client_reference_id: userId }],
      ] as const;
      for (const [type, object] of usable) {
        const res = await sendEvent(type, object as unknown as Record<string, unknown>);
        expect(res.statusCode, JSON.stringify(object)).toBe(200);
      }
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'premium', status: 'active' });
      expect(await subscriptionOf(other.v)).toMatchObject({ plan: 'premium', status: 'active' });
      expect((await subscriptionOf(v)).currentPeriodEnd).not.toBeNull();
    });

    /** An account with a Checkout Session open (not paid): answers the visitor, its email, user id, customer and session. */
    async function withOpenCheckout() {
      const v = visitor();
      const email = `open${++addresses}@example.com`;
      expect((await v.post('/api/auth/sign-up', { email, password: 'correct horse battery' })).statusCode).toBe(201);
      const res = await v.post('/api/create-checkout-session', { priceId: 'premium' });
      expect(res.statusCode).toBe(200);
      const sessionId = String(res.json().url).split('/').pop()!;
      const created = peer.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
      expect(peer.sessionStatus(sessionId)).toBe('open');
      return { v, email, sessionId, userId: created.form.client_reference_id!, customerId: created.form.customer! };
    }
    const deleteAccount = (v: Visitor) => v.post('/api/auth/delete-account', { password: 'correct horse battery' });

    it('expires the account’s open Checkout Session when it is deleted: it can no longer be paid', async () => {
      const { v, sessionId, customerId } = await withOpenCheckout();
      const before = peer.requests.length;
      const deleted = await deleteAccount(v);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const calls = peer.requests.slice(before);
      expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/checkout/sessions', `POST /v1/checkout/sessions/${sessionId}/expire`]);
      expect(calls[0]!.query.get('customer')).toBe(customerId);
      expect(calls[0]!.query.get('status')).toBe('open');
      expect(peer.sessionStatus(sessionId)).toBe('expired');
      expect(() => peer.completeCheckout(sessionId, 799)).toThrow(/is expired: Stripe would not take the payment/);
    });

    it('keeps the account when Stripe cannot expire its open checkout (502), and deletes it once Stripe answers', async () => {
      const { v, email, sessionId } = await withOpenCheckout();
      peer.failRequestsWhen((r) => r.path.endsWith('/expire'));
      try {
        const refused = await deleteAccount(v);
        expect([refused.statusCode, refused.json().error.code]).toEqual([502, 'PAYMENTS_UNAVAILABLE']);
        expect(refused.json().error.message).toMatch(/could not be closed\. Your account was not deleted/);
      } finally {
        peer.failRequestsWhen(null);
      }
      expect((await v.get('/api/auth/me')).json().user).toMatchObject({ kind: 'account', email });
      expect(peer.sessionStatus(sessionId)).toBe('open');
      expect((await deleteAccount(v)).statusCode).toBe(200);
      expect(peer.sessionStatus(sessionId)).toBe('expired');
    });

    it('cancels and refunds at once a subscription paid for an account that was deleted, and retries until Stripe answers', async () => {
      const { v, userId, customerId } = await withOpenCheckout();
      expect((await deleteAccount(v)).statusCode).toBe(200);
      // a checkout that escaped (opened for the account by another server at the same moment) is paid afterwards
      const direct = new Stripe('sk_test_baitcheck', { host: '127.0.0.1', port: peer.port, protocol: 'http' });
      const late = await direct.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: PRICES.premium, quantity: 1 }],
        success_url: 'http://127.0.0.1/',
        cancel_url: 'http://127.0.0.1/',
        metadata: { userId, plan: 'premium' },
        subscription_data: { metadata: { userId, plan: 'premium' } },
      });
      const paid = peer.completeCheckout(late.id, 799);
      const subscriptionId = paid.subscription as string;
      // Stripe does not answer the cancel: the event is answered 502, not recorded, and Stripe sends it again
      peer.failRequestsWhen((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`);
      try {
        expect((await sendEvent('checkout.session.completed', paid, { id: 'evt_paid_after_deletion' })).statusCode).toBe(502);
      } finally {
        peer.failRequestsWhen(null);
      }
      expect(peer.subscriptionObject(subscriptionId)).toMatchObject({ status: 'active' });
      expect((await sendEvent('checkout.session.completed', paid, { id: 'evt_paid_after_deletion' })).statusCode).toBe(200);
      expect(peer.subscriptionObject(subscriptionId)).toMatchObject({ status: 'canceled' });
      expect(peer.charges.find((c) => c.subscription === subscriptionId)?.amount_refunded).toBe(799);
      // Stripe's news of its end, and a replay, change nothing more: no second cancel or refund
      const calls = peer.requests.length;
      expect((await sendEvent('customer.subscription.deleted', peer.subscriptionObject(subscriptionId))).statusCode).toBe(200);
      expect((await sendEvent('checkout.session.completed', paid, { id: 'evt_paid_after_deletion' })).statusCode).toBe(200);
      expect(peer.requests.slice(calls).filter((r) => r.method !== 'GET')).toEqual([]);
    });

    it('cancels at once, without a refund, a deleted account’s subscription that was set to end and is resumed on Stripe’s side', async () => {
      const { v, subscriptionId } = await subscribe('premium');
      expect((await v.post('/api/subscription/cancel', { refund: false })).statusCode).toBe(200);
      // set to end at the period's end: the account may go
      expect((await deleteAccount(v)).statusCode).toBe(200);
      expect(peer.subscriptionObject(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
      const resumed = peer.updateSubscription(subscriptionId, { cancelAtPeriodEnd: false });
      expect((await sendEvent('customer.subscription.updated', resumed)).statusCode).toBe(200);
      expect(peer.subscriptionObject(subscriptionId)).toMatchObject({ status: 'canceled' });
      // it was paid for while the account was there: nothing is refunded
      expect(peer.charges.find((c) => c.subscription === subscriptionId)?.amount_refunded).toBe(0);
    });

    it('does not cancel someone’s subscription because an event names a user this server does not have', async () => {
      const { v, subscriptionId } = await subscribe('premium');
      const stray = { id: 'cs_stray', object: 'checkout.session', mode: 'subscription', subscription: subscriptionId, client_reference_id: crypto.randomUUID(), metadata: {} };
      expect((await sendEvent('checkout.session.completed', stray)).statusCode).toBe(200);
      expect(peer.subscriptionObject(subscriptionId)).toMatchObject({ status: 'active' });
      expect(peer.charges.find((c) => c.subscription === subscriptionId)?.amount_refunded).toBe(0);
      expect(await subscriptionOf(v)).toMatchObject({ plan: 'premium', status: 'active' });
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

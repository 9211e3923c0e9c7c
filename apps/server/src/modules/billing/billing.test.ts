import { SubscriptionSchema, TestCheckoutSchema } from '@baitcheck/contracts';
import { expect, it } from 'vitest';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';

let addresses = 0;

const PASSWORD = 'correct horse battery';

async function signUp(visitor: Visitor, email = `p${crypto.randomUUID().slice(0, 8)}@example.com`): Promise<string> {
  const res = await visitor.post('/api/auth/sign-up', { email, password: PASSWORD });
  expect(res.statusCode).toBe(201);
  return email;
}

const subscriptionOf = async (visitor: Visitor) => SubscriptionSchema.parse((await visitor.get('/api/subscription')).json());

/** Starts a test checkout for `plan` and answers its id. */
async function startCheckout(visitor: Visitor, plan: 'premium' | 'family'): Promise<string> {
  const res = await visitor.post('/api/create-checkout-session', { priceId: plan });
  expect(res.statusCode).toBe(200);
  const url: string = res.json().url;
  expect(url).toMatch(/^\/checkout\/test\/[0-9a-f-]{36}$/);
  return url.split('/').pop()!;
}

describeWithDatabases('plans and payments with the test checkout (no Stripe configured)', (base) => {
  // each visitor from an address of its own: sign-ups are limited per address
  const ctx = { get app() { return base.app; }, visitor: () => makeVisitor(base.app, { remoteAddress: `198.51.100.${++addresses % 250}` }) };
  it('a visitor starts on basic, with no subscription and the test checkout named', async () => {
    const sub = await subscriptionOf(ctx.visitor());
    expect(sub).toEqual({ plan: 'basic', status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, refundableUntil: null, provider: 'test', moneyBackUsed: false, basicScansPerDay: null });
  });

  it('a guest is asked for an account before paying', async () => {
    const res = await ctx.visitor().post('/api/create-checkout-session', { priceId: 'premium' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('ACCOUNT_REQUIRED');
  });

  it.each([['an unknown price id', { priceId: 'price_gold' }], ['basic', { priceId: 'basic' }], ['no price', {}], ['a number', { priceId: 7 }], ['an extra field', { priceId: 'premium', amount: 0 }]])(
    'refuses %s with 400',
    async (_name, body) => {
      const visitor = ctx.visitor();
      await signUp(visitor);
      const res = await visitor.post('/api/create-checkout-session', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    },
  );

  it('upgrades through the test checkout: premium, renewing in a month, refundable for 14 days', async () => {
    const visitor = ctx.visitor();
    await signUp(visitor);
    const id = await startCheckout(visitor, 'premium');
    const checkout = TestCheckoutSchema.parse((await visitor.get(`/api/test-checkout/${id}`)).json());
    expect(checkout).toMatchObject({ id, plan: 'premium', fromPlan: 'basic', price: 7.99, status: 'open' });
    // nothing changes before the person completes it
    expect((await subscriptionOf(visitor)).plan).toBe('basic');

    const done = await visitor.post(`/api/test-checkout/${id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ url: '/subscription?success=true' });
    const sub = await subscriptionOf(visitor);
    expect(sub).toMatchObject({ plan: 'premium', status: 'active', cancelAtPeriodEnd: false, provider: 'test' });
    const renews = new Date(sub.currentPeriodEnd!).getTime() - Date.now();
    expect(renews).toBeGreaterThan(27 * 86_400_000);
    expect(renews).toBeLessThan(32 * 86_400_000);
    const refundable = new Date(sub.refundableUntil!).getTime() - Date.now();
    expect(refundable).toBeGreaterThan(13.9 * 86_400_000);
    expect(refundable).toBeLessThanOrEqual(14 * 86_400_000);

    // a second click, another tab: the checkout is finished
    const again = await visitor.post(`/api/test-checkout/${id}/complete`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CHECKOUT_CLOSED');
    expect((await visitor.get(`/api/test-checkout/${id}`)).json().status).toBe('complete');
    // and the plan one is on cannot be bought again
    const same = await visitor.post('/api/create-checkout-session', { priceId: 'premium' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('ALREADY_ON_PLAN');
  });

  it('a cancelled checkout changes nothing and says so on return', async () => {
    const visitor = ctx.visitor();
    await signUp(visitor);
    const id = await startCheckout(visitor, 'family');
    const res = await visitor.post(`/api/test-checkout/${id}/cancel`);
    expect(res.json()).toEqual({ url: '/subscription?canceled=true' });
    expect((await subscriptionOf(visitor)).plan).toBe('basic');
    expect((await visitor.post(`/api/test-checkout/${id}/complete`)).statusCode).toBe(409);
  });

  it('a new checkout closes the one left open in another tab: only one can be paid', async () => {
    const visitor = ctx.visitor();
    await signUp(visitor);
    const first = await startCheckout(visitor, 'premium');
    const second = await startCheckout(visitor, 'premium');
    expect(TestCheckoutSchema.parse((await visitor.get(`/api/test-checkout/${first}`)).json()).status).toBe('expired');
    const late = await visitor.post(`/api/test-checkout/${first}/complete`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/expired/);
    expect((await visitor.post(`/api/test-checkout/${second}/complete`)).statusCode).toBe(200);
    expect(await subscriptionOf(visitor)).toMatchObject({ plan: 'premium', status: 'active' });
  });

  it("a checkout is its owner's alone", async () => {
    const owner = ctx.visitor();
    await signUp(owner);
    const id = await startCheckout(owner, 'premium');
    const other = ctx.visitor();
    await signUp(other);
    for (const res of [await other.get(`/api/test-checkout/${id}`), await other.post(`/api/test-checkout/${id}/complete`), await other.post(`/api/test-checkout/${id}/cancel`)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('CHECKOUT_NOT_FOUND');
    }
    expect((await subscriptionOf(other)).plan).toBe('basic');
    expect((await subscriptionOf(owner)).plan).toBe('basic');
    expect((await ctx.visitor().get('/api/test-checkout/not-a-checkout')).statusCode).toBe(404);
  });

  it('changes plan from premium to family through a second checkout, keeping one subscription', async () => {
    const visitor = ctx.visitor();
    await signUp(visitor);
    await visitor.post(`/api/test-checkout/${await startCheckout(visitor, 'premium')}/complete`);
    const before = await subscriptionOf(visitor);
    const id = await startCheckout(visitor, 'family');
    expect((await visitor.get(`/api/test-checkout/${id}`)).json()).toMatchObject({ plan: 'family', fromPlan: 'premium' });
    await visitor.post(`/api/test-checkout/${id}/complete`);
    const after = await subscriptionOf(visitor);
    expect(after).toMatchObject({ plan: 'family', status: 'active', currentPeriodEnd: before.currentPeriodEnd, refundableUntil: before.refundableUntil });
  });

  it('a change of plan keeps a cancel already asked for (it must not start renewing again)', async () => {
    const visitor = ctx.visitor();
    await signUp(visitor);
    await visitor.post(`/api/test-checkout/${await startCheckout(visitor, 'premium')}/complete`);
    await visitor.post('/api/subscription/cancel', { refund: false });
    await visitor.post(`/api/test-checkout/${await startCheckout(visitor, 'family')}/complete`);
    expect(await subscriptionOf(visitor)).toMatchObject({ plan: 'family', status: 'active', cancelAtPeriodEnd: true });
  });

  it('cancels at the period end, resumes, then cancels with a refund back to basic', async () => {
    const visitor = ctx.visitor();
    await signUp(visitor);
    await visitor.post(`/api/test-checkout/${await startCheckout(visitor, 'premium')}/complete`);

    const atEnd = await visitor.post('/api/subscription/cancel', { refund: false });
    expect(atEnd.statusCode).toBe(200);
    expect(atEnd.json().refundedCents).toBe(0);
    expect(atEnd.json().subscription).toMatchObject({ plan: 'premium', status: 'active', cancelAtPeriodEnd: true });

    const resumed = await visitor.post('/api/subscription/resume');
    expect(resumed.json()).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: false });

    const refunded = await visitor.post('/api/subscription/cancel', { refund: true });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().refundedCents).toBe(799);
    expect(refunded.json().subscription).toMatchObject({ plan: 'basic', status: 'canceled', refundableUntil: null });
    expect(await subscriptionOf(visitor)).toMatchObject({ plan: 'basic', status: 'canceled' });

    // nothing left to cancel
    const none = await visitor.post('/api/subscription/cancel', { refund: false });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('SUBSCRIPTION_NOT_FOUND');

    // paying again is possible; a test payment charged no card, so ending it used up no money-back
    // guarantee (Stripe's refund-once rule is tested in billing-stripe.test.ts)
    await visitor.post(`/api/test-checkout/${await startCheckout(visitor, 'premium')}/complete`);
    const again = await subscriptionOf(visitor);
    expect(again).toMatchObject({ plan: 'premium', status: 'active', refundableUntil: expect.any(String), moneyBackUsed: false });
    const endedAgain = await visitor.post('/api/subscription/cancel', { refund: true });
    expect(endedAgain.statusCode).toBe(200);
    expect(endedAgain.json().subscription).toMatchObject({ plan: 'basic', status: 'canceled', moneyBackUsed: false });
  });

  it('has no card portal and no Stripe webhook without Stripe', async () => {
    const visitor = ctx.visitor();
    await signUp(visitor);
    const portal = await visitor.post('/api/subscription/portal');
    expect(portal.statusCode).toBe(409);
    expect(portal.json().error.code).toBe('BILLING_PORTAL_UNAVAILABLE');
    const hook = await ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
    expect(hook.statusCode).toBe(404);
    expect(hook.json().error.code).toBe('NOT_FOUND');
  });
});

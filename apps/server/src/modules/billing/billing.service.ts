import { MONEY_BACK_DAYS, PAID_PLAN_STATUSES, PLANS, type CancelSubscriptionResponse, type PaidPlanId, type PlanId, type Subscription, type SubscriptionStatus, type TestCheckout } from '@baitcheck/contracts';
import type { BillingEvent, PaymentsProvider, ProviderSubscription } from '../../adapters/payments/payments-provider.ts';
import { idOf, safeId } from '../../adapters/payments/stripe-provider.ts';
import { createKeyedQueue } from '../../lib/keyed-queue.ts';
import type { KeyLock } from '../../cluster/key-locks.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BillingRepository, StateChange, SubscriptionRow } from './billing.repository.ts';
import { addMonth, priceCents, type TestPaymentsProvider } from './test-provider.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a person lands back in the app after a checkout. */
export const RETURN_PATHS = { success: '/subscription?success=true', canceled: '/subscription?canceled=true', manage: '/subscription' } as const;

/**
 * When a state the provider answered us (a cancel, a resume) stands from: this second. Stripe's
 * events carry whole seconds, so an event of the same second (the change we asked for, or one
 * made just after it) is not taken for an older one.
 */
export const wholeSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

/**
 * When a state the provider has just answered stands from: this second, or the row's own time
 * when that is later (the provider's clock is not ours; what it answered now is never older than
 * what we hold, and must not be dropped as if it were).
 */
const answeredAt = (row: SubscriptionRow | undefined, at: Date) => {
  const second = wholeSecond(at);
  return row?.stateAt && row.stateAt > second ? row.stateAt : second;
};

const isPaidStatus = (status: string) => (PAID_PLAN_STATUSES as readonly string[]).includes(status);

/** The refusal of an event that names a user this server does not have (never had, or deleted). */
const NO_USER = 'a payment event names no user of this server';

/** What the billing service is built from. */
export interface BillingServiceDeps {
  repo: BillingRepository;
  provider: PaymentsProvider;
  /** The person's lock across instances on one PostgreSQL (`createKeyLocks`), held while their payment work runs. */
  lock?: KeyLock;
  now?: () => Date;
  /** Told about events that could not be tied to a user, and similar oddities. */
  log?: (detail: string, fields?: Record<string, unknown>) => void;
  /** Scans a day on Basic (`SCAN_LIMIT_PER_DAY`; 0: no limit), for the plans page to show this server's figure. */
  basicScansPerDay?: number;
}

/**
 * Plans and payments: the plan in effect for each user, checkouts, the provider's events (Stripe
 * webhooks, or the test checkout's own, through the same `applyEvent`), cancellation with the
 * money-back guarantee.
 */
export function createBillingService({ repo, provider, now = () => new Date(), log = () => {}, basicScansPerDay = 0, lock }: BillingServiceDeps) {
  /**
   * One person's checkouts, payment events and cancels, one at a time: two checkouts opened at
   * once would both stay open (each expiring the others before the other existed) and make two
   * customers, and two paid checkouts' events applied at once would each miss the other, so the
   * second subscription would be neither cancelled nor refunded.
   */
  const perPerson = createKeyedQueue(lock ? { lock } : {});
  /** The row, when it belongs to this server's provider (test payments grant nothing under Stripe). */
  const ours = (row: SubscriptionRow | undefined) => (row && row.provider === provider.kind ? row : undefined);

  /** Refunded, but the subscription still runs: the cancel that should have followed failed. */
  const refundUnfinished = (row: SubscriptionRow | undefined) => !!row?.subscriptionId && row.refundedSubscriptionId === row.subscriptionId && isPaidStatus(row.status);

  function refundableUntil(row: SubscriptionRow | undefined, at: Date): Date | null {
    if (!row || !row.firstPaidAt || !isPaidStatus(row.status) || !row.subscriptionId) return null;
    const until = new Date(row.firstPaidAt.getTime() + MONEY_BACK_DAYS * DAY_MS);
    // a refund whose cancel failed can always be finished: the person was refunded for this plan
    if (refundUnfinished(row)) return until > at ? until : new Date(at.getTime() + DAY_MS);
    if (row.refundedAt) return null;
    return until > at ? until : null;
  }

  function toSubscription(row: SubscriptionRow | undefined): Subscription {
    const at = now();
    const mine = ours(row);
    const paid = mine !== undefined && isPaidStatus(mine.status) && mine.subscriptionId !== null;
    return {
      plan: paid ? mine.plan : 'basic',
      status: (mine?.status ?? 'none') as SubscriptionStatus,
      currentPeriodEnd: mine?.subscriptionId && mine.currentPeriodEnd ? mine.currentPeriodEnd.toISOString() : null,
      cancelAtPeriodEnd: paid ? mine.cancelAtPeriodEnd : false,
      refundableUntil: refundableUntil(mine, at)?.toISOString() ?? null,
      provider: provider.kind,
      moneyBackUsed: mine?.refundedAt != null,
      basicScansPerDay: basicScansPerDay > 0 ? basicScansPerDay : null,
    };
  }

  const change = (userId: string, sub: ProviderSubscription, stateAt: Date, extra: Partial<StateChange> = {}): StateChange => ({ userId, provider: provider.kind, sub, stateAt, ...extra });

  /** The row, brought up to date first where only the provider knows what a period's end did (the test checkout renews or ends there). */
  async function current(userId: string): Promise<SubscriptionRow | undefined> {
    const row = ours(await repo.find(userId));
    if (provider.kind === 'test' && row?.subscriptionId && isPaidStatus(row.status) && row.currentPeriodEnd && row.currentPeriodEnd <= now()) {
      await repo.applyState(change(userId, await provider.retrieveSubscription(row.subscriptionId), answeredAt(row, now())));
      return ours(await repo.find(userId));
    }
    return row;
  }

  /** The user the provider's subscription belongs to: our metadata, else its customer. */
  async function ownerOf(sub: ProviderSubscription): Promise<string | undefined> {
    return sub.userId ?? (sub.customerId ? await repo.userIdByCustomer(provider.kind, sub.customerId) : undefined);
  }

  /**
   * The provider's subscription `id` as it is now, or null when the provider has no such
   * subscription (deleted on its side, or an id from another account): an event about it changes
   * nothing, and answering 200 stops the provider retrying it.
   */
  async function retrieveIfAny(id: string): Promise<ProviderSubscription | null> {
    try {
      return await provider.retrieveSubscription(id);
    } catch (err) {
      if (err instanceof AppError && err.code === 'SUBSCRIPTION_NOT_FOUND') return null;
      throw err;
    }
  }

  /** The state an event carries or points at, and whose it is; null for events that change no plan. */
  async function stateOf(event: BillingEvent): Promise<StateChange | null> {
    const o = event.object;
    switch (event.type) {
      case 'checkout.session.completed': {
        const subId = idOf(o.subscription);
        const metadata = o.metadata !== null && typeof o.metadata === 'object' ? (o.metadata as Record<string, unknown>) : {};
        const userId = safeId(o.client_reference_id) ?? safeId(metadata.userId);
        if (o.mode !== 'subscription' || !subId || !userId) return null;
        // the session names the subscription; its plan and period are the provider's to say now
        // the state read now is at least as new as the event: it stands as of the event's time,
        // so an event Stripe made in the same second or later still applies after it
        const sub = await retrieveIfAny(subId);
        return sub ? change(userId, sub, event.created, { firstPaidAt: event.created }) : null;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        if (!idOf(o.id)) return null;
        const sub = provider.subscriptionFromObject(o);
        const userId = await ownerOf(sub);
        return userId ? change(userId, sub, event.created) : null;
      }
      case 'invoice.payment_failed':
      case 'invoice.paid': {
        const parent = (o.parent !== null && typeof o.parent === 'object' ? o.parent : {}) as { subscription_details?: { subscription?: unknown } };
        const subId = idOf(parent.subscription_details?.subscription) ?? idOf(o.subscription);
        if (!subId) return null;
        const sub = await retrieveIfAny(subId);
        const userId = sub ? await ownerOf(sub) : undefined;
        return sub && userId ? change(userId, sub, event.created) : null;
      }
      default:
        return null;
    }
  }

  /** Why a state cannot be applied to the user it names, or null when it can. */
  async function refusal(state: StateChange): Promise<string | null> {
    if (!state.sub.id || !state.sub.customerId) return 'the subscription has no id or customer';
    if (!(await repo.userExists(state.userId))) return NO_USER;
    const owner = await repo.userIdByCustomer(provider.kind, state.sub.customerId);
    if (owner !== undefined && owner !== state.userId) return "a payment event names one user and another user's customer";
    return null;
  }

  /**
   * A subscription bought for an account that no longer exists (a checkout left open in another
   * tab, paid after the account was deleted; one resumed on the provider's side afterwards): no
   * one can use it, so it must not run and charge. It is cancelled at once, and a new one (the
   * event of its checkout or its creation) is refunded first: its only payment came after the
   * deletion. A subscription that merely names a missing user, but whose own metadata names
   * someone else or whose customer is another user's, is left alone. A failure throws: the event
   * is not recorded, so the provider sends it again (the refund is not made twice).
   */
  async function endOrphan(state: StateChange, event: BillingEvent): Promise<void> {
    if (!isPaidStatus(state.sub.status) || state.sub.userId !== state.userId) return;
    if ((await repo.userIdByCustomer(provider.kind, state.sub.customerId)) !== undefined) return;
    // as it is now: an event's copy may be older than a cancel made since
    const held = await retrieveIfAny(state.sub.id);
    const isNew = event.type === 'checkout.session.completed' || event.type === 'customer.subscription.created';
    if (!held || (!isNew && !isPaidStatus(held.status))) return;
    const refundedCents = isNew ? await provider.refundSubscription(held.id) : 0;
    if (isPaidStatus(held.status)) await provider.cancelSubscription(held.id, { atPeriodEnd: false });
    log('a subscription was paid or ran for an account that was deleted: it was cancelled', { eventId: event.id, userId: state.userId, subscriptionId: held.id, refundedCents });
  }

  /**
   * A checkout paid while the person already has a subscription that runs (two checkouts open
   * in two tabs, both paid): the newer one is a mistake. It is cancelled and refunded at once and
   * the plan stays on the one they had. Answers whether it was such a duplicate.
   */
  async function endDuplicate(state: StateChange, eventId: string): Promise<boolean> {
    const row = ours(await repo.find(state.userId));
    if (!row?.subscriptionId || row.subscriptionId === state.sub.id || !isPaidStatus(row.status) || !isPaidStatus(state.sub.status)) return false;
    const held = await retrieveIfAny(row.subscriptionId);
    if (!held || !isPaidStatus(held.status)) {
      // the one we hold has ended on the provider's side and we missed the news: record that, and the new one applies
      if (held) await repo.applyState(change(state.userId, held, answeredAt(row, now())));
      return false;
    }
    const refundedCents = await provider.refundSubscription(state.sub.id);
    await provider.cancelSubscription(state.sub.id, { atPeriodEnd: false });
    log('a second subscription was paid while one ran: it was cancelled and refunded', { eventId, userId: state.userId, kept: row.subscriptionId, ended: state.sub.id, refundedCents });
    return true;
  }

  async function requirePaid(userId: string): Promise<SubscriptionRow & { subscriptionId: string; customerId: string }> {
    const row = await current(userId);
    if (!row || !row.subscriptionId || !row.customerId || !isPaidStatus(row.status)) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    return row as SubscriptionRow & { subscriptionId: string; customerId: string };
  }

  const service = {
    async get(userId: string): Promise<Subscription> {
      return toSubscription(await current(userId));
    },

    /** The plan in effect for the user (the plan rules read this). */
    async effectivePlan(userId: string): Promise<PlanId> {
      return toSubscription(await current(userId)).plan;
    },

    /** Opens a checkout for `plan` (or the confirmation of a change of plan) and answers where to go. */
    startCheckout(userId: string, plan: PaidPlanId, origin: string): Promise<string> {
      return perPerson.run(userId, () => startCheckout(userId, plan, origin));
    },

    /**
     * Applies a provider event once: a replay changes nothing, an event older than the state
     * already applied changes nothing, an event for no user of ours is recorded and left.
     */
    async applyEvent(event: BillingEvent): Promise<'applied' | 'duplicate' | 'stale' | 'recorded'> {
      if (await repo.eventSeen(event.id)) return 'duplicate';
      let state = await stateOf(event);
      const refused = state ? await refusal(state) : null;
      if (refused) {
        log(refused, { eventId: event.id, type: event.type });
        if (refused === NO_USER) await endOrphan(state!, event);
        state = null;
      }
      if (!state) return repo.applyEvent(event, null);
      const found = state;
      // the person's row is read again in turn: an event applied meanwhile (a second checkout's) is seen
      return perPerson.run(found.userId, async () => (found.firstPaidAt && (await endDuplicate(found, event.id)) ? repo.applyEvent(event, null) : repo.applyEvent(event, found)));
    },

    async portal(userId: string, origin: string): Promise<string> {
      const row = ours(await repo.find(userId));
      if (provider.kind === 'test') throw new AppError('BILLING_PORTAL_UNAVAILABLE');
      if (!row?.customerId) throw new AppError('SUBSCRIPTION_NOT_FOUND');
      return provider.portalUrl(row.customerId, `${origin}${RETURN_PATHS.manage}`);
    },

    /**
     * Cancels: with `refund`, within the money-back window, the payments are refunded and the plan
     * ends now; without, the plan ends when the period paid for does.
     */
    cancel(userId: string, refund: boolean): Promise<CancelSubscriptionResponse> {
      return perPerson.run(userId, () => cancel(userId, refund));
    },

    /**
     * Ends the user's checkouts still open (through the provider: Stripe's expire, or the test
     * checkout's rows), then runs `then` (the account's deletion) before any other checkout of
     * theirs can start: a checkout left open in another tab cannot be paid for an account that
     * is gone. A checkout that could not be ended throws `PAYMENTS_UNAVAILABLE` and `then` does
     * not run.
     */
    closeCheckoutsThen<T>(userId: string, then: () => Promise<T>): Promise<T> {
      return perPerson.run(userId, async () => {
        const row = ours(await repo.find(userId));
        await provider.expireOpenCheckouts({ userId, customerId: row?.customerId ?? null });
        return then();
      });
    },

    /** Takes back a cancel at the period's end. */
    resume(userId: string): Promise<Subscription> {
      return perPerson.run(userId, () => resume(userId));
    },

    /**
     * Ends every plan that was refunded but still runs because the cancel after the refund
     * failed (the hourly retention job asks): it would otherwise renew and charge again. No
     * second refund. Answers how many were ended; one that fails again waits for the next run.
     */
    async finishRefunds(): Promise<number> {
      let ended = 0;
      for (const userId of await repo.refundedButRunning(provider.kind)) {
        try {
          await perPerson.run(userId, () => cancel(userId, true));
          ended += 1;
        } catch (err) {
          log('a refunded plan could not be ended yet: the next run tries again', { userId, error: err instanceof Error ? err.message : String(err) });
        }
      }
      return ended;
    },
  };

  async function startCheckout(userId: string, plan: PaidPlanId, origin: string): Promise<string> {
    const email = await repo.accountEmail(userId);
    if (!email) throw new AppError('ACCOUNT_REQUIRED');
    const row = await current(userId);
    // a plan paid back must end before another is bought (its cancel failed: it is retried)
    if (refundUnfinished(row)) throw new AppError('SUBSCRIPTION_REFUNDED');
    const now_ = toSubscription(row);
    if (now_.plan === plan) throw new AppError('ALREADY_ON_PLAN', `You are already on the ${PLANS[plan].name} plan.`);
    const customerId = await provider.ensureCustomer({ userId, email, existing: row?.customerId ?? null });
    if (customerId !== row?.customerId) await repo.setCustomer(userId, provider.kind, customerId);
    const paying = now_.plan !== 'basic' && row?.subscriptionId;
    const currentSub: ProviderSubscription | null = paying
      ? { id: row.subscriptionId!, customerId, status: row.status as SubscriptionStatus, plan: row.plan === 'basic' ? null : row.plan, currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd: row.cancelAtPeriodEnd, userId }
      : null;
    return provider.startCheckout({
      userId,
      email,
      customerId,
      plan,
      fromPlan: now_.plan,
      current: currentSub,
      successUrl: `${origin}${RETURN_PATHS.success}`,
      cancelUrl: `${origin}${RETURN_PATHS.canceled}`,
    });
  }

  /**
   * The refund comes first: a cancel that then fails can be asked again, and finishes without a
   * second refund. A plan refunded but not ended yet ends now, whatever was asked: it was paid
   * back, so it does not run to the period's end.
   */
  async function cancel(userId: string, refund: boolean): Promise<CancelSubscriptionResponse> {
    const row = await requirePaid(userId);
    let refundedCents = 0;
    const at = now();
    const unfinished = refundUnfinished(row);
    if (refund && !unfinished) {
      if (!refundableUntil(row, at)) throw new AppError('REFUND_WINDOW_CLOSED');
      refundedCents = await provider.refundPaymentsSince({ customerId: row.customerId, subscriptionId: row.subscriptionId, since: row.firstPaidAt! });
      // written at once, whatever happens next: the money-back guarantee is used up, and a
      // cancel that then fails can be asked again, finishing without a second refund. A test
      // payment charged no card: ending it uses up no guarantee (and a retry refunds nothing,
      // the test subscription being marked refunded already)
      if (provider.kind !== 'test') await repo.markRefunded(userId, at, row.subscriptionId);
    }
    const refunded = unfinished || (refund && provider.kind !== 'test');
    let sub: ProviderSubscription;
    try {
      sub = await provider.cancelSubscription(row.subscriptionId, { atPeriodEnd: !refund && !unfinished });
    } catch (err) {
      // money went back: 'nothing was charged' would not be the whole truth
      if (refunded && err instanceof AppError && err.code === 'PAYMENTS_UNAVAILABLE') throw new AppError('CANCEL_AFTER_REFUND_FAILED');
      throw err;
    }
    await repo.applyState(change(userId, sub, answeredAt(row, at)));
    return { subscription: toSubscription(await repo.find(userId)), refundedCents };
  }

  /** Takes back a cancel at the period's end; a refunded plan cannot be kept. */
  async function resume(userId: string): Promise<Subscription> {
    const row = await requirePaid(userId);
    if (refundUnfinished(row)) throw new AppError('SUBSCRIPTION_REFUNDED');
    if (row.cancelAtPeriodEnd) await repo.applyState(change(userId, await provider.resumeSubscription(row.subscriptionId), answeredAt(row, now())));
    return toSubscription(await repo.find(userId));
  }

  return service;
}

/** The billing service. */
export type BillingService = ReturnType<typeof createBillingService>;

/**
 * The test checkout's pages: open, complete, cancel. Completing makes the provider's side of the
 * subscription (`test_subscriptions`) and hands the billing service the same event Stripe would
 * send, so a fresh machine takes the whole path a real payment takes, without a card.
 */
export function createTestCheckoutService({ repo, provider, billing, now = () => new Date() }: { repo: BillingRepository; provider: TestPaymentsProvider; billing: BillingService; now?: () => Date }) {
  async function closed(userId: string, id: string): Promise<never> {
    const row = await repo.findTestCheckout(userId, id);
    if (!row) throw new AppError('CHECKOUT_NOT_FOUND');
    if (row.status === 'open') throw new AppError('CHECKOUT_CLOSED', 'This checkout has expired. Start again from the Upgrade page.');
    throw new AppError('CHECKOUT_CLOSED');
  }

  return {
    async get(userId: string, id: string): Promise<TestCheckout> {
      const row = await repo.findTestCheckout(userId, id);
      if (!row) throw new AppError('CHECKOUT_NOT_FOUND');
      const status = row.status === 'open' && row.expiresAt <= now() ? 'expired' : row.status;
      return { id: row.id, plan: row.plan, fromPlan: row.fromPlan, price: PLANS[row.plan].price, status, expiresAt: row.expiresAt.toISOString() };
    },

    async complete(userId: string, id: string): Promise<string> {
      const at = now();
      // events carry whole seconds, as Stripe's do
      const created = wholeSecond(at);
      const checkout = (await repo.closeTestCheckout(userId, id, 'complete', at)) ?? (await closed(userId, id));
      const row = await repo.find(userId);
      const paying = row?.provider === 'test' && row.subscriptionId && isPaidStatus(row.status) ? await repo.findTestSubscription(row.subscriptionId) : undefined;
      const eventId = `test_evt_${crypto.randomUUID()}`;
      if (paying && paying.status === 'active') {
        // a change of plan: the provider's subscription takes the new price at once; a cancel
        // already asked for stands (switching must not quietly start renewing again)
        const updated = await repo.updateTestSubscription(paying.id, { plan: checkout.plan });
        await billing.applyEvent({ id: eventId, type: 'customer.subscription.updated', created, object: provider.toObject(updated!) });
        return RETURN_PATHS.success;
      }
      const customerId = row?.provider === 'test' && row.customerId ? row.customerId : await provider.ensureCustomer({ userId, email: '', existing: null });
      if (customerId !== row?.customerId) await repo.setCustomer(userId, 'test', customerId);
      const sub = await repo.insertTestSubscription({
        id: `test_sub_${crypto.randomUUID()}`,
        userId,
        customerId,
        plan: checkout.plan,
        status: 'active',
        currentPeriodEnd: addMonth(at),
        paidCents: priceCents(checkout.plan),
        paidAt: at,
      });
      await billing.applyEvent({
        id: eventId,
        type: 'checkout.session.completed',
        created,
        object: { id: `test_cs_${checkout.id}`, object: 'checkout.session', mode: 'subscription', client_reference_id: userId, customer: customerId, subscription: sub.id, metadata: { userId, plan: checkout.plan } },
      });
      return RETURN_PATHS.success;
    },

    async cancel(userId: string, id: string): Promise<string> {
      if (!(await repo.closeTestCheckout(userId, id, 'canceled', now()))) await closed(userId, id);
      return RETURN_PATHS.canceled;
    },
  };
}

/** The test checkout service. */
export type TestCheckoutService = ReturnType<typeof createTestCheckoutService>;

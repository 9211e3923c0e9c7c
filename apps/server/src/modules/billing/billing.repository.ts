import { PAID_PLAN_STATUSES, type PaidPlanId, type PlanId, type SubscriptionStatus } from '@baitcheck/contracts';
import { and, eq, gt, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { ProviderSubscription } from '../../adapters/payments/payments-provider.ts';
import type { Db } from '../../db/database.ts';
import { billingEvents, subscriptions, testCheckouts, testSubscriptions, users } from '../../db/schema.ts';

/** A user's subscription row. */
export type SubscriptionRow = typeof subscriptions.$inferSelect;
/** A test checkout row. */
export type TestCheckoutRow = typeof testCheckouts.$inferSelect;
/** A test subscription row (the simulated provider's side). */
export type TestSubscriptionRow = typeof testSubscriptions.$inferSelect;

/** A provider's state to write on a user's row, as of `stateAt`. */
export interface StateChange {
  userId: string;
  provider: 'stripe' | 'test';
  sub: ProviderSubscription;
  stateAt: Date;
  /** The first payment's time, kept only if none is recorded (the money-back window opens once). */
  firstPaidAt?: Date;
}

/** Statuses after which a subscription never runs again. */
const ENDED_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];
const ENDED_SQL = sql`(${sql.join(ENDED_STATUSES.map((s) => sql`${s}`), sql`, `)})`;

/** How long the ids of providers' events are kept to refuse replays (Stripe retries for three days). */
export const BILLING_EVENTS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** All SQL of plans and payments. */
export function createBillingRepository(db: Db) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

  /** Writes `change` unless the row already holds a newer state; answers whether it wrote. */
  async function writeState(tx: Db | Tx, change: StateChange): Promise<boolean> {
    const { sub } = change;
    const values = {
      provider: change.provider,
      customerId: sub.customerId,
      subscriptionId: sub.id,
      // a price this server does not sell keeps the plan the row had (the status still applies)
      ...(sub.plan ? { plan: sub.plan } : {}),
      status: sub.status,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      stateAt: change.stateAt,
      updatedAt: new Date(),
    };
    // An event older than the state the row holds changes nothing (events arrive out of order).
    // Stripe's times are whole seconds, so two states of one second tie: the later one wins,
    // except that a subscription that has ended is not brought back by a snapshot of the same
    // second that still saw it running (an ending is final; a new subscription has a new id).
    const newer = ENDED_STATUSES.includes(sub.status)
      ? lte(subscriptions.stateAt, change.stateAt)
      : or(
          lt(subscriptions.stateAt, change.stateAt),
          and(eq(subscriptions.stateAt, change.stateAt), sql`not (${subscriptions.status} in ${ENDED_SQL} and ${subscriptions.subscriptionId} is not distinct from ${sub.id})`),
        );
    // The row follows one subscription: news of another (a second one bought by mistake and
    // cancelled, an old one ending late) does not replace one that still runs.
    const sameOrFree = or(isNull(subscriptions.subscriptionId), eq(subscriptions.subscriptionId, sub.id), notInArray(subscriptions.status, [...PAID_PLAN_STATUSES]));
    const rows = await tx
      .insert(subscriptions)
      .values({ userId: change.userId, ...values, firstPaidAt: change.firstPaidAt ?? null })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: { ...values, firstPaidAt: change.firstPaidAt ? sql`coalesce(${subscriptions.firstPaidAt}, ${change.firstPaidAt.toISOString()}::timestamptz)` : sql`${subscriptions.firstPaidAt}` },
        setWhere: and(or(isNull(subscriptions.stateAt), newer), sameOrFree),
      })
      .returning({ userId: subscriptions.userId });
    return rows.length > 0;
  }

  return {
    async find(userId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
      return row;
    },

    /** The account's email, or undefined for a guest (a payment needs an account). */
    async accountEmail(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ kind: users.kind, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.kind === 'account' && row.email ? row.email : undefined;
    },

    /**
     * Records the provider's customer for the user. A row made under another provider (the
     * server moved from the test checkout to Stripe) starts again: test payments grant nothing real.
     */
    async setCustomer(userId: string, provider: 'stripe' | 'test', customerId: string): Promise<void> {
      const fresh = { provider, customerId, subscriptionId: null, plan: 'basic' as const, status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, firstPaidAt: null, refundedAt: null, refundedSubscriptionId: null, stateAt: null, updatedAt: new Date() };
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ provider: subscriptions.provider }).from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
        // another request may have made the row since (another server process): then it stands
        if (!row) await tx.insert(subscriptions).values({ userId, ...fresh }).onConflictDoNothing();
        else if (row.provider !== provider) await tx.update(subscriptions).set(fresh).where(eq(subscriptions.userId, userId));
        else await tx.update(subscriptions).set({ customerId, updatedAt: new Date() }).where(eq(subscriptions.userId, userId));
      });
    },

    async userIdByCustomer(provider: 'stripe' | 'test', customerId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, provider), eq(subscriptions.customerId, customerId)))
        .limit(1);
      return row?.userId;
    },

    async eventSeen(id: string): Promise<boolean> {
      const [row] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, id)).limit(1);
      return row !== undefined;
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return row !== undefined;
    },

    /**
     * Records a provider event and applies its state in one transaction: an event seen before
     * answers 'duplicate' and changes nothing; one older than the row's state, 'stale'.
     */
    async applyEvent(event: { id: string; type: string; created: Date }, change: StateChange | null): Promise<'applied' | 'duplicate' | 'stale' | 'recorded'> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(billingEvents)
          .values({ id: event.id, type: event.type, createdAt: event.created, userId: change?.userId ?? null })
          .onConflictDoNothing()
          .returning({ id: billingEvents.id });
        if (inserted.length === 0) return 'duplicate';
        if (!change) return 'recorded';
        if (await writeState(tx, change)) return 'applied';
        // a newer state is there (the checkout's event arrived after a later update), but the first
        // payment's time is still this event's to tell: the money-back window must not be lost
        if (change.firstPaidAt) {
          await tx
            .update(subscriptions)
            .set({ firstPaidAt: sql`coalesce(${subscriptions.firstPaidAt}, ${change.firstPaidAt.toISOString()}::timestamptz)` })
            .where(and(eq(subscriptions.userId, change.userId), eq(subscriptions.provider, change.provider)));
        }
        return 'stale';
      });
    },

    /** Writes a state the provider answered (a cancel, a resume), unless a newer one is there. */
    async applyState(change: StateChange): Promise<boolean> {
      return writeState(db, change);
    },

    /** The users whose plan was refunded but still runs (the cancel after the refund failed). */
    async refundedButRunning(provider: 'stripe' | 'test'): Promise<string[]> {
      const rows = await db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, provider), eq(subscriptions.refundedSubscriptionId, subscriptions.subscriptionId), inArray(subscriptions.status, [...PAID_PLAN_STATUSES])));
      return rows.map((r) => r.userId);
    },

    /** Records a refund at once, whatever state the row holds: the money-back window closes with it. */
    async markRefunded(userId: string, at: Date, subscriptionId: string): Promise<void> {
      await db.update(subscriptions).set({ refundedAt: at, refundedSubscriptionId: subscriptionId, updatedAt: new Date() }).where(eq(subscriptions.userId, userId));
    },

    /**
     * Deletes, up to `limit` rows at a time, provider events received before `before` (a replay
     * that late is refused by its age anyway) and test checkouts that stopped being open before
     * it; answers how many went.
     */
    async pruneBefore(before: Date, limit: number): Promise<number> {
      const oldEvents = db.select({ id: billingEvents.id }).from(billingEvents).where(lt(billingEvents.receivedAt, before)).limit(limit);
      const events = await db.delete(billingEvents).where(inArray(billingEvents.id, oldEvents)).returning({ id: billingEvents.id });
      const oldCheckouts = db.select({ id: testCheckouts.id }).from(testCheckouts).where(lt(testCheckouts.expiresAt, before)).limit(limit);
      const checkouts = await db.delete(testCheckouts).where(inArray(testCheckouts.id, oldCheckouts)).returning({ id: testCheckouts.id });
      return events.length + checkouts.length;
    },

    /** Ends the user's test checkouts still open at `at` (a new one replaces them). */
    async expireOpenTestCheckouts(userId: string, at: Date): Promise<void> {
      await db.update(testCheckouts).set({ expiresAt: at }).where(and(eq(testCheckouts.userId, userId), eq(testCheckouts.status, 'open'), gt(testCheckouts.expiresAt, at)));
    },

    async insertTestCheckout(userId: string, plan: PaidPlanId, fromPlan: PlanId, expiresAt: Date): Promise<TestCheckoutRow> {
      const [row] = await db.insert(testCheckouts).values({ userId, plan, fromPlan, expiresAt }).returning();
      return row!;
    },

    async findTestCheckout(userId: string, id: string): Promise<TestCheckoutRow | undefined> {
      const [row] = await db.select().from(testCheckouts).where(and(eq(testCheckouts.id, id), eq(testCheckouts.userId, userId))).limit(1);
      return row;
    },

    /** Closes an open, unexpired checkout of the user; undefined when it was not open (a second click, another tab). */
    async closeTestCheckout(userId: string, id: string, status: 'complete' | 'canceled', now: Date): Promise<TestCheckoutRow | undefined> {
      const [row] = await db
        .update(testCheckouts)
        .set({ status })
        .where(and(eq(testCheckouts.id, id), eq(testCheckouts.userId, userId), eq(testCheckouts.status, 'open'), gt(testCheckouts.expiresAt, now)))
        .returning();
      return row;
    },

    async insertTestSubscription(row: typeof testSubscriptions.$inferInsert): Promise<TestSubscriptionRow> {
      const [inserted] = await db.insert(testSubscriptions).values(row).returning();
      return inserted!;
    },

    async findTestSubscription(id: string): Promise<TestSubscriptionRow | undefined> {
      const [row] = await db.select().from(testSubscriptions).where(eq(testSubscriptions.id, id)).limit(1);
      return row;
    },

    async updateTestSubscription(id: string, patch: Partial<Omit<TestSubscriptionRow, 'id' | 'userId' | 'customerId' | 'createdAt'>>): Promise<TestSubscriptionRow | undefined> {
      const [row] = await db.update(testSubscriptions).set(patch).where(eq(testSubscriptions.id, id)).returning();
      return row;
    },
  };
}

/** The billing repository. */
export type BillingRepository = ReturnType<typeof createBillingRepository>;

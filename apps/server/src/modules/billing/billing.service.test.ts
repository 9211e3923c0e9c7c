import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { createBillingRepository } from './billing.repository.ts';
import { createBillingService, createTestCheckoutService } from './billing.service.ts';
import { addMonth, createTestPaymentsProvider } from './test-provider.ts';

const DAY = 86_400_000;

describe('billing service over time (the test checkout, a clock we move)', () => {
  let database: Database;
  let clock = new Date('2026-01-31T10:00:00.000Z');
  const now = () => clock;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => database?.close());

  async function payingUser() {
    const repo = createBillingRepository(database.db);
    const provider = createTestPaymentsProvider(repo, now);
    const billing = createBillingService({ repo, provider, now });
    const checkout = createTestCheckoutService({ repo, provider, billing, now });
    const [user] = await database.db.insert(users).values({ kind: 'account', email: `t${Math.random()}@example.com`, passwordHash: 'x' }).returning();
    const url = await billing.startCheckout(user!.id, 'premium', 'http://localhost');
    await checkout.complete(user!.id, url.split('/').pop()!);
    return { billing, userId: user!.id };
  }

  it('renews a month later on the last day of a short month', () => {
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('closes the money-back window after 14 days; a cancel then ends the plan at the period end', async () => {
    clock = new Date('2026-01-31T10:00:00.000Z');
    const { billing, userId } = await payingUser();
    expect((await billing.get(userId)).refundableUntil).toBe('2026-02-14T10:00:00.000Z');
    clock = new Date(clock.getTime() + 14 * DAY + 1000);
    const sub = await billing.get(userId);
    expect(sub.refundableUntil).toBeNull();
    await expect(billing.cancel(userId, true)).rejects.toMatchObject({ code: 'REFUND_WINDOW_CLOSED' });
    const cancelled = await billing.cancel(userId, false);
    expect(cancelled).toMatchObject({ refundedCents: 0, subscription: { plan: 'premium', cancelAtPeriodEnd: true, currentPeriodEnd: '2026-02-28T10:00:00.000Z' } });
    // past the period's end the plan has ended
    clock = new Date('2026-02-28T10:00:01.000Z');
    expect(await billing.get(userId)).toMatchObject({ plan: 'basic', status: 'canceled' });
  });

  it('ends the open test checkouts before a deletion, and opens no other until it is done', async () => {
    clock = new Date('2026-04-01T09:00:00.000Z');
    const repo = createBillingRepository(database.db);
    const provider = createTestPaymentsProvider(repo, now);
    const billing = createBillingService({ repo, provider, now });
    const checkout = createTestCheckoutService({ repo, provider, billing, now });
    const [user] = await database.db.insert(users).values({ kind: 'account', email: `d${Math.random()}@example.com`, passwordHash: 'x' }).returning();
    const userId = user!.id;
    const id = (await billing.startCheckout(userId, 'premium', 'http://localhost')).split('/').pop()!;
    expect((await checkout.get(userId, id)).status).toBe('open');
    let racing: Promise<string> | undefined;
    await billing.closeCheckoutsThen(userId, async () => {
      // ended in the database before the deletion runs: it can no longer be completed
      expect((await checkout.get(userId, id)).status).toBe('expired');
      await expect(checkout.complete(userId, id)).rejects.toMatchObject({ code: 'CHECKOUT_CLOSED' });
      // a checkout asked for meanwhile waits for the deletion
      racing = billing.startCheckout(userId, 'premium', 'http://localhost');
      await new Promise((r) => setTimeout(r, 20));
      await database.db.delete(users).where(eq(users.id, userId));
    });
    await expect(racing).rejects.toMatchObject({ code: 'ACCOUNT_REQUIRED' });
  });

  it('renews a test subscription at the period end while it is not cancelled', async () => {
    clock = new Date('2026-03-10T08:00:00.000Z');
    const { billing, userId } = await payingUser();
    clock = new Date('2026-05-11T08:00:00.000Z');
    expect(await billing.get(userId)).toMatchObject({ plan: 'premium', status: 'active', currentPeriodEnd: '2026-06-10T08:00:00.000Z' });
  });
});

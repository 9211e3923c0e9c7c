import { PLANS, type PlanId } from '@baitcheck/contracts';
import { and, eq, gte, type SQL } from 'drizzle-orm';
import { messages } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The history a plan keeps (spec sections 6 and 9): scans of the last 7 days on Basic, 30 on
 * Premium, 90 on Family. Older ones are not shown from the moment they pass the window, and the
 * retention job deletes them later; a person whose plan ends keeps (and sees) the new plan's
 * window only, and loses nothing more.
 */
export function historyStart(plan: PlanId, now: Date): Date {
  return new Date(now.getTime() - PLANS[plan].retentionDays * DAY_MS);
}

/**
 * `userId`'s messages that are still in their history window (scanned at or after `since`, see
 * {@link HistoryWindow}): the one filter every read of the history goes through, so that a scan
 * past the window is shown nowhere before the retention job deletes it.
 */
export function visibleMessages(userId: string, since: Date): SQL {
  return and(eq(messages.userId, userId), gte(messages.scanDate, since))!;
}

/** Where each user's visible history starts now: their plan's window. */
export function createHistoryWindow(deps: { plans: { effectivePlan(userId: string): Promise<PlanId> }; clock?: () => Date }) {
  const clock = deps.clock ?? (() => new Date());
  /** The plan in effect for `userId` and where their history starts now. */
  const of = async (userId: string): Promise<{ plan: PlanId; since: Date; now: Date }> => {
    const now = clock();
    // a newcomer has no user yet, and is on basic
    const plan = userId === '' ? 'basic' : await deps.plans.effectivePlan(userId);
    return { plan, since: historyStart(plan, now), now };
  };
  return {
    of,
    /** Where `userId`'s history starts now. */
    since: async (userId: string): Promise<Date> => (await of(userId)).since,
  };
}

/** Where each user's visible history starts. */
export type HistoryWindow = ReturnType<typeof createHistoryWindow>;

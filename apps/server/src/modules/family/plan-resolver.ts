import { PLANS, type PlanId } from '@baitcheck/contracts';
import type { FamilyRepository } from './family.repository.ts';

/**
 * The plan in effect for each user, family included: the user's own paid plan (the billing
 * service's word), or Family while they are a member of a family whose manager's own plan is
 * Family now. Nothing is copied onto the members: the moment the manager's plan lapses (a cancel,
 * a refund, a failed renewal), every member is back on their own plan, and back on Family when
 * it is renewed. The plan rules (daily scans, history windows, the retention job) read this.
 */
export function createPlanResolver(deps: {
  billing: { effectivePlan(userId: string): Promise<PlanId> };
  family: Pick<FamilyRepository, 'managerOfMember' | 'membersOfManagers'>;
}) {
  const resolver = {
    async effectivePlan(userId: string): Promise<PlanId> {
      const own = await deps.billing.effectivePlan(userId);
      if (own === 'family') return own;
      const managerId = await deps.family.managerOfMember(userId);
      if (managerId && (await deps.billing.effectivePlan(managerId)) === 'family') return 'family';
      return own;
    },

    /**
     * Whether the user's support requests are answered first: anyone whose plan in effect has
     * priority support (a paying user, or a member of a family whose plan runs). The support
     * requests mark themselves with it.
     */
    async prioritySupport(userId: string): Promise<boolean> {
      return userId !== '' && PLANS[await resolver.effectivePlan(userId)].prioritySupport;
    },

    /**
     * The users whose plan may be other than basic, given those with a paid subscription of their
     * own (`payers`): them and the members of the families they manage.
     */
    async withFamilyMembers(payers: readonly string[]): Promise<string[]> {
      const members = await deps.family.membersOfManagers(payers);
      return [...new Set([...payers, ...members])];
    },
  };
  return resolver;
}

/** The plan resolver. */
export type PlanResolver = ReturnType<typeof createPlanResolver>;

import { PLAN_IDS, PLANS, type PlanId } from '@baitcheck/contracts/lite';
import { formatPrice } from '@/lib/api/billing';

/** What a plan's button says and whether it can be pressed. */
export interface PlanButton {
  text: string;
  disabled: boolean;
}

/** A move to a plan below the one in effect (Family to Premium) is not an upgrade, and does not say so. */
const isStepDown = (plan: PlanId, effective: PlanId) => PLAN_IDS.indexOf(plan) < PLAN_IDS.indexOf(effective);

/**
 * A plan card's button (spec sections 2 and 4): 'Current Plan' (disabled) for the plan in effect,
 * 'Free Plan' for basic (disabled while on a paid plan: no downgrade through the buttons),
 * otherwise 'Upgrade' ('Switch to {plan name}' for a plan below the one in effect); 'Processing...'
 * on the one being bought, and every button disabled then; a family member (`coveredByFamily`)
 * buys nothing here.
 */
export function cardButton(plan: PlanId, effective: PlanId, pending: PlanId | null, coveredByFamily = false): PlanButton {
  if (pending === plan) return { text: 'Processing...', disabled: true };
  if (plan === effective) return { text: 'Current Plan', disabled: true };
  // a family member has Family through the family: nothing below it is for sale to them
  if (coveredByFamily) return { text: plan === 'basic' ? 'Free Plan' : 'Included in your family', disabled: true };
  if (plan === 'basic') return { text: 'Free Plan', disabled: pending !== null || effective !== 'basic' };
  return { text: isStepDown(plan, effective) ? `Switch to ${PLANS[plan].name}` : 'Upgrade', disabled: pending !== null };
}

/**
 * A button under the Feature Comparison (spec section 2): 'Free Plan' for basic (pressing it on
 * basic says the user already has it), 'Current Plan' or 'Upgrade to {plan name} (${price}/mo)'
 * ('Switch to …' for a plan below the one in effect).
 */
export function comparisonButton(plan: PlanId, effective: PlanId, pending: PlanId | null, coveredByFamily = false): PlanButton {
  if (pending === plan) return { text: 'Processing...', disabled: true };
  if (plan === 'basic') return { text: 'Free Plan', disabled: pending !== null || effective !== 'basic' };
  if (plan === effective) return { text: 'Current Plan', disabled: true };
  if (coveredByFamily) return { text: `${PLANS[plan].name}: included in your family`, disabled: true };
  return { text: `${isStepDown(plan, effective) ? 'Switch' : 'Upgrade'} to ${PLANS[plan].name} (${formatPrice(PLANS[plan].price)}/mo)`, disabled: pending !== null };
}

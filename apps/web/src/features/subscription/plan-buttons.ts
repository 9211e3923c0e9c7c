import { PLANS, type PlanId } from '@baitcheck/contracts/lite';
import { formatPrice } from '@/lib/api/billing';

/** What a plan's button says and whether it can be pressed. */
export interface PlanButton {
  text: string;
  disabled: boolean;
}

/**
 * A plan card's button (spec sections 2 and 4): 'Current Plan' (disabled) for the plan in effect,
 * 'Free Plan' for basic (disabled while on a paid plan: no downgrade through the buttons),
 * otherwise 'Upgrade'; 'Processing...' on the one being bought, and every button disabled then.
 */
export function cardButton(plan: PlanId, effective: PlanId, pending: PlanId | null): PlanButton {
  if (pending === plan) return { text: 'Processing...', disabled: true };
  if (plan === effective) return { text: 'Current Plan', disabled: true };
  if (plan === 'basic') return { text: 'Free Plan', disabled: pending !== null || effective !== 'basic' };
  return { text: 'Upgrade', disabled: pending !== null };
}

/**
 * A button under the Feature Comparison (spec section 2): 'Free Plan' for basic (pressing it on
 * basic says the user already has it), 'Current Plan' or 'Upgrade to {plan name} (${price}/mo)'.
 */
export function comparisonButton(plan: PlanId, effective: PlanId, pending: PlanId | null): PlanButton {
  if (pending === plan) return { text: 'Processing...', disabled: true };
  if (plan === 'basic') return { text: 'Free Plan', disabled: pending !== null || effective !== 'basic' };
  if (plan === effective) return { text: 'Current Plan', disabled: true };
  return { text: `Upgrade to ${PLANS[plan].name} (${formatPrice(PLANS[plan].price)}/mo)`, disabled: pending !== null };
}

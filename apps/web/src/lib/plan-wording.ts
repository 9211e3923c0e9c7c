import { PLANS } from '@baitcheck/contracts/lite';

/**
 * What moving back to Basic does to someone's history, said wherever a plan's end is announced
 * (the cancel dialog, the Family Dashboard, a member's family card): '(on Basic, scan history
 * keeps 7 days and older scans are deleted)'.
 */
export const ON_BASIC_HISTORY = `(on Basic, scan history keeps ${PLANS.basic.retentionDays} days and older scans are deleted)`;

/**
 * Said to a Family manager before anything that ends their Family plan (a cancel, a switch to
 * Premium): their `members` lose it too. `when`: 'too' (now) or 'then too' (at the period's end).
 * Null without members.
 */
export function membersLoseFamily(members: number, when: 'too' | 'then too'): string | null {
  if (members <= 0) return null;
  const who =
    members === 1
      ? `The member of your family loses the Family plan ${when} and goes back to their own plan`
      : `The ${members} members of your family lose the Family plan ${when} and go back to their own plans`;
  return `${who} ${ON_BASIC_HISTORY}, and your parental controls stop.`;
}

import { PLANS } from '@baitcheck/contracts/lite';

/**
 * What moving back to Basic does to someone's history, said wherever a plan's end is announced
 * (the cancel dialog, the Family Dashboard, a member's family card): '(on Basic, scan history
 * keeps 7 days and older scans are deleted)'.
 */
export const ON_BASIC_HISTORY = `(on Basic, scan history keeps ${PLANS.basic.retentionDays} days and older scans are deleted)`;

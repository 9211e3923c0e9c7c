import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser, FamilyView, Subscription } from '@baitcheck/contracts';
import { PAID_PLAN_STATUSES, PLANS, type PlanId } from '@baitcheck/contracts/lite';
import { queryKeys } from '../api/query-keys';

/**
 * Whether scans are made on this device (issue 20) and whose device history they go to. The
 * server's word (the On-Device Scanning switch, which holds on a paid plan only, and who is
 * signed in) is kept in localStorage too, so that with the network off the scan still runs on the
 * device, as the person chose, instead of failing to reach the server.
 */
export interface OnDeviceState {
  active: boolean;
  /** The account the device history belongs to (its email, lower-cased), or null for a guest. */
  owner: string | null;
  /** Days the plan's history keeps: device entries older than this are pruned. */
  retentionDays: number;
}

export const MIRROR_KEY = 'baitcheck:on-device';
export const OFF: OnDeviceState = { active: false, owner: null, retentionDays: PLANS.basic.retentionDays };

/** The last state this browser learnt from the server, or off. */
export function readOnDeviceMirror(): OnDeviceState {
  try {
    const saved = JSON.parse(localStorage.getItem(MIRROR_KEY) ?? 'null') as Partial<OnDeviceState> | null;
    if (saved && typeof saved.active === 'boolean' && (saved.owner === null || typeof saved.owner === 'string') && typeof saved.retentionDays === 'number') {
      return { active: saved.active && saved.owner !== null, owner: saved.owner, retentionDays: saved.retentionDays };
    }
  } catch {
    // unreadable: off, the server decides again when it can be reached
  }
  return OFF;
}

export function writeMirror(state: OnDeviceState): void {
  try {
    localStorage.setItem(MIRROR_KEY, JSON.stringify(state));
  } catch {
    // storage full or refused: the state is known again next time the server answers
  }
}


/**
 * Whose device history the lists show: the signed-in account (as this page knows it: a sign-out
 * or another sign-in switches at once), or, before the server has answered, the account this
 * browser last knew. A guest has none. Light on purpose: the lists ask it before loading the
 * device history's code, which a guest's first screen then never loads.
 */
export function deviceOwnerOf(queryClient: QueryClient): string | null {
  const user = queryClient.getQueryData<CurrentUser>(queryKeys.currentUser);
  if (user) return user.kind === 'account' && user.email ? user.email.toLowerCase() : null;
  return readOnDeviceMirror().owner;
}

/** The plan whose benefits the person has: their own paid plan, or the family's as a member. */
export function planInEffect(subscription: Subscription | undefined, family: FamilyView | undefined): PlanId {
  if (family?.role === 'member' && family.planActive) return 'family';
  return subscription && subscription.plan !== 'basic' && PAID_PLAN_STATUSES.includes(subscription.status) ? subscription.plan : 'basic';
}

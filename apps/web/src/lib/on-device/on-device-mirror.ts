import { PLANS } from '@baitcheck/contracts/lite';

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


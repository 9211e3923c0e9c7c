import type { ProtectionSettings } from '@baitcheck/contracts';
import { ON_BASIC_HISTORY } from '@/lib/plan-wording';

export { SOURCE_LABELS } from '@/lib/message-source';

/** The protection switches a manager sets, as the parental controls name them. */
export const PROTECTION_SWITCHES: readonly { key: keyof ProtectionSettings; label: string; description: string; available: boolean }[] = [
  { key: 'smsProtection', label: 'SMS Protection', description: 'Incoming text messages', available: true },
  { key: 'emailProtection', label: 'Email Protection', description: 'Incoming emails', available: true },
  { key: 'socialMediaProtection', label: 'Social Media Protection', description: 'Incoming messages on social platforms', available: true },
  // nothing runs on a device yet: a switch for it would set nothing
  { key: 'onDeviceScanning', label: 'On-Device Scanning', description: 'Messages they scan are checked on their device, without being sent to Baitcheck.', available: true },
];

/**
 * Said with the parental controls: the channel switches decide whether the sources the member
 * connected (their own plugins) are checked; pasted messages are always checked.
 */
export const WHAT_THE_SWITCHES_DECIDE = (who: string) =>
  `These switches decide whether the texts, inbox and social feed ${who} connected in Settings, Plugins are checked as messages arrive. Whatever ${who} pastes into Scan is always checked.`;

/** What a manager sees of a member, and never sees: said wherever the family is explained. */
export const WHAT_THE_MANAGER_SEES =
  'How many messages are checked and, for each threat found, its date, channel and how serious it is. Never what a message says or who sent it.';

/** What a family's members lose when its plan ends: said before and when it does. */
export const MEMBERS_AFTER_FAMILY = `Then your members go back to their own plans ${ON_BASIC_HISTORY}, and your parental controls stop.`;

/** A date as the family screens show it: 'March 5, 2026'. */
export function formatFamilyDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}

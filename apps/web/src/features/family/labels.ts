import type { MessageSource, ProtectionSettings } from '@baitcheck/contracts';

/** The channel an alert came from, as the dashboard names it. */
export const SOURCE_LABELS: Record<MessageSource, string> = {
  sms: 'SMS',
  email: 'Email',
  social: 'Social media',
  manual: 'Other',
};

/** The protection switches a manager sets, as the parental controls name them. */
export const PROTECTION_SWITCHES: readonly { key: keyof ProtectionSettings; label: string; description: string }[] = [
  { key: 'smsProtection', label: 'SMS Protection', description: 'Text messages' },
  { key: 'emailProtection', label: 'Email Protection', description: 'Emails' },
  { key: 'socialMediaProtection', label: 'Social Media Protection', description: 'Messages on social platforms' },
  { key: 'onDeviceScanning', label: 'On-Device Scanning', description: 'Checking messages on their device (not available yet)' },
];

/** What a manager sees of a member, and never sees: said wherever the family is explained. */
export const WHAT_THE_MANAGER_SEES =
  'How many messages are checked and, for each threat found, its date, channel and how serious it is. Never what a message says or who sent it.';

/** A date as the family screens show it: 'March 5, 2026'. */
export function formatFamilyDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}

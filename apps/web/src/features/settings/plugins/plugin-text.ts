import type { Plugin, PluginActivity, SocialPlatform } from '@baitcheck/contracts';

/** A plugin's type as the list names it. */
export const TYPE_LABELS: Record<Plugin['type'], string> = {
  sms: 'SMS',
  email: 'Email',
  social: 'Social media',
  'social-media': 'Social media',
  slack: 'Slack',
};

/** The platforms of the simulated feed, as people write them. */
export const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  facebook: 'Facebook',
  twitter: 'Twitter',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  reddit: 'Reddit',
};

/** The label of the social plugin's feed, wherever it or its messages show. */
export const SIMULATED_FEED = 'Simulated feed';
/** Said beside the simulated feed: it must never pass for a real account being read. */
export const SIMULATED_FEED_NOTE =
  'No real account is read: Baitcheck makes up these messages on its server, a mix of ordinary ones and scams, to show how the checks work.';

/**
 * A phone number as people read it: a North American one grouped (`+1 555 010 0100`), any other
 * as the server gave it (its international form).
 */
export function formatPhoneNumber(value: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(value);
  return nanp ? `+1 ${nanp[1]} ${nanp[2]} ${nanp[3]}` : value;
}

/** The SMS plugin's step before it is connected: what to text, to which number, from which phone. */
export function confirmationParts(confirmation: NonNullable<Plugin['status']['confirmation']>, phoneNumber: string | undefined) {
  return { code: confirmation.code, to: formatPhoneNumber(confirmation.sendTo), from: phoneNumber ? formatPhoneNumber(phoneNumber) : 'your phone' };
}

/** A plugin's step before it is connected, as a sentence: the SMS code to text, the Slack code to post. */
export function describeConfirmation(plugin: Pick<Plugin, 'id' | 'configuration'>, confirmation: NonNullable<Plugin['status']['confirmation']>): string {
  if (plugin.id === 'slack') return `Post “${confirmation.code}” in ${confirmation.sendTo}, as a message of its own.`;
  const phoneNumber = plugin.configuration.phoneNumber;
  const { code, to, from } = confirmationParts(confirmation, typeof phoneNumber === 'string' ? phoneNumber : undefined);
  return `Text “${code}” to ${to} from ${from}.`;
}

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** When the code stops working: 'The code works until 3:04 PM (in 30 minutes).' */
export function describeExpiry(expiresAt: string, now: Date = new Date()): string {
  const at = new Date(expiresAt);
  const minutes = Math.max(0, Math.round((at.getTime() - now.getTime()) / 60_000));
  const left = minutes <= 1 ? 'about a minute' : `${minutes} minutes`;
  return `The code works until ${TIME.format(at)} (in ${left}).`;
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** How long ago: 'just now', '1 minute ago', '5 hours ago', '2 days ago', else 'on Jan 5'. */
export function describeAgo(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  const seconds = Math.max(0, (now.getTime() - date.getTime()) / 1000);
  const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return ago(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return ago(Math.floor(seconds / 3600), 'hour');
  if (seconds < 7 * 86_400) return ago(Math.floor(seconds / 86_400), 'day');
  return `on ${DAY.format(date)}`;
}

/**
 * What a plugin received: 'Last message 5 minutes ago · 12 scanned · 1 waiting'; 'No messages yet'
 * for a connected plugin that has had none; nothing for one never used.
 */
export function describeActivity(activity: PluginActivity, connected: boolean, now: Date = new Date()): string {
  const parts: string[] = [];
  if (activity.lastMessageAt) parts.push(`Last message ${describeAgo(activity.lastMessageAt, now)}`);
  else if (connected) parts.push('No messages yet');
  if (activity.scanned > 0 || parts.length > 0) parts.push(`${activity.scanned} scanned`);
  if (activity.waiting > 0) parts.push(`${activity.waiting} waiting`);
  return parts.join(' · ');
}

/** The plugin's state in a word or two, for its badge (a problem and why it is unavailable are said beside it). */
export function describeState(plugin: Plugin): { label: string; variant: 'success' | 'warning' | 'neutral' } {
  const { status } = plugin;
  if (status.connected) return { label: 'Connected', variant: 'success' };
  if (status.confirmation) return { label: 'Waiting for your text', variant: 'warning' };
  if (!status.available) return { label: 'Not available', variant: 'neutral' };
  return { label: 'Not connected', variant: 'warning' };
}

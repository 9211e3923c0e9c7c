import type { MessageSource, Plugin, PluginId, ProtectionSettings } from '@baitcheck/contracts';

/** What never changes about a plugin: its name, type, words and icon (spec section 3). */
export interface PluginEntry {
  id: PluginId;
  name: string;
  type: Plugin['type'];
  description: string;
  icon: string;
  /** Whether connecting it means signing in (the inbox's password, Slack's install). */
  requiresAuth: boolean;
  /** The History source of its messages. */
  source: MessageSource;
  /** The protection switch that turns its scanning off, if any (Slack has none: spec section 2). */
  protection: keyof ProtectionSettings | null;
  /** The plugin's field names in the configuration dialog, in order (spec section 3). */
  fields: readonly string[];
}

/** The four plugins, in the order the Plugins tab lists them. */
export const PLUGIN_CATALOGUE: Readonly<Record<PluginId, PluginEntry>> = {
  sms: {
    id: 'sms',
    name: 'SMS',
    type: 'sms',
    description: 'Texts you forward from your phone are checked as they arrive.',
    icon: 'message-square',
    requiresAuth: false,
    source: 'sms',
    protection: 'smsProtection',
    fields: ['phoneNumber'],
  },
  email: {
    id: 'email',
    name: 'Email inbox',
    type: 'email',
    description: 'Every new email in your inbox is checked as it arrives (IMAP, with an app password).',
    icon: 'mail',
    requiresAuth: true,
    source: 'email',
    protection: 'emailProtection',
    fields: ['emailAddress', 'host', 'port', 'secure', 'username'],
  },
  slack: {
    id: 'slack',
    name: 'Slack',
    type: 'slack',
    description: 'Messages in a Slack channel are checked, and a phishing one gets a warning in its thread.',
    icon: 'hash',
    requiresAuth: true,
    source: 'slack',
    protection: null,
    fields: ['workspaceName', 'channelName', 'manualMode'],
  },
  'social-media': {
    id: 'social-media',
    name: 'Social media',
    type: 'social-media',
    description: 'A simulated feed of messages for the platform and user name you choose, checked as they arrive. No real account is read.',
    icon: 'share-2',
    requiresAuth: false,
    source: 'social',
    protection: 'socialMediaProtection',
    fields: ['platform', 'username', 'manualMode'],
  },
};

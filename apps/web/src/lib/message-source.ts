import type { MessageSource } from '@baitcheck/contracts';

/** Where a message came from, as History and the family dashboard name it (plugins bring sms, email, slack and social). */
export const SOURCE_LABELS: Record<MessageSource, string> = {
  sms: 'SMS',
  email: 'Email',
  social: 'Social media',
  slack: 'Slack',
  manual: 'Other',
};

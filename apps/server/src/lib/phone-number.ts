/**
 * A phone number in E.164 (`+15550100199`), from what a person types (`+1 (555) 010-0199`,
 * `+44 20 7946 0958`, `0044…`), or null when it is not one: the country code is needed, since a
 * number is matched against what Twilio reports (always E.164).
 */
export function normalisePhoneNumber(text: string): string | null {
  const compact = text.trim().replace(/[\s().\-\u00a0]/g, '');
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  return /^\+[1-9]\d{6,14}$/.test(international) ? international : null;
}

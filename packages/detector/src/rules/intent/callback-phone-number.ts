/**
 * Tells you to call a phone number given in the message about an account, a charge, an order or
 * a refund: a signal to combine, since scams without links route victims to a fake call centre.
 */
import { intentRule } from './lib/intent-rule';
import { CALL_NUMBER } from './lib/callback';
import { re } from './lib/words';

const TOPIC =
  '(?:accounts?|charged?|charges|orders?|payments?|refunds?|cards?|subscriptions?|renew(?:al|ed)?|invoices?|transactions?|purchases?|cancel(?:l?ation)?|dispute|verify|verification|kyc|unlock|locked|blocked|suspended|support|technician|officer|agent|executive|fraud|security|balance|warrant|benefits?|claim|prize|fee|debt|bill)';

/**
 * Fires on "call ... <number>" near an account, charge or order word. The evidence is the call
 * and the number: the account word is the condition, not what the reason names.
 */
export const callbackPhoneNumber = intentRule({
  id: 'callback-phone-number',
  label: 'Tells you to call a phone number given in the message',
  severity: 'low',
  routes: [[{ re: re(CALL_NUMBER), notNegated: true }, re(TOPIC)]],
  window: 160,
  evidenceParts: [0],
});

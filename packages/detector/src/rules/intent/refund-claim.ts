/** A refund, overpayment or compensation you must "claim" by confirming card or bank details. */
import { intentRule } from './lib/intent-rule';
import { re } from './lib/words';

const REFUND =
  '(?:refund(?:s|ed)?|overpay(?:ment|ments)?|overpaid|overcharg(?:ed|e|ing)|reimbursement|compensation|cash\\s?back|rebate|money\\s+back)';
const CLAIM =
  '(?:claim\\s+(?:it|your|now|here|the|this|within|today|before)|(?:confirm|verify|provide|update|enter|submit|reply\\s+with)\\s+(?:your\\s+)?(?:card|bank(?:ing)?|payment|account|billing)\\s*(?:details|information|info|number|card)?|(?:due|owed|entitled\\s+to|eligible\\s+for)\\s+(?:a\\s+)?(?:\\w+\\s+)?(?:refund|rebate|reimbursement|compensation)|(?:refund|payment)\\s+(?:failed|could\\s+not\\s+be\\s+processed|was\\s+declined|is\\s+(?:pending|on\\s+hold))|request\\s+(?:a|your)\\s+refund\\s+within|to\\s+receive\\s+(?:it|your|the))';

/** Fires on a refund or overpayment word with a claim or "confirm your card" ask. */
export const refundClaim = intentRule({
  id: 'refund-claim',
  label: 'Offers a refund you must claim by giving card or bank details',
  severity: 'medium',
  routes: [[re(REFUND), { re: re(CLAIM), notNegated: true }]],
  unless: [re('(?:refund|return)\\s+(?:has\\s+been|was|is\\s+being)\\s+(?:issued|processed|credited|approved|sent|initiated)|will\\s+(?:see|receive)\\s+(?:the|your)\\s+refund|in\\s+(?:the|our)\\s+app')],
  window: 120,
});

/**
 * A renewal or invoice (Geek Squad, Norton, McAfee, PayPal, Amazon Prime...) for a large amount
 * with a phone number to call to cancel or dispute: the "refund" call leads to remote access.
 */
import { intentRule } from './lib/intent-rule';
import { CALL_NUMBER } from './lib/callback';
import { AMOUNT, APOS, PHONE, re } from './lib/words';

const BILLING =
  `(?:geek\\s?squad|norton(?:\\s?360|\\s+lifelock)?|lifelock|mcafee|avast|avg|kaspersky|total\\s?av|malwarebytes|bitdefender|webroot|best\\s?buy|windows\\s+defender|microsoft\\s+(?:365|office)|(?:amazon\\s+)?prime(?:\\s+membership)?|paypal|ebay|coinbase|quickbooks|auto[- ]?renew(?:ed|al)?|renew(?:ed|al)|subscription|invoice|order\\s+(?:#|no|number|confirmation)|membership|protection\\s+plan|tech(?:nical)?\\s+support\\s+plan|billed|charged)`;
const DISPUTE = `(?:cancel|cancell?ation|dispute|refund|did\\s*n${APOS}?o?t\\s+(?:make|authori[sz]e|order|place|request|recogni[sz]e)|don${APOS}?t\\s+recogni[sz]e|unauthori[sz]ed|not\\s+authori[sz]ed|wish\\s+to\\s+(?:stop|cancel)|want\\s+to\\s+cancel|queries|billing\\s+(?:team|department|support)|helpline|toll[- ]free)`;

/** Fires on a renewal/invoice word with an amount and a number to call to cancel, dispute or get a refund. */
export const subscriptionRenewalInvoice = intentRule({
  id: 'subscription-renewal-invoice',
  label: 'An invoice or renewal with a phone number to call to cancel or dispute it',
  severity: 'high',
  routes: [
    [re(BILLING), re(AMOUNT), re(DISPUTE), re(CALL_NUMBER)],
    [re(BILLING), re(AMOUNT), re(`${DISPUTE}[^.!?\\n\\d]{0,40}?${PHONE}`)],
  ],
  window: 260,
});

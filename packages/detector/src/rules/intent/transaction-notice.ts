/**
 * Trust: a bank's own transaction alert ("Acct: ****5521 Amt: NGN25,000.00 CR ... Avail Bal:
 * NGN131,220.45", "Rs 2,350.00 debited from A/c XX4417 ... Avl Bal Rs 10,002"): a masked account
 * and an amount credited or debited, or a balance, and nothing asked. The text model, which learned
 * its money words from spam, otherwise finds these alerts alike to prize texts. Quiet when the
 * message asks anything of the reader (a link, a call, a reply, a code), as fake alerts do.
 */
import { credentialRequest } from './credential-request';
import { trustRule } from './lib/intent-rule';
import { re } from './lib/words';
import { otpCodeRequest } from './otp-code-request';

/** A sum in a currency sign or a three-letter code, before or after the digits. */
const SUM = '(?:[$£€₹₦]|(?:ngn|kes|ghs|zar|inr|rs\\.?|usd|gbp|eur|sgd|myr|php|idr|rp\\.?|aed|cad|aud))\\s?\\d[\\d,]{0,12}(?:\\.\\d{1,2})?';
/** A masked account or card: "Acct: ****5521", "A/c XX4417", "card ending 1002", "a/c no. *7712". */
const MASKED =
  '(?:a/c|acct|account|card)(?:\\s+(?:no\\.?|number|ending(?:\\s+in)?))?\\s*[:#]?\\s*(?:[*xX]{2,}\\s?\\d{3,4}|\\d{3,4}\\b)|[*xX]{3,}\\d{3,4}';
const MOVED = '(?:cr|dr|credit(?:ed)?|debit(?:ed)?|withdrawn|deposited|received|spent|paid)';
const BALANCE = '(?:avail(?:able)?\\.?|avl\\.?|a/?v\\s?bal|ledger|current|clear(?:ed)?)\\s*\\.?\\s*(?:bal(?:ance)?\\.?)\\s*[:=-]?\\s*' + `(?:${SUM})`;

/** Fires on a masked account with a sum moved, or a sum and the balance left; unless anything is asked. */
export const transactionNotice = trustRule({
  id: 'transaction-notice',
  label: 'A bank transaction alert that asks you for nothing',
  routes: [
    [re(MASKED), re(SUM), re(MOVED)],
    [re(SUM), re(MOVED), re(BALANCE)],
  ],
  window: 160,
  unless: [
    re('https?:|www\\.|\\.(?:com|net|org|info|top|xyz|link|click)\\b|click|tap|verify|confirm|update|claim|reply|call|ring|dial|contact|press|log\\s?in|sign\\s?in|suspend|block(?:ed)?|locked|won|winner|prize|reward|bonus|refund|send|share|otp|pin|password'),
  ],
  cancelledBy: [otpCodeRequest, credentialRequest],
});

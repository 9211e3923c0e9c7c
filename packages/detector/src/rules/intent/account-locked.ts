/** Says an account or card is locked, suspended, limited or about to be closed, and asks you to act to restore it. */
import { intentRule } from './lib/intent-rule';
import { APOS, re } from './lib/words';

const THING =
  '(?:account|acct|card|access|(?:apple|google|samsung)\\s+pay|online\\s+banking|net\\s?banking|mobile\\s+banking|apple\\s+id|icloud|profile|membership|subscription|wallet|sim(?:\\s+card)?|mailbox|e-?mail|page|id|yono|upi|service|benefits?)';
/** A locked state, tolerant of broken grammar ("has been suspend", "have be lock"). */
const STATE =
  `(?:(?:has|have|had)\\s+be(?:en)?|is|was|will\\s+be|are|being|be|${APOS}s\\s+been|we${APOS}ve|we\\s+have|we)\\s+(?:temporarily\\s+|permanently\\s+|now\\s+|currently\\s+)?(?:locked?|suspend(?:ed)?|disabled?|limit(?:ed)?|restrict(?:ed)?|frozen|freezed?|block(?:ed)?|deactivated?|closed|terminated|on\\s+hold|put\\s+on\\s+hold|flagged|compromised|de-?activated|cancell?ed|deleted)`;
const ACT =
  '(?:restore|verify|verification|unlock|reactivate|re-?activate|confirm|update|secure|(?:log|sign)\\s?-?in(?!\\s+(?:attempts?|activity|alerts?))|click|tap|visit|call|reply|avoid|keep|prevent|unfreeze|unblock|lift|appeal|complete|validate|go\\s+to|follow)';

/** Fires on an account word, a locked/suspended state and a restore/verify ask nearby. */
export const accountLocked = intentRule({
  id: 'account-locked',
  label: 'Says your account is locked or suspended and asks you to act',
  severity: 'medium',
  routes: [[re(THING), re(STATE), { re: re(ACT), notNegated: true }]],
  window: 140,
});

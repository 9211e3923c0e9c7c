/**
 * A "fraud alert" about a suspicious transaction that asks you to call a number in the message,
 * press 1, or reply with card details, with pressure to act now: real alerts point to the number
 * on the back of your card or the bank's app.
 */
import { intentRule } from './lib/intent-rule';
import { CALL_NUMBER } from './lib/callback';
import { re } from './lib/words';

/** Suspicious activity on an account or card (also read by `fraud-alert-link`). */
export const SUSPICIOUS_ACTIVITY =
  '(?:suspicious|unusual|unauthori[sz]ed|fraudulent|irregular|strange|abnormal)\\s+(?:\\w+\\s+)?(?:activity|activities|transactions?|purchases?|charges?|payments?|transfers?|log\\s?-?ins?|sign\\s?-?ins?|withdrawals?|access)|(?:purchase|charge|payment|transfer|withdrawal|order|transaction)\\s+(?:of\\s+)?(?:[$£€₹]\\s?|(?:usd|aud|cad|nzd|gbp|eur|inr|rs\\.?|sgd)\\s?)?\\d[\\d,.]*|did\\s+you\\s+(?:attempt|make|authori[sz]e|try)|new\\s+(?:payee|device)|(?:was|has\\s+been|were)\\s+(?:placed|charged|requested|initiated|made)\\s+(?:on|from)\\s+your|fraud\\s+alert|(?:blocked|declined|stopped|held|flagged|paused)\\s+(?:a|the|your|this)\\s+(?:\\w+\\s+)?(?:payment|transaction|transfer|purchase|charge)|(?:has\\s+been|was)\\s+used\\s+(?:to\\s+(?:purchase|buy|pay)|for\\s+a\\s+(?:purchase|payment)|(?:for|at)\\s+(?:[$£€₹]\\s?)?\\d[\\d,]*(?:\\.\\d{1,2})?)|(?:card|account)\\s+(?:ending\\s+(?:in\\s+)?\\d{2,4}\\s+)?(?:was|has\\s+been)\\s+(?:charged|debited)\\s+(?:for\\s+)?(?:[$£€₹]\\s?)?\\d[\\d,]*(?:\\.\\d{1,2})?';
const PRESSURE =
  '(?:immediately|right\\s+away|now|asap|urgent(?:ly)?|within\\s+\\d+|fraud\\s+(?:team|line|department|dept|prevention|unit)|security\\s+(?:team|department|line)|to\\s+(?:cancel|stop|dispute|reverse|block|unlock|secure|refund|verify)|for\\s+a\\s+(?:full\\s+)?refund|do\\s+not\\s+ignore|if\\s+(?:this\\s+)?(?:was\\s+)?not\\s+you|if\\s+not\\s+you|if\\s+you\\s+did\\s*n[o\\u2019\']?t)';

/** Fires on suspicious activity with a callback number under pressure, or "press 1". */
export const fraudAlertCallback = intentRule({
  id: 'fraud-alert-callback',
  label: 'A fraud alert that asks you to call a number in the message',
  severity: 'medium',
  routes: [
    [re(SUSPICIOUS_ACTIVITY), { re: re(CALL_NUMBER), notNegated: true }, re(PRESSURE)],
    [re(SUSPICIOUS_ACTIVITY), re('press\\s+(?:1|one|9)\\b|reply\\s+with\\s+your\\s+(?:card|account|pin)')],
  ],
  window: 200,
});

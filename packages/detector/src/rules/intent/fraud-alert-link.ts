/**
 * A "fraud alert" about a purchase, payment, sign-in or new device that sends you to a link to
 * deny it ("If this wasn't you, cancel here: ..."). Genuine alerts say the same and link to the
 * bank's or the shop's own site, or to nothing, so the rule fires only beside a link nothing
 * vouches for (`lib/linked-intent.ts`).
 */
import { SUSPICIOUS_ACTIVITY } from './fraud-alert-callback';
import { linkedIntentRule } from './lib/linked-intent';
import { re } from './lib/words';

const NOT_YOU =
  "(?:if\\s+(?:this\\s+|it\\s+)?(?:was|is|were)\\s*(?:n['\\u2019]?t|not)\\s+(?:you|yours|made\\s+by\\s+you|authori[sz]ed\\s+by\\s+you)|not\\s+you\\s*\\?|if\\s+not(?:\\s+you)?\\b|if\\s+(?:you\\s+)?(?:did\\s*n['\\u2019]?t|did\\s+not|do\\s*n['\\u2019]?t|do\\s+not)\\s+(?:make|authori[sz]e|recogni[sz]e|request|initiate|attempt|place|order)|if\\s+unauthori[sz]ed|(?:cancel|dispute|decline|reverse|stop)\\s+(?:it|this|the)\\s*(?:transaction|payment|purchase|charge|order|transfer)?)";

/** Fires on suspicious activity and a "not you?" within the window, beside a link nothing vouches for. */
export const fraudAlertLink = linkedIntentRule({
  id: 'fraud-alert-link',
  label: 'A fraud alert that sends you to a link to stop a payment or sign-in',
  severity: 'medium',
  routes: [[re(SUSPICIOUS_ACTIVITY), { re: re(NOT_YOU), notNegated: true }]],
  window: 250,
});

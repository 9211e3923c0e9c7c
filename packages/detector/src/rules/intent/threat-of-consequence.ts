/** Threatens arrest, a warrant, legal action, a fine, disconnection or closure unless you act. */
import { intentRule } from './lib/intent-rule';
import { APOS, re } from './lib/words';

const THREAT =
  '(?:arrest(?:ed)?|(?:arrest\\s+)?warrants?|legal\\s+(?:action|proceedings|case)|lawsuit|law\\s+suit|sued|court\\s+(?:action|summons|case|order|date|hearing)|summons|prosecut(?:ed|ion)|jail|prison|deport(?:ed|ation)|criminal\\s+(?:charges?|case|record|investigation)|police\\s+(?:case|complaint|action)|(?:licen[cs]e|registration)\\s+(?:will\\s+be\\s+)?(?:suspen(?:ded|sion)|revoked|revocation|cancell?ed)|blacklist(?:ed)?|seized|garnish(?:ed|ment)|collections?\\s+agency|(?:account|card|service|sim|number)\\s+(?:will\\s+be\\s+)?(?:closed|closure|terminated|termination|disconnected|blocked|deleted|permanently\\s+\\w+)|(?:account\\s+)?suspension|disconnect(?:ed|ion)|shut\\s?-?off|cut\\s?-?off|fine\\s+of)';
const CONDITION = `(?:if\\s+(?:you\\s+)?(?:do\\s+not|don${APOS}?t|fail|ignore|refuse)|unless|failure\\s+to|fail\\s+to|to\\s+avoid|avoid|or\\s+(?:else|we\\s+will|you\\s+will|face|risk)|otherwise|within\\s+\\d+\\s*(?:minutes|mins|hours|hrs|h|days)|(?:by|before)\\s+(?:today|tonight|tomorrow|midnight|\\d)|immediately|final\\s+(?:notice|warning|reminder)|will\\s+(?:result|lead)\\s+in)`;

/** Fires on a threatened consequence with a condition ("unless", "to avoid", "within 24 hours"). */
export const threatOfConsequence = intentRule({
  id: 'threat-of-consequence',
  label: 'Threatens arrest, legal action, a fine or closure if you do not act',
  severity: 'medium',
  routes: [[re(THREAT), { re: re(CONDITION), notNegated: false }]],
  unless: [re('(?:emergency|weather|flood|storm|tornado|amber)\\s+(?:alert|warning)')],
  window: 120,
});

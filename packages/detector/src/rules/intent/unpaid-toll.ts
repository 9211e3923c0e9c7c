/** Claims an unpaid toll (E-ZPass, SunPass, FasTrak, "toll services") with a balance, fee or penalty to pay. */
import { intentRule } from './lib/intent-rule';
import { APOS, TOLL, re } from './lib/words';

const UNPAID = `(?:unpaid|outstanding|overdue|past[- ]due|owed?|(?:balance|amount)\\s+(?:due|owed|remaining|remains)|violations?|penalt(?:y|ies)|late\\s+(?:fee|charge)s?|fines?|not\\s+(?:yet\\s+)?(?:been\\s+)?(?:received|paid)|remains?\\s+unpaid|final\\s+(?:notice|reminder)|collections?|dmv\\s+hold|registration\\s+(?:block|hold|suspension))`;
const ACT = `(?:pay|settle|avoid|clear|resolve|visit|click|before|within|by\\s+\\d|today|immediately|reply|fee|fine|penalt(?:y|ies)|${APOS}s\\s+due)`;

/** Fires on a toll word with an unpaid balance and an instruction to pay or avoid a penalty. */
export const unpaidToll = intentRule({
  id: 'unpaid-toll',
  label: 'Claims you owe an unpaid toll and asks you to pay',
  severity: 'high',
  routes: [[{ re: re(TOLL), notFollowedBy: /^[- ]?free\b/i }, re(UNPAID), re(ACT)]],
  unless: [re('(?:payment|replenishment|top[- ]?up|invoice)\\s+(?:of\\s+[$£€]?[\\d.,]+\\s+)?(?:was|has\\s+been|is)\\s+(?:received|charged|paid|processed|successful)|auto[- ]?(?:pay|replenish\\w*)\\s+(?:is\\s+)?(?:on|active|scheduled)|thank\\s+you\\s+for\\s+(?:your\\s+)?payment|has\\s+been\\s+paid')],
  window: 160,
});

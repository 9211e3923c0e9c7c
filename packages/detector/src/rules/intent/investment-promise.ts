/**
 * An investment promise: guaranteed or fixed high returns, "double your money", a trading mentor
 * or signals group, an "AI trading platform" (crypto, forex, gold, stocks).
 */
import { intentRule } from './lib/intent-rule';
import { CHAT_APP, CRYPTO, re } from './lib/words';

const TOPIC = `(?:invest(?:ing|ment|ments|or|ors)?|trad(?:e|es|ing|er)|${CRYPTO}|forex|fx|stocks?|shares|futures|gold|options|portfolio|mining|returns?|profits?|platform|signals?|arbitrage|airdrop|giveaway|analyst)`;
const PROMISE = `(?:guarantee(?:d|s)?\\s+(?:returns?|profits?|income|earnings?|gains?|payouts?)|(?:returns?|profits?)\\s+(?:are\\s+)?guaranteed|double\\s+(?:your|my|the)\\s+(?:money|investment|crypto|bitcoin|funds|capital)|(?:2|3|10)x\\s+(?:your\\s+)?(?:money|returns?|investment)|send\\s+[\\d.]+\\s+\\w+\\s+(?:and|to)\\s+(?:get|receive)\\s+[\\d.]+|receive\\s+[\\d.]+\\s+\\w+\\s+back|\\d+(?:\\.\\d+)?\\s?%\\s+(?:(?:daily|weekly|monthly|a\\s+day|a\\s+week|a\\s+month|per\\s+(?:day|week|month)|every\\s+(?:day|week|month))\\s+)?(?:returns?|profits?|interest|gains?|roi)(?:\\s+(?:daily|weekly|monthly|a\\s+(?:day|week|month)|per\\s+(?:day|week|month)|every\\s+(?:day|week|month)))|(?:stable|fixed|steady)\\s+\\d+(?:\\.\\d+)?\\s?%\\s+(?:(?:daily|weekly|monthly)\\s+)?(?:returns?|income|profits?)|(?:made|earned|gained|profit(?:ed)?\\s+of)\\s+(?:over\\s+)?\\d+(?:\\.\\d+)?\\s?%\\s+(?:this|last|in\\s+(?:a|one))\\s+(?:week|day|month)|risk[- ]free|no\\s+risk|zero\\s+risk|earn(?:ing)?\\s+(?:up\\s+to\\s+)?[$£€₹]\\s?[\\d,]+\\s+(?:a|per|every)\\s+(?:day|week)|(?:uncle|mentor|teacher|analyst|expert|professor)\\s+(?:taught|teaches|showed|shares|recommends|picked|gives)|(?:show|teach)\\s+(?:you|me)\\s+(?:how|the\\s+(?:method|strategy))|(?:trading|investment|stock|crypto|forex|vip)\\s+(?:mentor|coach|tips|signals)|signals\\s+group|insider\\s+(?:tips|information|info)|withdraw\\s+(?:anytime|at\\s+any\\s+time)|(?:rose|gained|soared|jumped)\\s+(?:by\\s+)?\\d{3,}\\s?%|join\\s+(?:our|my)\\s+(?:free\\s+|vip\\s+|private\\s+|exclusive\\s+)*(?:${CHAT_APP}\\s+(?:group|channel|community)|vip\\s+(?:group|channel|community)))`;

/** Fires on an investment word with a promise of guaranteed, fixed or multiplied returns or a mentor/group. */
export const investmentPromise = intentRule({
  id: 'investment-promise',
  label: 'Promises guaranteed or unusually high investment returns',
  severity: 'high',
  routes: [[re(TOPIC), { re: re(PROMISE), notNegated: true }]],
  unless: [re(`past\\s+performance\\s+(?:is|does)\\s+not|capital\\s+(?:is\\s+)?at\\s+risk|not\\s+(?:a\\s+)?guarantee(?:d)?\\s+of\\s+future|investments?\\s+(?:can|may)\\s+(?:go\\s+down|lose)|fdic[- ]insured`)],
  window: 200,
});

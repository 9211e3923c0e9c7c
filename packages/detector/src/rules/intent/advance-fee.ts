/**
 * Asks for a fee, tax or deposit before you can receive, withdraw or release money or a prize
 * ("to withdraw you must first pay the 10% tax", "pay the $25 release fee to receive it").
 */
import { intentRule } from './lib/intent-rule';
import { AMOUNT, re } from './lib/words';

const FEE = `(?:(?:release|processing|transfer|clearance|activation|registration|unlock(?:ing)?|withdrawal|handling|insurance|verification|admin(?:istration)?|delivery|courier|upgrade|tax)\\s+(?:fee|charge|cost|deposit)s?|(?:fee|tax|deposit|charge)\\s+of\\s+${AMOUNT}|\\d+\\s?%\\s+(?:tax|fee|commission|deposit))`;
const GET = '(?:receive|withdraw|release|unlock|claim|collect|access|get|cash\\s+out|transfer\\s+(?:it|the\\s+funds)|process\\s+(?:your|the)\\s+(?:payment|transfer|withdrawal|winnings|funds|loan))';

/** Fires on a payment of a fee, tax or deposit tied to receiving or withdrawing money. */
export const advanceFee = intentRule({
  id: 'advance-fee',
  label: 'Asks you to pay a fee before you can receive money or a prize',
  severity: 'high',
  routes: [
    [{ re: re(`(?:pay|paying|send|deposit|cover)\\s+(?:[\\w$£€.,]+\\s+){0,4}?${FEE}`), notNegated: true }, re(`to\\s+${GET}|before\\s+(?:you\\s+can\\s+)?${GET}|(?:in\\s+order\\s+)?to\\s+(?:be\\s+able\\s+to\\s+)?${GET}`)],
    [re(`to\\s+${GET}[^.!?\\n]{0,40}?(?:you\\s+)?(?:must|need\\s+to|have\\s+to|should|will\\s+need\\s+to)\\s+(?:first\\s+)?(?:pay|deposit|send|cover)`), re(FEE)],
  ],
  window: 120,
});

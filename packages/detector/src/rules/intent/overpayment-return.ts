/**
 * The overpayment trick: someone "sent too much" (a cheque, a transfer, a marketplace payment) and
 * asks you to send back the difference before their payment bounces.
 */
import { intentRule } from './lib/intent-rule';
import { re } from './lib/words';

const OVERPAID =
  '(?:over-?paid|over-?payment|accidentally\\s+(?:sent|paid|transferred)|(?:sent|paid|transferred)\\s+(?:you\\s+)?[$£€]?\\s?[\\d,.]+\\s+instead\\s+of|(?:sent|paid|transferred|deposited|mailed|wrote)\\s+(?:you\\s+)?(?:the\\s+check\\s+|the\\s+cheque\\s+)?(?:too\\s+much|extra|more\\s+than|an?\\s+extra|(?:[$£€]\\s?[\\d,.]+\\s+)?by\\s+mistake|twice|double)|(?:extra|excess)\\s+(?:amount|money|payment|funds)|(?:check|cheque)\\s+for\\s+(?:more|extra|[$£€]\\s?[\\d,.]+))';
const RETURN =
  '(?:(?:refund|send|return|pay|transfer|wire|zelle|give)\\s+(?:me\\s+|us\\s+|it\\s+)?(?:back\\s+)?(?:the\\s+)?(?:difference|excess|extra|balance|rest|remaining|overpayment|remainder)|(?:send|pay|return|transfer|give)\\s+(?:it|the\\s+money|them|the\\s+rest)\\s+back|keep\\s+[$£€]?\\s?[\\d,.]+\\s+(?:and|for\\s+yourself))';

/** Fires on an overpayment claim with a request to send back the difference. */
export const overpaymentReturn = intentRule({
  id: 'overpayment-return',
  label: 'Claims you were paid too much and asks you to send the difference back',
  severity: 'high',
  routes: [[re(OVERPAID), { re: re(RETURN), notNegated: true }]],
  window: 200,
});

/** Asks for payment in gift cards or their codes ("buy 5 Apple gift cards and send me photos of the codes"). */
import { intentRule } from './lib/intent-rule';
import { APOS, GAP, re } from './lib/words';

const CARD =
  '(?:(?:e-?)?gift\\s?-?cards?|(?:apple|itunes|google\\s+play|play\\s+store|steam|amazon|ebay|visa|vanilla|target|walmart|razer\\s+gold|sephora|best\\s+buy|xbox|playstation|psn|nordstrom|one\\s?vanilla|green\\s?dot|paysafe(?:card)?)\\s+(?:gift\\s+|prepaid\\s+|reload\\s+)?cards?|prepaid\\s+(?:debit\\s+|visa\\s+)?cards?|vouchers?\\s+codes?|paysafecard|moneypak|reload\\s+cards?)';
const SEND_CODES = `(?:send|text|email|forward|share|take|snap|give|read)\\s+(?:me\\s+|us\\s+|it\\s+)?(?:a\\s+)?(?:the\\s+|some\\s+|clear\\s+)?(?:photos?|pictures?|pics?|images?|numbers?|codes?|pins?|backs?|claim\\s+codes?|card\\s+numbers?)|scratch\\s+(?:off\\s+)?(?:the\\s+)?(?:back|silver|panel)|call\\s+us\\s+with\\s+the\\s+(?:card\\s+)?number`;
const BUY = `(?:buy|purchase|get|grab|pick\\s+up|pick\\s+me\\s+up|go\\s+to\\s+(?:the\\s+)?store\\s+(?:and|to)\\s+(?:buy|get))\\s+(?:me\\s+|us\\s+)?(?:some\\s+|a\\s+few\\s+|the\\s+|\\d+\\s+|two\\s+|three\\s+|four\\s+|five\\s+|ten\\s+)?(?:x\\s*)?(?:[$£€]?\\d+\\s+)?(?:worth\\s+of\\s+)?`;
const FAVOUR = `reimburse|pay\\s+you\\s+back|refund\\s+you|for\\s+(?:a\\s+)?(?:client|customer|staff|employees?|surprise)|i${APOS}m\\s+in\\s+a\\s+meeting|can${APOS}?t\\s+talk|discreet|keep\\s+(?:it|this)\\s+(?:quiet|between\\s+us)|favou?r|asap|urgent(?:ly)?|right\\s+away|today`;

/** Fires on paying with gift cards, sending their codes, or buying them as a favour. */
export const giftCardPayment = intentRule({
  id: 'gift-card-payment',
  label: 'Asks you to pay with gift cards',
  severity: 'high',
  routes: [
    [{ re: re(`(?:pay(?:ment)?|settle|paid)\\s+${GAP}\\b(?:in|with|by|via|using|through)\\s+(?:\\w+\\s+){0,2}?${CARD}`), notNegated: true }],
    [re(CARD), { re: re(SEND_CODES), notNegated: true }],
    [{ re: re(`${BUY}${CARD}`), notNegated: true }, re(FAVOUR)],
  ],
  window: 200,
});

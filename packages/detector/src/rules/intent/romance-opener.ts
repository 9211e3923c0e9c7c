/**
 * Romance-scam patterns: a stranger overseas (soldier, doctor on a mission, oil rig) seeking a
 * connection, or a "love" who needs money for customs, a ticket or a hospital bill.
 */
import { intentRule } from './lib/intent-rule';
import { APOS, re } from './lib/words';

const PERSONA =
  '(?:u\\.?s\\.?\\s+army|army\\s+(?:doctor|officer|general|sergeant|captain)|soldier|military\\s+(?:doctor|officer|man)|peace\\s?-?keeping|deployed|on\\s+(?:a|an)\\s+(?:mission|oil\\s+rig)|oil\\s+rig|offshore\\s+(?:engineer|platform)|(?:un|united\\s+nations)\\s+(?:doctor|mission)|widow(?:er)?|marine\\s+engineer|ship\\s+captain|surgeon\\s+(?:in|with))';
const CONNECT = `(?:connection|feelings?\\s+for\\s+you|lonely|soul\\s?mate|(?:get\\s+to\\s+)?know\\s+you(?:\\s+better)?|talk\\s+(?:more|to\\s+you|with\\s+you)|chat\\s+(?:more|with\\s+you)|friendship|relationship|beautiful|handsome|dear|love|single|my\\s+heart|found\\s+your\\s+(?:number|profile|contact))`;
const ENDEARMENT = `(?:my\\s+(?:love|dear(?:est)?|darling|sweetheart|honey|baby|queen|king|angel)|sweetheart|darling|my\\s+heart|dear\\s+(?:one|friend))`;
const MONEY_NEED =
  `(?:customs|gold\\s+bars?|consignment|inheritance|release\\s+(?:the|my)|(?:plane|flight|air)\\s+tickets?|fly\\s+(?:to\\s+)?(?:see|meet)\\s+you|visa\\s+fees?|hospital\\s+bills?|medical\\s+bills?|clearance\\s+fee|stuck\\s+(?:at|in)\\s+(?:the\\s+)?airport|(?:need|send|lend)\\s+(?:me\\s+)?(?:[$£€]\\s?\\d[\\d,.]*|\\d[\\d,.]*|some\\s+money|money)|gift\\s+cards?|bitcoin|wire)`;
const FLIRT_START = `(?:^|[.!?\\n]\\s{0,3})(?:hi|hey|hello)\\s+(?:there\\s+)?(?:handsome|beautiful|gorgeous|sexy|dear|cutie|babe)`;
const FLIRT_ASK = `(?:verify|verification|site|fun\\s+tonight|hook\\s?up|meet\\s+(?:up|tonight)|lonely|single|my\\s+(?:pics|photos)|private\\s+(?:pics|photos|chat))`;

/** Fires on an overseas persona seeking a connection, a "love" needing money, or a flirt with a verification site. */
export const romanceOpener = intentRule({
  id: 'romance-opener',
  label: 'Looks like a romance scam: a stranger seeking a relationship or asking for money',
  severity: 'medium',
  routes: [
    [re(PERSONA), re(CONNECT)],
    [re(ENDEARMENT), re(MONEY_NEED)],
    [re(FLIRT_START), re(FLIRT_ASK)],
    [re(`(?:feel|felt)\\s+(?:a|some|such\\s+a)\\s+(?:connection|spark|bond)|i${APOS}ve\\s+fallen\\s+for\\s+you`), re(`found\\s+your\\s+(?:number|profile|contact)|(?:talk|chat)\\s+(?:on|via)|stranger|never\\s+met`)],
  ],
  window: 240,
});

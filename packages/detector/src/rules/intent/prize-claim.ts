/** Says you won or were selected for a prize or reward, and asks you to claim it, pay a fee or reply. */
import { intentRule } from './lib/intent-rule';
import { APOS, re } from './lib/words';

const WON = `(?:(?:you${APOS}?(?:ve|re)?|ur|u|your\\s+(?:number|mobile(?:\\s+number)?|phone\\s+number|e-?mail(?:\\s+address)?))\\s+(?:have\\s+|has\\s+|are\\s+|r\\s+|been\\s+){0,2}(?:just\\s+|already\\s+)?(?:won|awarded|been\\s+(?:selected|chosen|picked|awarded))|(?:randomly\\s+)?(?:picked|selected|chosen|drawn)\\s+you|(?:lucky|prize|grand|promo|anniversary)\\s+(?:draw|winner|customer|shopper|user|visitor|number)|winning\\s+(?:number|ticket|notification)|unclaimed\\s+(?:rewards?|prizes?|gifts?|funds?|cash)|(?:was|were|has\\s+been|have\\s+been)\\s+(?:chosen|selected|drawn|picked)\\s+(?:in|as|for|to)|selected\\s+to\\s+(?:receive|get|win)|chosen\\s+to\\s+(?:receive|get|win)|you\\s+(?:are|r)\\s+(?:a|our|the)\\s+(?:lucky\\s+)?winner|congratulations?[!,.]?\\s+(?:you|your)\\s+(?:won|have\\s+won|number)|(?:crypto|promo|token|bitcoin|btc)\\s+(?:airdrop|giveaway))`;
const CLAIM = '(?:claim|redeem|collect|(?:shipping|delivery|processing|registration|release|handling|clearance|admin)\\s+(?:fee|charge|cost)|pay\\s+(?:\\$|£|€|only|just|the|a\\s+small)|to\\s+receive|reply|call|text|txt|contact|click|tap|visit|complete|survey|quiz|verify|confirm|send\\s+your)';

/** Fires on a "you won / you were selected" phrase with a claim, fee or reply ask nearby. */
export const prizeClaim = intentRule({
  id: 'prize-claim',
  label: 'Says you won a prize and asks you to claim it or pay a fee',
  severity: 'medium',
  routes: [
    [re(WON), { re: re(CLAIM), notNegated: true }],
    [re('(?:complete|take|answer|fill\\s+(?:in|out))\\s+(?:a|our|this|the|your)\\s+(?:\\S+\\s+){0,2}?(?:survey|questionnaire|quiz)'), re('(?:get|receive|claim|win)\\s+(?:a|an|your)\\s+(?:free|brand\\s+new)|free\\s+(?:gift|reward|prize|iphone|dyson|airpods|ipad)')],
  ],
  window: 160,
});

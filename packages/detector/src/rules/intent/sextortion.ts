/** Sextortion: claims to have recorded you or to hold intimate images, and demands payment (usually bitcoin). */
import { intentRule } from './lib/intent-rule';
import { CRYPTO, re } from './lib/words';

const CLAIM =
  '(?:recorded\\s+you|(?:video|videos|recording|footage|photos?|pictures?|pics)\\s+of\\s+you|(?:your|the)\\s+(?:webcam|camera)|webcam|(?:intimate|explicit|nude|naked|private|compromising|sexual|dirty)\\s+(?:videos?|photos?|pictures?|pics|images?|content|moments?|recordings?)|(?:adult|porn(?:ographic)?|xxx)\\s+(?:websites?|sites?|videos?|content)|masturbat\\w{0,6}|hacked\\s+(?:your|into\\s+your)\\s+(?:device|phone|computer|email|account))';
const DEMAND = `(?:(?:send|pay|transfer|deposit)\\s+(?:me\\s+)?(?:\\w+\\s+){0,3}?(?:[$£€]\\s?\\d[\\d,.]*|\\d[\\d,]*\\s?(?:usd|dollars|euros?|pounds)|${CRYPTO})|${CRYPTO}\\s+(?:address|wallet)|(?:[$£€]\\s?\\d[\\d,]*|\\d[\\d,]*\\s?(?:usd|dollars))\\s+(?:in|of|worth\\s+of)\\s+${CRYPTO}|pay\\s+(?:me|up|now))`;
const EXPOSE = '(?:send\\s+(?:it|them|the\\s+\\w+)\\s+to\\s+(?:all\\s+)?(?:your|everyone)|(?:all\\s+)?your\\s+(?:contacts|friends|family|colleagues|followers)|everyone\\s+(?:will\\s+see|you\\s+know)|leak|publish|expose|release\\s+(?:it|them|the)|go\\s+viral|share\\s+(?:it|them)\\s+with|\\d+\\s+(?:hours|hrs|days))';

/** Fires on a recording or intimate-image claim with a payment demand or a threat to expose. */
export const sextortion = intentRule({
  id: 'sextortion',
  label: 'Threatens to share intimate images or videos unless you pay',
  severity: 'high',
  routes: [[re(CLAIM), re(DEMAND), re(EXPOSE)]],
  window: 800,
});

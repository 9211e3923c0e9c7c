import { messageRuleTable } from '../../test-support/rule-table';
import { romanceOpener } from './romance-opener';

messageRuleTable(romanceOpener, {
  fires: [
    'Hello dear, I\'m a US army doctor on a peacekeeping mission in Syria. I found your number and feel a connection.',
    'My love, the customs office is holding my package with the gold bars. I need $2,300 to release it and then I can finally fly to see you.',
    'Hi handsome 😘 I saw your pic, want to have some fun tonight? Verify you\'re not a cop on this site first.',
    'I work on an oil rig offshore and it gets lonely out here. Would you like to get to know each other?',
    'My darling, I am stuck at the airport in Lagos and need money for the visa fee, please send it today.',
    'I feel a connection even though we never met, I found your profile and had to write.',
  ],
  quiet: [
    'Hey babe can you grab milk on the way home?',
    'Love you! See you at 6 ❤️',
    'My dear friend, thank you for the lovely dinner last night.',
    'Grandpa served in the army in Korea, he has so many stories',
    'Happy anniversary my love, can\'t wait for dinner tonight',
    'Your customs declaration for order 4410 was processed. Duties: $0.',
  ],
});

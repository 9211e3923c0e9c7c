import { messageRuleTable } from '../../test-support/rule-table';
import { linkInstructions } from './link-instructions';

messageRuleTable(linkInstructions, {
  fires: [
    ['Click here to claim', ['Click here']],
    ['TAP HERE now', ['TAP HERE']],
    ['Please click the link below', ['click the link']],
    ['tap this link to verify', ['tap this link']],
    ['click on the link', ['click on the link']],
    ['Click this link', ['Click this link']],
  ],
  quiet: [
    'Clicking here and there',
    'The link is here',
    'Tap water here is fine',
    'A click-here banner',
    'I clicked the link yesterday',
  ],
});

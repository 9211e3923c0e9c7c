import { messageRuleTable } from '../../test-support/rule-table';
import { secrecyRequest } from './secrecy-request';

messageRuleTable(secrecyRequest, {
  fires: [
    'It\'s Priya from accounts. The vendor changed their bank details, please process today\'s invoice. Keep it quiet, CEO\'s orders.',
    'This is the manager. I\'m in a meeting and can\'t talk. Can you buy some gift cards for me?',
    'Grandma it\'s Josh. I\'m in trouble. Please don\'t tell Mom. Can you send money for bail?',
    'hi mom i need to pay a bill asap, can you help? please dont call im in a meeting',
    'I need a favour, keep this between us: can you transfer $900 today?',
    'Strictly confidential request from the CEO: wire $48,000 to the new supplier today.',
  ],
  quiet: [
    'Keep it quiet, it\'s a surprise party for Dad on Saturday!',
    'I\'m in a meeting and can\'t talk, call you back at 3',
    'Don\'t tell anyone but I got the job!!',
    'Please don\'t call after 9, the baby is asleep',
    'Our privacy policy keeps your data confidential.',
    'Can you help me move the couch on Sunday?',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { internationalPhoneSender } from './international-phone-sender';

messageRuleTable(internationalPhoneSender, {
  input: { kind: 'text', sender: '+63 915 224 8871', source: 'sms' },
  fires: [['The Toll Roads: Your account has an unpaid invoice ($11.69).', ['+639', 'The Toll Roads']]],
  quiet: ['Hello, how are you?'],
});
messageRuleTable(internationalPhoneSender, {
  input: { kind: 'text', sender: '+44 7700 900123', source: 'sms' },
  fires: [],
  quiet: ['Royal Mail: your parcel is on hold', 'Are we still on for dinner at 7?'],
});
messageRuleTable(internationalPhoneSender, {
  input: { kind: 'text', sender: '(626) 841-2270', source: 'sms' },
  fires: [],
  quiet: ['E-ZPass: You have an unpaid toll'],
});

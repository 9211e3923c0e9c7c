import { messageRuleTable } from '../../test-support/rule-table';
import { brandTextFromPersonalSender } from './brand-text-from-personal-sender';

messageRuleTable(brandTextFromPersonalSender, {
  input: { kind: 'text', sender: '+1 (626) 841-2270', source: 'sms' },
  fires: [
    ['E-ZPass: You have an unpaid toll of $6.85.', ['E-ZPass', 'phone number']],
    ['USPS: Your package could not be delivered due to an incomplete address.', ['USPS', 'phone number']],
    ['Chase Fraud Alert: did you attempt a purchase?', ['Chase', 'phone number']],
    ['(EZDriveMA) Hi, you have an outstanding toll of $7.50.', ['EZDriveMA', 'phone number']],
    ['Your Microsoft account will be closed in 48 hrs', ['Microsoft', 'phone number']],
    ['Hermes/Evri: your delivery failed.', ['Evri', 'phone number']],
  ],
  quiet: [
    'running late, be there in 10',
    'Hi Mum, new phone, same number',
    'Can you grab milk? Also the dentist called about Tuesday and asked whether the Amazon return went out',
    'take an uber home, zoom call at 3 tomorrow',
    'Indeed, we should discover more places like this',
    'I will chase it up with them',
  ],
});
messageRuleTable(brandTextFromPersonalSender, {
  input: { kind: 'text', sender: 'zbnqweyt@icloud.com', source: 'sms' },
  fires: [['USPS: The package arrived at the warehouse', ['USPS', 'email address']]],
  quiet: ['see you soon'],
});
messageRuleTable(brandTextFromPersonalSender, {
  input: { kind: 'text', sender: '28777', source: 'sms' },
  fires: [],
  quiet: ['USPS: Your item was delivered in or at the mailbox at 2:14 pm'],
});
messageRuleTable(brandTextFromPersonalSender, {
  input: { kind: 'text', sender: 'Chase <no.reply.alerts@chase.com>', source: 'email' },
  fires: [],
  quiet: ['Chase: your statement is ready'],
});

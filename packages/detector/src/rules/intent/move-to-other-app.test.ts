import { messageRuleTable } from '../../test-support/rule-table';
import { moveToOtherApp } from './move-to-other-app';

messageRuleTable(moveToOtherApp, {
  fires: [
    ['Hi Mum, it\'s me. I dropped my phone in the toilet lol this is my new number. Can you text me on WhatsApp when you get this?', ['text me on WhatsApp']],
    'Hello! We\'re hiring online product reviewers. Daily pay $200-500. Contact us on Telegram @hr_amelia22',
    'Part-time job: like and follow videos, daily salary up to 5000. Add WhatsApp wa.me/918822014455',
    'Message Sophia on Telegram: t.me/sophia_hr_optimize',
    'I don\'t check this app much, add me on WhatsApp so we can chat more easily',
    'Nice to meet you! Let\'s continue our conversation on Signal, it\'s more private.',
    'Please text me at +1 (415) 555-0192, I rarely check my email.',
  ],
  quiet: [
    'Let\'s make a WhatsApp group for the trip so everyone sees the plans',
    'Can you add me to the WhatsApp group chat for the reunion?',
    'WhatsApp code 204-917. Don\'t share this code with others',
    'Your Telegram code is 55123. Do not give it to anyone.',
    'I sent the photos on WhatsApp last night, did you get them?',
    'Do not move the conversation to WhatsApp or Telegram if a stranger asks you to.',
    'Signal is weak here, I will call you when I get home',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { neverAskNotice } from './never-ask-notice';

messageRuleTable(neverAskNotice, {
  fires: [
    'Wells Fargo Fraud Alert: Did you attempt a $1,020.00 purchase? Reply YES or NO. We will never ask for your PIN or passcode by text.',
    'Amazon: 194027 is your verification code. Amazon will never call or text you to ask for this code.',
    'Your Zelle verification code is 391029. Zelle will never call or text you to ask for this code.',
    'Monzo: Your login code is 928 441. Don\'t share it with anyone - Monzo will never ask for it.',
    'Amex: Was this you? Reply Y or N. We will never ask for your card number by text.',
    'Discord verification code: 917204. Don\'t share this code with anyone.',
  ],
  quiet: [
    'We will never ask for your password. Please confirm your account details below to keep access.',
    'Hi, I sent a code by mistake, never mind that, just send the code back to me please',
    'Your Lyft code is 290 441',
    'Never mind, I found the keys',
    'I will never ask you for anything again, promise',
    'Your Netflix account is on hold. Update your payment details.',
  ],
});

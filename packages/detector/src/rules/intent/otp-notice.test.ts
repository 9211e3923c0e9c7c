import { messageRuleTable } from '../../test-support/rule-table';
import { otpNotice } from './otp-notice';

messageRuleTable(otpNotice, {
  fires: [
    ['G-718204 is your Google verification code.', ['G-718204 is your Google verification code']],
    'Your Chase one-time code is 55102934. Don\'t share it. We\'ll never call to ask for it.',
    'Amazon: 194027 is your verification code. Don\'t share it.',
    'WhatsApp code 204-917\nDon\'t share this code with others',
    'Your IRS ID.me code is 308172. This code expires in 10 minutes.',
    'ICICI Bank: OTP for your transaction of Rs 2,350.00 at SWIGGY is 901243. Valid for 5 mins.',
    'Use 482 913 as your Microsoft verification code',
  ],
  quiet: [
    'Your verification code for Facebook is 482917. Hi, I sent it by mistake, can you send it back to me please?',
    'WhatsApp: to keep your account, send the 6-digit code you just received. Your code is 551203.',
    'Use code SAVE20 for 20% off your next order!',
    'Prize Code 2309: Call now to claim your £1000 prize.',
    'See you at 7, the door code is the same as last time',
    'Can you send me the wifi password?',
  ],
});

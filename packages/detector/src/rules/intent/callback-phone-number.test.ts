import { messageRuleTable } from '../../test-support/rule-table';
import { callbackPhoneNumber } from './callback-phone-number';

messageRuleTable(callbackPhoneNumber, {
  fires: [
    // the evidence is the call and the number, not the account word that makes it count
    ['Citi Fraud Alert: Your card ending 4417 has been restricted. Call 1-855-702-3381 to unlock.', ['Call 1-855-702-3381']],
    ['Chase Fraud Alert: Did you attempt a purchase of $1,249.00 at Walmart? If NOT, call 1-888-555-0142 immediately.', ['call 1-888-555-0142']],
    'Geek Squad: Thank you for renewing your plan. $399.99 will be charged today. To cancel call 1-808-201-4471.',
    'Kotak: Your debit card will be blocked within 24 hours. Please call 7488221133 to update your KYC.',
    'Your order #4471 has shipped. For refund questions contact our support team at +44 20 7946 0958.',
    'IRS Notice: you have an unpaid balance. Call 1-888-440-1912 now to avoid arrest.',
    'Social Security Administration: your benefits are suspended. Call 1-877-301-2244 to speak to an officer.',
  ],
  quiet: [
    'Reminder: You have an appointment on Thu 11/20 at 9:15 AM. Reply C to confirm or call 512-555-0143 to reschedule.',
    'Chase: Not you? Call the number on the back of your card.',
    'Call me when you land, love you',
    'Your code is 482913. Do not share it.',
    'Pizza Palace: your order is ready for pickup!',
    'Never call a phone number given in a text about your account.',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { officialChannelAdvice } from './official-channel-advice';

messageRuleTable(officialChannelAdvice, {
  fires: [
    'Chase: A $12.99 transaction with NETFLIX.COM was approved. Not you? Call the number on the back of your card.',
    'Amex: Card ending 1002 charged $86.40 at WHOLE FOODS. Unrecognised? Review it in the Amex app.',
    'HSBC: If you don\'t recognise this payment, call us using the number on the back of your card.',
    'Barclays: Your balance is £1,203.55. Manage alerts in the app.',
    'Netflix will never send you a link to update payment: open the Netflix app instead.',
    'Please never click links in texts about your account; log in to our website directly yourself.',
  ],
  quiet: [
    'BofA Alert: Did you attempt a purchase of $1,249.00? If not you, call our fraud team now at 1-888-402-7731. Check in the app too.',
    'Download the app from the link I send you on WhatsApp',
    'Your card has been blocked. Call 1-855-702-3381 to unlock.',
    'Running late, see you soon',
    'Apply here to join the team',
    'The app link below lets you verify your account.',
  ],
});

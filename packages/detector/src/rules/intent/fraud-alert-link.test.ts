import { messageRuleTable } from '../../test-support/rule-table';
import { fraudAlertLink } from './fraud-alert-link';

messageRuleTable(fraudAlertLink, {
  fires: [
    [
      'A transaction of AUD 590.3 was made with your bank account on 08/02/17 11:17:37 if unauthorised follow this link http://commbank-secure-login.net',
      ['transaction of AUD 590.3', 'if unauthorised', 'http://commbank-secure-login.net'],
    ],
    'Amazon: Did you authorize a purchase of $749.99 for an iPhone 15? If not, cancel here: https://amzn-order-cancel.com/r/8812',
    "Chase: unusual sign-in activity detected on your account. If this wasn't you, secure your account at https://chase-secure-verify.com",
    'USAA Alert: A new device was added to your account. Not you? Visit usaa-device-review.com to cancel.',
    'PayPal: a payment of £320.00 to Currys was initiated from your account. If you did not authorise this, dispute it at https://paypal-resolution-centre.co.uk',
  ],
  quiet: [
    // the bank's or shop's own site, or no link at all
    "Microsoft account: unusual sign-in activity. If this wasn't you, secure your account at https://account.live.com/acsr",
    'Amazon: Did you authorize a purchase of $749.99? If not, review your orders at https://www.amazon.com/your-orders',
    'Chase Fraud Alert: Did you attempt a $389.50 purchase at APPLE.COM/BILL on card ending 7712? Reply YES or NO.',
    'Wells Fargo: a $54.20 purchase was made on your card. If this was not you, call the number on the back of your card.',
    // a link, but no "not you"
    'Your order of $45.20 has been placed. Track it at https://shop-tracking-now.com/o/4412',
  ],
});

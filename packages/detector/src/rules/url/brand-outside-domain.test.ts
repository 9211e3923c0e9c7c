import { linkRuleTable } from '../../test-support/rule-table';
import { brandOutsideDomain } from './brand-outside-domain';

linkRuleTable(brandOutsideDomain, {
  fires: [
    ['http://paypa1-secure.xyz/login', ['PayPal']],
    ['paypal-login.xyz', ['PayPal']],
    ['http://www.amazon.com.account-verify.top/', ['Amazon']],
    ['http://secure-wells-fargo.com.evil.ru/', ['Wells Fargo']],
    ['https://ups-redelivery.com/track', ['UPS']],
    ['http://m1crosoft-support.com', ['Microsoft']],
    ['http://p\u0430ypal.com/', ['PayPal']],
    ['https://chase-alerts.net', ['Chase']],
    ['https://usps.com-track.info/', ['USPS']],
    ['https://amazon.cm/', ['Amazon']],
    ['https://hmrc-refund.co.uk/', ['HMRC']],
    ['https://netflix.billing-update.com', ['Netflix']],
    ['https://royal-mail-redelivery.com', ['Royal Mail']],
  ],
  quiet: [
    'https://www.paypal.com/signin',
    'https://amazon.co.uk/orders',
    'https://www.google.de',
    'https://accounts.google.com/signin',
    'https://groups.io/g/cats',
    'https://www.pineapple.com',
    'https://www.fedex.com/track',
    'https://www.gov.uk/hmrc',
    'https://www.microsoft.com/en-us',
    'https://example.com/paypal',
    'http://192.168.4.1/paypal/login',
    'https://www.barclays.co.uk',
  ],
});

import { linkRuleTable } from '../../test-support/rule-table';
import { brandInPath } from './brand-in-path';

linkRuleTable(brandInPath, {
  fires: [
    ['http://192.168.4.1/paypal/login', ['PayPal']],
    ['https://sites.example.com/apple/verify', ['Apple']],
    ['https://example.net/wp/usps-redelivery.php', ['USPS']],
    ['https://example.net/chase/login.html', ['Chase']],
  ],
  quiet: [
    'https://www.paypal.com/paypal/x',
    'https://example.com/pineapple',
    'https://paypal-login.xyz/paypal',
    'https://example.com/?ref=paypal',
    'https://www.gov.uk/hmrc',
    'https://example.com/',
    'https://www.theverge.com/apple/2024/review',
    'https://example.com/blog/ups-and-downs',
  ],
});

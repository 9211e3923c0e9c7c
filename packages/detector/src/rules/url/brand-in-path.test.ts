import { linkRuleTable } from '../../test-support/rule-table';
import { brandInPath } from './brand-in-path';

linkRuleTable(brandInPath, {
  fires: [
    ['http://192.168.4.1/paypal/login', ['PayPal']],
    ['https://sites.qzv-example.com/apple/verify', ['Apple']],
    ['https://qzv-example.net/wp/usps-redelivery.php', ['USPS']],
    ['https://qzv-example.net/chase/login.html', ['Chase']],
    // someone's page on a hosting platform of a well-known company still counts
    ['https://storage.googleapis.com/bucket-x/paypal/login.html', ['PayPal']],
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
    // well-known sites writing about a brand
    'https://en.wikipedia.org/wiki/Netflix',
    'https://www.youtube.com/results?search_query=paypal+refund',
    'https://www.amazon.com/Apple-iPhone-15/dp/B0CHX1W1XY',
  ],
});

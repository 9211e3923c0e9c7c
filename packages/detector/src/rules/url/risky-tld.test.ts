import { linkRuleTable } from '../../test-support/rule-table';
import { riskyTld } from './risky-tld';

linkRuleTable(riskyTld, {
  fires: [
    ['https://ezpass-tollpay.top/', ['.top']],
    ['usps-parcels-help.icu', ['.icu']],
    ['https://my.txtag-org.cyou/pay', ['.cyou']],
    ['https://shop.example.shop/', ['.shop']],
  ],
  quiet: ['https://www.example.com/', 'https://www.bbc.co.uk/', 'https://example.com/x.top', 'http://203.0.113.1/', 'https://topshop.com/', 'https://react.dev/learn', 'https://example.info/', 'https://zoom.us/j/1'],
});

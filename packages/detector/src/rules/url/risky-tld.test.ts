import { linkRuleTable } from '../../test-support/rule-table';
import { riskyTld } from './risky-tld';

linkRuleTable(riskyTld, {
  fires: [
    ['https://ezpass-tollpay.top/', ['.top', 'high']],
    ['usps-parcels-help.icu', ['.icu', 'high']],
    ['https://my.txtag-org.cyou/pay', ['.cyou', 'high']],
    ['https://shop.example.shop/', ['.shop', 'elevated']],
  ],
  quiet: ['https://www.example.com/', 'https://www.bbc.co.uk/', 'https://example.com/x.top', 'http://203.0.113.1/', 'https://topshop.com/'],
});

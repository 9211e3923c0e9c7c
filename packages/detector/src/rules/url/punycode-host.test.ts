import { linkRuleTable } from '../../test-support/rule-table';
import { punycodeHost } from './punycode-host';

linkRuleTable(punycodeHost, {
  fires: [
    ['http://xn--pypal-4ve.com/', ['xn--pypal-4ve.com']],
    ['http://p\u0430ypal.com/', ['xn--pypal-4ve.com']],
    ['https://login.xn--80ak6aa92e.com', ['login.xn--80ak6aa92e.com']],
  ],
  quiet: ['https://www.google.com', 'https://example.com/xn--foo', 'https://axn--b.example.com/'],
});

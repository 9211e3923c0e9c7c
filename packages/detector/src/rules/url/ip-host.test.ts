import { linkRuleTable } from '../../test-support/rule-table';
import { ipHost } from './ip-host';

linkRuleTable(ipHost, {
  fires: [
    ['http://192.168.4.1/paypal/login', ['192.168.4.1']],
    ['https://203.0.113.9:8443/', ['203.0.113.9']],
    ['http://[::1]/admin', ['[::1]']],
    ['http://0x7f.0.0.1/', ['127.0.0.1']],
    ['http://3232235777/', ['192.168.1.1']],
  ],
  quiet: ['https://www.google.com', 'http://1.2.3.4.example.com/', 'https://192-168-4-1.example.net/', 'https://example.com/192.168.4.1'],
});

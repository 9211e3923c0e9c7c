import { linkRuleTable } from '../../test-support/rule-table';
import { ipHost } from './ip-host';

linkRuleTable(ipHost, {
  fires: [
    ['http://192.168.4.1/paypal/login', ['192.168.4.1']],
    ['https://203.0.113.9:8443/', ['203.0.113.9']],
    ['http://[::1]/admin', ['[::1]']],
    ['http://0x7f.0.0.1/', ['127.0.0.1']],
    ['http://3232235777/', ['192.168.1.1']],
    ['https://45-137-21-9.sslip.io/login', ['45.137.21.9']],
    ['http://10.0.0.5.nip.io/', ['10.0.0.5']],
    ['https://app.203-0-113-7.sslip.io/', ['203.0.113.7']],
  ],
  quiet: ['https://sslip.io/', 'https://my-app.nip.io/','https://www.google.com', 'http://1.2.3.4.example.com/', 'https://192-168-4-1.example.net/', 'https://example.com/192.168.4.1'],
});

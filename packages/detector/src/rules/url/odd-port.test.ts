import { linkRuleTable } from '../../test-support/rule-table';
import { oddPort } from './odd-port';

linkRuleTable(oddPort, {
  fires: [
    ['https://secure-login.example.com:8443/', ['port 8443']],
    ['http://203.0.113.5:8080/paypal', ['port 8080']],
    ['example.com:2096/login', ['port 2096']],
  ],
  quiet: ['https://example.com/', 'http://example.com:80/', 'https://example.com:443/x', 'https://example.com/a:8080'],
});

import { linkRuleTable } from '../../test-support/rule-table';
import { manySubdomains } from './many-subdomains';

linkRuleTable(manySubdomains, {
  fires: [
    ['http://login.microsoftonline.com.secure.auth.example.top/', ['5 subdomain levels']],
    ['https://a.b.c.d.example.co.uk/', ['4 subdomain levels']],
    ['https://secure.login.paypal.example-verify.top/', ['3 subdomain levels']],
  ],
  quiet: ['https://www.example.com/', 'https://connect.secure.wellsfargo.com/auth', 'https://www.a.b.example.com/', 'https://en.m.wikipedia.org/wiki/x', 'https://sa.www4.irs.gov/ola/', 'http://10.0.0.1/'],
});

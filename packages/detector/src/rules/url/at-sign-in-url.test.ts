import { linkRuleTable } from '../../test-support/rule-table';
import { atSignInUrl } from './at-sign-in-url';

linkRuleTable(atSignInUrl, {
  fires: [
    ['http://paypal.com@evil.example/login', ['evil.example']],
    ['https://user:pass@host.example.com/', ['host.example.com']],
    ['https://www.apple.com-account@203.0.113.7/', ['203.0.113.7']],
  ],
  quiet: ['https://example.com/path@foo', 'https://example.com/?email=a@b.com', 'https://example.com/#me@home'],
});

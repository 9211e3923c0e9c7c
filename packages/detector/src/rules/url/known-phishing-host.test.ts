import { linkRuleTable } from '../../test-support/rule-table';
import { knownPhishingHost } from './known-phishing-host';

linkRuleTable(knownPhishingHost, {
  options: { intel: { knownPhishingHosts: ['evil.example', 'Login.Bad-Site.com '] } },
  fires: [
    ['https://evil.example/x', ['evil.example']],
    ['https://www.cdn.evil.example/x', ['evil.example']],
    ['http://login.bad-site.com/', ['login.bad-site.com']],
  ],
  quiet: ['https://example.com', 'https://bad-site.com/', 'https://notevil.example/', 'https://example/'],
});

linkRuleTable(knownPhishingHost, { fires: [], quiet: ['https://evil.example/x'] });

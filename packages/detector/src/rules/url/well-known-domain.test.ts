import { linkRuleTable } from '../../test-support/rule-table';
import { wellKnownDomain } from './well-known-domain';

linkRuleTable(wellKnownDomain, {
  fires: [
    ['https://www.nytimes.com/2026/11/18/technology/x.html', ['nytimes.com']],
    ['https://en.wikipedia.org/wiki/Phishing', ['wikipedia.org']],
    ['https://www.google.com/search?q=weather', ['google.com']],
    ['https://github.com/nodejs/node', ['github.com']],
  ],
  quiet: [
    'https://paypal-login.web.app/',
    'https://sites.google.com/view/x',
    'https://docs.google.com/forms/d/e/x/viewform',
    'https://www.google.com/url?q=https://evil.example/',
    'https://bit.ly/abc',
    'https://x.blogspot.com/',
    'http://google.com@evil.example/',
    'https://krtmnxq.xyz/',
    'https://storage.googleapis.com/bucket/index.html',
  ],
});

// hand-curated additions for sites that grew after the generated list's 2015 source
linkRuleTable(wellKnownDomain, { fires: [['https://chatgpt.com/', ['chatgpt.com']], ['https://www.tiktok.com/@nasa', ['tiktok.com']]], quiet: [] });

import { describe, expect, it } from 'vitest';
import { feedUrlKey } from '../../links';
import { linkRuleTable } from '../../test-support/rule-table';
import { knownPhishingUrl } from './known-phishing-url';

linkRuleTable(knownPhishingUrl, {
  options: { intel: { knownPhishingUrls: ['http://bit.ly/3xYzQ', 'https://docs.google.com/forms/d/e/1FAIpQLSe-PHISH/viewform', 42 as unknown as string, 'not a url'] } },
  fires: [
    ['https://bit.ly/3xYzQ', ['https://bit.ly/3xYzQ']],
    'HTTPS://BIT.LY/3xYzQ/#top',
    'https://docs.google.com/forms/d/e/1FAIpQLSe-PHISH/viewform',
  ],
  // the same host, another address: everyone's shortener and forms stay unjudged by the feed
  quiet: ['https://bit.ly/3xyzq', 'https://bit.ly/', 'https://docs.google.com/forms/d/e/1FAIpQLSe-OTHER/viewform', 'https://bit.ly/3xYzQ?ref=x'],
});

linkRuleTable(knownPhishingUrl, { fires: [], quiet: ['https://bit.ly/3xYzQ'] });

describe('feedUrlKey', () => {
  it('ignores scheme, host case, fragment and a trailing slash, keeps path case and query', () => {
    expect(feedUrlKey('http://Evil.Example/Login/')).toBe('evil.example/Login');
    expect(feedUrlKey('evil.example/Login#x')).toBe('evil.example/Login');
    expect(feedUrlKey('https://evil.example:8443/a?b=1')).toBe('evil.example:8443/a?b=1');
    expect(feedUrlKey('https://evil.example:443/')).toBe('evil.example');
    expect(feedUrlKey('javascript:alert(1)')).toBeNull();
    expect(feedUrlKey('   ')).toBeNull();
    expect(feedUrlKey('http://')).toBeNull();
  });
});

import { linkRuleTable } from '../../test-support/rule-table';
import { urlShortener } from './url-shortener';

linkRuleTable(urlShortener, {
  fires: [
    ['bit.ly/abc', ['bit.ly']],
    ['https://tinyurl.com/y6abc', ['tinyurl.com']],
    ['http://t.co/xyz', ['t.co']],
    ['https://www.bit.ly/abc', ['bit.ly']],
    ['https://cutt.ly/x', ['cutt.ly']],
  ],
  quiet: ['https://bit.ly/', 'https://tinyurl.com', 'https://maps.app.goo.gl/7gT2kSxP9mQhYz4E8', 'https://bitly-example.com/abc', 'https://bit.ly.example.com/abc', 'https://www.tco.com', 'https://example.com/bit.ly'],
});

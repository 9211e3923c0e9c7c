import { linkRuleTable } from '../../test-support/rule-table';
import { randomLookingHost } from './random-looking-host';

linkRuleTable(randomLookingHost, {
  fires: [
    ['https://krtmnxq.xyz/usps', ['krtmnxq', 'no vowels']],
    ['https://r8d2kf.cc/pay', ['r8d2kf', 'letters and digits mixed']],
    ['http://a1b2c3d4-secure-bank.com/login', ['a1b2c3d4-secure-bank', 'letters and digits mixed']],
    ['https://jvmsz.click/amazon', ['jvmsz', 'no vowels']],
    ['https://9f8e7d6c5b.com/', ['9f8e7d6c5b', 'letters and digits mixed']],
  ],
  quiet: ['https://www.google.com/', 'https://w3schools.com/', 'https://www.bbc.co.uk/', 'https://strengths.example.org/', 'https://www.nytimes.com/', 'https://web2.example.com/', 'https://365scores.com/'],
});

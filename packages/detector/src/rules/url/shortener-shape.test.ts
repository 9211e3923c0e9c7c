import { linkRuleTable } from '../../test-support/rule-table';
import { shortenerShape } from './shortener-shape';

linkRuleTable(shortenerShape, {
  fires: [
    ['https://t2m.io/Kq83Jd', ['t2m.io']],
    ['http://s2r.co/x9f2a', ['s2r.co']],
    ['https://qrz.it/aBcDeF', ['qrz.it']],
    ['lnkd.su/7HgT2', ['lnkd.su']],
    ['https://www.zii.bz/r4nd0m/', ['zii.bz']],
  ],
  quiet: [
    // a known shortener is url-shortener's
    'https://bit.ly/3xYz9Q',
    // a word, a date, a page name, a word and a number
    'https://abc.com/careers',
    'https://bbc.co.uk/news',
    'https://acme.com/2024',
    'https://shop.com/promo23',
    'https://nike.com/Running',
    // a longer name, a subdomain, a deeper path, a query
    'https://parcelfee-uk.com/Kq83Jd',
    'https://go.acme.com/Kq83Jd',
    'https://abc.io/a/Kq83Jd',
    'https://abc.io/Kq83Jd?ref=sms',
    // no path, or a home page
    'https://t2m.io',
    'https://t2m.io/',
    // a brand's own short links
    'https://amzn.to/3xK9pQz',
    'http://fkrt.it/Wq8bNNuuuN',
    // a well-known site with a short name
    'https://ebay.com/itm/12345',
  ],
});

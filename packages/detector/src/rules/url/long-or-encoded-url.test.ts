import { linkRuleTable } from '../../test-support/rule-table';
import { longOrEncodedUrl } from './long-or-encoded-url';

linkRuleTable(longOrEncodedUrl, {
  fires: [
    ['https://www.google.com/url?q=https://office-login-portal.top/auth&sa=D', ['redirects to another address']],
    ['https://example.com/r?u=https%3A%2F%2Fevil.example%2Flogin', ['redirects to another address']],
    [`https://example.com/${'a'.repeat(210)}`, ['230 characters']],
    ['https://example.com/%6c%6f%67%69%6e/%70%61%79%70%61%6c/%76%65%72%69%66%79', ['percent-encoded']],
    ['https://example.com/view?d=aHR0cHM6Ly9ldmlsLmV4YW1wbGUvbG9naW4_ZW1haWw9dmljdGltQGV4YW1wbGUuY29t', ['encoded data']],
  ],
  quiet: [
    'https://www.example.com/',
    'https://www.nytimes.com/2026/11/18/technology/ai-chips-export.html',
    'https://www.example.com/blog/how-to-recognise-a-phishing-email-and-what-to-do-about-it/',
    'https://www.amazon.com/Anker-PowerCore-Portable-Charger-Compatible/dp/B09VPHVT2Z/ref=sr_1_3',
    'https://example.com/search?q=hello%20world',
    'http://example.net/bundles/scripts/jquery?v=wq4aYkXnBCANLJN6pKyWJUyurcuVviPBZFgqzJGmSHQ1',
    'http://taboola.com/sites/default/files/js/js_EJfCZ52_7IAOsN4g4Q7frrbi9LcBERvKbsCyzUp2Jss.js',
    'http://example.ua/list/?ref%5B0%5D%5Bajax%5D=1&ref%5B0%5D%5Baction%5D=index&ref%5B0%5D%5Bmethod%5D=index',
  ],
});

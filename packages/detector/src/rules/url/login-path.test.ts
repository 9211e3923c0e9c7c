import { linkRuleTable } from '../../test-support/rule-table';
import { loginPath } from './login-path';

linkRuleTable(loginPath, {
  fires: [
    ['https://qzv-shop.com/login', ['login']],
    ['https://qzv-shop.com/account/verify?x=1', ['verify']],
    ['https://a.qzv-shop.net/sign-in', ['sign-in']],
    ['https://qzv-shop.com/cgi-bin/webscr?cmd=_login', ['webscr']],
    // a brand's name on someone else's site is not its sign-in page
    ['https://paypal-help.qzv-shop.com/signin', ['signin']],
  ],
  quiet: [
    'https://blog.qzv-shop.com/logistics',
    'https://qzv-shop.com/',
    'https://qzv-shop.com/blogin',
    'https://login.qzv-shop.com/',
    // well-known sites and brands' own sign-in pages
    'https://www.paypal.com/signin',
    'https://accounts.google.com/signin/v2/identifier',
    'https://github.com/login',
  ],
});

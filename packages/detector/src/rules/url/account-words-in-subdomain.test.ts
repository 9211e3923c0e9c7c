import { linkRuleTable } from '../../test-support/rule-table';
import { accountWordsInSubdomain } from './account-words-in-subdomain';

linkRuleTable(accountWordsInSubdomain, {
  fires: [
    ['https://secure-login.example-shop.com/', ['secure', 'login']],
    ['http://www.recover-account-instargram.asiascoutnetwork.com/', ['recover', 'account']],
    ['https://account-update.dfcars.cn/', ['account', 'update']],
    ['http://entry-auth-biglobe-mail-cgi-bins-6417c08be8440.ehuaya.net/', ['auth']],
    ['https://webmail-client-11930.dns05.com/owa', ['webmail']],
    ['https://confirms-limiteds-invaliddatassesure.dhenyguy.net/', ['confirm', 'limited']],
    ['http://login.account.verify.example.org/', ['login', 'account', 'verify']],
  ],
  quiet: [
    // one service word is how sites name their own pages
    'https://login.example-university.edu/',
    'https://secure.examplebank.com/',
    'https://billing.example-saas.io/',
    'https://my-account.example.co.uk/',
    'https://support-center.example.com/',
    'https://online.examplecu.org/',
    // well known, a brand's own, or a hosting platform's page (other rules)
    'https://login.microsoftonline.com/',
    'https://secure.chase.com/web/auth/dashboard',
    'https://account-verify.web.app/',
    'https://author-tools.example.com/',
    'https://example.com/login/secure/account',
    'http://192.168.0.1/login',
  ],
});

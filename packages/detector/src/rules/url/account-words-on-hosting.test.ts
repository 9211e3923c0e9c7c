import { linkRuleTable } from '../../test-support/rule-table';
import { accountWordsOnHosting } from './account-words-on-hosting';

linkRuleTable(accountWordsOnHosting, {
  fires: [
    ['https://roibnhoodlogin-us.mystrikingly.com/', ['login', 'mystrikingly.com']],
    ['https://kocinlogginxna.godaddysites.com', ['loggin', 'godaddysites.com']],
    ['https://secure-verify-acc.web.app/index.html', ['secure', 'web.app']],
    ['https://walletrecovery-app.pages.dev/', ['wallet', 'pages.dev']],
    ['https://sites.google.com/view/account-unlock-center', ['account', 'sites.google.com']],
    ['https://my-auth.netlify.app/', ['auth', 'netlify.app']],
    ['https://photo-album-share.netlify.app/login', ['login', 'netlify.app']],
    ['https://team-files.pages.dev/share/verify?id=3', ['verify', 'pages.dev']],
    ['https://docs.google.com/forms/d/e/1FAIpQLSfX9kq2Tz_password-reset-helpdesk/viewform', ['password', 'docs.google.com']],
  ],
  quiet: [
    // the platforms' own pages
    'https://www.netlify.com/login',
    'https://accounts.google.com/signin',
    'https://www.notion.so/login',
    // ordinary projects and portfolios
    'https://jane-doe-portfolio.netlify.app/',
    'https://authors-guild-fanclub.github.io/',
    'https://docs-support.github.io/update-notes',
    'https://jane-doe-portfolio.netlify.app/blog/how-i-built-this-site',
    'https://my-app.vercel.app/?ref=login',
    // not a hosting platform
    'https://login.microsoftonline.com/',
    'https://secure.chase.com/web/auth',
  ],
});

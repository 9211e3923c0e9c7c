import { messageRuleTable } from '../../test-support/rule-table';
import { suspiciousUrl } from './suspicious-url';

messageRuleTable(suspiciousUrl, {
  fires: [
    ['Go to https://hxq-store.net/a now', ['https://hxq-store.net/a']],
    ['Visit www.example.org.', ['www.example.org']],
    ['Track at bit.ly/abc', ['bit.ly/abc']],
    ['See paypal-login.xyz and http://1.2.3.4/x', ['paypal-login.xyz', 'http://1.2.3.4/x']],
    // Only the link that is not vouched for.
    ['Docs at https://www.wikipedia.org/wiki/Phishing or login at chase-secure-help.com', ['chase-secure-help.com']],
    // Someone's page on a platform is not the platform speaking.
    ['Open https://sites.google.com/view/wellsfargo-online', ['https://sites.google.com/view/wellsfargo-online']],
    // A brand's name in the host is not its official site.
    ['Netflix: update your card at netflix-billing-help.com', ['netflix-billing-help.com']],
    // a brand's hosting platform carries other people's pages
    ['See https://evil-page.web.app/x', ['https://evil-page.web.app/x']],
  ],
  quiet: [
    'Get started: https://www.dropbox.com/ Dropbox',
    'Netflix: go to netflix.com and sign in, then choose Account',
    'Read more at https://en.wikipedia.org/wiki/Phishing',
    'photos from saturday https://photos.app.goo.gl/Xk2P9QmLv7sN4tWq8',
    'Shipped! Track here: http://fkrt.it/Wq8bNNuuuN','Open file.txt', 'e.g. this one', 'No links here', 'Mail me at bob@example.com', 'Ends with a dot.Then more'],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { lureOnHosting } from './lure-on-hosting';

messageRuleTable(lureOnHosting, {
  fires: [
    [
      'Hey! I finally uploaded all the photos from the party. You need to log in with your email to view the album: https://party-pics-album.netlify.app/login',
      ['log in with', 'https://party-pics-album.netlify.app/login'],
    ],
    'You have a new voice message (0:31). Play voice message: https://vm-audio-play.workers.dev/m?id=1182',
    'Your mailbox is almost full. Verify your account to keep receiving mail: https://mail-quota-check.azurewebsites.net/',
    'Accounts payable sent you an invoice to review and sign: https://inv-portal-88.glitch.me/view',
    'Please confirm your email address to restore access: https://restore-access-now.web.app',
    'Enter your password to unlock the shared folder at https://secure-folder.ngrok-free.app/unlock',
  ],
  quiet: [
    // a project shared on the same platforms, with nothing to sign in to
    'Check out the portfolio I built over the weekend: https://jane-doe-portfolio.netlify.app',
    'The new club website is live at https://riverside-rowing.web.app, see you Saturday!',
    // the ask, but the link is the service's own or a file shared on a file-sharing service
    'Log in to your account to view your statement: https://www.chase.com/',
    'Maria shared a document with you. Open: https://docs.google.com/document/d/1Ab9kQ2xPm7RtL0vN3sY/edit',
    // a blog post is what a blog link usually is
    'Sign in to comment on my latest post: https://my-baking-diary.blogspot.com/2026/05/scones.html',
    // a warning, not an ask
    'We will never ask you to enter your password on a page like https://x-login.netlify.app',
  ],
});

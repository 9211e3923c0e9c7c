import { linkRuleTable } from '../../test-support/rule-table';
import { brandInSubdomainOfHosting } from './brand-in-subdomain-of-hosting';

linkRuleTable(brandInSubdomainOfHosting, {
  fires: [
    ['https://paypal-login.web.app/', ['PayPal', 'web.app']],
    ['https://wellsfargo-verify-online.workers.dev/signon', ['Wells Fargo', 'workers.dev']],
    ['https://sites.google.com/view/wellsfargo-online-secure', ['Wells Fargo', 'sites.google.com']],
    ['https://amazon-prime-billing-update.vercel.app/ap/signin', ['Amazon', 'vercel.app']],
    ['https://www.evri-parcel.com.s3.amazonaws.com/index.html', ['Evri', 'amazonaws.com']],
    ['https://amazon-security.s3.amazonaws.com/x.html', ['Amazon', 'amazonaws.com']],
    ['https://verifypaypalaccount.wixsite.com/home', ['PayPal', 'wixsite.com']],
    ['https://usps-track.carrd.co/', ['USPS', 'carrd.co']],
    ['https://microsoft-login-verify.sharepoint.com/', ['Microsoft', 'sharepoint.com']],
  ],
  quiet: [
    'https://www.paypal.com/',
    'https://sites.google.com/view/lincolnelementarypta/home',
    'https://microsoft.github.io/vscode-docs/',
    'https://microsoft.sharepoint.com/teams/x',
    'https://microsoft-my.sharepoint.com/personal/x',
    'https://my-portfolio.netlify.app/',
    'https://www.netlify.com/blog/',
    'https://docs.google.com/document/d/1Ab9kQ2xPm7RtL0vN3sYwZ/edit',
    'https://paypal-login.xyz/',
    'https://firebase.google.com/docs/hosting',
  ],
});

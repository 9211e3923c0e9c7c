import { linkRuleTable } from '../../test-support/rule-table';
import { freeHosting } from './free-hosting';

linkRuleTable(freeHosting, {
  fires: [
    ['https://paypal-account-review.pages.dev/signin', ['pages.dev', 'app-hosting']],
    ['https://sites.google.com/view/lincolnelementarypta/home', ['sites.google.com', 'file-sharing']],
    ['https://forms.gle/Uk2mQr8pXz9vN4tA7', ['forms.gle', 'form-builder']],
    ['https://docs.google.com/forms/d/e/1FAIpQLSf/viewform', ['docs.google.com', 'form-builder']],
    ['https://docs.google.com/document/d/e/2PACX-1vS36Y8R0dZPmbk/pub', ['docs.google.com', 'free-hosting']],
    ['https://docs.google.com/document/d/1Ab9kQ2xPm7RtL0vN3sYwZ/edit', ['docs.google.com', 'file-sharing']],
    ['https://owa-38114.firebaseapp.com/owa/', ['firebaseapp.com', 'app-hosting']],
    ['https://myhome.duckdns.org/', ['duckdns.org', 'dynamic-dns']],
    // any free name can be had on dynamic DNS: a service-like label is still someone's
    ['https://help.duckdns.org/', ['duckdns.org', 'dynamic-dns']],
    ['https://help-center468.weebly.com/', ['weebly.com', 'free-hosting']],
    // Blogger on a country domain that is not listed
    ['https://secureyouraccount1.blogspot.lt/', ['blogspot.lt', 'free-hosting']],
    ['https://abc.ngrok-free.app/login', ['ngrok-free.app', 'tunnel']],
    ['https://www.google.com/url?q=https://evil.example/', ['www.google.com/url', 'app-hosting']],
    ['https://www.dropbox.com/scl/fi/8x2kqp0/Q4-budget.xlsx?dl=0', ['dropbox.com', 'file-sharing']],
    ['https://www.canva.com/design/DAF1a2b3c4d/view', ['canva.com', 'file-sharing']],
    ['https://www.notion.so/acme/Team-Wiki-4f6c2a9e8b7d4c1e9a0b3d5f7e2c1a8b', ['notion.so', 'file-sharing']],
    ['https://acme.box.com/s/8x2kqp0abc', ['box.com', 'file-sharing']],
  ],
  quiet: [
    'https://www.google.com/search?q=x',
    'https://www.netlify.com/blog/',
    'https://www.wix.com/',
    // the platform's own services (static files, editor, help in a language)
    'https://static.wix.com/media/x.png',
    'https://editor.wix.com/',
    'https://hilfe.jimdo.com/',
    'https://es.jimdo.com/',
    'https://firebase.google.com/docs/hosting',
    'https://example.com/',
    'https://sites.google.com/',
    'https://www.dropbox.com/forgot_finish?token=x',
    'https://www.figma.com/billing/invoices/1',
    'https://www.canva.com/pricing/',
    'https://www.notion.so/login',
    'https://help.figma.com/hc/en-us',
    'https://www.figma.com/settings/billing',
  ],
});

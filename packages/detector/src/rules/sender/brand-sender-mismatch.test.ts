import { senderRuleTable } from '../../test-support/sender-table';
import { brandSenderMismatch } from './brand-sender-mismatch';

senderRuleTable(brandSenderMismatch, {
  fires: [
    ['Netflix <info@netflix-membership-billing.com>', ['Netflix', 'netflix-membership-billing.com']],
    ['Chase <alerts@chaseonline-security.com>', ['Chase', 'chaseonline-security.com']],
    ['Microsoft account team <no-reply@account-live-security.com>', ['Microsoft', 'account-live-security.com']],
    ['HR via DocuSign <dse@docusign-notify.net>', ['DocuSign', 'docusign-notify.net']],
    ['paypal.service@intl-support.com', ['PayPal', 'intl-support.com']],
    ['"Wells Fargo Online" <noreply@wf-account-alerts.com>', ['Wells Fargo', 'wf-account-alerts.com']],
  ],
  quiet: [
    'Chase <no.reply.alerts@chase.com>',
    'Amazon.com <shipment-tracking@amazon.com>',
    'Norton <norton@gen.news>',
    'Maria Chen (via Google Docs) <drive-shares-dm-noreply@google.com>',
    'HSBC UK <hsbc@email.hsbc.co.uk>',
    'Chase Miller <chase@millerfamily.net>',
    'Norton Billing <norton.billing.team@gmail.com>',
    'Lincoln Elementary <noreply@parentsquare.com>',
    '+1 (555) 201-0000',
    'paypal.com',
    '',
  ],
});

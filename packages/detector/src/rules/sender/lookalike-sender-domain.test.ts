import { senderRuleTable } from '../../test-support/sender-table';
import { lookalikeSenderDomain } from './lookalike-sender-domain';

senderRuleTable(lookalikeSenderDomain, {
  fires: [
    ['Amazon.com <account@amaz0n-account-verify.com>', ['amazon.com', 'amaz0n-account-verify.com']],
    ['Steam Support <support@steamcommunnity.com>', ['steamcommunity.com', 'steamcommunnity.com']],
    ['Wells Fargo <alerts@wellsfargo-account-alerts.com>', ['Wells Fargo', 'wellsfargo-account-alerts.com']],
    ['paypal-security.com', ['PayPal', 'paypal-security.com']],
    ['info@rnicrosoft.com', ['microsoft.com', 'rnicrosoft.com']],
  ],
  quiet: [
    'Chase <no.reply.alerts@chase.com>',
    'Apple <noreply@email.apple.com>',
    'Jess <jess.photos.2026@gmail.com>',
    'Casper <orders@casper.com>',
    'AT&T <att-services.cs.99@emaildl.att-mail.com>',
    'fedex.com',
    '+1 555 201 0000',
    'Amazon',
  ],
});

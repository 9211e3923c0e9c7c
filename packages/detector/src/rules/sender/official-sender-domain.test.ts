import { messageRuleTable } from '../../test-support/rule-table';
import { officialSenderDomain } from './official-sender-domain';

messageRuleTable(officialSenderDomain, {
  input: { kind: 'text', sender: 'Chase <no.reply.alerts@chase.com>', source: 'email' },
  fires: [['Your statement is ready.', ['Chase: chase.com']]],
  quiet: [],
});
messageRuleTable(officialSenderDomain, {
  input: { kind: 'text', sender: 'service@paypal.com', source: 'email' },
  fires: [['Hello Jordan, you sent a payment with PayPal.', ['PayPal: paypal.com']]],
  quiet: ['Hello Jordan, a payment was sent.'],
});
messageRuleTable(officialSenderDomain, {
  input: { kind: 'text', sender: 'Norton Billing <norton.billing.team@gmail.com>', source: 'email' },
  fires: [],
  quiet: ['Your Google account and Norton subscription'],
});
messageRuleTable(officialSenderDomain, {
  input: { kind: 'text', sender: 'Netflix <info@netflix-membership-billing.com>', source: 'email' },
  fires: [],
  quiet: ['Netflix: update your payment'],
});
messageRuleTable(officialSenderDomain, {
  input: { kind: 'text', sender: 'service@paypal.com', source: 'email' },
  // the pasted source says the address is forged: no trust from it
  options: { intel: { emailAuth: { fromAddress: 'service@paypal.com', fromDomain: 'paypal.com', replyTo: [], returnPath: null, dmarc: 'fail', dmarcPolicy: 'reject', source: 'verified' } } },
  fires: [],
  quiet: ['Hello Jordan, you sent a payment with PayPal.'],
});
messageRuleTable(officialSenderDomain, {
  input: { kind: 'text', sender: 'service@paypal.com', source: 'email' },
  options: { intel: { emailAuth: { fromAddress: 'service@paypal.com', fromDomain: 'paypal.com', replyTo: [], returnPath: null, dkim: 'pass', dmarc: 'pass', source: 'header' } } },
  fires: [['Hello Jordan, you sent a payment with PayPal.', ['PayPal: paypal.com']]],
  quiet: [],
});

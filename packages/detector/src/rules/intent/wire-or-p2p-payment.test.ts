import { messageRuleTable } from '../../test-support/rule-table';
import { wireOrP2pPayment } from './wire-or-p2p-payment';

messageRuleTable(wireOrP2pPayment, {
  fires: [
    ['Your Spectrum internet will be disconnected today due to non payment. Pay now via Zelle to billing@spectrum-pay.co to avoid cutoff.', ['Pay now via Zelle']],
    'Airbnb: your host requested payment outside the platform due to a system issue. Transfer the balance to this account to keep your booking.',
    'It\'s Priya from accounts. The vendor changed their bank details, please process today\'s invoice to the new account I\'m sending.',
    'hey, are you still selling the couch? I\'ll send a Zelle, just need you to upgrade to a business account first (it\'s $50)',
    'Fraud department: your savings are at risk. Move the money to a safe account we set up for you today.',
    'Please note that we have changed our bank account. Kindly make all outstanding payments to the details below.',
    'To release the puppy for shipping, please send the $300 deposit through Western Union or MoneyGram.',
  ],
  quiet: [
    'Zelle: Brian Kim sent you $80.00. It\'s ready in your account.',
    'Just venmo\'d you for the pizza',
    'I transferred you the £25 for the concert tickets 👍',
    'Your PayPal payment of $32.00 to eBay seller hm_outlet was sent.',
    'We will never ask you to send money by wire transfer to a new account.',
    'Thanks, the bank transfer arrived this morning.',
  ],
});

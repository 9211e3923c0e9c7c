import { messageRuleTable } from '../../test-support/rule-table';
import { refundClaim } from './refund-claim';

messageRuleTable(refundClaim, {
  fires: [
    'British Gas: you are owed a refund of £183.44 after an overpayment. Claim it online today.',
    'Your recent Amazon refund of $48.27 failed. To receive it, confirm your card details.',
    'EE: You\'ve been overcharged on your bill and are due a refund of £67.20.',
    'Your phone bill refund of £32.50 is ready. Confirm your bank details to receive it.',
    'Ticketmaster: your order was cancelled. Request a refund within 24h.',
    'You are eligible for a compensation payment of $540 for the flight delay. Provide your bank account details to claim.',
  ],
  quiet: [
    'Your refund of $48.27 has been issued to your original payment method.',
    'Amazon: We\'ve processed your return. You will see the refund in 3-5 days.',
    'Did you ever get the refund for the concert tickets?',
    'Uber: Your refund request was approved. See details in the app.',
    'Store policy: refunds within 30 days with a receipt.',
    'Cashback of $5 was added to your card.',
  ],
});

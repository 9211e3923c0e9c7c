import { messageRuleTable } from '../../test-support/rule-table';
import { overpaymentReturn } from './overpayment-return';

messageRuleTable(overpaymentReturn, {
  fires: [
    'Hi, I accidentally sent you $500 instead of $50 for the couch on Zelle. Can you please send back the difference?',
    'My assistant mailed the cheque for more than the rent by mistake. Please wire the excess to my moving company today.',
    'Congratulations, you\'ve been selected as a mystery shopper. You\'ll receive a check for $2,450; deposit it, keep $350 and send the rest back via gift cards.',
    'I overpaid for the puppy, kindly refund the balance to my cousin through Western Union.',
    'Sorry, I transferred you too much for the tickets, can you Zelle me the difference?',
    'The buyer sent an extra $300 to cover shipping. Return the extra to the shipper\'s account below.',
  ],
  quiet: [
    'I think I overpaid the plumber, will ask him about it tomorrow',
    'Your overpayment of $12.40 has been credited to your next bill.',
    'British Gas: you paid too much last quarter, the refund will appear on your next statement.',
    'Sent you the money for dinner, thanks!',
    'Never send money back to someone who says they overpaid you: it is a common scam.',
    'Split the bill and send me the difference when you can 😊',
  ],
});

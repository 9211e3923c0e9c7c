import { messageRuleTable } from '../../test-support/rule-table';
import { advanceFee } from './advance-fee';

messageRuleTable(advanceFee, {
  fires: [
    'Your crypto account has a pending balance of $12,480.00 USDT. To withdraw you must first pay the 10% tax fee.',
    'Western Union: you have a pending transfer of $850 from a family member. Pay the $25 release fee to receive it.',
    'Congratulations, your loan of $5,000 is approved. Pay the $150 processing fee to receive the funds today.',
    'Your winnings of $2.5M are ready. Send the clearance fee of $400 to release the transfer.',
    'To unlock your account balance you need to deposit a 20% tax first.',
    'Your parcel with cash gift is at customs. Pay the delivery charge of $90 to collect it.',
  ],
  quiet: [
    'Transfers to friends are free: no fee to send or receive money.',
    'Wise: your transfer of £200 arrived. Fee paid: £1.12.',
    'ATM withdrawal fee of $3.00 charged on 11/18.',
    'Your payment was received, thanks!',
    'Shipping fee $5.99, delivery Thursday.',
    'We will never ask you to pay a fee to receive a refund.',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { transactionNotice } from './transaction-notice';

messageRuleTable(transactionNotice, {
  fires: [
    'Acct: ****5521 Amt: NGN25,000.00 CR Desc: TRANSFER FROM ADEBAYO O. Avail Bal: NGN131,220.45',
    'Rs 2,350.00 debited from A/c XX4417 on 12-03-24 at SWIGGY. Avl Bal Rs 10,002.50',
    'Your a/c no. XXXXXXXX7712 is credited with INR 15,000.00 on 01-Feb-24 by NEFT. Available balance INR 42,118.20',
    'Txn of USD 86.40 debited on card ending 1002 at WHOLE FOODS. Avail bal USD 1,204.11',
  ],
  quiet: [
    'Your account ****5521 has been credited with NGN250,000.00 lottery prize. Click http://claim-now.top to receive it.',
    'Acct XX4417 debited Rs 9,999. If not you, call 1800-555-0100 immediately to block your card.',
    'Your A/c XX7712 is blocked. Update your KYC to receive the credited refund of Rs 5,000: bit.ly/kyc-upd',
    'Hey, I paid $20 for the pizza, can you send me your half?',
    'Avail Bal: NGN1,200.00. Dial *901# to recharge.',
  ],
});

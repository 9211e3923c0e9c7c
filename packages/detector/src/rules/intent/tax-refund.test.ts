import { messageRuleTable } from '../../test-support/rule-table';
import { taxRefund } from './tax-refund';

messageRuleTable(taxRefund, {
  fires: [
    'IRS: You are eligible for a tax refund of $1,265.40. Submit your claim before 11/30.',
    'HMRC: You are due a tax refund of £326.80. Please claim within 48 hours.',
    'ATO: You have an outstanding tax debt. Failure to pay will result in an arrest warrant.',
    'Income Tax Dept: Your refund of Rs 15,490 has been approved. Update your bank account details to receive it.',
    'CRA: Your tax rebate of $488 is pending. Verify your information to receive the deposit.',
    'Your incometax refund of Rs.13,320 has been approved. Kindly verify your account number to receive it.',
    'IRS Notice: you have unpaid back taxes and a lawsuit has been filed. Call now.',
  ],
  quiet: [
    'IRS: Your tax return was accepted. You can check your refund status at irs.gov/refunds.',
    'Your IRS ID.me code is 308172. This code expires in 10 minutes.',
    'Reminder from your accountant: send me your receipts before we file your taxes.',
    'HMRC: your Self Assessment tax return is due by 31 January.',
    'Your tax refund has been deposited to your account ending 4410.',
    'Tax-free shopping weekend starts Friday at all stores!',
  ],
});

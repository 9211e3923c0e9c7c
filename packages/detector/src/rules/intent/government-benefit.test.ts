import { messageRuleTable } from '../../test-support/rule-table';
import { governmentBenefit } from './government-benefit';

messageRuleTable(governmentBenefit, {
  fires: [
    'USA.gov: You have been selected for a $6,400 COVID relief grant. Apply within 3 days.',
    'Your stimulus payment of $1,400 is pending. Confirm your bank details to receive it via direct deposit.',
    'Student Loan Forgiveness: you are approved for full discharge of your federal loans. Call 1-833-210-4473 before your spot expires.',
    'Medicare Alert: your benefits will be cancelled unless you confirm your info. Call 1-866-408-2210.',
    'SNAP/EBT: Your card has been locked. Call 1-855-330-4492 and provide your PIN to unlock your benefits.',
    'GOV.UK: Your energy bill rebate of £400 is ready. Apply by 30th to receive payment.',
  ],
  quiet: [
    'Your SNAP benefits of $291 were deposited on 11/03.',
    'Social Security: your annual statement is available at ssa.gov/myaccount.',
    'Reminder: open enrollment for Medicare Part D ends Dec 7.',
    'Your benefits enrollment at work closes Friday, pick a plan in Workday.',
    'Grandma asked me to help with her pension paperwork this weekend',
    'Kaiser Permanente: Your lab results are available. Sign in to kp.org to view them.',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { trafficFine } from './traffic-fine';

messageRuleTable(trafficFine, {
  fires: [
    'DMV Notice: your driver\'s license will be suspended on 12/01 due to unpaid traffic violations. Pay now.',
    'Florida DHSMV: An outstanding traffic ticket is on your record. Pay $45 to avoid license suspension.',
    'DVLA: Your vehicle tax payment has failed. Update your billing details to avoid a fine.',
    'Parking Penalty: You have an unpaid PCN of £60. Pay within 14 days to avoid it rising to £120.',
    'NYC Dept of Finance: your parking violation remains unpaid. Fine increases to $115 tomorrow.',
    'Your E-Challan of Rs 500 is pending. Pay immediately to avoid court action.',
  ],
  quiet: [
    'Your DMV appointment is confirmed for 12/03 at 10:40 AM at the Sacramento field office.',
    'DVLA: Your vehicle tax has been paid. Thank you.',
    'Got a parking ticket outside the gym again 😩',
    'Registration for the 5k is open until Friday!',
    'Reminder: your driving licence photo expires next year, renew at gov.uk.',
    'City of Austin: Street sweeping Tuesday, please move your car.',
  ],
});

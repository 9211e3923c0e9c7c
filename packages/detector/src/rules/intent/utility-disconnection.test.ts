import { messageRuleTable } from '../../test-support/rule-table';
import { utilityDisconnection } from './utility-disconnection';

messageRuleTable(utilityDisconnection, {
  fires: [
    'ConEd: your electricity will be disconnected in 30 minutes due to a past-due balance. Pay now by calling 1-888-402-1105.',
    'Duke Energy FINAL NOTICE: service disconnection scheduled for today. Pay $212.40 to keep your power on.',
    'Electricity Board: Dear consumer your electricity power will be disconnected tonight at 9.30 pm because your previous month bill was not updated.',
    'Optus: Your account is overdue. Pay now to avoid service disconnection.',
    'Your water service will be shut off today unless payment of $89 is made.',
    'Xfinity: your internet will be cut off within 2 hours due to non-payment.',
  ],
  quiet: [
    'PG&E: A power outage has been reported in your area. Estimated restoration 4:30 PM.',
    'Sydney Water: Planned work in your street on 24 Nov, water off 9am-1pm. Sorry for the inconvenience.',
    'ConEd: We\'ve restored power to your area. Thank you for your patience.',
    'Thames Water: Your bill of £84.12 will be collected by Direct Debit on 1 Dec.',
    'remember to turn off the gas before you leave',
    'The wifi got disconnected again, can you restart the router?',
  ],
});

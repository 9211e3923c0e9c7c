import { messageRuleTable } from '../../test-support/rule-table';
import { credentialRequest } from './credential-request';

messageRuleTable(credentialRequest, {
  fires: [
    ['Westpac: your access is on hold. Reply with your customer ID and password to restore it.', ['Reply with your customer ID and password']],
    'Microsoft 365: your mailbox is full. Confirm your login details below to avoid losing email.',
    'IT Helpdesk: we are migrating accounts tonight. Please send us your username and password so we can move your files.',
    'Hi, this is Dave from the bank security team, to cancel the payment I need you to tell me your PIN number.',
    'Dear member, kindly verify your online banking credentials within 24 hours or access will be removed.',
    'Your Netflix account is on hold. Please confirm your account details to continue watching.',
    'To unlock your card text us your 4-digit PIN now.',
    'Please provide your Username (___________) and Password (___________) immediately! Failure to do this may result in your account not been able to receive Emails.',
    'Kindly confirm your email address: ______ and your password: ______ to complete the upgrade.',
  ],
  quiet: [
    'Wells Fargo Fraud Alert: Did you attempt a $1,020.00 purchase at BEST BUY? Reply YES or NO. We will never ask for your PIN or passcode by text.',
    'Your password was changed on Nov 18. If this was not you, reset it at accounts.google.com.',
    'Never share your PIN with anyone, not even bank staff.',
    'Reminder: the wifi password for the cabin is on the fridge.',
    'HSBC will never ask you to confirm your online banking credentials by text or email.',
    'Forgot your password? Tap "Reset" in the app to choose a new one.',
    'can you tell me the netflix password again? the tv logged me out',
    'Never give your username or password to anyone who calls you.',
    'Enter your email address to receive a link to reset your password.',
  ],
});

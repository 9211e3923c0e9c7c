import { messageRuleTable } from '../../test-support/rule-table';
import { mailboxLure } from './mailbox-lure';

messageRuleTable(mailboxLure, {
  fires: [
    'WARNING: User quota exceeded. Dear User, your mailbox quota has exceeded 85%. Click the link below to increase your quota.',
    'Password will expire in 3 days. Click Here To Validate E-mail. IT Help Desk',
    'Your outlook password will expire today. To keep your current password click below.',
    'Helpdesk: Your two incoming mails were placed on pending status. To release your messages, log in with your webmail details.',
    'IT Desk: due to congestion we are shutting down all unused accounts. Click here to re-activate your mailbox now.',
    'Your mailbox will be deactivated within 24 hours. Verify your account to keep receiving emails.',
    'Your 14 important incoming emails are stuck on the mail server. A system error occurred. You can retrieve the 14 stuck emails with the button below.',
    'Webmail: we are migrating all staff mailboxes to Office 365 this week. Log in below to keep your account active.',
  ],
  quiet: [
    'IT: Your Windows password expires in 5 days. Press Ctrl+Alt+Del and choose Change a password.',
    'Your iCloud storage is full. Upgrade to iCloud+ in Settings to keep backing up.',
    'Reminder: your gym membership expires next month.',
    'I forgot my password again, can you reset it when you are in?',
    'Gmail: You\'re using 80% of your storage. Manage storage in your Google account.',
    'We will never ask you to log in to validate your mailbox.',
    'Your parcel is on hold at the depot; call us to arrange delivery.',
    'Outlook: we are migrating your calendar to the new version this weekend; nothing needs to be done.',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { remoteAccessRequest } from './remote-access-request';

messageRuleTable(remoteAccessRequest, {
  fires: [
    'Paytm KYC: your account will be suspended. Download AnyDesk and call 9004411223 to complete KYC.',
    'To process your refund please install TeamViewer QuickSupport and tell me the ID shown.',
    'Our technician needs to connect: open Quick Assist and share the security code.',
    'Please download the remote access app so our agent can fix your bank account.',
    'Install RustDesk from the store and send me the ID and password.',
    'Go to anydesk.com, download it and give our engineer the 9-digit address.',
  ],
  quiet: [
    'IT Support: we use TeamViewer for approved remote sessions only; we never ask for your password.',
    'AnyDesk 8.0 release notes: faster file transfer.',
    'Never install AnyDesk or TeamViewer because a caller asks you to.',
    'I set up remote desktop on the office PC, works great',
    'Your TeamViewer licence renews next month.',
    'Quick question: are you free for a call?',
  ],
});

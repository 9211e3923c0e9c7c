import { messageRuleTable } from '../../test-support/rule-table';
import { urgencyLanguage } from './urgency-language';

messageRuleTable(urgencyLanguage, {
  fires: [
    ['URGENT: reply now', ['URGENT']],
    ['Immediate action required on your account', ['Immediate', 'action required']],
    ['Please ACT NOW to keep your plan', ['ACT NOW']],
    ['Alert: new device signed in', ['Alert']],
    ['Attention customer, respond immediately.', ['Attention', 'immediately']],
    ['Act\nnow', ['Act\nnow']],
  ],
  quiet: [
    'Alertness matters',
    'The staff were very attentive',
    'She will react now that she knows',
    'Set up fraud alerts in the app',
    'Open https://urgent-care.example.com/hours for times',
    'Hi, are we still on for dinner?',
  ],
});

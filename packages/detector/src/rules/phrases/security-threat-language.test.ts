import { messageRuleTable } from '../../test-support/rule-table';
import { securityThreatLanguage } from './security-threat-language';

messageRuleTable(securityThreatLanguage, {
  fires: [
    ['Your account has been suspended', ['suspended']],
    ['Your password was compromised', ['compromised']],
    ['Verify your identity', ['Verify']],
    ['Your order is secure', ['secure']],
    ['We noticed unusual activity', ['unusual activity']],
    ['We noticed unusual sign-in activity', ['unusual sign-in activity']],
    ['A suspicious login was blocked', ['suspicious']],
  ],
  quiet: [
    'Call the security team',
    'Verified purchase',
    'A secured loan',
    'Insecure connection',
    'Store it securely',
    'Unusual weather this week',
    'We may suspend service for maintenance',
    'Open https://secure.example.com/verify',
  ],
});

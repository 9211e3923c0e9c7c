import { messageRuleTable } from '../../test-support/rule-table';
import { accountLocked } from './account-locked';

messageRuleTable(accountLocked, {
  fires: [
    'Chase: Your account has been temporarily locked due to unusual sign-in activity. Verify your identity to restore access.',
    'PayPal: We\'ve limited your account because of a recent policy violation. Restore access within 48 hours.',
    'Your Apple ID has been locked for security reasons. Unlock it within 24 hours.',
    'Commonwealth Bank: Your NetBank access has been restricted. To restore access verify your details.',
    'SBI: Your YONO account will be blocked today. Please update your PAN card immediately.',
    'Telstra: your account has been suspended due to failed payment. Update details to reactivate.',
    'Your NAB account have be block for unusual activity. Please log on and follow the unlock procedure.',
  ],
  quiet: [
    'You locked your card ending 4410 in the app.',
    'Your account is locked after too many sign-in attempts.',
    'Your account is now open! Welcome to Monzo.',
    'Lincoln Elementary: School will start 2 hours late tomorrow due to icy roads.',
    'The library account is blocked until you return the two overdue books, no rush.',
    'Your subscription was cancelled as requested. We hope to see you again.',
    'Spotify: Your Premium plan is active. Enjoy the music!',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { suspiciousUrl } from './suspicious-url';

messageRuleTable(suspiciousUrl, {
  fires: [
    ['Go to https://example.com/a now', ['https://example.com/a']],
    ['Visit www.example.org.', ['www.example.org']],
    ['Track at bit.ly/abc', ['bit.ly/abc']],
    ['See paypal-login.xyz and http://1.2.3.4/x', ['paypal-login.xyz', 'http://1.2.3.4/x']],
  ],
  quiet: ['Open file.txt', 'e.g. this one', 'No links here', 'Mail me at bob@example.com', 'Ends with a dot.Then more'],
});

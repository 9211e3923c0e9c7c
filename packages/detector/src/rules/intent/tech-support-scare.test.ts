import { messageRuleTable } from '../../test-support/rule-table';
import { techSupportScare } from './tech-support-scare';

messageRuleTable(techSupportScare, {
  fires: [
    'Your Windows license has expired and your computer is at risk. Call Microsoft support now at 1-866-901-2284.',
    'Apple Support: suspicious activity has been detected on your iCloud. A technician will call you shortly. Do not turn off your phone.',
    'WARNING: your computer is infected with 5 viruses. Call the support team at +1 888 555 0199 immediately.',
    'Your device has been hacked. Contact Geek Squad support to remove the malware.',
    'Your PC is infected with spyware. Do not shut down your computer, call 1-844-555-0133.',
    'Security breach on your Mac: your Apple ID is compromised. Call Apple support at 1-800-555-0177.',
  ],
  quiet: [
    'My laptop has a virus again, can you take a look this weekend?',
    'IT: Windows updates will install tonight, please leave your computer on.',
    'Your antivirus subscription renews on 12/01. Manage it in your account.',
    'Apple: Your iPhone repair is complete. Pick it up at the Apple Store.',
    'The flu virus is going around the office, stay home if sick',
    'Call me if the wifi router is still down',
  ],
});

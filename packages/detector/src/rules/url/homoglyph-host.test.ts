import { linkRuleTable } from '../../test-support/rule-table';
import { homoglyphHost } from './homoglyph-host';

linkRuleTable(homoglyphHost, {
  fires: [
    ['http://p\u0430ypal.com/', ['p\u0430ypal.com', 'paypal.com']],
    ['https://xn--pypal-4ve.com/signin', ['p\u0430ypal.com', 'paypal.com']],
    ['https://xn--80ak6aa92e.com/', ['\u0430\u0440\u0440\u04cf\u0435.com', 'apple.com']],
    ['https://login.g\u043e\u043egle.com/', ['login.g\u043e\u043egle.com', 'login.google.com']],
  ],
  quiet: [
    'https://www.paypal.com/',
    'https://xn--bcher-kva.de/',
    'https://\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/',
    'https://example.com/p\u0430ypal',
    'https://m\u00fcller.de/',
    'http://192.168.0.1/',
  ],
});

import { messageRuleTable } from '../../test-support/rule-table';
import { shortCodeSender } from './short-code-sender';

messageRuleTable(shortCodeSender, { input: { kind: 'text', sender: '28777', source: 'sms' }, fires: [['USPS: delivered', ['28777']]], quiet: [] });
messageRuleTable(shortCodeSender, { input: { kind: 'text', sender: '653-89', source: 'sms' }, fires: [['Old Navy: 50% off', ['65389']]], quiet: [] });
messageRuleTable(shortCodeSender, { input: { kind: 'text', sender: '+1 (626) 841-2270', source: 'sms' }, fires: [], quiet: ['E-ZPass: unpaid toll'] });
messageRuleTable(shortCodeSender, { input: { kind: 'text', sender: 'HSBC', source: 'sms' }, fires: [], quiet: ['HSBC: your code'] });
messageRuleTable(shortCodeSender, { input: { kind: 'text', source: 'sms' }, fires: [], quiet: ['no sender at all'] });

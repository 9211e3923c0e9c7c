/**
 * The webmail lure: a mailbox over quota, a password about to expire, mail held "pending" or an
 * account to be shut down, unless you click, validate or log in to keep it.
 */
import { intentRule } from './lib/intent-rule';
import { re } from './lib/words';

const BOX = '(?:mail\\s?box(?:es)?|e-?mail\\s+(?:account|password|quota)|web\\s?mail|outlook|office\\s?365|owa|pass-?word|quota|incoming\\s+(?:e-?mails?|messages?)|(?:mail|e-?mail)\\s+storage)';
const TROUBLE =
  '(?:will\\s+(?:expire|be\\s+(?:de-?activated|deleted|suspended|closed|shut\\s+down|disabled))|expires?\\s+(?:today|in\\s+\\d+|soon)|(?:has\\s+)?expired|(?:has\\s+)?exceeded|is\\s+(?:full|almost\\s+full)|(?:on\\s+)?pending(?:\\s+status)?|de-?activation|shut(?:ting)?\\s+down|unused\\s+accounts?|blocked|suspended|(?:being\\s+)?upgraded|upgrading|not\\s+be\\s+able\\s+to\\s+(?:send|receive)|stop\\s+(?:working|receiving)|failed\\s+to\\s+(?:be\\s+)?deliver(?:ed)?|undelivered|(?:are|is|were|got|been)\\s+stuck|stuck\\s+(?:on|in|at)|(?:placed\\s+)?on\\s+hold|migrat(?:ion|ed|ing))';
const ASK =
  '(?:click(?:\\s+here)?|validate|validation|verify|re-?activate|re-?authenticate|keep\\s+(?:your\\s+|the\\s+)?(?:same\\s+|current\\s+)?(?:pass-?word|account|mailbox)|log\\s?(?:in|on)|sign\\s?in|increase\\s+(?:your\\s+)?(?:quota|storage|mailbox)|fill\\s+(?:the|out)|(?:release|retrieve|recover)\\s+(?:your\\s+|the\\s+)?(?:\\d+\\s+)?(?:pending\\s+|stuck\\s+|held\\s+)?(?:messages?|e-?mails?)|resolve\\s+now)';

/** Fires on a mailbox or password word with a quota/expiry/shut-down claim and a click/validate ask. */
export const mailboxLure = intentRule({
  id: 'mailbox-lure',
  label: 'Claims your mailbox or password needs action (quota, expiry, shut-down) and asks you to click or log in',
  severity: 'medium',
  routes: [[re(BOX), re(TROUBLE), { re: re(ASK), notNegated: true }]],
  unless: [re('ctrl\\s*\\+?\\s*alt\\s*\\+?\\s*del|in\\s+(?:the\\s+)?settings|(?:upgrade|subscribe)\\s+to\\s+(?:icloud|google\\s+one|microsoft\\s+365|dropbox)')],
  window: 200,
});

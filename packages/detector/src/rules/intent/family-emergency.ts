/**
 * "Hi Mum, this is my new number" and grandparent scams: a relative on an unknown number (lost or
 * broken phone) who needs money urgently or in secret.
 */
import { intentRule } from './lib/intent-rule';
import { APOS, FAMILY, re } from './lib/words';

const ADDRESS = `(?:(?:hi|hey|hello|hiya|dear|oh)\\s+${FAMILY}|${FAMILY}[,!.]?\\s+(?:it${APOS}?s|this\\s+is)\\b|${FAMILY}\\s*(?:,|it${APOS}?s\\s+me|i${APOS}?m|are\\s+you|can\\s+you|please)|it${APOS}?s\\s+(?:me|your\\s+(?:son|daughter|grandson|granddaughter|nephew|niece|child|boy|girl)))`;
const NEW_PHONE =
  `(?:(?:my\\s+|this\\s+is\\s+my\\s+|it${APOS}?s\\s+my\\s+)?new\\s+(?:number|no\\.?|mobile\\s+number|phone\\s+number)|(?:temporary|temp|friend${APOS}?s?)\\s+(?:number|phone)|(?:lost|broke|dropped|smashed|cracked)\\s+my\\s+(?:phone|mobile|cell)|(?:my\\s+)?(?:old\\s+)?(?:phone|mobile|cell)\\s+(?:is\\s+|got\\s+|was\\s+)?(?:broken|broke|smashed|died|dead|damaged|stolen|lost|in\\s+the\\s+toilet|water\\s+damaged)|save\\s+(?:this|my)\\s+(?:new\\s+)?number|delete\\s+(?:the|my)\\s+old\\s+(?:one|number)|using\\s+a\\s+friend${APOS}?s)`;
const MONEY = `(?:send|transfer|pay|lend|borrow|wire|need|help\\s+(?:me\\s+)?(?:with|pay))\\s+(?:\\w+\\s+){0,4}?(?:money|cash|[$£€₹]\\s?\\d[\\d,.]*|\\d[\\d,]{2,}|rent|bill|bail|transfer|payment|deposit|upi|fees?)|(?:quick|urgent|small)\\s+(?:transfer|payment|favou?r)|i${APOS}?ll\\s+(?:send|text)\\s+(?:you\\s+)?the\\s+(?:details|bank|account)`;
const TROUBLE = `(?:urgent(?:ly)?|asap|today|tonight|right\\s+now|emergency|trouble|accident|arrested|jail|police|bail|lawyer|hospital|stuck|stranded|locked|pay\\s+you\\s+back|explain\\s+later|don${APOS}?t\\s+(?:tell|call)|can${APOS}?t\\s+(?:talk|call|log\\s?in)|in\\s+a\\s+meeting|favou?r)`;

/** Fires on a relative's greeting with a new or borrowed phone, or with an urgent or secret money request. */
export const familyEmergency = intentRule({
  id: 'family-emergency',
  label: "A relative on a new number asking for help or money: the 'Hi Mum' scam",
  severity: 'high',
  routes: [
    [re(ADDRESS), re(NEW_PHONE)],
    [re(ADDRESS), re(MONEY), re(TROUBLE)],
    [re(`new\\s+number|lost\\s+my\\s+phone|my\\s+phone\\s+(?:broke|is\\s+broken|died)`), re(MONEY), re(TROUBLE)],
  ],
  unless: [re('same\\s+number')],
  window: 200,
});

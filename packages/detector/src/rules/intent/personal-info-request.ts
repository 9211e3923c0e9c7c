/** Asks for identity or card data: SSN, date of birth, card number, CVV, bank or KYC details. */
import { intentRule } from './lib/intent-rule';
import { APOS, GAP, re } from './lib/words';

const ASK = '(?:send|give|provide|share|enter|re-?enter|(?:re-?)?confirm|verify|validate|submit|update|reply\\s+with|respond\\s+with|text\\s+(?:me|us)|tell\\s+(?:me|us)|input|fill\\s+in|complete)';
/** Data that no bank, shop or agency asks for by message. */
const STRONG =
  `(?:ssn|social\\s+security\\s+(?:number|no)|social\\s+insurance\\s+number|sin\\s+number|national\\s+insurance\\s+number|date\\s+of\\s+birth|d\\.?o\\.?b|mother${APOS}s\\s+maiden\\s+name|card\\s+(?:number|no|details|info(?:rmation)?)|(?:credit|debit)\\s+card\\s+(?:number|details|info(?:rmation)?)|cvv2?|cvc|security\\s+code\\s+on\\s+the\\s+back|expiry\\s+date|(?:bank\\s+)?(?:routing|account|acct|sort)\\s+(?:number|code|no)s?|bank(?:ing)?\\s+(?:details|information|info|account\\s+details)|medicare\\s+(?:number|card\\s+number)|pan\\s+(?:card|number|details)|aadhaa?r(?:\\s+(?:number|card|details))?|e-?kyc|kyc(?:\\s+(?:details|documents?|information))?|passport\\s+(?:number|details)|driver${APOS}?s?\\s+licen[cs]e\\s+(?:number|details)|full\\s+name,?\\s+(?:and\\s+)?(?:home\\s+)?address)`;
/** Data a genuine service may ask you to update in its own app, so only confirm/verify/send counts. */
const WEAK = '(?:billing|payment|personal|account)\\s+(?:details|information|info)|billing\\s+address';
const STRICT_ASK = '(?:confirm|verify|validate|re-?enter|provide|send|submit|reply\\s+with)';

/** Fires on a request verb followed closely by identity, card or bank data (not after "never"). */
export const personalInfoRequest = intentRule({
  id: 'personal-info-request',
  label: 'Asks for personal details such as your SSN, date of birth or card number',
  severity: 'high',
  routes: [
    [{ re: re(`${ASK}\\s+${GAP}\\b${STRONG}`), notNegated: true }],
    [re('w-?2\\s+(?:forms?|statements?|information)|employee\\s+(?:tax\\s+)?(?:records|w-?2s?)'), { re: re('send|email|forward|provide|upload'), notNegated: true }],
    [{ re: re(`${STRICT_ASK}\\s+(?:your\\s+|the\\s+|my\\s+|our\\s+)?${WEAK}`), notNegated: true }],
  ],
});

/** Asks for a password, PIN or login details ("confirm your account details", "reply with your PIN"). */
import { intentRule } from './lib/intent-rule';
import { GAP, re } from './lib/words';

const ASK = '(?:send|give|provide|share|confirm|verify|validate|submit|reply\\s+with|respond\\s+with|text|tell)';
const SECRET =
  '(?:password|passcode|pass\\s+code|pin(?:\\s+(?:number|code))?|(?:log\\s?-?in|sign\\s?-?in|online\\s+banking|net\\s?banking|internet\\s+banking|account|user)\\s+(?:details|credentials|information|info|name\\s+and\\s+password)|credentials|security\\s+(?:questions?|answers?)|username\\s+and\\s+password|memorable\\s+(?:word|information))';

/** A login name asked for beside the password, with anything between ("your Username (_____) and Password"). */
const LOGIN_NAME = '(?:user\\s?-?(?:name|id)|e-?mail(?:\\s+address)?|log\\s?-?in(?:\\s+id)?|customer\\s+(?:id|number))';

/** Fires on a request verb followed closely by a secret (not after "never"/"don't"). */
export const credentialRequest = intentRule({
  id: 'credential-request',
  label: 'Asks for your password, PIN or login details',
  severity: 'high',
  routes: [
    [{ re: re(`${ASK}\\s+(?:(?:me|us|over|back)\\s+)?(?:[\\w'\u2019-]+\\s+){0,3}?your\\s+(?:[\\w-]+\\s+){0,3}?${SECRET}`), notNegated: true }],
    [{ re: re(`${ASK}\\s+(?:(?:me|us)\\s+)?(?:with\\s+)?your\\s+${LOGIN_NAME}${GAP}\\b(?:password|passcode|pin)`), notNegated: true }],
  ],
});

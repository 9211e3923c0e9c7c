/**
 * Trust: the message warns that the sender will never ask for your password, code or card number
 * ("We'll never call to ask for it", "Never share this code"), and asks for none of them itself.
 */
import { credentialRequest } from './credential-request';
import { trustRule } from './lib/intent-rule';
import { APOS, re } from './lib/words';
import { otpCodeRequest } from './otp-code-request';
import { personalInfoRequest } from './personal-info-request';

const SECRET = '(?:password|passcode|pin|code|otp|netcode|card\\s+(?:number|details)|account\\s+(?:number|details)|security\\s+details|personal\\s+(?:details|information)|it|this)';
const NEVER = `(?:will\\s+never|${APOS}ll\\s+never|never\\s+will|would\\s+never|never|will\\s+not|won${APOS}?t|do\\s+not|don${APOS}?t)`;

/** Fires on a "we will never ask" or "never share this code" warning, unless the message asks for secrets. */
export const neverAskNotice = trustRule({
  id: 'never-ask-notice',
  label: 'Warns that the sender will never ask for your password, code or card details',
  routes: [
    [re(`${NEVER}\\s+(?:\\w+\\s+){0,2}?(?:ask|call|text|email|message|contact)\\s+(?:you\\s+)?(?:\\w+\\s+){0,3}?(?:for|to\\s+(?:ask\\s+for|share|give|confirm|tell))\\s+(?:your\\s+|this\\s+|the\\s+|a\\s+)?${SECRET}`)],
    [re(`(?:never|do\\s+not|don${APOS}?t)\\s+(?:share|give|tell|disclose|reveal)\\s+(?:this|your|the)\\s+(?:\\w+\\s+)?(?:code|otp|passcode|pin|netcode|password)`)],
  ],
  cancelledBy: [otpCodeRequest, credentialRequest, personalInfoRequest],
});

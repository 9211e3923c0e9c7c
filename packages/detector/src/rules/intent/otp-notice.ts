/**
 * Trust: a genuine one-time-code notice ("123456 is your Google verification code", "Your code
 * is 4417. Don't share it."). Quiet when the message also asks for the code to be sent anywhere.
 */
import { credentialRequest } from './credential-request';
import { trustRule } from './lib/intent-rule';
import { APOS, re } from './lib/words';
import { otpCodeRequest } from './otp-code-request';

/** A code word with a qualifier that only one-time codes have. */
const OTP_WORD =
  '(?:(?:verification|security|confirmation|one[- ]time|login|log-in|sign[- ]in|access|activation|authentication|auth|2fa|two[- ]factor|temporary|secure\\s+access|guard|net|sms)\\s?(?:code|pin|passcode)|otp|passcode|pass\\s+code|netcode)';
/** A code: digits (maybe grouped, maybe after a letter prefix such as "G-"), or 4-8 letters and digits with a digit. */
const VALUE = '(?:[A-Z]{1,3}-)?\\d(?:[\\d\\s-]{1,9}\\d)|(?=[A-Z]{0,7}\\d)[A-Z0-9]{4,8}(?![\\w-])';
const TELL = `(?:do\\s+not|don${APOS}?t|never)\\s+(?:share|tell|give)|expires?\\s+in|valid\\s+(?:for|till|until)`;

/** Fires on a code notice, unless the message asks for the code or a password. */
export const otpNotice = trustRule({
  id: 'otp-notice',
  label: 'A one-time code notice that asks you to send nothing',
  routes: [
    [re(`(?:${VALUE})\\s+is\\s+(?:your\\s+|the\\s+)?(?:[\\w.+&-]+\\s+){0,4}?(?:${OTP_WORD}|code)`)],
    [re(`${OTP_WORD}\\s*(?:is|:|-)?\\s*:?\\s*(?:${VALUE})`)],
    [re(`code\\s+is\\s*:?\\s*(?:${VALUE})`)],
    [re(`code\\s*:?\\s*(?:${VALUE})`), re(TELL)],
    [re(`${OTP_WORD}\\s+(?:for|to)\\s+[^!?\\n]{0,60}?\\s+is\\s+(?:${VALUE})`)],
    [re(`(?:use|enter)\\s+(?:code\\s+)?(?:${VALUE})\\s+(?:to\\s+(?:verify|confirm|sign|log|complete|continue|reset|access|finish)|as\\s+your)`)],
  ],
  window: 120,
  unless: [
    re('by\\s+mistake|accidentally|in\\s+error|wrong\\s+number|send\\s+(?:it|the\\s+code)\\s+(?:back|to\\s+me)|forward\\s+(?:it|the\\s+code)'),
    // promotions and prize draws quote codes too
    re('(?:promo(?:tional)?|discount|coupon|voucher|referral|claim|prize|identifier|bonus|offer|redemption|gift)\\s+code|won|winner|prize|cashback|\\d+\\s?%\\s+off|flat\\s+\\S+\\s+off'),
  ],
  cancelledBy: [otpCodeRequest, credentialRequest],
});

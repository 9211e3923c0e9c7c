/**
 * Asks the person to send, read back or share a one-time code ("send the 6-digit code you just
 * received", "I sent it by mistake, can you forward it to me?"). A code notice is not a request.
 */
import { intentRule } from './lib/intent-rule';
import { APOS, re } from './lib/words';

const CODE = '(?:(?:\\d|six|five|four|eight)[- ]?digits?\\s+)?(?:verification\\s+|security\\s+|confirmation\\s+|one[- ]time\\s+|login\\s+|access\\s+|activation\\s+|google\\s+voice\\s+|whatsapp\\s+|auth(?:entication)?\\s+|sms\\s+)?(?:code|otp|passcode|pin)s?';
const TO_US = '(?:to\\s+)?(?:me|us|back)';
/** Who a code may legitimately be shown to. */
const HANDOVER = /^\W{0,3}(?:\w+\s+){0,3}?(?:with|to)\s+(?:the|your)\s+(?:driver|delivery\s+(?:agent|partner|person|executive|associate|driver)|courier|rider|cashier|store\s+staff)\b/i;

/** Fires on "send/forward/read/give ... the code" and on codes "sent by mistake" to be returned. */
export const otpCodeRequest = intentRule({
  id: 'otp-code-request',
  label: 'Asks you to send or read out a one-time code',
  severity: 'high',
  routes: [
    [{ re: re(`(?:send|forward|text|read|give|share|tell|provide|pass|reply\\s+with|respond\\s+with|reply\\s+to\\s+this\\s+message\\s+with|confirm\\s+(?:it|yourself|you${APOS}re\\s+real)\\s+with)\\s+(?:(?:me|us|it|back|over|our\\s+\\w+|the\\s+(?:agent|caller|representative|officer|executive|advisor))\\s+){0,2}(?:the|your|this|that|a|my)\\s+${CODE}`), notNegated: true, notFollowedBy: HANDOVER }],
    [{ re: re(`${CODE}\\s+(?:(?:you|we)\\s+(?:just\\s+)?(?:received|got|sent)\\s+)?(?:and\\s+)?(?:send|forward|text|read|give|pass)\\s+(?:it|them)\\s+${TO_US}`), notNegated: true }],
    [re(`${CODE}`), { re: re(`(?:sent|texted|gave)\\s+(?:it\\s+|you\\s+|(?:you\\s+)?(?:a|the|my|this)\\s+(?:\\w+\\s+){0,2})?(?:to\\s+you(?:r\\s+(?:phone|number))?\\s+)?(?:by\\s+mistake|accidentally|in\\s+error|wrongly)|accidentally\\s+sent|sent\\s+(?:it\\s+)?to\\s+(?:the\\s+)?wrong\\s+number`) }, re(`send|forward|share|text|give|read|pass|reply`)],
    [re(`what${APOS}?s\\s+the\\s+(?:\\d[- ]?digit\\s+)?${CODE}\\s+(?:you|that|they|we)\\s+(?:just\\s+)?(?:got|received|sent|came)|what\\s+(?:is|was)\\s+the\\s+${CODE}\\s+(?:you|that)\\s+(?:just\\s+)?(?:got|received)`)],
    [re('google\\s+voice'), re(`${CODE}`), re('send|forward|share|read|give|confirm|verify')],
  ],
  window: 160,
});

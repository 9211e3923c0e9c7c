import type { ScanAnalysis } from '@baitcheck/contracts';

// The one thing to do now, said first under the verdict: a phone shows it before the message and
// the reasons. Built from what the engine found (reason ids are the engine's rule file names), so
// a parcel-fee text and a "Hi Mum" text do not get the same sentence.

/** It asks for a one-time code, a password, card or personal details, or leads to a sign-in page. */
const ASKS_FOR_DETAILS = new Set([
  'otp-code-request',
  'credential-request',
  'foreign-credential-request',
  'personal-info-request',
  'mailbox-lure',
  'document-lure',
  'lure-on-hosting',
  'login-path',
  'account-locked',
  'foreign-account-locked',
  'fraud-alert-link',
  'refund-claim',
]);

/** It asks for money: a fee, a fine, a payment in gift cards, crypto or by transfer. */
const ASKS_FOR_MONEY = new Set([
  'gift-card-payment',
  'crypto-payment',
  'wire-or-p2p-payment',
  'advance-fee',
  'overpayment-return',
  'parcel-redelivery-fee',
  'unpaid-toll',
  'traffic-fine',
  'tax-refund',
  'government-benefit',
  'utility-disconnection',
  'fake-charity',
  'investment-promise',
  'job-task-offer',
  'prize-claim',
]);

/**
 * It threatens arrest, a fine or closure unless you act: a money ask only when the message speaks
 * of paying. "Your account will be permanently suspended" in a PayPal sign-in lure asks for a
 * password, not money, and its advice said "If you already paid, call your bank now".
 */
const THREATENS = new Set(['threat-of-consequence']);

/** Words of a demand for money: pay, owe, a debt, fine, fee or penalty, or an amount. */
const SPEAKS_OF_PAYING =
  /\b(?:pay|paying|paid|owe[sd]?|owing|debts?|fines?|fees?|penalty|penalties|outstanding\s+(?:amount|balance|bill|invoice|payment))\b|[$£€₹]\s?\d|\b(?:rs\.?|usd|gbp|eur|inr)\s?\d|\d\s?(?:usd|gbp|eur|dollars|pounds|euros|rupees)\b/i;

/** It asks you to call a number it gives. */
const ASKS_TO_CALL = new Set(['callback-phone-number', 'fraud-alert-callback', 'subscription-renewal-invoice', 'tech-support-scare']);

/** It asks you to let someone control your device. */
const ASKS_FOR_ACCESS = new Set(['remote-access-request', 'tech-support-scare']);

/** A stranger starting a conversation, with nothing asked yet. */
const STRANGER_OPENER = new Set(['wrong-number-opener', 'romance-opener', 'move-to-other-app']);

/** Reasons that decide the sentence on their own, before the asks are weighed. */
const OWN_SENTENCE = new Set(['family-emergency', 'sextortion']);

/** Whether a reason id is one this advice knows: an ask, an opener or one with its own sentence. */
export function knowsReason(id: string): boolean {
  return [ASKS_FOR_DETAILS, ASKS_FOR_MONEY, THREATENS, ASKS_TO_CALL, ASKS_FOR_ACCESS, STRANGER_OPENER, OWN_SENTENCE].some((set) => set.has(id));
}

function joinOr(actions: readonly string[]): string {
  return actions.length <= 1 ? (actions[0] ?? '') : `${actions.slice(0, -1).join(', ')} or ${actions[actions.length - 1]}`;
}

/**
 * What to do now, in one or two short sentences, for a suspicious or phishing result; null for a
 * safe one (a safe result gives no orders). Falls back to the engine's first recommendation when
 * the result carries no reason ids (results stored before reasons had them).
 */
export function whatToDoNow(analysis: ScanAnalysis, kind: 'text' | 'url'): string | null {
  if (analysis.threatLevel === 'safe') return null;
  const ids = new Set(analysis.reasonDetails.map((r) => r.id));
  if (ids.size === 0) return analysis.recommendations[0] ?? null;
  const phishing = analysis.threatLevel === 'phishing';

  if (ids.has('family-emergency')) return "Don't send money until you have called them on the number you already have for them.";
  if (ids.has('sextortion')) return "Don't pay and don't reply: paying brings more demands. Keep the messages and report them.";

  const link = kind === 'url' || Boolean(analysis.threatData?.domainInfo);
  const details = [...ids].some((id) => ASKS_FOR_DETAILS.has(id));
  const money = [...ids].some((id) => ASKS_FOR_MONEY.has(id)) || ([...ids].some((id) => THREATENS.has(id)) && SPEAKS_OF_PAYING.test(analysis.content));
  const call = [...ids].some((id) => ASKS_TO_CALL.has(id));
  const access = [...ids].some((id) => ASKS_FOR_ACCESS.has(id));

  const actions: string[] = [];
  if (link) actions.push(kind === 'url' ? 'open this link' : 'tap the link');
  if (access) actions.push('let anyone connect to your device');
  if (call) actions.push('call the number in it');
  if (details) actions.push('give any code, password or card details');
  if (money) actions.push('pay anything');
  const shown = actions.slice(0, 2);

  if (shown.length === 0) {
    // the opener may be someone the person really met: the advice says whom it is for
    if ([...ids].some((id) => STRANGER_OPENER.has(id))) return "If you don't know them, don't reply: block the number.";
    return phishing
      ? "Don't reply or do what it asks. Delete it."
      : "Don't reply or do what it asks until you have checked with whoever it says it is from, in a way you already know.";
  }

  if (!phishing) {
    // not "the sender": for a bank's name on a scam, the sender is the scammer
    const who = kind === 'url' ? 'whoever sent it' : 'whoever it says it is from';
    return `Don't ${joinOr(shown)} until you have checked with ${who}, in a way you already know.`;
  }

  // The follow-up answers one of the asks the first sentence named, never one it left out.
  const first = `Don't ${joinOr(shown)}.`;
  const named = (action: string) => shown.includes(action);
  if (money && named('pay anything')) return `${first} If you already paid, call your bank now.`;
  if (access && named('let anyone connect to your device')) return `${first} If someone already connected, turn the device off and call your bank.`;
  if (link) return `${first} If you already entered details, call your bank.`;
  if (details) return `${first} If you already gave them, call your bank.`;
  return `${first} If you already called them, contact your bank on the number on your card.`;
}

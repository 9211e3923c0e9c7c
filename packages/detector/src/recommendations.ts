/** What to tell the person to do, from the verdict and what was found. */
import type { Reason, ThreatLevel } from './types';

/** The recommendation sentences, so the UI and tests can refer to them. */
export const RECOMMENDATIONS = {
  dontClick: 'Do not click the link or open it in your browser.',
  alreadyClicked:
    'If you already opened it, do not enter any passwords, codes or card details; if you did, change your password and call your bank.',
  contactOfficial: 'Contact the company through its official website or app, never through links or numbers in this message.',
  contactOfficialLink: "For an account or a payment, go to the company's official website or app yourself (typed in, or from a bookmark), not through this link.",
  neverShareCodes: 'Never share passwords, one-time codes or card details with anyone who contacts you.',
  prizes: 'Real prizes never ask you to pay a fee or share details to claim them.',
  blockReport: 'Block the sender, report the message as junk, then delete it.',
  blockReportLink: 'If the link came in a message, block the sender, report the message as junk, then delete it.',
  blockedSender: 'You blocked this sender before: it is safe to delete the message without replying.',
  verifySender: 'Check it with whoever it says it is from, through a phone number, website or app you already know.',
  verifyLinkSource: 'If someone sent you this link, check with them through a phone number, website or app you already know before opening it.',
  checkLinkFirst: 'Do not open the link until you have checked it is genuine.',
  dontReply: 'Do not reply or call any number given in the message.',
  safeButCareful: 'No clear sign of a scam, but the link deserves care: open it only if you were expecting it.',
  safeLinks: 'No warning signs found in the links we checked. Still, only sign in through websites and apps you already use.',
  safe: 'No clear warning signs. If a message asks for money, codes or passwords, check with the sender another way.',
} as const;

/**
 * Advice for a kind of scam, by the id of the rule that recognised it. The first one or two
 * (in the order of the reasons, most severe first) are given after the verdict's first line.
 */
export const SCAM_ADVICE: Readonly<Record<string, string>> = {
  'gift-card-payment':
    'No real company or agency asks for payment in gift cards. If you already bought some, call the number on the back of the cards straight away and keep the receipts.',
  'crypto-payment': 'No real company, agency or bank asks for payment in bitcoin or other crypto, and a crypto payment cannot be reversed.',
  'wire-or-p2p-payment':
    'Money sent by wire, Zelle, Venmo, Cash App or Western Union usually cannot be recovered: only send it to people you know, after checking with them another way.',
  'overpayment-return': 'Do not send back an "overpayment": the original payment or cheque will bounce, and the money you send is lost.',
  'fake-charity': 'Give to charities through their own website, which you type in yourself; real charities do not ask for gift cards, crypto or transfers to a person.',
  'advance-fee': 'Never pay a fee, tax or deposit to receive money, a prize or a loan: that payment is the scam.',
  'family-emergency':
    'Call your relative on the number you already have, or another family member, before you send any money, even if the message says not to.',
  'secrecy-request': 'A money request that must stay secret is a scam sign: check with the person, or your manager, on a number you already know.',
  'unpaid-toll':
    "Check your balance on your toll agency's official website or app, typed in yourself: toll agencies do not text links demanding payment.",
  'parcel-redelivery-fee':
    "Track the parcel on the carrier's official website or app with the tracking number from the seller: carriers do not text asking for fees or address details.",
  'fraud-alert-callback': "Call the number on the back of your card, or use your bank's app, not a number in the message.",
  'fraud-alert-link': "To check a payment or sign-in, open your bank's or the shop's app, or type its address yourself: do not use the link in an alert.",
  'subscription-renewal-invoice':
    'Do not call the number on the invoice: check your subscriptions in your own account, and never let a caller connect to your computer or "refund" you.',
  'tech-support-scare': 'Real companies do not warn you of viruses by message: do not call the number, and do not let anyone connect to your device.',
  'remote-access-request':
    'Never install AnyDesk, TeamViewer or similar apps because someone asks you to: whoever connects can control your device and your bank.',
  'otp-code-request': 'Never share a one-time code: whoever asks for it is trying to get into your account.',
  'credential-request': RECOMMENDATIONS.neverShareCodes,
  'personal-info-request': 'Do not send your Social Security number, date of birth, card or bank details in reply to a message.',
  'document-lure':
    'Open shared documents, voicemails and pay slips only from the service itself (your email, DocuSign, OneDrive or HR app, typed in or from a bookmark), and never sign in through a link to read one.',
  'lure-on-hosting':
    'Sign in only on the website or app of the service itself, typed in or from a bookmark: a real service never asks you to sign in or open a document on a page of a free hosting site.',
  'mailbox-lure': 'Check your mailbox or password only by opening your email app or typing its address yourself; IT teams do not ask you to validate it through a link.',
  'account-locked': 'To check your account, open the official app or type the website address yourself; do not use links or numbers in the message.',
  'foreign-account-locked': 'To check your account, open the official app or type the website address yourself; do not use links or numbers in the message.',
  'foreign-credential-request': RECOMMENDATIONS.neverShareCodes,
  'tax-refund': "Tax agencies do not text or email about refunds or debts with links: check on the agency's official website, typed in yourself.",
  'government-benefit': 'Check benefits and grants only on the official government website or phone line you look up yourself; they never charge a fee.',
  'threat-of-consequence': 'Police, courts and agencies do not demand payment by message or phone under threat of arrest or fines.',
  'utility-disconnection': "Check your bill with your provider's official app, website or the number on a bill you received: providers do not cut you off within hours.",
  'traffic-fine': 'Check fines and licence status only on the official agency website you type in yourself.',
  'refund-claim': 'Real refunds go back to your payment method on their own: you never need to give card or bank details to receive one.',
  'prize-claim': RECOMMENDATIONS.prizes,
  'job-task-offer':
    'Real employers do not hire by text or WhatsApp, pay for liking videos or tasks, or ask you to pay or deposit money to start.',
  'investment-promise':
    'Guaranteed or very high returns are a scam sign: never move money to a platform, group or "mentor" you met online.',
  sextortion:
    'Do not pay and stop replying: paying leads to more demands. Keep the messages and report them to the police (in the US, the FBI at ic3.gov).',
  'romance-opener': 'Never send money, gift cards or crypto to someone you have only met online, however close you feel.',
  'wrong-number-opener': "Do not keep chatting with a stranger who texted a 'wrong number': block the number.",
  'new-domain':
    'This website was set up only days ago: banks, shops, carriers and agencies do not send you to brand-new sites. Do not sign in or pay there; type the company\'s own address yourself.',
  'url-shortener':
    "A short link hides where it goes: open it only if you trust the sender, or see where it leads first with the shortener's preview (for bit.ly links, add a + at the end).",
  'free-hosting':
    'Anyone can put a page on a free website or app platform in minutes: open it only if you know who made it, and never sign in or pay there; for an account, type the company\'s own address yourself.',
  'move-to-other-app': 'Be wary when a stranger asks to move to WhatsApp, Telegram or another app: scams continue there, away from the safeguards.',
  'email-auth-failed':
    "The sender's address on this email is most likely forged: do not reply, open its links or call its numbers. If it may matter, contact the company through its official website or app.",
  'reply-to-mismatch':
    "Do not just press Reply: your answer would go to a different address than the sender's. If you need to answer, write a new email to an address you already know.",
};

/** Scams between people, where "contact the company" does not fit. */
const PERSON_TO_PERSON: ReadonlySet<string> = new Set([
  'family-emergency',
  'secrecy-request',
  'romance-opener',
  'wrong-number-opener',
  'sextortion',
  'move-to-other-app',
  'investment-promise',
  'job-task-offer',
]);

/**
 * Scams from a stranger, where "check the message with the sender" does not fit: there is no one
 * known to check with (a relative's "new number" is checked on the old one: `family-emergency`).
 */
const FROM_A_STRANGER: ReadonlySet<string> = new Set(['romance-opener', 'wrong-number-opener', 'sextortion', 'investment-promise', 'job-task-offer']);

/**
 * Advice that already sends the person to the organisation's own website, app or number: with
 * one of these, the generic "contact the company" line would say it again.
 */
const OFFICIAL_CHANNEL_ADVICE: ReadonlySet<string> = new Set([
  'unpaid-toll',
  'parcel-redelivery-fee',
  'fraud-alert-callback',
  'fraud-alert-link',
  'subscription-renewal-invoice',
  'document-lure',
  'lure-on-hosting',
  'mailbox-lure',
  'account-locked',
  'foreign-account-locked',
  'tax-refund',
  'government-benefit',
  'utility-disconnection',
  'traffic-fine',
  'email-auth-failed',
  'new-domain',
  'free-hosting',
]);

/** Asks that mean the person is being asked for a code or password (the general "never share" line would repeat them). */
const CODE_OR_PASSWORD_ASKS: ReadonlySet<string> = new Set(['otp-code-request', 'credential-request', 'foreign-credential-request']);

/** Threats of the police, a court or a fine: what the "police and courts" advice answers. */
const LEGAL_THREAT =
  /arrest|warrant|legal|law\s?suit|sued|court|summons|prosecut|jail|prison|deport|criminal|police|seized|garnish|collections?|fine\s+of/i;
/** A licence or registration threatened with suspension: the traffic-fine advice answers it. */
const LICENCE_THREAT = /licen[cs]e|registration/i;
/** A supply threatened with disconnection: the utility advice answers it. */
const SUPPLY_THREAT = /disconnect|shut\s?-?off|cut\s?-?off/i;

/**
 * The advice for one reason, or null when no advice fits it. Most rules have one sentence; a
 * threat is answered by what it threatens: the police and courts for an arrest or a lawsuit, the
 * account for a closure ("your account will be permanently suspended" in a PayPal email is not a
 * police matter).
 */
export function adviceFor(reason: Reason): string | null {
  const id = reason.id;
  if (id === 'threat-of-consequence') {
    const said = reason.evidence.map((e) => e.text).join(' ');
    if (LEGAL_THREAT.test(said)) return SCAM_ADVICE['threat-of-consequence'] ?? null;
    if (LICENCE_THREAT.test(said)) return SCAM_ADVICE['traffic-fine'] ?? null;
    if (SUPPLY_THREAT.test(said)) return SCAM_ADVICE['utility-disconnection'] ?? null;
    return SCAM_ADVICE['account-locked'] ?? null;
  }
  return SCAM_ADVICE[id] ?? null;
}

/** Advice sentences given per result at most. */
const MAX_SCAM_ADVICE = 2;

/** The scam-type advice for `reasons` (in their order, distinct, at most {@link MAX_SCAM_ADVICE}). */
export function scamAdvice(reasons: readonly Reason[]): string[] {
  const out: string[] = [];
  for (const r of reasons) {
    const advice = adviceFor(r);
    if (advice === null || out.includes(advice)) continue;
    out.push(advice);
    if (out.length >= MAX_SCAM_ADVICE) break;
  }
  return out;
}

/** Sentence pointing to a brand's own website or app instead of the message. */
export function contactBrand(brand: string): string {
  return `If you think ${brand} really needs you, go to ${brand}'s official website or app yourself instead of using this message.`;
}

/** Reward words that promise a prize (not "free" or "gift card" alone, which other scams use too). */
const PRIZE_WORDS = /\b(?:won|winners?|prizes?|rewards?|congratulations|congrats)\b/i;

/**
 * Recommendations fitting the verdict and the reasons; at most one gentle line for a safe result.
 * Each line of a threat is there because of what was found:
 * - what to do now with the message: do not click (a link), do not reply or call (none), check
 *   with the sender (a suspicious message from someone the person may know; not a stranger's);
 * - advice for the kinds of scam found (at most two, most severe first: gift cards, a relative on
 *   a new number, a toll...), a threat answered by what it threatens;
 * - where to check instead: the brand the message imitates, or "the company" when no advice
 *   already says where, and not for scams between people;
 * - never share codes (a sign-in page, a login link or security words; not again after an advice
 *   about codes), prizes (a promised prize), then block and report.
 * A link scanned on its own (`kind` 'url') has no sender we know of: the sender lines speak of
 * whoever sent the link, if someone did.
 */
export function recommend(level: ThreatLevel, reasons: readonly Reason[], linkCount: number, kind: 'text' | 'url' = 'text'): string[] {
  const ids = new Set(reasons.map((r) => r.id));
  if (level === 'safe') {
    if (linkCount > 0 && reasons.some((r) => r.severity !== 'low')) return [RECOMMENDATIONS.safeButCareful];
    if (linkCount > 0) return [RECOMMENDATIONS.safeLinks];
    return reasons.length > 0 ? [RECOMMENDATIONS.safe] : [];
  }
  const out: string[] = [];
  const push = (line: string) => {
    if (!out.includes(line)) out.push(line);
  };
  const brand = reasons.find((r) => r.id === 'brand-outside-domain' || r.id === 'brand-in-path')?.evidence.find((e) => e.start === e.end)?.text;
  const main = reasons.find((r) => adviceFor(r) !== null);
  const personal = main !== undefined && PERSON_TO_PERSON.has(main.id);
  const stranger = main !== undefined && FROM_A_STRANGER.has(main.id);
  if (level === 'phishing') {
    if (linkCount > 0) out.push(RECOMMENDATIONS.dontClick, RECOMMENDATIONS.alreadyClicked);
    else out.push(RECOMMENDATIONS.dontReply);
  } else if (kind === 'url') {
    out.push(RECOMMENDATIONS.checkLinkFirst, RECOMMENDATIONS.verifyLinkSource);
  } else {
    if (!stranger) out.push(RECOMMENDATIONS.verifySender);
    if (linkCount > 0) out.push(RECOMMENDATIONS.checkLinkFirst);
  }
  const advice = scamAdvice(reasons);
  for (const line of advice) push(line);
  const officialGiven = reasons.some((r) => OFFICIAL_CHANNEL_ADVICE.has(r.id) && advice.includes(adviceFor(r) ?? ''));
  if (brand !== undefined) push(contactBrand(brand));
  // "the company" only where one is in play: a kind of scam that imitates one, a link, an account
  // threat; not a bare "Resend please" the text model finds odd
  else if (!personal && !officialGiven && (main !== undefined || linkCount > 0 || ids.has('security-threat-language'))) {
    push(kind === 'url' ? RECOMMENDATIONS.contactOfficialLink : RECOMMENDATIONS.contactOfficial);
  }
  const codesGiven = reasons.some((r) => CODE_OR_PASSWORD_ASKS.has(r.id) && advice.includes(adviceFor(r) ?? ''));
  if (!codesGiven && (ids.has('security-threat-language') || ids.has('login-path') || ids.has('link-instructions'))) push(RECOMMENDATIONS.neverShareCodes);
  const reward = reasons.find((r) => r.id === 'reward-language');
  if (reward !== undefined && reward.evidence.some((e) => PRIZE_WORDS.test(e.text))) push(RECOMMENDATIONS.prizes);
  if (ids.has('blocked-sender')) out.push(RECOMMENDATIONS.blockedSender);
  else out.push(kind === 'url' ? RECOMMENDATIONS.blockReportLink : RECOMMENDATIONS.blockReport);
  return out;
}

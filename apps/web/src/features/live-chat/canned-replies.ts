import { MONEY_BACK_DAYS, PLANS } from '@baitcheck/contracts/lite';
import { assistantHref, knowledgeBaseArticleHref, manageSubscriptionHref, paths } from '@/config/paths';

/**
 * The Live Chat's replies (spec section 2): written in advance and chosen on the page by the
 * topic of the person's message. Nothing here reaches a server or a person.
 */

/** The simulated agent (spec section 3, live chat message: agentName, agentAvatar). */
export const LIVE_CHAT_AGENT = { name: 'Sam', avatar: 'S' } as const;

/** How the agent is labelled wherever it speaks: never as if a person were answering. */
export const AGENT_LABEL = `${LIVE_CHAT_AGENT.name} · automated preview`;

/** Spec section 9: the simulated reply comes 1.5 to 3 seconds after the person's message. */
export const LIVE_CHAT_REPLY_DELAY_MIN_MS = 1500;
export const LIVE_CHAT_REPLY_DELAY_MAX_MS = 3000;

/** Longest message the chat takes; the replies only read the topic, so more would not help. */
export const LIVE_CHAT_MESSAGE_MAX_LENGTH = 1000;

/** Plain text, or text that links to a page of the app. */
export type ReplyPart = string | { text: string; href: string };

/**
 * What a reply is about. 'payment' answers a message about a payment, bill or refund that does not
 * plainly concern Baitcheck's own plan (or does, but also carries signs of a scam): safety first,
 * then where Baitcheck's own billing is. 'human' answers "is this a real person?".
 */
export type ReplyTopic = 'human' | 'security' | 'payment' | 'billing' | 'notifications' | 'other';

export interface CannedReply {
  topic: ReplyTopic;
  parts: readonly ReplyPart[];
}

/**
 * Signs that the person may be dealing with a scam, or is frightened: a bank, a card, a code, a
 * locked account, a text from someone, a tax refund, a parcel, money paid. Any of them leads to
 * the safety reply, whatever else the message names. Matched as whole words.
 */
const SCAM_WORDS: ReadonlySet<string> = new Set([
  // the spec's phishing topic
  'phishing', 'phish', 'phished', 'smishing', 'vishing', 'scam', 'scams', 'scammed', 'scammer', 'scammers', 'link', 'links',
  'fraud', 'frauds', 'fraudulent', 'fraudster', 'fraudsters', 'suspicious', 'fake', 'spam', 'dodgy',
  // money and the ways it leaves
  'bank', 'banks', 'banking', 'card', 'cards', 'credit', 'debit', 'paid', 'money', 'transfer', 'transferred', 'wire', 'wired',
  'crypto', 'bitcoin', 'paypal', 'venmo', 'zelle', 'cashapp',
  // accounts and secrets
  'locked', 'suspended', 'frozen', 'hacked', 'hack', 'hacker', 'hackers', 'hacking', 'compromised', 'stolen',
  'password', 'passwords', 'passcode', 'code', 'codes', 'otp', 'pin', 'ssn', 'identity', 'clicked', 'tapped',
  'virus', 'malware', 'anydesk', 'teamviewer',
  // the messages scams come as
  'text', 'texts', 'texted', 'sms', 'caller', 'voicemail', 'tax', 'taxes', 'irs', 'hmrc', 'parcel', 'parcels', 'package',
  'delivery', 'courier', 'usps', 'fedex', 'dhl', 'toll', 'tolls',
  // how the person feels
  'scared', 'afraid', 'frightened', 'worried', 'panic', 'panicking', 'help', 'urgent', 'urgently', 'emergency',
]);

/** "a text from …", "an alert from my bank": someone got in touch, unless it is Baitcheck itself. */
const CONTACT_FROM = /\b(?:message|messages|email|emails|text|texts|call|calls|alert|alerts|letter|notice) from (?!baitcheck\b)[\p{L}\p{N}]/u;

/**
 * Words that make a message plainly about Baitcheck's own plans and billing (Baitcheck's name
 * counts only beside a payment word: "is Baitcheck safe?" is not a billing question).
 */
const BAITCHECK_BILLING_WORDS: ReadonlySet<string> = new Set([
  'premium', 'upgrade', 'upgraded', 'upgrading', 'downgrade', 'downgraded', 'plan', 'plans', 'price', 'prices', 'pricing', 'cost',
  'costs',
]);
/** "my subscription", not "your subscription" (the words of many a fake renewal notice) nor "my Norton subscription". */
const MY_SUBSCRIPTION = /\bmy subscription\b/;

/** Payment words that on their own could be about Baitcheck or about anyone else ("my Amazon subscription payment failed"). */
const PAYMENT_WORDS: ReadonlySet<string> = new Set([
  'subscription', 'subscriptions', 'subscribe', 'subscribed', 'payment', 'payments', 'billing', 'billed', 'bill', 'bills',
  'refund', 'refunds', 'refunded', 'charge', 'charged', 'charges', 'invoice', 'invoices', 'renewal', 'renew', 'renewed',
]);

/** The product's own safety words: a question about scanning, not a sign of a scam. */
const SCAN_WORDS: ReadonlySet<string> = new Set(['scan', 'scans', 'scanned', 'scanning', 'threat', 'threats', 'verdict', 'verdicts']);

/** The app's alert settings ('alert' alone counts only when nothing in the message speaks of a scam). */
const NOTIFICATION_WORDS: ReadonlySet<string> = new Set(['notification', 'notifications', 'notify', 'notified', 'alert', 'alerts']);

/**
 * "Is this a real person?", "am I talking to a human?", "can I speak to an agent?", "are you a bot?",
 * read on the message's words joined by single spaces.
 */
const HUMAN_QUESTIONS: readonly RegExp[] = [
  /\b(?:real|live|actual) (?:person|people|human|humans|agent|agents)\b/,
  /\b(?:speak|talk|chat|connect|transfer|put)(?: me)? (?:to|with|through to) (?:(?:a|an|the|your) )?(?:human|humans|person|people|agent|agents|operator|representative|rep|someone|somebody|staff)\b/,
  /\b(?:are you|is this|is this chat|is sam)(?: an?)? (?:bot|robot|human|person|ai|machine|computer|automated)\b/,
  /\bare you real\b/,
  /\b(?:am i|are we) (?:talking|speaking|chatting) (?:to|with)(?: an?)? (?:human|person|bot|robot|machine|computer)\b/,
  /\bis (?:there )?(?:anyone|anybody|someone|somebody) (?:there|here|reading)\b/,
  /\bis there an? (?:person|human)\b/,
  /^(?:an? )?(?:human|humans|agent|person|operator)(?: please)?$/,
];

const premium = PLANS.premium;
const family = PLANS.family;

const contactSupport = { text: 'Contact Support', href: paths.contactSupport };
const virtualAssistant = { text: 'Virtual Assistant', href: assistantHref };
const afterClicking = { text: 'what to do after clicking a link', href: knowledgeBaseArticleHref('after-clicking-a-link') };

/** What someone who was just caught needs first, in every reply that may reach them. */
export const URGENT_LINE = 'If you shared card or bank details or paid someone, call your bank now on the number on the back of your card.';

export const CANNED_REPLIES: Readonly<Record<ReplyTopic, readonly ReplyPart[]>> = {
  human: [
    'No. This chat is an automated preview: no person reads it, and nothing you type leaves this page. To reach a person, write to ',
    contactSupport,
    '. For questions about a scam or a message you received, the ',
    virtualAssistant,
    ` answers at once. ${URGENT_LINE}`,
  ],
  security: [
    `${URGENT_LINE} Then follow `,
    afterClicking,
    ' (it covers a password, a code or details you typed in, too).\n\nTo check a message or link, paste it into ',
    { text: 'Scan', href: paths.scan },
    ': you get a verdict (safe, suspicious or phishing) and the reasons for it. For questions about a scam, or what to do after one, ask the ',
    virtualAssistant,
    ' (a tab of the Account page).',
  ],
  payment: [
    `If this is about a message asking you to pay, or a charge or refund you did not expect: that is a common scam, even when it names a company you use. Don't pay or sign in from its link; check it in `,
    { text: 'Scan', href: paths.scan },
    ` first. ${URGENT_LINE}\n\nIf it is about your own Baitcheck plan: the plans are on the `,
    { text: 'Upgrade page', href: paths.subscription },
    ', ',
    { text: 'Manage Subscription', href: manageSubscriptionHref },
    ' cancels a paid plan, and for anything else about a payment to Baitcheck, write to ',
    contactSupport,
    '.',
  ],
  billing: [
    `Plans are on the `,
    { text: 'Upgrade page', href: paths.subscription },
    `: Basic is free, ${premium.name} costs $${premium.price} a month and ${family.name} $${family.price} a month (up to ${family.members} people). On a paid plan, `,
    { text: 'Manage Subscription', href: manageSubscriptionHref },
    ` cancels it; within ${MONEY_BACK_DAYS} days of your first payment you can cancel with a refund. For anything else about a payment to Baitcheck, write to `,
    contactSupport,
    '.',
  ],
  notifications: [
    'Your alert choices are in ',
    { text: 'Settings', href: `${paths.settings}?tab=notifications` },
    ', on the Notifications tab: what to be alerted about, how sensitive, and where alerts go (push, email, SMS). New alerts show under the bell at the top of the app. Alerts about scans you make yourself show only in the app.',
  ],
  other: [
    `Thanks for your message. This automated preview can only point you to the right place. ${URGENT_LINE} If you clicked a link in a message, follow `,
    afterClicking,
    '; for questions about scams, ask the ',
    virtualAssistant,
    '. For plans and billing, checking a message or link, or notifications, tell me in a few words. For anything else, write to ',
    contactSupport,
    '.',
  ],
};

/** The first message of every chat, shown just after 'Start Chat' is pressed. */
export const WELCOME_PARTS: readonly ReplyPart[] = [
  `Hi, I'm ${LIVE_CHAT_AGENT.name}, Baitcheck's automated help. I'm not a person: I point you to the right place for plans and billing, checking a message or link, and notifications. What can I help you with?`,
];

/** The words of a message, lower case, split on anything that is not a letter or a digit. */
function wordsOf(message: string): string[] {
  return message.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The topic of a message, safety first: a question whether a person is there gets a straight
 * answer; any sign of a scam (or of fear) gets the safety reply, or the safety-first payment reply
 * when it also names Baitcheck's billing; the billing reply only when the message is plainly about
 * Baitcheck's own plan; a payment word on its own gets the payment reply; then scanning, then the
 * app's alert settings; else the general reply.
 */
export function matchTopic(message: string): ReplyTopic {
  const words = wordsOf(message);
  const text = words.join(' ');
  const has = (set: ReadonlySet<string>) => words.some((word) => set.has(word));

  if (HUMAN_QUESTIONS.some((question) => question.test(text))) return 'human';
  const scam = has(SCAM_WORDS) || CONTACT_FROM.test(text);
  const baitcheckBilling =
    has(BAITCHECK_BILLING_WORDS) || MY_SUBSCRIPTION.test(text) || (words.includes('baitcheck') && has(PAYMENT_WORDS));
  if (scam) return baitcheckBilling ? 'payment' : 'security';
  if (baitcheckBilling) return 'billing';
  if (has(PAYMENT_WORDS)) return 'payment';
  if (has(SCAN_WORDS)) return 'security';
  if (has(NOTIFICATION_WORDS)) return 'notifications';
  return 'other';
}

/** The canned reply to a message. */
export function chooseReply(message: string): CannedReply {
  const topic = matchTopic(message);
  return { topic, parts: CANNED_REPLIES[topic] };
}

/** A reply as plain text (its links' words in place). */
export function replyText(parts: readonly ReplyPart[]): string {
  return parts.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}

/**
 * How long the agent "types" before a reply: 1.5 to 3 s, spread by `random` (a number in [0, 1),
 * as Math.random gives; injected so tests can choose it).
 */
export function replyDelayMs(random: () => number = Math.random): number {
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(LIVE_CHAT_REPLY_DELAY_MIN_MS + r * (LIVE_CHAT_REPLY_DELAY_MAX_MS - LIVE_CHAT_REPLY_DELAY_MIN_MS));
}

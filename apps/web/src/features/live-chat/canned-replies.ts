import { MONEY_BACK_DAYS, PLANS } from '@baitcheck/contracts/lite';
import { assistantHref, manageSubscriptionHref, paths } from '@/config/paths';

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

export type ReplyTopic = 'security' | 'billing' | 'notifications' | 'other';

export interface CannedReply {
  topic: ReplyTopic;
  parts: readonly ReplyPart[];
}

/** The spec's topics with the words that name them, matched as whole words (with their common forms). */
const TOPIC_WORDS: Readonly<Record<Exclude<ReplyTopic, 'other'>, ReadonlySet<string>>> = {
  security: new Set([
    'phishing',
    'phish',
    'phished',
    'smishing',
    'scan',
    'scans',
    'scanned',
    'scanning',
    'threat',
    'threats',
    'scam',
    'scams',
    'scammed',
    'scammer',
    'scammers',
    'link',
    'links',
  ]),
  billing: new Set([
    'subscription',
    'subscriptions',
    'subscribe',
    'subscribed',
    'payment',
    'payments',
    'billing',
    'billed',
    'refund',
    'refunds',
    'refunded',
    'plan',
    'plans',
  ]),
  notifications: new Set(['notification', 'notifications', 'notify', 'alert', 'alerts']),
};

/**
 * The order a message naming several topics is answered in. Safety first: the commonest such
 * message is a scam dressed as a bill ("my Netflix subscription payment failed, is this a scam?"),
 * and its writer needs Scan, not the Upgrade page.
 */
const TOPIC_ORDER = ['security', 'billing', 'notifications'] as const;

const premium = PLANS.premium;
const family = PLANS.family;

export const CANNED_REPLIES: Readonly<Record<ReplyTopic, readonly ReplyPart[]>> = {
  security: [
    'To check a message or link, paste it into ',
    { text: 'Scan', href: paths.scan },
    ': you get a verdict (safe, suspicious or phishing) and the reasons for it. For questions about a scam, or what to do after one, ask the ',
    { text: 'Virtual Assistant', href: assistantHref },
    ' (a tab of the Account page). If you already shared card or bank details or paid someone, call your bank now on the number on the back of your card.',
  ],
  billing: [
    `Plans are on the `,
    { text: 'Upgrade page', href: paths.subscription },
    `: Basic is free, ${premium.name} costs $${premium.price} a month and ${family.name} $${family.price} a month (up to ${family.members} people). On a paid plan, `,
    { text: 'Manage Subscription', href: manageSubscriptionHref },
    ` cancels it; within ${MONEY_BACK_DAYS} days of your first payment you can cancel with a refund. For anything else about a payment, write to `,
    { text: 'Contact Support', href: paths.contactSupport },
    '.',
  ],
  notifications: [
    'Your alert choices are in ',
    { text: 'Settings', href: `${paths.settings}?tab=notifications` },
    ', on the Notifications tab. Baitcheck does not send alerts yet: the choices you make there are saved and will apply when alerts arrive.',
  ],
  other: [
    'Thanks for your message. This preview can only point you to the right place for plans and billing, checking a message or link, and notifications. For anything else, write to ',
    { text: 'Contact Support', href: paths.contactSupport },
    ': a person answers by email, usually within about 24 hours.',
  ],
};

/** The first message of every chat, shown as 'Start Chat' is pressed. */
export const WELCOME_PARTS: readonly ReplyPart[] = [
  `Hi, I'm ${LIVE_CHAT_AGENT.name}, Baitcheck's automated help. I'm not a person: I point you to the right place for plans and billing, checking a message or link, and notifications. What can I help you with?`,
];

/** The words of a message, lower case, split on anything that is not a letter or a digit. */
function wordsOf(message: string): string[] {
  return message.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The topic of a message: the first of TOPIC_ORDER any of whose words it uses whole, else 'other'. */
export function matchTopic(message: string): ReplyTopic {
  const words = wordsOf(message);
  return TOPIC_ORDER.find((topic) => words.some((word) => TOPIC_WORDS[topic].has(word))) ?? 'other';
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

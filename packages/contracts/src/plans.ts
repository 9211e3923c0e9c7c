/**
 * The plans (spec sections 3, 6 and 9): what each costs, includes and limits. Zod-free, so the
 * web app's subscription screen and the server's plan rules read the same figures.
 */

/** A plan's id. */
export type PlanId = 'basic' | 'premium' | 'family';
/** The plans, cheapest first. */
export const PLAN_IDS: readonly PlanId[] = ['basic', 'premium', 'family'];
/** The plans a person can pay for (the `priceId` of `POST /api/create-checkout-session`). */
export const PAID_PLAN_IDS = ['premium', 'family'] as const;
/** A paid plan's id. */
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** One highlight of a plan card: a lucide icon's name and a short line. */
export interface PlanHighlight {
  icon: 'shield' | 'zap' | 'users' | 'smartphone' | 'headphones' | 'history';
  text: string;
}

/** A plan as the subscription screen shows it (spec section 3, Plan). */
export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in US dollars (0 for the free plan). */
  price: number;
  description: string;
  /** A lucide icon's name. */
  icon: 'shield' | 'crown' | 'users';
  popular: boolean;
  highlights: readonly PlanHighlight[];
  features: readonly string[];
  limitations: readonly string[];
  /** Days a scan stays in the history (spec section 9). */
  retentionDays: number;
  /** Scans a day, or null for unlimited (the free plan's figure is the server's `SCAN_LIMIT_PER_DAY`). */
  scansPerDay: number | null;
  /** People on the plan, the manager included. */
  members: number;
}

/** Scans a day on the free plan by default (the pricing table's figure; `SCAN_LIMIT_PER_DAY`). */
export const BASIC_SCANS_PER_DAY = 10;
/** People a family plan covers, the manager included (spec section 9). */
export const FAMILY_MAX_MEMBERS = 5;
/** Days after the first payment in which cancelling refunds it (the money-back guarantee). */
export const MONEY_BACK_DAYS = 14;

/** How a plan names a feature this server does not have yet. */
const COMING_SOON = '(coming soon)';

/** The three plans. Prices and limits are the spec's (section 9). */
export const PLANS: Readonly<Record<PlanId, Plan>> = {
  basic: {
    id: 'basic',
    name: 'Basic',
    price: 0,
    description: 'Check messages and links yourself, for free.',
    icon: 'shield',
    popular: false,
    highlights: [{ icon: 'shield', text: 'Scam checks for texts, emails and links' }],
    features: ['Basic SMS protection', 'Basic email protection', 'AI security assistant', '7 days of scan history'],
    limitations: ['No social media protection', 'No on-device scanning', 'No priority support', `${BASIC_SCANS_PER_DAY} scans a day`],
    retentionDays: 7,
    scansPerDay: BASIC_SCANS_PER_DAY,
    members: 1,
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    price: 7.99,
    description: 'Full protection for one person, on every channel.',
    icon: 'crown',
    popular: true,
    highlights: [
      { icon: 'zap', text: 'Unlimited scans' },
      { icon: 'headphones', text: 'Priority support' },
    ],
    // highlights are not repeated here; features not built yet say so (README differences)
    features: ['SMS and email protection', `Social media protection ${COMING_SOON}`, `On-device scanning ${COMING_SOON}`, 'AI security assistant', '30 days of scan history'],
    limitations: [],
    retentionDays: 30,
    scansPerDay: null,
    members: 1,
  },
  family: {
    id: 'family',
    name: 'Family',
    price: 14.99,
    description: `Premium protection for up to ${FAMILY_MAX_MEMBERS} people, managed together.`,
    icon: 'users',
    popular: false,
    // the members, their dashboard and controls are not built yet: the plan says so (README differences)
    highlights: [{ icon: 'history', text: '90 days of scan history' }],
    features: ['Everything in Premium', `Up to ${FAMILY_MAX_MEMBERS} members ${COMING_SOON}`, `Family Dashboard ${COMING_SOON}`, `Parental controls ${COMING_SOON}`],
    limitations: [],
    retentionDays: 90,
    scansPerDay: null,
    members: FAMILY_MAX_MEMBERS,
  },
};

/** A row of the Feature Comparison table (spec section 3, Comparison row). */
export interface ComparisonRow {
  feature: string;
  description: string;
  basic: boolean | string;
  premium: boolean | string;
  family: boolean | string;
}

/** The Feature Comparison table (spec section 6). Location sharing is not built (README differences). */
export const PLAN_COMPARISON: readonly ComparisonRow[] = [
  { feature: 'SMS and email protection', description: 'Check texts and emails for scams and phishing', basic: 'Basic', premium: true, family: true },
  { feature: 'Social media protection', description: 'Messages arriving on social platforms checked for you', basic: false, premium: 'Coming soon', family: 'Coming soon' },
  { feature: 'On-device scanning', description: 'Scan on your phone or computer, without sending the message', basic: false, premium: 'Coming soon', family: 'Coming soon' },
  { feature: 'Family Dashboard and parental controls', description: "See each member's alerts and set their protection", basic: false, premium: false, family: 'Coming soon' },
  { feature: 'Priority support', description: 'Your requests answered first', basic: false, premium: true, family: true },
  { feature: 'AI assistant', description: 'Ask about a message or what to do next', basic: true, premium: true, family: true },
  { feature: 'Scans per day', description: 'How many messages and links you can check a day', basic: String(BASIC_SCANS_PER_DAY), premium: 'Unlimited', family: 'Unlimited' },
  { feature: 'History retention', description: 'How long your scans are kept', basic: '7 days', premium: '30 days', family: '90 days' },
];

/** A subscription's state: Stripe's statuses, and `none` for someone who never paid. */
export const SUBSCRIPTION_STATUSES = ['none', 'incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'paused', 'incomplete_expired'] as const;
/** One of {@link SUBSCRIPTION_STATUSES}. */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Statuses in which the paid plan's benefits hold (Stripe keeps a past-due plan while it retries the card). */
export const PAID_PLAN_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

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
  /** Support requests of people on this plan are answered first (marked priority). */
  prioritySupport: boolean;
}

/** Scans a day on the free plan by default (the pricing table's figure; `SCAN_LIMIT_PER_DAY`). */
export const BASIC_SCANS_PER_DAY = 10;
/** People a family plan covers, the manager included (spec section 9). */
export const FAMILY_MAX_MEMBERS = 5;
/** Days a family invitation link stays valid. */
export const FAMILY_INVITATION_DAYS = 7;
/** Invitation emails one manager may send in 24 hours, whatever family they found (a re-invite counts: it sends a new email). */
export const FAMILY_INVITATION_EMAILS_PER_DAY = 20;
/** Invitation emails one mailbox may receive in 24 hours, from every manager together. */
export const FAMILY_INVITATION_EMAILS_PER_MAILBOX_PER_DAY = 3;
/** Minutes before the same mailbox may be emailed an invitation again, by anyone. */
export const FAMILY_INVITATION_EMAIL_COOLDOWN_MINUTES = 60;
/** Characters of a family invitation token: 32 random bytes, base64url. */
export const FAMILY_TOKEN_LENGTH = 43;
/** Days the Family Dashboard counts. */
export const FAMILY_DASHBOARD_DAYS = 30;
/** Alerts of each member the Family Dashboard lists, newest first. */
export const FAMILY_DASHBOARD_ALERTS = 20;
/** Days after the first payment in which cancelling refunds it (the money-back guarantee). */
export const MONEY_BACK_DAYS = 14;

/** A daily scan limit as the plans say it: '10 scans a day'. */
export const scansADay = (n: number) => `${n} ${n === 1 ? 'scan' : 'scans'} a day`;

/** How a plan names the social plugin: its feed is the specification's simulation (issue 18). */
const SIMULATED = '(simulated feed)';

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
    limitations: ['No social media protection', 'No on-device scanning', 'No priority support', scansADay(BASIC_SCANS_PER_DAY)],
    retentionDays: 7,
    scansPerDay: BASIC_SCANS_PER_DAY,
    members: 1,
    prioritySupport: false,
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
    // highlights are not repeated here; the simulated social feed says so (README differences)
    features: ['SMS and email protection', `Social media protection ${SIMULATED}`, 'On-device scanning', 'AI security assistant', '30 days of scan history'],
    limitations: [],
    retentionDays: 30,
    scansPerDay: null,
    members: 1,
    prioritySupport: true,
  },
  family: {
    id: 'family',
    name: 'Family',
    price: 14.99,
    description: `Premium protection for up to ${FAMILY_MAX_MEMBERS} people, managed together.`,
    icon: 'users',
    popular: false,
    highlights: [{ icon: 'history', text: '90 days of scan history' }],
    features: ['Everything in Premium', `Up to ${FAMILY_MAX_MEMBERS} members`, 'Family Dashboard', 'Parental controls'],
    limitations: [],
    retentionDays: 90,
    scansPerDay: null,
    members: FAMILY_MAX_MEMBERS,
    prioritySupport: true,
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

const SCANS_PER_DAY_ROW = 'Scans per day';

/** The Feature Comparison table (spec section 6). Location sharing is not built (README differences). */
export const PLAN_COMPARISON: readonly ComparisonRow[] = [
  { feature: 'SMS and email protection', description: 'Check texts and emails for scams and phishing', basic: 'Basic', premium: true, family: true },
  { feature: 'Social media protection', description: 'Messages arriving on social platforms checked for you (a simulated feed for now: no real account is read)', basic: false, premium: 'Simulated feed', family: 'Simulated feed' },
  { feature: 'On-device scanning', description: 'Scan on your phone or computer, without sending the message', basic: false, premium: true, family: true },
  { feature: 'Family Dashboard and parental controls', description: "See each member's alerts and set their protection", basic: false, premium: false, family: true },
  { feature: 'Priority support', description: 'Your requests answered first', basic: PLANS.basic.prioritySupport, premium: PLANS.premium.prioritySupport, family: PLANS.family.prioritySupport },
  { feature: 'AI assistant', description: 'Ask about a message or what to do next', basic: true, premium: true, family: true },
  { feature: SCANS_PER_DAY_ROW, description: 'How many messages and links you can check a day', basic: String(BASIC_SCANS_PER_DAY), premium: 'Unlimited', family: 'Unlimited' },
  { feature: 'History retention', description: 'How long your scans are kept', basic: '7 days', premium: '30 days', family: '90 days' },
];

/**
 * The plans as a server runs them: Basic's daily scans are its `SCAN_LIMIT_PER_DAY` (null: no
 * limit), which the default figures of {@link PLANS} would misstate.
 */
export function plansFor(basicScansPerDay: number | null): Readonly<Record<PlanId, Plan>> {
  if (basicScansPerDay === BASIC_SCANS_PER_DAY) return PLANS;
  const others = PLANS.basic.limitations.filter((l) => l !== scansADay(BASIC_SCANS_PER_DAY));
  const limitations = basicScansPerDay === null ? others : [...others, scansADay(basicScansPerDay)];
  return { ...PLANS, basic: { ...PLANS.basic, limitations, scansPerDay: basicScansPerDay } };
}

/** The Feature Comparison as a server runs it (see {@link plansFor}). */
export function planComparisonFor(basicScansPerDay: number | null): readonly ComparisonRow[] {
  if (basicScansPerDay === BASIC_SCANS_PER_DAY) return PLAN_COMPARISON;
  return PLAN_COMPARISON.map((row) => (row.feature === SCANS_PER_DAY_ROW ? { ...row, basic: basicScansPerDay === null ? 'Unlimited' : String(basicScansPerDay) } : row));
}

/** A subscription's state: Stripe's statuses, and `none` for someone who never paid. */
export const SUBSCRIPTION_STATUSES = ['none', 'incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'paused', 'incomplete_expired'] as const;
/** One of {@link SUBSCRIPTION_STATUSES}. */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Statuses in which the paid plan's benefits hold (Stripe keeps a past-due plan while it retries the card). */
export const PAID_PLAN_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CancelSubscriptionResponse,
  CheckoutSessionRequest,
  RedirectResponse,
  Subscription,
  TestCheckout,
} from '@baitcheck/contracts';
import { API_ROUTES as API, BASIC_SCANS_PER_DAY, PAID_PLAN_STATUSES, buildPath, type PlanId } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from './query-keys';

/** What a visitor is on when the server says nothing else (spec section 3: basic when absent). */
export const NO_SUBSCRIPTION: Subscription = {
  plan: 'basic',
  status: 'none',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  refundableUntil: null,
  provider: 'test',
  moneyBackUsed: false,
  basicScansPerDay: BASIC_SCANS_PER_DAY,
};

/** The plan in effect (spec section 4): the subscription's plan, or basic. */
export function effectivePlanOf(subscription: Subscription | undefined): PlanId {
  return subscription?.plan ?? 'basic';
}

/** Whether a paid plan's benefits hold (Stripe keeps a past-due plan while it retries the card). */
export function isPaying(subscription: Subscription | undefined): boolean {
  return !!subscription && subscription.plan !== 'basic' && PAID_PLAN_STATUSES.includes(subscription.status);
}

/** `GET /api/subscription` as a query, for code outside a component too. */
export const subscriptionQuery = queryOptions({
  queryKey: queryKeys.subscription,
  queryFn: () => api.get<Subscription>(API.getSubscription.path),
});

/** The signed-in user's subscription (a guest is on basic, status 'none'). */
export function useSubscription(options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...subscriptionQuery, refetchInterval: options.refetchInterval });
}

/**
 * A change of plan reaches every screen that depends on it: the plan itself (this page, the
 * Account card, scans left), the history and dashboard, whose window follows the plan, and the
 * family (a Family Dashboard opens or closes with it).
 */
function planChanged(queryClient: QueryClient) {
  for (const queryKey of [queryKeys.subscription, queryKeys.messages, queryKeys.messageStats, queryKeys.family]) void queryClient.invalidateQueries({ queryKey });
}

/** Every screen showing the plan (this page, the Account card) reads the new one. */
function storeSubscription(queryClient: QueryClient, subscription: Subscription) {
  queryClient.setQueryData(queryKeys.subscription, subscription);
  planChanged(queryClient);
}

/** Opens a checkout for a paid plan: answers where the browser goes next. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (input: CheckoutSessionRequest) => api.post<RedirectResponse>(API.createCheckoutSession.path, input),
  });
}

/** Opens Stripe's customer portal (card and invoices); 409 BILLING_PORTAL_UNAVAILABLE on a test server. */
export function useBillingPortal() {
  return useMutation({ mutationFn: () => api.post<RedirectResponse>(API.billingPortal.path) });
}

/** Cancels: with a refund the plan ends now (money-back window only); without, at the period's end. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refund: boolean) => api.post<CancelSubscriptionResponse>(API.cancelSubscription.path, { refund }),
    onSuccess: ({ subscription }) => storeSubscription(queryClient, subscription),
  });
}

/** Takes back a cancel at the period's end. */
export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Subscription>(API.resumeSubscription.path),
    onSuccess: (subscription) => storeSubscription(queryClient, subscription),
  });
}

/** A checkout on the server's own test checkout page (no payment service configured). */
export function useTestCheckout(id: string) {
  return useQuery({
    queryKey: queryKeys.testCheckout(id),
    queryFn: () => api.get<TestCheckout>(buildPath(API.getTestCheckout.path, { id })),
  });
}

/** Completes or cancels a test checkout: answers where the browser goes next (back to /subscription). */
export function useFinishTestCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: 'complete' | 'cancel') =>
      api.post<RedirectResponse>(
        buildPath(outcome === 'complete' ? API.completeTestCheckout.path : API.cancelTestCheckout.path, { id }),
      ),
    onSuccess: () => {
      planChanged(queryClient);
      void queryClient.invalidateQueries({ queryKey: queryKeys.testCheckout(id) });
    },
  });
}

/** Leaves the app for another site (Stripe). An object, so tests can replace it: jsdom cannot navigate. */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Goes where the server said: a path of this app (the test checkout, the way back to
 * /subscription) within the app, an https address (Stripe's checkout or portal) by leaving it.
 * Answers false, going nowhere, for anything else.
 */
export function followRedirect(url: string | undefined, navigate: (path: string) => void): boolean {
  if (!url) return false;
  if (url.startsWith('/') && !url.startsWith('//')) {
    navigate(url);
    return true;
  }
  try {
    const target = new URL(url);
    if (target.origin === window.location.origin) {
      navigate(`${target.pathname}${target.search}${target.hash}`);
      return true;
    }
    if (target.protocol !== 'https:') return false;
  } catch {
    return false;
  }
  browserLocation.assign(url);
  return true;
}

/** A monthly price in dollars as the plans show it: '$7.99', '$0'. */
export function formatPrice(dollars: number): string {
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

/** An amount in cents: '$7.99'. */
export function formatCents(cents: number): string {
  return formatPrice(cents / 100);
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** A renewal or end date: 'February 5, 2026' (the reader's time zone); empty when unreadable. */
export function formatBillingDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : LONG_DATE.format(date);
}

/** Whether an ISO date is still ahead. */
export function isFuture(value: string | null | undefined, now: Date = new Date()): boolean {
  if (!value) return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.getTime() > now.getTime();
}

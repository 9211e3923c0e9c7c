import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '@baitcheck/contracts/lite';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { readAuthError } from '@/lib/api/auth';
import { followRedirect, useStartCheckout } from '@/lib/api/billing';
import { queryKeys } from '@/lib/api/query-keys';

/** Spec section 8: checkout fails or returns no url. */
export const UPGRADE_FAILED = {
  title: 'Upgrade failed',
  description: 'There was an error creating your checkout session. Please try again.',
  variant: 'destructive',
} as const;

/** Spec section 8: choosing Basic for an upgrade. */
export const ALREADY_FREE = {
  title: 'Already on the free plan',
  description: 'You are already on the free Basic plan. Choose Premium or Family to upgrade.',
} as const;

/** A guest asked to pay: a payment needs an account. */
export const ACCOUNT_NEEDED_TITLE = 'Create an account first';

/**
 * Choosing a plan (spec section 4): Basic is refused with a toast; a paid plan opens a checkout
 * and the browser goes there. `pending` is the plan being bought ('Processing...'), reset on
 * failure and kept while the browser leaves for the checkout.
 */
export function useUpgrade(effective: PlanId) {
  const start = useStartCheckout();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<PlanId | null>(null);
  const running = useRef(false);

  // Coming back with the browser's Back button from Stripe can restore this page as it was left
  // (the back-forward cache), 'Processing...' and all: start over instead.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        running.current = false;
        setPending(null);
      }
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const choose = async (plan: PlanId) => {
    if (running.current) return;
    if (plan === 'basic') {
      if (effective === 'basic') toast(ALREADY_FREE);
      return;
    }
    running.current = true;
    setPending(plan);
    try {
      const { url } = await start.mutateAsync({ priceId: plan });
      if (followRedirect(url, navigate)) return;
      toast(UPGRADE_FAILED);
    } catch (error) {
      const { code, message } = readAuthError(error);
      if (code === 'ACCOUNT_REQUIRED') {
        // this page thought the visitor was signed in: another tab or device signed out
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
        toast({
          title: ACCOUNT_NEEDED_TITLE,
          description: message,
          action: { label: 'Go to Account', altText: 'Open the Account page to create an account or sign in', onClick: () => navigate(paths.account) },
        });
      } else if (code === 'ALREADY_ON_PLAN') {
        // the plan changed elsewhere: show the one in effect now
        void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
        toast({ title: UPGRADE_FAILED.title, description: message, variant: 'destructive' });
      } else {
        toast(UPGRADE_FAILED);
      }
    }
    running.current = false;
    setPending(null);
  };

  return { pending, choose };
}

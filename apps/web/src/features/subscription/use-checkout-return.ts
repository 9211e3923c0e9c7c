import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { queryKeys } from '@/lib/api/query-keys';

/** Spec section 8: back from a completed checkout. */
export const CHECKOUT_SUCCEEDED = { title: 'Subscription successful!' } as const;
/** Spec section 8: back from a checkout the person left. */
export const CHECKOUT_CANCELED = {
  title: 'Subscription canceled',
  description: 'Your subscription process was canceled.',
  variant: 'destructive',
} as const;

/**
 * Back from a checkout left while already on a paid plan (a change of plan): the spec's red
 * "Subscription canceled" would read as if the plan one has were lost (README differences).
 */
export const CHANGE_CANCELED = {
  title: 'Plan not changed',
  description: 'You left the checkout: your current plan stays as it was.',
} as const;

/**
 * Back from a checkout (spec section 2): `?success=true` or `?canceled=true` shows its toast, the
 * query is cleared (replacing the history entry, so Back and reload do not show it again) and
 * the subscription is read again. `onSuccess` runs after a completed checkout. `paying` (undefined
 * while the plan loads) picks the toast of a checkout left during a change of plan.
 */
export function useCheckoutReturn(onSuccess: () => void, paying: boolean | undefined) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  // once per return, also under StrictMode's second run of effects
  const handled = useRef<string | null>(null);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;

  useEffect(() => {
    const params = new URLSearchParams(search);
    const success = params.get('success') === 'true';
    const canceled = params.get('canceled') === 'true';
    if (!success && !canceled) return;
    // which toast a left checkout gets depends on the plan one is on: wait until it is known
    if (canceled && paying === undefined) return;
    if (handled.current === search) return;
    handled.current = search;
    toast(success ? CHECKOUT_SUCCEEDED : paying ? CHANGE_CANCELED : CHECKOUT_CANCELED);
    params.delete('success');
    params.delete('canceled');
    const rest = params.toString();
    navigate(rest ? `${paths.subscription}?${rest}` : paths.subscription, { replace: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
    if (success) onSuccessRef.current();
  }, [search, navigate, queryClient, paying]);
}

import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { ArrowLeft, FlaskConical, Loader2 } from 'lucide-react';
import type { TestCheckout } from '@baitcheck/contracts';
import { PLANS } from '@baitcheck/contracts/lite';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { useFamily } from '@/lib/api/family';
import { membersLoseFamily } from '@/lib/plan-wording';
import { paths } from '@/config/paths';
import { readAuthError } from '@/lib/api/auth';
import { followRedirect, formatPrice, useFinishTestCheckout, useTestCheckout } from '@/lib/api/billing';

/** What a checkout that can no longer be paid says (its status is not open). */
const CLOSED_SENTENCES: Record<Exclude<TestCheckout['status'], 'open'>, string> = {
  complete: 'This checkout is already complete: its plan is on your account.',
  canceled: 'This checkout was canceled. Nothing was charged.',
  expired: 'This checkout has expired. Nothing was charged.',
};

function BackToPlans() {
  return (
    <Link href={paths.subscription} className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary-strong underline underline-offset-2 focus-ring">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Upgrade Your Protection
    </Link>
  );
}

/** A checkout that cannot go on: why, and the way back. */
function Closed({ sentence }: { sentence: string }) {
  return (
    <Card className="space-y-3 p-5">
      <p role="alert" className="text-base text-slate-900">
        {sentence}
      </p>
      <BackToPlans />
    </Card>
  );
}

function TestBanner() {
  return (
    <section aria-labelledby="test-banner-title" className="flex items-start gap-3 rounded-xl border-2 border-amber-500 bg-amber-50 p-4 text-amber-950">
      <FlaskConical aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-amber-800" />
      <div className="space-y-1">
        <h2 id="test-banner-title" className="text-lg font-bold">
          TEST checkout: no card is charged
        </h2>
        <p className="text-sm">
          This server has no payment service set up, so this page stands in for one. Completing it gives your account the plan
          without any payment. It is for trying Baitcheck out, not a real purchase.
        </p>
      </div>
    </section>
  );
}

function OpenCheckout({ checkout }: { checkout: TestCheckout }) {
  const finish = useFinishTestCheckout(checkout.id);
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<'complete' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const plan = PLANS[checkout.plan];
  const from = PLANS[checkout.fromPlan];
  const change = checkout.fromPlan !== 'basic';
  // leaving Family: the manager's members lose it too, said here as the cancel says it
  const family = useFamily().data;
  const membersNote = checkout.fromPlan === 'family' && checkout.plan !== 'family' && family?.role === 'manager' ? membersLoseFamily(family.members.length, 'too') : null;

  const run = async (next: 'complete' | 'cancel') => {
    if (outcome) return;
    setOutcome(next);
    setError(null);
    try {
      const { url } = await finish.mutateAsync(next);
      // on to /subscription?success=true or ?canceled=true, which says how it went
      if (followRedirect(url, navigate)) return;
      navigate(next === 'complete' ? `${paths.subscription}?success=true` : `${paths.subscription}?canceled=true`);
      return;
    } catch (caught) {
      // CHECKOUT_CLOSED (finished in another tab, or expired) and the rest: the server's sentence
      setError(readAuthError(caught).message);
    }
    setOutcome(null);
  };

  return (
    <Card className="space-y-4 p-5">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold text-slate-900">{plan.name} plan</h2>
        <p className="text-slate-900">
          <span className="text-2xl font-bold">{formatPrice(checkout.price)}</span>
          <span aria-hidden="true" className="text-sm text-slate-600">
            /month
          </span>
          <span className="sr-only"> per month</span>
        </p>
      </div>
      <div className="space-y-1 text-sm text-slate-800">
        <h3 className="font-semibold text-slate-900">What happens</h3>
        <p>
          {change
            ? `You switch from the ${from.name} plan to the ${plan.name} plan at once.${plan.retentionDays < from.retentionDays ? ` Your history then keeps ${plan.retentionDays} days instead of ${from.retentionDays}: older scans are deleted.` : ''}`
            : `Your ${plan.name} plan starts now and renews every month until you cancel.`}{' '}
          No card is charged: this is a test payment.
        </p>
        {membersNote ? <p className="font-medium">{membersNote}</p> : null}
      </div>
      {error ? (
        <div role="alert" className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p>{error}</p>
          <BackToPlans />
        </div>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button className="sm:flex-1" disabled={outcome !== null} onClick={() => void run('complete')}>
          {outcome === 'complete' ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" /> : null}
          {outcome === 'complete' ? 'Completing...' : 'Complete test payment'}
        </Button>
        <Button variant="outline" className="sm:flex-1" disabled={outcome !== null} onClick={() => void run('cancel')}>
          {outcome === 'cancel' ? 'Canceling...' : 'Cancel test payment'}
        </Button>
      </div>
    </Card>
  );
}

/** The server's own checkout page (issue 16), used when no payment service is configured. */
export default function TestCheckoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  const checkout = useTestCheckout(id);

  let body;
  if (checkout.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col items-center gap-2 py-12 text-slate-600">
        <Loader2 aria-hidden="true" className="h-8 w-8 animate-spin text-primary motion-reduce:animate-none" />
        <span role="status" className="text-sm">
          Loading the checkout…
        </span>
      </div>
    );
  } else if (checkout.isError) {
    const { code, message } = readAuthError(checkout.error);
    body =
      code === 'CHECKOUT_NOT_FOUND' || code === 'CHECKOUT_CLOSED' ? (
        <Closed sentence={message} />
      ) : (
        <LoadError
          error={checkout.error}
          message="We could not load this checkout."
          onRetry={() => void checkout.refetch()}
          retrying={checkout.isFetching}
        />
      );
  } else if (checkout.data.status !== 'open') {
    body = <Closed sentence={CLOSED_SENTENCES[checkout.data.status]} />;
  } else {
    body = (
      <>
        <TestBanner />
        <OpenCheckout checkout={checkout.data} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Test checkout</h1>
      {body}
    </div>
  );
}

import { Link } from 'wouter';
import { Check, Crown, Settings2, TriangleAlert, X } from 'lucide-react';
import type { Subscription } from '@baitcheck/contracts';
import { PLANS } from '@baitcheck/contracts/lite';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/load-error';
import { manageSubscriptionHref, paths } from '@/config/paths';
import { formatBillingDate, formatPrice, isPaying, useSubscription } from '@/lib/api/billing';
import { useFamily } from '@/lib/api/family';

// What the free plan really gives today. The spec's list excluded social media protection, but
// the Social Media scan works on the free plan; the plugins bring texts, an inbox and Slack in on
// every plan, and only the (simulated) social feed is the paid plans'.
const INCLUDED = ['Checking texts, emails, social media messages and links', 'Forwarded texts, an email inbox and Slack checked as they arrive', 'Scan history', 'AI assistant'];
const EXCLUDED = ['The social media feed', 'On-device scanning', 'Priority support'];

function FeatureList({ items, included }: { items: readonly string[]; included: boolean }) {
  const Icon = included ? Check : X;
  return (
    <ul className="space-y-1.5">
      {items.map((f) => (
        <li key={f} className={included ? 'flex items-center gap-2 text-sm text-slate-800' : 'flex items-center gap-2 text-sm text-slate-600'}>
          <Icon aria-hidden="true" className={included ? 'h-4 w-4 shrink-0 text-green-700' : 'h-4 w-4 shrink-0 text-slate-500'} />
          <span>
            <span className="sr-only">{included ? 'Included: ' : 'Not included: '}</span>
            {f}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The free plan: what it includes and excludes, and the way to upgrade. */
function BasicPlan() {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Your plan</h2>
          <p className="text-sm text-slate-600">Basic · Free</p>
        </div>
        <Badge variant="neutral">Current plan</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Included</h3>
            <FeatureList items={INCLUDED} included />
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Not included</h3>
            <FeatureList items={EXCLUDED} included={false} />
          </div>
        </div>
        <Button asChild className="w-full sm:w-auto">
          <Link href={paths.subscription}>
            <Crown aria-hidden="true" className="h-4 w-4" />
            Upgrade to Premium
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** A paid plan: its name, price, when it renews or ends, what it adds, and the way to manage it. */
function PaidPlan({ subscription }: { subscription: Subscription }) {
  const plan = PLANS[subscription.plan];
  const date = formatBillingDate(subscription.currentPeriodEnd);
  const pastDue = subscription.status === 'past_due';
  const adds = [...new Set([...plan.highlights.map((h) => h.text), `${plan.retentionDays} days of scan history`])];
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Your plan</h2>
          <p className="text-sm text-slate-600">
            {plan.name} · {formatPrice(plan.price)}/month
          </p>
        </div>
        {pastDue ? <Badge variant="warning">Payment failed</Badge> : subscription.cancelAtPeriodEnd ? <Badge variant="neutral">Ending</Badge> : <Badge variant="success">Active</Badge>}
      </CardHeader>
      <CardContent className="space-y-4">
        {pastDue ? (
          <p className="flex items-start gap-2 text-sm text-amber-950">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-800" />
            Your last payment failed. Update your card under Manage Subscription to keep your plan.
          </p>
        ) : date ? (
          <p className="text-sm text-slate-800">{subscription.cancelAtPeriodEnd ? `Ends on ${date}; it will not renew.` : `Renews on ${date}`}</p>
        ) : null}
        <FeatureList items={adds} included />
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link href={manageSubscriptionHref}>
            <Settings2 aria-hidden="true" className="h-4 w-4" />
            Manage Subscription
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The Family plan a member has through their family: theirs while the manager's plan lasts, nothing to manage or pay. */
function FamilyMemberPlan({ manager, endsAt }: { manager: string; endsAt: string | null }) {
  const plan = PLANS.family;
  const ends = formatBillingDate(endsAt);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">Your plan</h2>
          <p className="break-words text-sm text-slate-600">
            {plan.name} · through {manager}'s family
          </p>
        </div>
        {ends ? <Badge variant="neutral">Ending</Badge> : <Badge variant="success">Active</Badge>}
      </CardHeader>
      <CardContent className="space-y-4">
        {ends ? <p className="text-sm text-slate-800">Ends on {ends}: {manager} will not renew the Family plan.</p> : null}
        <FeatureList items={['Unlimited scans', `${plan.retentionDays} days of scan history`]} included />
      </CardContent>
    </Card>
  );
}

/** The plan on the Account page: the real one, from `GET /api/subscription`, or the family's for a member. */
export function SubscriptionCard() {
  const subscription = useSubscription();
  // a family member pays nothing: their plan is the family's, while the manager's lasts
  const family = useFamily();
  if (subscription.isPending) {
    return (
      <Card aria-busy="true" className="space-y-2 p-4">
        <span role="status" className="sr-only">
          Loading your plan…
        </span>
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-16 w-full" />
      </Card>
    );
  }
  if (subscription.isError) {
    return (
      <Card className="p-4">
        <h2 className="mb-2 text-base font-semibold text-slate-900">Your plan</h2>
        <LoadError
          error={subscription.error}
          message="We could not load your plan."
          onRetry={() => void subscription.refetch()}
          retrying={subscription.isFetching}
        />
      </Card>
    );
  }
  if (isPaying(subscription.data)) return <PaidPlan subscription={subscription.data} />;
  return family.data?.role === 'member' && family.data.planActive ? <FamilyMemberPlan manager={family.data.manager} endsAt={family.data.planEndsAt} /> : <BasicPlan />;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { AccountNeededNotice } from '@/components/account-needed-notice';
import { Link, useLocation, useSearch } from 'wouter';
import { CircleCheck, Headphones, History, Info, Loader2, TriangleAlert, Users, Zap, type LucideIcon } from 'lucide-react';
import type { Subscription } from '@baitcheck/contracts';
import { PLANS, scansADay, type PlanId } from '@baitcheck/contracts/lite';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { MANAGE_SUBSCRIPTION_PARAM, paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/api/auth';
import { useFamily } from '@/lib/api/family';
import { NO_SUBSCRIPTION, effectivePlanOf, formatBillingDate, isPaying, useSubscription } from '@/lib/api/billing';
import { FeatureComparison } from './feature-comparison';
import { ManageSubscription } from './manage-subscription';
import { PlanCards } from './plan-cards';
import { useCheckoutReturn } from './use-checkout-return';
import { SwitchToPremiumConfirm } from './switch-confirm';
import { useUpgrade } from './use-upgrade';

/** After a completed checkout, how often and how long to ask again while the payment service's word is on its way (Stripe's webhook). */
const CONFIRM_POLL_MS = 2_000;
const CONFIRM_WAIT_MS = 30_000;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Why Premium: unlimited scans only where Basic has a limit on this server. */
function benefits(basicScansPerDay: number | null): ReadonlyArray<{ title: string; text: string; Icon: LucideIcon }> {
  return [
    ...(basicScansPerDay === null
      ? []
      : [{ title: 'Unlimited scans', text: `Check every message and link you receive. Basic has ${scansADay(basicScansPerDay)}.`, Icon: Zap }]),
    {
      title: `${PLANS.premium.retentionDays} days of history`,
      text: `Look back at what you checked for ${PLANS.premium.retentionDays} days instead of ${PLANS.basic.retentionDays}.`,
      Icon: History,
    },
    {
      title: 'Priority support',
      text: 'Your questions to our support team are answered first.',
      Icon: Headphones,
    },
  ];
}

const LINKS = [
  { href: '/faq', label: 'FAQ' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-of-service', label: 'Terms of Service' },
] as const;

/** Said to a family member: they have Family through the family, and pay nothing. */
function FamilyMemberBanner({ manager, endsAt }: { manager: string; endsAt: string | null }) {
  const ends = formatBillingDate(endsAt);
  return (
    <section aria-label="Your subscription" className="flex items-start gap-3 rounded-xl border border-green-300 bg-green-50 p-4 text-green-950">
      <Users aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
      <div className="space-y-1">
        <p className="font-semibold">You have the Family plan through {manager}&apos;s family</p>
        {ends ? <p className="text-sm font-medium">It ends on {ends}: {manager} will not renew it. Then you are back on your own plan.</p> : null}
        <p className="text-sm">
          They manage and pay for it: there is nothing for you to buy here. You can leave the family on your{' '}
          <Link href={paths.account} className="font-semibold underline underline-offset-2 focus-ring">
            Account page
          </Link>
          .
        </p>
      </div>
    </section>
  );
}

/** The green banner of an active subscription, or the warning of a failed payment, each with 'Manage Subscription'. */
function SubscriptionBanner({ subscription, onPlanEnded, familyMembers, openManage }: { subscription: Subscription; onPlanEnded: () => void; familyMembers: number; openManage: boolean }) {
  const date = formatBillingDate(subscription.currentPeriodEnd);
  const planName = capitalise(subscription.plan);
  if (subscription.status === 'past_due') {
    return (
      <section aria-label="Your subscription" className="flex flex-col gap-3 rounded-xl border border-amber-400 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
          <div className="space-y-1 text-amber-950">
            <p className="font-semibold">Your last payment for the {planName} plan failed</p>
            <p className="text-sm">Update your card under Manage Subscription to keep your plan.</p>
          </div>
        </div>
        <ManageSubscription subscription={subscription} onPlanEnded={onPlanEnded} familyMembers={familyMembers} openAtStart={openManage} />
      </section>
    );
  }
  return (
    <section aria-label="Your subscription" className="flex flex-col gap-3 rounded-xl border border-green-300 bg-green-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
        <div className="space-y-1 text-green-950">
          <p className="font-semibold">You are currently subscribed to the {planName} plan</p>
          {date ? (
            <p className="text-sm">
              {subscription.cancelAtPeriodEnd ? `Your subscription ends on ${date} and will not renew.` : `Your subscription renews on ${date}`}
            </p>
          ) : null}
          {subscription.plan === 'family' ? (
            <p className="text-sm">
              <Link href={`${paths.account}?tab=family`} className="font-semibold underline underline-offset-2 focus-ring">
                Invite your family and see their alerts on the Family Dashboard
              </Link>
            </p>
          ) : null}
        </div>
      </div>
      <ManageSubscription subscription={subscription} onPlanEnded={onPlanEnded} familyMembers={familyMembers} openAtStart={openManage} />
    </section>
  );
}


function Loading() {
  return (
    <div aria-busy="true" className="flex flex-col items-center gap-2 py-12 text-slate-600">
      <Loader2 aria-hidden="true" className="h-8 w-8 animate-spin text-primary motion-reduce:animate-none" />
      <span role="status" className="text-sm">
        Loading your plan…
      </span>
    </div>
  );
}

export default function SubscriptionPage() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [awaitingPayment, setAwaitingPayment] = useState(false);
  const subscription = useSubscription();
  const me = useCurrentUser();
  const data = subscription.data;
  const paying = isPaying(data);
  const family = useFamily().data;
  // a member has Family through their family; their own subscription says Basic
  const familyMember = family?.role === 'member' && family.planActive ? family : null;
  const familyMembers = family?.role === 'manager' ? family.members.length : 0;
  const waitingInvitations = family?.role === 'manager' ? family.invitations.filter((i) => !i.expired).length : 0;
  const effective = familyMember ? 'family' : effectivePlanOf(data);
  const { pending, choose } = useUpgrade(effective);
  // `?manage=true` (the Account page's 'Manage Subscription'): the dialog opens with the page, once
  const search = useSearch();
  const [, navigate] = useLocation();
  const [manageAsked] = useState(() => new URLSearchParams(search).get(MANAGE_SUBSCRIPTION_PARAM) === 'true');
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has(MANAGE_SUBSCRIPTION_PARAM)) return;
    params.delete(MANAGE_SUBSCRIPTION_PARAM);
    const rest = params.toString();
    navigate(rest ? `${paths.subscription}?${rest}` : paths.subscription, { replace: true });
  }, [search, navigate]);
  // a Family manager with members is asked first: they lose the Family plan with the switch
  const [confirmSwitch, setConfirmSwitch] = useState(false);
  const switchAskedBy = useRef<HTMLElement | null>(null);
  const chooseAsking = (plan: PlanId) => {
    if (plan !== 'premium' || effective !== 'family' || familyMembers + waitingInvitations === 0) return void choose(plan);
    switchAskedBy.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirmSwitch(true);
  };

  useCheckoutReturn(
    useCallback(() => setAwaitingPayment(true), []),
    subscription.isPending ? undefined : paying,
  );

  // Stripe sends the person back before its webhook may have told the server: ask again for a
  // while, until the plan shows.
  const waiting = awaitingPayment && !paying && !subscription.isPending;
  const { refetch } = subscription;
  useEffect(() => {
    if (!waiting) return;
    const poll = setInterval(() => void refetch(), CONFIRM_POLL_MS);
    const stop = setTimeout(() => setAwaitingPayment(false), CONFIRM_WAIT_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(stop);
    };
  }, [waiting, refetch]);

  // The plan ended at once (a refund): the Manage button and its dialog are gone, so focus goes to
  // the page's heading rather than nowhere. Run after Radix has tried the vanished button.
  const [planEnded, setPlanEnded] = useState(false);
  const showBanner = !!data && (data.status === 'active' || (data.status === 'past_due' && paying));
  useEffect(() => {
    if (!planEnded || showBanner) return;
    const timer = setTimeout(() => {
      headingRef.current?.focus();
      setPlanEnded(false);
    }, 0);
    return () => clearTimeout(timer);
  }, [planEnded, showBanner]);

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="space-y-2">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          Upgrade Your Protection
        </h1>
        <p className="text-sm text-slate-700 sm:text-base">
          Choose the plan that fits you and your family. Every plan checks texts, emails and links for scams; paid plans add more.
        </p>
      </div>

      {subscription.isPending ? (
        <Loading />
      ) : subscription.isError ? (
        <LoadError
          error={subscription.error}
          message="We could not load your plan."
          onRetry={() => void subscription.refetch()}
          retrying={subscription.isFetching}
        />
      ) : (
        <>
          {showBanner ? <SubscriptionBanner subscription={data} onPlanEnded={() => setPlanEnded(true)} familyMembers={familyMembers} openManage={manageAsked} /> : null}
          {familyMember && !showBanner ? <FamilyMemberBanner manager={familyMember.manager} endsAt={familyMember.planEndsAt} /> : null}
          {waiting ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
              <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
              Confirming your payment with the payment service…
            </p>
          ) : null}
          {me.data?.kind === 'guest' ? <AccountNeededNotice title="Create an account to upgrade" why="A payment needs an account, so your plan stays yours on every device. Your scans come with you." /> : null}
          {subscription.data.provider === 'test' ? (
            <p role="note" className="flex items-start gap-2 text-sm text-slate-700">
              <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              This server uses a test checkout: no card is charged.
            </p>
          ) : null}

          <SwitchToPremiumConfirm
            open={confirmSwitch}
            members={familyMembers}
            invitations={waitingInvitations}
            returnTo={switchAskedBy}
            onConfirm={() => void choose('premium')}
            onClose={() => setConfirmSwitch(false)}
          />
          <Tabs defaultValue="cards">
            <TabsList aria-label="Ways to compare the plans" className="sm:max-w-md">
              <TabsTrigger value="cards">Plan Cards</TabsTrigger>
              <TabsTrigger value="comparison">Feature Comparison</TabsTrigger>
            </TabsList>
            <TabsContent value="cards">
              <PlanCards effective={effective} pending={pending} onChoose={chooseAsking} basicScansPerDay={subscription.data.basicScansPerDay} coveredByFamily={familyMember !== null} />
            </TabsContent>
            <TabsContent value="comparison">
              <FeatureComparison effective={effective} pending={pending} onChoose={chooseAsking} basicScansPerDay={subscription.data.basicScansPerDay} coveredByFamily={familyMember !== null} />
            </TabsContent>
          </Tabs>
          <p className="text-sm text-slate-700">
            <span className="font-medium">Coming soon</span> marks protection we are still building: it is not part of any plan yet, and the
            prices are for what is listed without it.
          </p>
        </>
      )}

      {/* said to those who could upgrade: not to someone who has Premium or Family already */}
      {effective === 'basic' && !subscription.isPending ? (
        <section aria-labelledby="why-premium" className="space-y-3">
          <h2 id="why-premium" className="text-xl font-bold text-slate-900">
            Why Upgrade to Premium?
          </h2>
          <ul className="grid gap-3 md:grid-cols-3">
            {benefits((data ?? NO_SUBSCRIPTION).basicScansPerDay).map(({ title, text, Icon }) => (
              <li key={title}>
                <Card className="flex h-full gap-3 p-4">
                  <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
                  <div>
                    <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
                    <p className="text-sm text-slate-700">{text}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className="text-sm text-slate-800">
        {data?.moneyBackUsed
          ? 'You have used the 14-day money-back guarantee on this account: it refunds once. You can still cancel at any time; your plan then ends when the period you paid for does.'
          : 'All plans include a 14-day money-back guarantee. You can cancel your subscription at any time.'}
      </p>

      <nav aria-label="Help and legal">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className="inline-flex min-h-11 items-center font-medium text-primary-strong underline underline-offset-2 focus-ring">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Dialog } from 'radix-ui';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Info, Settings2, TriangleAlert } from 'lucide-react';
import type { Subscription } from '@baitcheck/contracts';
import { PLANS } from '@baitcheck/contracts/lite';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogPanel } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { readAuthError } from '@/lib/api/auth';
import {
  followRedirect,
  formatBillingDate,
  formatCents,
  formatPrice,
  isFuture,
  useBillingPortal,
  useCancelSubscription,
  useResumeSubscription,
} from '@/lib/api/billing';
import { queryKeys } from '@/lib/api/query-keys';
import { membersLoseFamily } from '@/lib/plan-wording';

/** What moving to Basic does to the history: it keeps 7 days, and older scans are deleted. */
const HISTORY_ON_BASIC = `On Basic your history keeps ${PLANS.basic.retentionDays} days: older scans are deleted within the hour.`;

type Step = 'choose' | 'confirm-refund' | 'confirm-cancel';

/** One thing the person can do here: what it does, then its button. */
function Action({ title, children, button }: { title: string; children: ReactNode; button: ReactNode }) {
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="space-y-1 text-sm text-slate-700">{children}</div>
      {button}
    </section>
  );
}

/** The second step of a destructive action: says what will happen, then asks. Focus moves to the question. */
function Confirm({
  question,
  children,
  confirmText,
  busyText,
  busy,
  onConfirm,
  onBack,
}: {
  question: string;
  children: ReactNode;
  confirmText: string;
  busyText: string;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const questionRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => questionRef.current?.focus(), []);
  return (
    <section role="group" aria-labelledby="manage-confirm-question" className="space-y-3 rounded-lg border-2 border-red-200 bg-red-50 p-4">
      <h3 id="manage-confirm-question" ref={questionRef} tabIndex={-1} className="flex items-start gap-2 rounded-md text-base font-semibold text-red-900 outline-none">
        <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        {question}
      </h3>
      <div className="space-y-1 text-sm text-slate-800">{children}</div>
      <DialogActions>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Go back
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyText : confirmText}
        </Button>
      </DialogActions>
    </section>
  );
}

/**
 * 'Manage Subscription' and its dialog: the plan and its date; within the money-back window a
 * cancel with a refund (the plan ends now); a cancel at the period's end, or taking that back;
 * on Stripe, its portal for the card and invoices. Destructive actions ask first; results are
 * toasts. `onPlanEnded` runs when the plan ended at once (the button and this dialog go away).
 * A Family manager with members is told they lose the Family plan too.
 */
export function ManageSubscription({
  subscription,
  onPlanEnded,
  familyMembers = 0,
  openAtStart = false,
}: {
  subscription: Subscription;
  onPlanEnded: () => void;
  familyMembers?: number;
  /** Open as the page opens: the Account page's 'Manage Subscription' leads here to do just that. */
  openAtStart?: boolean;
}) {
  const [open, setOpen] = useState(openAtStart);
  const [step, setStep] = useState<Step>('choose');
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const portal = useBillingPortal();
  const busy = cancel.isPending || resume.isPending || portal.isPending;
  // Back from a question, focus returns to the button that asked it (the question's buttons are gone).
  const id = useId();
  const refundButtonId = `${id}-refund`;
  const cancelButtonId = `${id}-cancel`;
  const [focusAfterBack, setFocusAfterBack] = useState<string | null>(null);
  useEffect(() => {
    if (step !== 'choose' || !focusAfterBack) return;
    document.getElementById(focusAfterBack)?.focus();
    setFocusAfterBack(null);
  }, [step, focusAfterBack]);
  const backFrom = (from: Step) => {
    setFocusAfterBack(from === 'confirm-refund' ? refundButtonId : cancelButtonId);
    setStep('choose');
  };

  const plan = PLANS[subscription.plan];
  const date = formatBillingDate(subscription.currentPeriodEnd);
  const refundable = isFuture(subscription.refundableUntil);
  const refundUntil = formatBillingDate(subscription.refundableUntil);

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    setStep('choose');
  };

  const failed = (title: string, error: unknown) => {
    toast({ title, description: readAuthError(error).message, variant: 'destructive' });
    // what can be done may have changed (the refund window closed, the plan ended elsewhere)
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
    if (step !== 'choose') backFrom(step);
  };

  const cancelWithRefund = async () => {
    try {
      const { refundedCents } = await cancel.mutateAsync(true);
      // on the test checkout no card was charged: there is no money to give back, and the toast does not say there is
      const refundNote = subscription.provider === 'test' ? 'This was a test payment: no card was charged. ' : refundedCents > 0 ? `${formatCents(refundedCents)} is refunded to your card. ` : '';
      toast({
        title: subscription.provider === 'test' ? 'Plan canceled' : 'Plan canceled and refunded',
        description: `${refundNote}You are now on the free Basic plan.`,
      });
      setOpen(false);
      onPlanEnded();
    } catch (error) {
      failed('Cancel failed', error);
    }
  };

  const cancelAtPeriodEnd = async () => {
    try {
      const { subscription: after } = await cancel.mutateAsync(false);
      const end = formatBillingDate(after.currentPeriodEnd);
      toast({
        title: 'Cancellation scheduled',
        description: `Your ${plan.name} plan ${end ? `ends on ${end}` : 'ends at the end of the period'}. You will not be charged again.`,
      });
      setOpen(false);
      setStep('choose');
    } catch (error) {
      failed('Cancel failed', error);
    }
  };

  const keepPlan = async () => {
    try {
      const after = await resume.mutateAsync();
      const renews = formatBillingDate(after.currentPeriodEnd);
      toast({ title: 'Plan kept', description: `Your ${plan.name} plan ${renews ? `renews on ${renews}` : 'renews as usual'}.` });
      setOpen(false);
    } catch (error) {
      failed('Could not keep your plan', error);
    }
  };

  const openPortal = async () => {
    try {
      const { url } = await portal.mutateAsync();
      if (!followRedirect(url, navigate)) toast({ title: 'Could not open billing', description: 'Please try again.', variant: 'destructive' });
    } catch (error) {
      failed('Could not open billing', error);
    }
  };

  /** Said before a Family manager with members ends the plan: they lose it too (`when`: now, or at the period's end). */
  const familyNote = (when: 'too' | 'then too') => (subscription.plan === 'family' ? membersLoseFamily(familyMembers, when) : null);
  const familyEndsNow = familyNote('too');
  const familyEndsThen = familyNote('then too');
  // a test payment charged no card: ending it early is a cancel, not a refund, and says so
  const testPayment = subscription.provider === 'test';
  const early = testPayment
    ? { title: 'End your test plan now', button: 'Cancel now', question: `Cancel your ${plan.name} plan now?`, confirm: 'Yes, cancel now' }
    : { title: 'Money-back guarantee', button: 'Cancel and get a refund', question: `Cancel your ${plan.name} plan now and get a refund?`, confirm: 'Yes, cancel and refund' };
  const refundSentence = subscription.provider === 'test' ? 'This server took a test payment: no card was charged, so there is nothing to refund.' : 'What you paid is refunded to your card.';

  const description = `You are on the ${plan.name} plan (${formatPrice(plan.price)}/month).${
    date ? (subscription.cancelAtPeriodEnd ? ` It ends on ${date} and will not renew.` : ` It renews on ${date}.`) : ''
  }`;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <Settings2 aria-hidden="true" className="h-4 w-4" />
          Manage Subscription
        </Button>
      </Dialog.Trigger>
      <DialogPanel title="Manage Subscription" description={description} className="max-w-lg">
        <div className="space-y-3" aria-busy={busy || undefined}>
          {subscription.status === 'past_due' ? (
            <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              Your last payment failed. Update your card to keep your plan.
            </p>
          ) : null}

          {step === 'confirm-refund' ? (
            <Confirm
              question={early.question}
              confirmText={early.confirm}
              busyText="Canceling..."
              busy={cancel.isPending}
              onConfirm={cancelWithRefund}
              onBack={() => backFrom('confirm-refund')}
            >
              <p>Your plan ends at once and you move to the free Basic plan. {refundSentence}</p>
              <p>{HISTORY_ON_BASIC}</p>
              {familyEndsNow ? <p className="font-medium">{familyEndsNow}</p> : null}
            </Confirm>
          ) : step === 'confirm-cancel' ? (
            <Confirm
              question={`Cancel your ${plan.name} plan at the end of the period?`}
              confirmText="Yes, cancel at period end"
              busyText="Canceling..."
              busy={cancel.isPending}
              onConfirm={cancelAtPeriodEnd}
              onBack={() => backFrom('confirm-cancel')}
            >
              <p>
                You keep {plan.name} {date ? `until ${date}` : 'until the end of the period you paid for'}. After that you are on the free
                Basic plan and nothing more is charged.
              </p>
              <p>{HISTORY_ON_BASIC}</p>
              {familyEndsThen ? <p className="font-medium">{familyEndsThen}</p> : null}
            </Confirm>
          ) : (
            <>
              {refundable ? (
                <Action
                  title={early.title}
                  button={
                    <Button id={refundButtonId} variant="outline" className="w-full sm:w-auto" disabled={busy} onClick={() => setStep('confirm-refund')}>
                      {early.button}
                    </Button>
                  }
                >
                  <p>Your plan ends now. {refundSentence}</p>
                  {refundUntil ? <p>You can do this until {refundUntil}.</p> : null}
                </Action>
              ) : null}
              {subscription.cancelAtPeriodEnd ? (
                <Action
                  title="Your plan will not renew"
                  button={
                    <Button className="w-full sm:w-auto" disabled={busy} onClick={keepPlan}>
                      {resume.isPending ? 'Keeping your plan...' : 'Keep my plan'}
                    </Button>
                  }
                >
                  <p>
                    You keep {plan.name} {date ? `until ${date}` : 'until the end of the period'}, then move to the free Basic plan. Keep it to renew as usual instead.
                  </p>
                </Action>
              ) : (
                <Action
                  title="Cancel your plan"
                  button={
                    <Button id={cancelButtonId} variant="outline" className="w-full sm:w-auto" disabled={busy} onClick={() => setStep('confirm-cancel')}>
                      Cancel at the end of the period
                    </Button>
                  }
                >
                  <p>
                    You keep {plan.name} {date ? `until ${date}` : 'until the end of the period you paid for'}, then move to the free Basic plan.
                    Nothing more is charged. {HISTORY_ON_BASIC}
                  </p>
                </Action>
              )}
              {subscription.provider === 'stripe' ? (
                <Action
                  title="Card and invoices"
                  button={
                    <Button variant="outline" className="w-full sm:w-auto" disabled={busy} onClick={openPortal}>
                      <CreditCard aria-hidden="true" className="h-4 w-4" />
                      {portal.isPending ? 'Opening...' : 'Update card and invoices'}
                    </Button>
                  }
                >
                  <p>Change your card and see your invoices on Stripe&apos;s secure billing page.</p>
                </Action>
              ) : (
                <p role="note" className="flex items-start gap-2 text-sm text-slate-700">
                  <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  This server uses a test checkout: no card is charged, so there is no card or invoice to manage.
                </p>
              )}
            </>
          )}
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}

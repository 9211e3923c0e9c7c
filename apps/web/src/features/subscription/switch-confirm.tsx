import type { RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { PLANS } from '@baitcheck/contracts/lite';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogPanel } from '@/components/ui/dialog';
import { membersLoseFamily } from '@/lib/plan-wording';

/**
 * Asked before a Family manager with members or waiting invitations leaves Family for Premium:
 * the members lose the Family plan at once and the invitations stop working, which the checkout that follows cannot be left to say (Stripe's page
 * knows nothing of the family). Focus goes back to where it was when it opened.
 */
export function SwitchToPremiumConfirm({
  open,
  members,
  invitations,
  returnTo,
  onConfirm,
  onClose,
}: {
  open: boolean;
  members: number;
  /** Invitations still waiting: nobody can accept them once the Family plan has ended. */
  invitations: number;
  /** The button that asked (the dialog has no trigger of its own): focus goes back there. */
  returnTo: RefObject<HTMLElement | null>;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { premium, family } = PLANS;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogPanel
        title={`Switch to ${premium.name}?`}
        description={`You move from the ${family.name} plan to the ${premium.name} plan at once.`}
        className="max-w-lg"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnTo.current?.focus();
        }}
      >
        <div className="space-y-3 text-sm text-slate-800">
          {members > 0 ? <p className="font-medium">{membersLoseFamily(members, 'too')}</p> : null}
          {invitations > 0 ? (
            <p className="font-medium">
              {invitations === 1 ? 'Your waiting invitation' : `Your ${invitations} waiting invitations`} can no longer be accepted: nobody can join a
              family without the Family plan.
            </p>
          ) : null}
          <p>
            Your own history then keeps {premium.retentionDays} days instead of {family.retentionDays}: older scans are deleted.
          </p>
          <DialogActions>
            <Dialog.Close asChild>
              <Button variant="outline">Go back</Button>
            </Dialog.Close>
            <Button
              onClick={() => {
                onClose();
                onConfirm();
              }}
            >
              Switch to {premium.name}
            </Button>
          </DialogActions>
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}

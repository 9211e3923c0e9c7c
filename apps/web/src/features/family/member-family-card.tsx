import { useEffect, useRef, useState } from 'react';
import { LogOut, Users } from 'lucide-react';
import { ON_BASIC_HISTORY } from '@/lib/plan-wording';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { useFamily, useLeaveFamily } from '@/lib/api/family';
import { ConfirmButton } from './confirm-dialog';
import { WHAT_THE_MANAGER_SEES, formatFamilyDate } from './labels';

/**
 * A member's family, on the Account tab: whose family it is, what it gives them, what the manager
 * sees, whether their switches are the manager's, and Leave. Nothing for anyone else.
 */
export function MemberFamilyCard() {
  const family = useFamily();
  const leave = useLeaveFamily();
  const leftRef = useRef<HTMLHeadingElement>(null);
  const [left, setLeft] = useState<string | null>(null);
  // the Leave button is gone with the card it was on: focus goes to what replaced it
  useEffect(() => {
    if (left) leftRef.current?.focus();
  }, [left]);

  if (left) {
    return (
      <Card className="p-4">
        <h2 ref={leftRef} tabIndex={-1} className="text-base font-semibold text-slate-900 focus-ring rounded">
          You left {left}'s family
        </h2>
        <p className="text-sm text-slate-600">You are back on your own plan.</p>
      </Card>
    );
  }
  const view = family.data;
  if (view?.role !== 'member') return null;
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Users aria-hidden="true" className="h-5 w-5 text-primary" />
          Your family
        </h2>
        <p className="break-words text-sm text-slate-700">
          You are in {view.manager}'s family since {formatFamilyDate(view.joinedAt)}.
        </p>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        <p>
          {view.planActive
            ? 'You have the Family plan through this family: unlimited scans and 90 days of scan history.'
            : `${view.manager}'s Family plan has ended, so you are on your own plan until they renew it.`}
        </p>
        {view.planActive && view.planEndsAt ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
            {view.manager}'s Family plan ends on {formatFamilyDate(view.planEndsAt)} and will not renew. Then you go back to your own plan{' '}
            {ON_BASIC_HISTORY}{view.protectionManaged ? ', and your switches are yours again' : ''}.
          </p>
        ) : null}
        {view.protectionManaged ? <p>{view.manager} sets your protection switches: you can see them in Settings, but not change them.</p> : null}
        {view.planActive ? (
          <p>
            <span className="font-semibold text-slate-900">What {view.manager} sees: </span>
            {WHAT_THE_MANAGER_SEES}
          </p>
        ) : (
          <p>
            While the Family plan is off, {view.manager} sees nothing of your scans and your switches are yours. If they renew it, they see your
            counts again, and switches they set for you apply again.
          </p>
        )}
        <ConfirmButton
          trigger={
            <>
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Leave family
            </>
          }
          title={`Leave ${view.manager}'s family?`}
          description={`You leave at once and are back on your own plan ${ON_BASIC_HISTORY}. To join again you need a new invitation.`}
          confirmText="Leave family"
          busyText="Leaving..."
          run={async () => {
            await leave.mutateAsync();
            setLeft(view.manager);
            toast({ title: 'You left the family' });
          }}
          onDone={() => leftRef.current?.focus()}
        />
      </CardContent>
    </Card>
  );
}

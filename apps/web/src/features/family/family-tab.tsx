import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { TriangleAlert, Users } from 'lucide-react';
import type { FamilyInvitationCreated, FamilyView, ManagedFamily } from '@baitcheck/contracts';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { SkeletonList } from '@/components/ui/skeleton';
import { LoadError } from '@/components/load-error';
import { toast } from '@/components/ui/toast-store';
import { FAMILY_MAX_MEMBERS } from '@baitcheck/contracts/lite';
import { paths } from '@/config/paths';
import { useFamily, useFamilyDashboard, useLeaveFamily } from '@/lib/api/family';
import { ConfirmButton } from './confirm-dialog';
import { InvitationLink } from './invitation-link';
import { InviteForm } from './invite-form';
import { MemberPanel } from './member-panel';
import { PendingInvitations } from './pending-invitations';
import { MEMBERS_AFTER_FAMILY, WHAT_THE_MANAGER_SEES, formatFamilyDate } from './labels';

/** Moves focus to a heading (tabIndex -1) once the element it followed is gone. */
const focus = (el: HTMLElement | null) => el?.focus();

/** Whether focus was lost (its element removed): nothing, or the page itself, has it. */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/** Calls `onShrink` when `count` goes down (something was removed from a list). */
function useOnShrink(count: number, onShrink: () => void) {
  const previous = useRef(count);
  useEffect(() => {
    if (count < previous.current) onShrink();
    previous.current = count;
  });
}

/** The tab's heading, where the focus goes when the tab opens or a change leaves it nowhere. */
function DashboardHeading({ headingRef }: { headingRef: React.Ref<HTMLHeadingElement> }) {
  return (
    <h2 ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-base font-semibold text-slate-900 focus-ring rounded">
      <Users aria-hidden="true" className="h-5 w-5 text-primary" />
      Family Dashboard
    </h2>
  );
}

/** Someone on the Family plan with no family yet: what it is, and the first invitation. */
function StartFamily({ view, headingRef, onSent }: { view: Extract<FamilyView, { role: 'none' }>; headingRef: React.Ref<HTMLHeadingElement>; onSent: (c: FamilyInvitationCreated) => void }) {
  return (
    <Card>
      <CardHeader>
        <DashboardHeading headingRef={headingRef} />
        <p className="text-sm text-slate-600">
          Invite up to {FAMILY_MAX_MEMBERS - 1} people to share your Family plan: each gets unlimited scans and 90 days of scan history. You will see each
          member's threats here, and you can set their protection switches.
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">What you will see of members: </span>
          {WHAT_THE_MANAGER_SEES}
        </p>
        <InviteForm founding emailConfigured={view.emailConfigured} onSent={onSent} />
      </CardContent>
    </Card>
  );
}

/** The manager's Family Dashboard: members with their counts and alerts, invitations, inviting. */
function ManageFamily({ view, headingRef, lastInvite, onSent }: { view: ManagedFamily; headingRef: React.RefObject<HTMLHeadingElement | null>; lastInvite: FamilyInvitationCreated | null; onSent: (c: FamilyInvitationCreated) => void }) {
  const id = useId();
  const dashboard = useFamilyDashboard(view.planActive && view.members.length > 0);
  const leave = useLeaveFamily();
  const membersHeading = useRef<HTMLHeadingElement>(null);
  const invitationsHeading = useRef<HTMLHeadingElement>(null);
  const people = 1 + view.members.length;
  const waiting = view.invitations.filter((i) => !i.expired).length;
  const full = people + waiting >= view.maxMembers;
  const statsState = !view.planActive ? 'closed' : dashboard.isPending ? 'loading' : dashboard.isError ? 'error' : 'ready';
  // a removed member's or invitation's buttons are gone: focus goes to its list's heading, if it was lost
  useOnShrink(view.members.length, () => focusLost() && focus(membersHeading.current));
  useOnShrink(view.invitations.length, () => focusLost() && focus(invitationsHeading.current));

  return (
    <Card>
      <CardHeader>
        <DashboardHeading headingRef={headingRef} />
        <p className="text-sm text-slate-600">
          {people} of {view.maxMembers} people, you included{waiting > 0 ? `, and ${waiting} ${waiting === 1 ? 'invitation' : 'invitations'} waiting` : ''}.
        </p>
      </CardHeader>
      <CardContent className="space-y-5">
        {view.planActive && view.planEndsAt ? (
          <div role="note" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <p>
              Your Family plan ends on {formatFamilyDate(view.planEndsAt)} and will not renew. {MEMBERS_AFTER_FAMILY}{' '}
              <Link href={paths.subscription} className="font-medium underline">
                Keep the Family plan
              </Link>{' '}
              to stop that.
            </p>
          </div>
        ) : null}
        {view.planActive ? null : (
          <div role="alert" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <p>
              {view.members.length > 0
                ? 'Your Family plan has ended, so your members are back on their own plans and their switches are theirs again.'
                : 'Your Family plan has ended, so nobody can join your family until it is renewed.'}{' '}
              <Link href={paths.subscription} className="font-medium underline">
                Renew the Family plan
              </Link>{' '}
              to give it back to them.
            </p>
          </div>
        )}
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">What you see of members: </span>
          {WHAT_THE_MANAGER_SEES}
        </p>

        <section aria-labelledby={`${id}-members`} className="space-y-3">
          <h3 id={`${id}-members`} ref={membersHeading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus-ring rounded">
            Members
          </h3>
          {dashboard.isError ? (
            <LoadError error={dashboard.error} message="Could not load the members' counts." onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
          ) : null}
          {view.members.length === 0 ? (
            <p className="text-sm text-slate-600">No members yet. When someone accepts your invitation, their counts and threats show here.</p>
          ) : (
            <div className="space-y-3">
              {view.members.map((member) => (
                <MemberPanel
                  key={member.userId}
                  member={member}
                  stats={dashboard.data?.members.find((m) => m.userId === member.userId)}
                  windowDays={dashboard.data?.windowDays ?? 30}
                  statsState={statsState}
                  canControl={view.planActive}
                  onRemoved={() => focus(membersHeading.current)}
                />
              ))}
            </div>
          )}
        </section>

        <section aria-labelledby={`${id}-invitations`} className="space-y-3">
          <h3 id={`${id}-invitations`} ref={invitationsHeading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus-ring rounded">
            Invitations
          </h3>
          <PendingInvitations invitations={view.invitations} headingId={`${id}-invitations`} onChanged={() => focus(invitationsHeading.current)} />
        </section>

        <section aria-labelledby={`${id}-invite`} className="space-y-3">
          <h3 id={`${id}-invite`} className="text-base font-semibold text-slate-900">
            Invite someone
          </h3>
          {lastInvite ? <InvitationLink created={lastInvite} /> : null}
          {!view.planActive ? (
            <p className="text-sm text-slate-600">Inviting needs the Family plan.</p>
          ) : full ? (
            <p className="text-sm text-slate-600">
              Your family is full: {view.maxMembers} people, counting you and the invitations waiting. Remove a member or cancel an invitation to
              invite someone else.
            </p>
          ) : (
            <InviteForm founding={false} emailConfigured={view.emailConfigured} onSent={onSent} />
          )}
        </section>

        {view.members.length === 0 ? (
          <section aria-labelledby={`${id}-end`} className="space-y-2 border-t border-slate-200 pt-4">
            <h3 id={`${id}-end`} className="text-base font-semibold text-slate-900">
              End this family
            </h3>
            <p className="text-sm text-slate-600">
              With no members left you can end the family: its invitations stop working. While members remain, remove them first.
            </p>
            <ConfirmButton
              trigger="End family"
              title="End this family?"
              description="Its invitations stop working. You keep your Family plan and can start a family again."
              confirmText="End family"
              busyText="Ending..."
              run={async () => {
                await leave.mutateAsync();
                toast({ title: 'Family ended' });
              }}
              onDone={() => focus(headingRef.current)}
            />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * The Family Dashboard tab of /account: for the manager their family; for someone on the Family
 * plan with no family yet, the first invitation (with their statement that they are 18 or over).
 */
export function FamilyTab() {
  const family = useFamily();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // kept here: the first invitation turns the start into the dashboard, and its link must stay shown
  const [lastInvite, setLastInvite] = useState<FamilyInvitationCreated | null>(null);
  // ending the family replaces the dashboard with the start: focus goes to its heading
  const role = family.data?.role;
  const previousRole = useRef(role);
  useEffect(() => {
    if (previousRole.current === 'manager' && role === 'none') focus(headingRef.current);
    previousRole.current = role;
  }, [role]);

  if (family.isPending) return <SkeletonList label="Loading your family" items={['h-24', 'h-40']} />;
  if (family.isError) {
    return <LoadError error={family.error} message="Could not load your family." onRetry={() => void family.refetch()} retrying={family.isFetching} />;
  }
  const view = family.data;
  if (view.role === 'manager') return <ManageFamily view={view} headingRef={headingRef} lastInvite={lastInvite} onSent={setLastInvite} />;
  if (view.role === 'none' && view.canCreate) return <StartFamily view={view} headingRef={headingRef} onSent={setLastInvite} />;
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-700">The Family Dashboard is for the manager of a family on the Family plan.</p>
      <Button asChild variant="link">
        <Link href={paths.subscription}>See the plans</Link>
      </Button>
    </Card>
  );
}

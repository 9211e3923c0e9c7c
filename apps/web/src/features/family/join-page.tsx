import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Users } from 'lucide-react';
import { FAMILY_TOKEN_LENGTH } from '@baitcheck/contracts/lite';
import { GuestAuth } from '@/components/auth/guest-auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { SkeletonList } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { readAuthError, useCurrentUser } from '@/lib/api/auth';
import { useFamily, useFamilyInvitation, useJoinFamily } from '@/lib/api/family';
import { WHAT_THE_MANAGER_SEES } from './labels';

/** The token an invitation link carries after `#` (never sent to the server with the page). */
export function readInvitationToken(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return new RegExp(`^[A-Za-z0-9_-]{${FAMILY_TOKEN_LENGTH}}$`).test(token) ? token : null;
}

const ACCEPT_ID = 'family-invitation-accept';

export const INCOMPLETE_LINK = 'This invitation link is not complete. Open the whole link from the invitation, or ask the person who invited you for a new one.';

function Problem({ message }: { message: string }) {
  return (
    <Card className="space-y-3 p-4">
      <p role="alert" className="text-sm font-medium text-slate-900">
        {message}
      </p>
      <Button asChild variant="outline">
        <Link href={paths.home}>Go to Baitcheck</Link>
      </Button>
    </Card>
  );
}

/**
 * Where an invitation link leads (`/family/join#<token>`): who invited, what joining gives and
 * what the manager will see; a guest signs in or creates an account right here (the link stays
 * in the address), then accepts.
 */
export default function FamilyJoinPage() {
  const [token, setToken] = useState(() => readInvitationToken(window.location.hash));
  useEffect(() => {
    const onHash = () => setToken(readInvitationToken(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const me = useCurrentUser();
  const invitation = useFamilyInvitation(token);
  // someone already in a family (as member or manager) is told before Accept, not after
  const mine = useFamily({ enabled: token !== null }).data;
  const join = useJoinFamily();
  const [, navigate] = useLocation();
  const [joinError, setJoinError] = useState<string | null>(null);
  // after signing in or creating an account here, focus goes to Accept
  const [focusAccept, setFocusAccept] = useState(false);
  const kind = me.data?.kind;
  // signing in reloads every query, the invitation's too: focus goes to Accept once it is back
  const acceptShown = kind === 'account' && invitation.isSuccess;
  useEffect(() => {
    if (!focusAccept || !acceptShown) return;
    const button = document.getElementById(ACCEPT_ID);
    if (button) {
      button.focus();
      setFocusAccept(false);
    }
  }, [focusAccept, acceptShown]);

  const accept = async () => {
    if (!token || join.isPending) return;
    setJoinError(null);
    try {
      await join.mutateAsync(token);
      toast({ title: 'Welcome to the family', description: `You joined ${invitation.data?.inviter}'s family and now have the Family plan.` });
      navigate(paths.account, { replace: true });
    } catch (caught) {
      setJoinError(readAuthError(caught).message);
    }
  };

  let body;
  if (!token) body = <Problem message={INCOMPLETE_LINK} />;
  else if (invitation.isPending) body = <SkeletonList label="Loading the invitation" items={['h-40']} />;
  else if (invitation.isError) {
    const read = readAuthError(invitation.error);
    body =
      read.status === null ? (
        <LoadError error={invitation.error} message={read.message} onRetry={() => void invitation.refetch()} retrying={invitation.isFetching} />
      ) : (
        <Problem message={read.message} />
      );
  } else {
    const { inviter, email: invited } = invitation.data;
    const signedInAs = kind === 'account' ? (me.data?.email ?? '') : '';
    const otherAccount = signedInAs !== '' && signedInAs.toLowerCase() !== invited.toLowerCase();
    body = (
      <Card>
        <CardHeader>
          <h2 className="flex items-start gap-2 break-words text-base font-semibold text-slate-900">
            <Users aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
            {inviter} invited you to join their family on Baitcheck
          </h2>
          <p className="break-words text-sm text-slate-600">
            Sent to <span className="font-medium text-slate-900">{invited}</span>.
          </p>
        </CardHeader>
        <CardContent className="space-y-4 text-sm text-slate-700">
          <ul className="list-disc space-y-1 pl-5">
            <li>You get the Family plan for as long as theirs lasts: unlimited scans and 90 days of scan history. You pay nothing.</li>
            <li>
              <span className="font-semibold text-slate-900">What {inviter} will see: </span>
              {WHAT_THE_MANAGER_SEES}
            </li>
            <li>They can set your protection switches; while they do, you cannot change them yourself.</li>
            <li>You can leave the family at any time from your Account page.</li>
            <li>Accept only if you know who invited you: Baitcheck does not confirm the email address of an account.</li>
          </ul>
          {me.isPending ? null : kind === 'account' ? (
            <div className="space-y-3">
              <p className="break-words">
                You are signed in as <span className="font-medium text-slate-900">{signedInAs}</span>.
              </p>
              {otherAccount ? (
                <p role="note" className="break-words rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
                  This invitation was sent to {invited}, not to the account you are signed in with. Accepting joins {signedInAs} to {inviter}'s
                  family. To join with {invited} instead, sign out on the Account page, then open the link again.
                </p>
              ) : null}
              {mine?.role === 'member' || mine?.role === 'manager' ? (
                <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
                  {mine.role === 'member'
                    ? `You are already in ${mine.manager}'s family. To join this one, leave that family on your Account page first.`
                    : 'You manage a family of your own. To join this one, end your family on the Family Dashboard first (it must have no members).'}
                </p>
              ) : null}
              {joinError ? (
                <p role="alert" className="font-medium text-red-700">
                  {joinError}
                </p>
              ) : null}
              <div className="flex flex-col gap-2 sm:flex-row">
                {/* not disabled while joining: a disabled button loses the keyboard focus to the page */}
                <Button id={ACCEPT_ID} onClick={() => void accept()} aria-disabled={join.isPending || undefined}>
                  {join.isPending ? 'Joining...' : 'Accept invitation'}
                </Button>
                <Button asChild variant="outline">
                  <Link href={paths.home}>Not now</Link>
                </Button>
              </div>
            </div>
          ) : (
            <section aria-labelledby="join-sign-in" className="space-y-3 border-t border-slate-200 pt-4">
              <h3 id="join-sign-in" className="text-base font-semibold text-slate-900">
                Sign in or create an account to accept
              </h3>
              <p>A family is made of accounts, so your place in it follows you on every device. This invitation stays on this page meanwhile.</p>
              <GuestAuth onDone={() => setFocusAccept(true)} />
            </section>
          )}
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Family invitation</h1>
      {body}
    </div>
  );
}

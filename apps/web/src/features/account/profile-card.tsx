import type { Ref } from 'react';
import { UserRound } from 'lucide-react';
import type { CurrentUser } from '@baitcheck/contracts';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ChangePasswordDialog } from './change-password-dialog';
import { GuestAuth } from '@/components/auth/guest-auth';

const MEMBER_SINCE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** 'January 5, 2025'; empty when the date cannot be read. */
export function formatMemberSince(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : MEMBER_SINCE.format(date);
}

function Avatar() {
  return (
    <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
      <UserRound className="h-6 w-6" />
    </span>
  );
}

export function ProfileCardLoading() {
  return (
    <Card aria-busy="true">
      <span role="status" className="sr-only">
        Loading your account…
      </span>
      <div className="flex items-center gap-3 p-4">
        <Skeleton className="h-12 w-12 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-56" />
        </div>
      </div>
    </Card>
  );
}

export function ProfileCardError({ onRetry }: { onRetry: () => void }) {
  return (
    <Card>
      <CardContent className="space-y-3 pt-4">
        <p role="alert" className="text-sm text-slate-800">
          We could not load your account. Check your connection and try again.
        </p>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Who is using the app. A guest sees why an account helps and the forms to make one or sign in;
 * an account sees its email, since when, and the password change.
 */
export function ProfileCard({
  user,
  headingRef,
  onSignedIn,
}: {
  user: CurrentUser;
  headingRef: Ref<HTMLHeadingElement>;
  onSignedIn: () => void;
}) {
  if (user.kind === 'guest') {
    return (
      <Card>
        <CardHeader className="flex-row items-start gap-3">
          <Avatar />
          <div className="space-y-1">
            <h2 ref={headingRef} tabIndex={-1} className="rounded-md text-lg font-semibold text-slate-900 outline-none">
              Guest
            </h2>
            <p className="text-sm text-slate-700">
              Your scans are kept in this browser. Create an account to keep them across your devices; everything you have
              scanned so far comes with you.
            </p>
          </div>
        </CardHeader>
        <CardContent>
          <GuestAuth onDone={onSignedIn} />
        </CardContent>
      </Card>
    );
  }
  const since = formatMemberSince(user.createdAt);
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <Avatar />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 ref={headingRef} tabIndex={-1} className="min-w-0 break-all rounded-md text-lg font-semibold text-slate-900 outline-none">
            {user.email}
          </h2>
          {since ? <p className="text-sm text-slate-700">Member since {since}</p> : null}
        </div>
      </CardHeader>
      <CardContent>
        <ChangePasswordDialog email={user.email ?? ''} />
      </CardContent>
    </Card>
  );
}

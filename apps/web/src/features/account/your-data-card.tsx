import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Dialog } from 'radix-ui';
import { Link } from 'wouter';
import { Download, FileText, Trash2 } from 'lucide-react';
import type { CurrentUser, MyDataDownloadFormat } from '@baitcheck/contracts';
import { API_ROUTES as API } from '@baitcheck/contracts/lite';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DialogActions, DialogPanel } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toast-store';
import { CurrentPasswordField, FormError, passwordRefusal } from '@/components/auth/password-field';
import { apiUrl, getTimeZone } from '@/lib/api-client';
import { useDeleteAccount, type AuthError } from '@/lib/api/auth';
import { manageSubscriptionHref } from '@/config/paths';
import { formatBillingDate, isFuture, useSubscription } from '@/lib/api/billing';

export const DELETED_TITLE = 'Account deleted';
export const DELETED_TEXT = 'Your account and everything kept with it have been deleted. This browser is a new guest now.';
/**
 * Said once a download is asked for, calmly. The browser keeps the download and says if it failed;
 * the page cannot see it, and the server makes one download of a person's data at a time (a second
 * is refused, 429, while the first is being made): waiting a minute is all it takes.
 */
export const DOWNLOAD_STARTED_TEXT = 'Your download has started. You will find it with your other downloads. If it does not arrive, wait a minute and try again.';

/** The JSON file's button, and what the readable copy calls it. */
export const DATA_FILE_LABEL = 'Download a data file';

/**
 * The downloads are links (the browser saves what they point to), shown as buttons and named as
 * buttons: Space presses them as it presses a button, instead of scrolling the page.
 */
function pressWithSpace(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}

/** The readable copy: the same data as one page to read or print, its dates and times in this browser's time zone. */
function readableCopyHref(): string {
  const format: MyDataDownloadFormat = 'html';
  return apiUrl(`${API.exportMyData.path}?${new URLSearchParams({ format, tz: getTimeZone() }).toString()}`);
}

/** The scans this browser kept on the device for the account go with it (they were its only copy). */
async function forgetDeviceHistory(email: string | null): Promise<void> {
  if (!email) return;
  try {
    const { removeOwnerDeviceScans } = await import('@/lib/on-device/device-history');
    await removeOwnerDeviceScans(email.toLowerCase());
  } catch {
    // no IndexedDB here (a private window): nothing was kept on this device
  }
}

/**
 * What happens to a paid plan, said before the password is asked: one that still renews must be
 * cancelled first (the server refuses otherwise), and one that was cancelled ends with the account,
 * its time left not refunded, while the money-back window may still be open.
 */
function PlanNotice() {
  const { data: subscription } = useSubscription();
  if (!subscription || subscription.plan === 'basic') return null;
  const plan = subscription.plan.charAt(0).toUpperCase() + subscription.plan.slice(1);
  const end = formatBillingDate(subscription.currentPeriodEnd);
  const refundable = isFuture(subscription.refundableUntil) ? formatBillingDate(subscription.refundableUntil) : '';
  return (
    <p data-testid="delete-plan-notice" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {subscription.cancelAtPeriodEnd
        ? `Your ${plan} plan runs until ${end || 'the end of its period'}. Deleting your account ends it now, and the time left is not refunded.`
        : `Your ${plan} plan still renews${end ? ` on ${end}` : ''}. Cancel it first, so your card is not charged again; then delete your account.`}
      {refundable ? ` You can still ask for your money back until ${refundable}.` : ''}{' '}
      <Link href={manageSubscriptionHref} className="font-medium underline focus-ring">
        Go to the Subscription page
      </Link>
    </p>
  );
}

function DeleteAccountForm({ email, remove, onDone }: { email: string; remove: ReturnType<typeof useDeleteAccount>; onDone: () => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<AuthError | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    setError(null);
    try {
      await remove.mutateAsync({ password });
      await forgetDeviceHistory(email);
      rememberDeletion(email);
      toast({ title: DELETED_TITLE, description: DELETED_TEXT });
      onDone();
    } catch (caught) {
      setError(passwordRefusal(caught, 'password', onDone));
    }
  };

  const planRenews = error?.code === 'PLAN_STILL_ACTIVE';
  const formError = error && !planRenews && !error.fields.password ? error.message : null;

  return (
    <form onSubmit={submit} noValidate aria-busy={remove.isPending} className="space-y-4">
      {planRenews ? null : <PlanNotice />}
      <CurrentPasswordField email={email} id={`${id}-password`} label="Password" value={password} error={error?.fields.password} onChange={(e) => setPassword(e.target.value)} />
      {planRenews ? (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {error.message}{' '}
          <Link href={manageSubscriptionHref} className="underline focus-ring">
            Go to the Subscription page
          </Link>
        </p>
      ) : null}
      <FormError>{formError}</FormError>
      <DialogActions>
        <Dialog.Close asChild>
          {/* once sent, the deletion cannot be called back: the dialog stays until it is answered */}
          <Button variant="outline" aria-disabled={remove.isPending || undefined} className="aria-disabled:opacity-60">
            Cancel
          </Button>
        </Dialog.Close>
        <SubmitButton variant="destructive" busy={remove.isPending} busyText="Deleting...">
          Delete my account
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

/**
 * 'Delete my account' and its dialog, which asks the password again. It cannot be closed while the
 * deletion is on its way (Cancel would not stop it). `onDeleted`: where the page puts the focus.
 */
function DeleteAccountDialog({ email, onDeleted }: { email: string; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || !remove.isPending ? setOpen(next) : undefined)}>
      <Dialog.Trigger asChild>
        <Button variant="destructive-outline" className="w-full sm:w-auto">
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete my account
        </Button>
      </Dialog.Trigger>
      <DialogPanel
        title="Delete my account"
        description="This deletes your account and everything kept with it: your scan history, reports, blocked senders, settings, connected sources and alerts. Every device signed in to it is signed out. It cannot be undone: download your data first if you want a copy."
        className="max-w-md"
        focusFirstField
      >
        <DeleteAccountForm
          email={email}
          remove={remove}
          onDone={() => {
            setOpen(false);
            onDeleted?.();
          }}
        />
      </DialogPanel>
    </Dialog.Root>
  );
}

/** Where this tab keeps the address of the account it deleted: the confirmation outlives the toast. */
const DELETED_KEY = 'baitcheck:deleted-account';

function rememberDeletion(email: string): void {
  try {
    sessionStorage.setItem(DELETED_KEY, email);
  } catch {
    // storage refused (private mode): the toast still said it
  }
}

function readDeletion(): string | null {
  try {
    return sessionStorage.getItem(DELETED_KEY);
  } catch {
    return null;
  }
}

/** A lasting word that the account is gone, on the guest's Account page of this tab, until dismissed. */
function DeletedNotice() {
  // read at each render: the deletion is noted after the page has already become the guest's
  const [dismissed, setDismissed] = useState(false);
  const email = dismissed ? null : readDeletion();
  if (!email) return null;
  return (
    <div role="status" data-testid="account-deleted-notice" className="flex items-start justify-between gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p>
        The account <bdi className="font-medium">{email}</bdi> was deleted, with everything kept with it. Nothing more will be charged for it.
      </p>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          try {
            sessionStorage.removeItem(DELETED_KEY);
          } catch {
            // storage refused: hidden for this page's life all the same
          }
          setDismissed(true);
        }}
      >
        Dismiss
      </Button>
    </div>
  );
}

/** 'Your data' on the Account page: download it all (a readable copy, or the data file), and (an account) delete it all. */
export function YourDataCard({ user, onDeleted }: { user: CurrentUser; onDeleted?: () => void }) {
  const explanation = useId();
  const [started, setStarted] = useState(false);
  const start = () => setStarted(true);
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-base font-semibold text-slate-900">Your data</h2>
      {user.kind === 'guest' ? <DeletedNotice /> : null}
      <p className="text-sm text-slate-700">
        Download everything Baitcheck keeps for you: your scan history, reports, blocked senders, plan and settings.
      </p>
      <p id={explanation} className="text-sm text-slate-700">
        The readable copy is a page to read or print. The data file is for moving your data to another service: it is not meant to be read.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button asChild className="w-full sm:w-auto">
          <a href={readableCopyHref()} download role="button" aria-describedby={explanation} onClick={start} onKeyDown={pressWithSpace}>
            <FileText aria-hidden="true" className="h-4 w-4" />
            Download a readable copy
          </a>
        </Button>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <a href={apiUrl(API.exportMyData.path)} download role="button" aria-describedby={explanation} onClick={start} onKeyDown={pressWithSpace}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {DATA_FILE_LABEL}
          </a>
        </Button>
      </div>
      {/* in the page from the start, so that the words are announced when they come */}
      <p role="status" className={started ? 'text-sm text-slate-700' : 'sr-only'}>
        {started ? DOWNLOAD_STARTED_TEXT : ''}
      </p>
      {user.kind === 'account' && user.email ? (
        <div className="border-t border-slate-200 pt-3">
          <DeleteAccountDialog email={user.email} {...(onDeleted ? { onDeleted } : {})} />
        </div>
      ) : null}
    </Card>
  );
}

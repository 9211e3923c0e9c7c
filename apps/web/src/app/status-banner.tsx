import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useMutationState } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ShieldAlert, ShieldCheck, WifiOff } from 'lucide-react';
import type { ProtectionStatus } from '@baitcheck/contracts';
import { useProtectionStatus } from '@/lib/api/protection';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { readOnDeviceMirror } from '@/lib/on-device/on-device-mirror';
import { toast } from '@/components/ui/toast-store';

export type BannerState = 'active' | 'alert' | 'offline';

function subscribeOnline(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** Whether the browser believes it is online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/**
 * The banner's state from real data (not the spec's random draw): offline when the browser is
 * offline or the API does not answer, alert when phishing was found in the last 24 hours.
 */
export function deriveBannerState(online: boolean, failed: boolean, status: ProtectionStatus | undefined): BannerState {
  if (!online || failed) return 'offline';
  return status?.status === 'alert' ? 'alert' : 'active';
}

/**
 * What was done while offline and not yet sent (a switch, a preference, a block): TanStack Query
 * holds them, paused, and sends them when the browser is back online. The controls already show
 * the new value, so without this nothing would tell the person it is not saved yet.
 */
export function usePendingChanges(): number {
  return useMutationState({ filters: { status: 'pending', predicate: (mutation) => mutation.state.isPaused } }).length;
}

/**
 * What the offline banner adds about changes waiting to be saved, if any. No count: a switch
 * turned off and on again is two changes waiting, and the protection switches send theirs one
 * after another (only the first is held), so a number would be wrong either way.
 */
export function pendingChangesText(count: number): string | null {
  return count === 0 ? null : 'What you changed has not reached Baitcheck yet: it will be sent when the connection is back.';
}

/**
 * Says so in a toast too when something more is held: the banner scrolls away with the page, and
 * the person is looking at the switch they just pressed, not at the top.
 */
function useToastWhenHeld(count: number): void {
  const told = useRef(0);
  useEffect(() => {
    if (count > told.current) toast({ title: 'Not saved yet', description: pendingChangesText(count)! });
    told.current = count;
  }, [count]);
}

export function StatusBanner() {
  const online = useOnline();
  // held while offline: a change that waits its turn behind another (one at a time) is held too, online
  const held = usePendingChanges();
  const pendingCount = online ? 0 : held;
  const pending = pendingChangesText(pendingCount);
  useToastWhenHeld(pendingCount);
  const status = useProtectionStatus();
  const state = deriveBannerState(online, status.isError, status.data);
  const count = status.data?.phishingLast24h ?? 0;

  return (
    <div
      role="status"
      data-state={state}
      // the toasts and the alert pop-up never cover it (components/ui/message-dock.ts)
      data-status-banner=""
      className={cn(
        'border-b',
        state === 'active' && 'border-green-200 bg-green-50 text-green-900',
        state === 'alert' && 'border-red-200 bg-red-50 text-red-900',
        state === 'offline' && 'border-slate-300 bg-slate-200 text-slate-900',
      )}
    >
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-2 text-sm">
        {state === 'active' && (
          <>
            <ShieldCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-green-700" />
            <span>
              {/* not the spec's 'protection active': nothing watches incoming messages yet, and a new visitor has checked nothing */}
              <strong className="font-semibold">Ready to check.</strong> Nothing you checked in the last 24 hours was phishing.
            </span>
          </>
        )}
        {state === 'alert' && (
          <>
            <ShieldAlert aria-hidden="true" className="h-4 w-4 shrink-0 text-red-700" />
            <span>
              <strong className="font-semibold">Alert:</strong> {count === 1 ? '1 phishing message' : `${count} phishing messages`}{' '}
              found in the last 24 hours.{' '}
              <Link href={paths.history} className="font-semibold underline underline-offset-2 focus-ring">
                Review them
              </Link>
            </span>
          </>
        )}
        {state === 'offline' && (
          <>
            <WifiOff aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-700" />
            <span>
              <strong className="font-semibold">Offline.</strong>{' '}
              {readOnDeviceMirror().active
                ? 'Messages are still checked on this device; the rest of Baitcheck waits until the connection is back.'
                : "Baitcheck can't be reached, so scans won't work until the connection is back."}
              {pending ? (
                <>
                  {' '}
                  <strong className="font-semibold" data-testid="pending-changes">
                    {pending}
                  </strong>
                </>
              ) : null}
            </span>
          </>
        )}
      </div>
    </div>
  );
}

import { Suspense } from 'react';
import { Cpu } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/api/auth';
import { lazyWithRetry } from '@/lib/chunk-load';

/** What the switch says, on and off. */
export const ON_DEVICE_TEXT = {
  on: 'On: messages you scan are checked on this device and kept in its history. Only each verdict and its date reach Baitcheck, unless you report a message.',
  off: 'Check messages on this device, without sending them to Baitcheck.',
  basicHome: 'Enhanced privacy (Premium)',
  basicSettings: 'Checks messages on this device, without sending them to Baitcheck. Part of the Premium and Family plans.',
} as const;

const ICON = 'h-5 w-5';

/** On Basic: what on-device scanning is, 'Enhanced privacy (Premium)' as the spec's Home row reads, with Upgrade. */
export function OnDeviceUpgradeRow({ place }: { place: 'home' | 'settings' }) {
  return (
    <div className="flex items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <Cpu aria-hidden="true" className={`${ICON} mt-0.5 shrink-0 text-primary`} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm font-medium text-slate-900">On-Device Scanning</p>
            {place === 'settings' ? <Badge variant="premium">Premium</Badge> : null}
          </div>
          <p className="text-sm text-slate-600">{place === 'home' ? ON_DEVICE_TEXT.basicHome : ON_DEVICE_TEXT.basicSettings}</p>
        </div>
      </div>
      <Button asChild variant="outline" size="sm">
        <Link href={paths.subscription} aria-label="Upgrade for On-Device Scanning">
          Upgrade
        </Link>
      </Button>
    </div>
  );
}

// the plan, the family and the switch itself: an account's only (a guest's Home does not load them);
// a failed load is the page's to show (its error boundary) and loads again on its retry
const ForAccount = lazyWithRetry(() => import('./on-device-switch-account'));

/**
 * The On-Device Scanning row (issue 20), on Home and in Settings. A guest is on Basic (a paid plan
 * needs an account): the upgrade row. An account's plan decides between that row and the switch.
 */
export function OnDeviceSwitch({ place }: { place: 'home' | 'settings' }) {
  const user = useCurrentUser();
  if (!user.data) return null;
  if (user.data.kind !== 'account') return <OnDeviceUpgradeRow place={place} />;
  return (
    <Suspense fallback={null}>
      <ForAccount place={place} />
    </Suspense>
  );
}

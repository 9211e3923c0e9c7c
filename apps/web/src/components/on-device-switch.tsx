import { Cpu } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SettingRow } from '@/components/setting-row';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { readAuthError } from '@/lib/api/auth';
import { useProtectionManaged, useFamily } from '@/lib/api/family';
import { useSubscription } from '@/lib/api/billing';
import { useProtectionSettings, useUpdateProtectionSettings } from '@/lib/api/protection';
import { planInEffect } from '@/lib/on-device/on-device-state';

const ICON = 'h-5 w-5';
const PREMIUM = <Badge variant="premium">Premium</Badge>;

/** What the switch says, on and off. */
export const ON_DEVICE_TEXT = {
  on: 'On: messages you scan are checked on this device and kept in its history. Only each verdict and its date reach Baitcheck.',
  off: 'Check messages on this device, without sending them to Baitcheck.',
  basicHome: 'Enhanced privacy (Premium)',
  basicSettings: 'Checks messages on this device, without sending them to Baitcheck. Part of the Premium and Family plans.',
} as const;

/**
 * The On-Device Scanning switch (issue 20), on Home and in Settings. On a paid plan it turns
 * on-device scanning on and off (the server keeps the choice, and refuses it on Basic); on Basic
 * it says what it is, 'Enhanced privacy (Premium)' as the spec's Home row reads, with Upgrade.
 */
export function OnDeviceSwitch({ place }: { place: 'home' | 'settings' }) {
  const settings = useProtectionSettings();
  const subscription = useSubscription();
  const family = useFamily();
  const managed = useProtectionManaged();
  const update = useUpdateProtectionSettings();
  if (!settings.data || !subscription.data) return null;
  const paid = planInEffect(subscription.data, family.data) !== 'basic';

  if (!paid) {
    return (
      <div className="flex items-center justify-between gap-3 py-3">
        <div className="flex min-w-0 items-start gap-3">
          <Cpu aria-hidden="true" className={`${ICON} mt-0.5 shrink-0 text-primary`} />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm font-medium text-slate-900">On-Device Scanning</p>
              {place === 'settings' ? PREMIUM : null}
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

  const on = update.isPending && update.variables?.onDeviceScanning !== undefined ? update.variables.onDeviceScanning : settings.data.onDeviceScanning;
  return (
    <SettingRow
      label="On-Device Scanning"
      description={on ? ON_DEVICE_TEXT.on : ON_DEVICE_TEXT.off}
      badge={PREMIUM}
      icon={<Cpu aria-hidden="true" className={ICON} />}
      showActive={place === 'home'}
      checked={on}
      disabled={managed}
      onCheckedChange={(value) =>
        update.mutate(
          { onDeviceScanning: value },
          {
            onSuccess: () => toast({ title: 'Settings updated', description: 'Your protection settings have been updated.' }),
            onError: (error) => {
              console.error(error);
              const { code, message } = readAuthError(error);
              toast({ title: 'Error', description: code === 'ON_DEVICE_PLAN_REQUIRED' ? message : 'Failed to update settings.', variant: 'destructive' });
            },
          },
        )
      }
    />
  );
}

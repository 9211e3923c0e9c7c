import { Cpu } from 'lucide-react';
import { ON_DEVICE_TEXT, OnDeviceUpgradeRow } from './on-device-switch';
import { Badge } from '@/components/ui/badge';
import { SettingRow } from '@/components/setting-row';
import { toast } from '@/components/ui/toast-store';
import { readAuthError } from '@/lib/api/auth';
import { useProtectionManaged, useFamily } from '@/lib/api/family';
import { useSubscription } from '@/lib/api/billing';
import { useProtectionSettings, useUpdateProtectionSettings } from '@/lib/api/protection';
import { planInEffect } from '@/lib/on-device/on-device-state';

const ICON = 'h-5 w-5';
const PREMIUM = <Badge variant="premium">Premium</Badge>;


/**
 * The On-Device Scanning switch of an account (loaded only for one): on a paid plan it turns
 * on-device scanning on and off (the server keeps the choice, and refuses it on Basic); on Basic
 * the upgrade row.
 */
export default function OnDeviceSwitchForAccount({ place }: { place: 'home' | 'settings' }) {
  const settings = useProtectionSettings();
  const subscription = useSubscription();
  const family = useFamily();
  const managed = useProtectionManaged();
  const update = useUpdateProtectionSettings();
  if (!settings.data || !subscription.data) return null;
  const paid = planInEffect(subscription.data, family.data) !== 'basic';

  if (!paid) return <OnDeviceUpgradeRow place={place} />;
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

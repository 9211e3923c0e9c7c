import { useEffect } from 'react';
import type { CurrentUser, FamilyView, ProtectionSettings, Subscription } from '@baitcheck/contracts';
import { PLANS } from '@baitcheck/contracts/lite';
import { OFF, planInEffect, readOnDeviceMirror, writeMirror, type OnDeviceState } from './on-device-mirror';
import { useCurrentUser } from '../api/auth';
import { useFamily } from '../api/family';
import { useProtectionSettings } from '../api/protection';
import { useSubscription } from '../api/billing';

export { planInEffect, readOnDeviceMirror, type OnDeviceState } from './on-device-mirror';


/** The state from what the server said, or null while one of them is unknown. */
function stateOf(settings: ProtectionSettings | undefined, user: CurrentUser | undefined, subscription: Subscription | undefined, family: FamilyView | undefined): OnDeviceState | null {
  if (!settings || !user) return null;
  const owner = user.kind === 'account' && user.email ? user.email.toLowerCase() : null;
  const retentionDays = PLANS[planInEffect(subscription, family)].retentionDays;
  return { active: settings.onDeviceScanning && owner !== null, owner, retentionDays };
}

/** The state as the screens show it, kept in step with the server's answers. */
export function useOnDevice(): OnDeviceState {
  const settings = useProtectionSettings();
  const user = useCurrentUser();
  const subscription = useSubscription();
  const family = useFamily();
  const known = stateOf(settings.data, user.data, subscription.data, family.data);
  const active = known?.active;
  const owner = known?.owner;
  const retentionDays = known?.retentionDays;
  useEffect(() => {
    if (active !== undefined && owner !== undefined && retentionDays !== undefined) writeMirror({ active, owner, retentionDays });
  }, [active, owner, retentionDays]);
  if (known) return known;
  // not answered yet, or unreachable: what this browser last learnt, once the server failed
  return settings.isError || user.isError ? readOnDeviceMirror() : OFF;
}

import { useEffect } from 'react';
import { onlineManager, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { CurrentUser, FamilyView, ProtectionSettings, Subscription } from '@baitcheck/contracts';
import { PLANS } from '@baitcheck/contracts/lite';
import { OFF, planInEffect, readOnDeviceMirror, writeMirror, type OnDeviceState } from './on-device-mirror';
import { currentUserQuery, useCurrentUser } from '../api/auth';
import { familyQuery, useFamily } from '../api/family';
import { protectionSettingsQuery, useProtectionSettings } from '../api/protection';
import { subscriptionQuery, useSubscription } from '../api/billing';

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

/**
 * The state a scan goes by, asked when it is made rather than when the screen last drew: a scan
 * sent before the server's answer came would otherwise reach the server with On-Device Scanning
 * on. What this page knows, else the server's answer waited for; offline or unanswered, what this
 * browser last learnt (as `useOnDevice`).
 */
export async function onDeviceStateNow(queryClient: QueryClient): Promise<OnDeviceState> {
  const ask = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): Promise<T> => {
    const known = queryClient.getQueryData<T>(options.queryKey);
    if (known !== undefined) return Promise.resolve(known);
    // offline, the query would wait for the network to come back, and the scan with it
    if (!onlineManager.isOnline()) return Promise.reject(new Error('offline'));
    return queryClient.fetchQuery(options);
  };
  const [settings, user, subscription, family] = await Promise.allSettled([
    ask(protectionSettingsQuery),
    ask(currentUserQuery),
    ask(subscriptionQuery),
    ask(familyQuery),
  ]);
  if (settings.status === 'rejected' || user.status === 'rejected') return readOnDeviceMirror();
  const valueOf = <T,>(result: PromiseSettledResult<T>) => (result.status === 'fulfilled' ? result.value : undefined);
  return stateOf(settings.value, user.value, valueOf(subscription), valueOf(family)) ?? readOnDeviceMirror();
}

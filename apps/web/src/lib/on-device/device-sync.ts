import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser, SyncDeviceScansResponse } from '@baitcheck/contracts';
import { API_ROUTES as API, MAX_DEVICE_SCANS_PER_REQUEST, buildPath } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from '../api/query-keys';
import { markDeviceScansSynced, pendingDeviceSync, removeDeviceScans } from './device-history';

/**
 * Tells the server what changed in this device's history (issue 20): the verdict and date of each
 * new scan (nothing else: the contract refuses any other field), and which were deleted here. A
 * failure (offline, the server down) leaves the rest for the next try: after the next scan, when
 * the browser is back online, and when the app starts. One run at a time per account.
 */
const running = new Map<string, Promise<void>>();

export function syncDeviceScans(owner: string, queryClient: QueryClient): Promise<void> {
  const current = running.get(owner);
  if (current) return current;
  const run = (async () => {
    // the server keeps verdicts under whoever is signed in: only the owner's own, asked of the
    // server each time (another tab may have signed someone else in on this browser meanwhile)
    const { user } = await api.get<{ user: CurrentUser }>(API.me.path);
    if (user.kind !== 'account' || user.email?.toLowerCase() !== owner) return;
    const { toSend, toDelete } = await pendingDeviceSync(owner);
    let changed = false;
    for (const entry of toDelete) {
      try {
        await api.delete(buildPath(API.deleteDeviceScan.path, { id: entry.id }));
      } catch (error) {
        // gone already (deleted on another device, past its window): done all the same
        if (!(error instanceof Error && error.message.startsWith('404:'))) throw error;
      }
      await removeDeviceScans([entry.id]);
      changed = true;
    }
    for (let i = 0; i < toSend.length; i += MAX_DEVICE_SCANS_PER_REQUEST) {
      const page = toSend.slice(i, i + MAX_DEVICE_SCANS_PER_REQUEST);
      await api.post<SyncDeviceScansResponse>(API.syncDeviceScans.path, { scans: page.map((e) => ({ id: e.id, threatLevel: e.threatLevel, scannedAt: e.scanDate })) });
      // every id sent is settled (stored, known or not kept): none is sent again
      await markDeviceScansSynced(page.map((e) => e.id));
      changed = true;
    }
    if (changed) {
      // the server's counts now include (or no longer include) them
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.messageStats }), queryClient.invalidateQueries({ queryKey: queryKeys.protectionStatus })]);
    }
  })()
    .catch((error: unknown) => console.warn('On-device scans not synced yet; trying again later', error))
    .finally(() => running.delete(owner));
  running.set(owner, run);
  return run;
}

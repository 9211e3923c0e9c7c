import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onUserSwitch } from '../api/auth';
import { deviceOwnerOf } from './on-device-mirror';

/**
 * Sends what the device history holds back (verdicts of scans made offline, deletions) when the
 * app starts, when the browser is back online and after a sign-in. Each scan made on the device
 * is sent at once too (features/scan); this catches what could not be.
 */
export function useDeviceSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const sync = () => {
      const owner = deviceOwnerOf(queryClient);
      // only the signed-in account's own entries: the server keeps them under whoever asks
      // the sync's code loads only for an account (a guest has nothing to send)
      if (owner !== null) void import('./device-sync').then((m) => m.syncDeviceScans(owner, queryClient));
    };
    sync();
    window.addEventListener('online', sync);
    const stop = onUserSwitch(sync);
    return () => {
      window.removeEventListener('online', sync);
      stop();
    };
  }, [queryClient]);
}

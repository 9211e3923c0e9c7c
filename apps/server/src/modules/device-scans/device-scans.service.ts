import type { SyncDeviceScansRequest, SyncDeviceScansResponse } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import { createKeyedQueue } from '../../lib/keyed-queue.ts';
import { DEFAULT_STORAGE_LIMITS } from '../../lib/storage-limits.ts';
import type { HistoryWindow } from '../messages/history-window.ts';
import type { DeviceScansRepository } from './device-scans.repository.ts';

/** Said to a guest: verdicts are kept with an account, which on-device scanning (a paid plan) needs anyway. */
export const DEVICE_SCANS_NEED_ACCOUNT = 'Create an account or sign in first: the verdicts of scans made on your devices are kept with your account.';

/**
 * Keeps the verdicts of scans made on the person's devices (issue 20): the message stays on the
 * device, the server counts its verdict in the dashboard on every device. Verdicts only: the
 * contract refuses any other field. A time ahead of the server's clock (a device's clock set
 * wrong) is taken as now; one older than the plan's history window is not kept (it would not be
 * counted); past the per-person cap the rest are not kept either. Every id sent is settled, so a
 * device never sends one twice.
 */
export function createDeviceScansService(deps: {
  repo: DeviceScansRepository;
  window: HistoryWindow;
  maxDeviceScans?: number;
}) {
  const cap = deps.maxDeviceScans ?? DEFAULT_STORAGE_LIMITS.deviceScans;
  // one sync at a time per person, so two at once cannot both see room under the cap
  const queue = createKeyedQueue();

  return {
    async sync(userId: string, req: SyncDeviceScansRequest): Promise<SyncDeviceScansResponse> {
      if (!(await deps.repo.isAccount(userId))) throw new AppError('ACCOUNT_REQUIRED', DEVICE_SCANS_NEED_ACCOUNT);
      // the same id twice in one request is one scan
      const unique = [...new Map(req.scans.map((s) => [s.id, s])).values()];
      return queue.run(userId, async () => {
        const { since, now } = await deps.window.of(userId);
        const known = await deps.repo.existing(userId, unique.map((s) => s.id));
        const fresh = unique
          .filter((s) => !known.has(s.id))
          .map((s) => {
            const at = new Date(s.scannedAt);
            return { ...s, scannedAt: at > now ? now : at };
          })
          .filter((s) => s.scannedAt >= since);
        const room = Math.max(0, cap - (await deps.repo.countFor(userId)));
        const stored = await deps.repo.insert(userId, fresh.slice(0, room));
        // a resend racing in from another process may have stored some meanwhile: those are known
        const raced = Math.min(fresh.length, room) - stored;
        return { stored, known: known.size + raced, skipped: unique.length - known.size - Math.min(fresh.length, room) };
      });
    },

    async delete(userId: string, id: string): Promise<{ success: true }> {
      if (!(await deps.repo.delete(userId, id))) throw new AppError('DEVICE_SCAN_NOT_FOUND');
      return { success: true };
    },
  };
}

/** The device scans service. */
export type DeviceScansService = ReturnType<typeof createDeviceScansService>;

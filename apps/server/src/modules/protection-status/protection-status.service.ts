import type { ProtectionStatus } from '@baitcheck/contracts';
import type { ProtectionStatusRepository } from './protection-status.repository.ts';

/** How far back a phishing message puts the banner in alert. */
export const ALERT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The status banner from real data: alert after a phishing find in the last 24 hours. */
export function createProtectionStatusService(repo: ProtectionStatusRepository, clock: () => Date = () => new Date()) {
  return {
    async get(userId: string): Promise<ProtectionStatus> {
      const { count, latest } = await repo.phishingSince(userId, new Date(clock().getTime() - ALERT_WINDOW_MS));
      return { status: count > 0 ? 'alert' : 'active', phishingLast24h: count, lastPhishingAt: latest?.toISOString() ?? null };
    },
  };
}

/** The protection status service. */
export type ProtectionStatusService = ReturnType<typeof createProtectionStatusService>;

import type { Notification } from '@baitcheck/contracts';
import type { ClusterBus } from '../../cluster/bus.ts';

/** What a live stream is told: a new notification, or the unread count after a change. */
export type HubEvent = { kind: 'notification'; notification: Notification; unread: number } | { kind: 'unread'; unread: number };

/** A listener of one person's events (an open stream). */
export type HubListener = (event: HubEvent) => void;

/**
 * The live streams of this server process, by person: the alerts service publishes, each open
 * `GET /api/notifications/stream` listens. With several instances on one PostgreSQL (`bus`), what
 * one publishes reaches the streams open on the others too (LISTEN/NOTIFY); a message lost on the
 * way is made up for by the list, refetched when a stream opens.
 */
export function createNotificationHub(limits: { perUser: number; perAddress: number; total: number }, bus?: ClusterBus) {
  const listeners = new Map<string, Set<HubListener>>();
  const byAddress = new Map<string, number>();
  let total = 0;
  const tell = (userId: string, event: HubEvent) => {
    for (const listener of listeners.get(userId) ?? []) {
      try {
        listener(event);
      } catch {
        // one broken stream never stops the others hearing
      }
    }
  };
  bus?.subscribe('notifications.event', ({ userId, event }) => tell(userId, event as HubEvent));

  return {
    /**
     * Adds a listener; null when the person already has `perUser` streams open, their address
     * (`address`: the client's, or its /64) `perAddress`, or the server `total` (each is a
     * connection held open). Answers the function that removes it.
     */
    listen(userId: string, address: string, listener: HubListener): (() => void) | null {
      const own = listeners.get(userId) ?? new Set<HubListener>();
      const fromAddress = byAddress.get(address) ?? 0;
      if (own.size >= limits.perUser || fromAddress >= limits.perAddress || total >= limits.total) return null;
      own.add(listener);
      listeners.set(userId, own);
      byAddress.set(address, fromAddress + 1);
      total++;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        own.delete(listener);
        total--;
        if (own.size === 0) listeners.delete(userId);
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left <= 0) byAddress.delete(address);
        else byAddress.set(address, left);
      };
    },

    /**
     * Whether the person may have a stream open (an unread count is worth reading for it): here,
     * or, with other instances, possibly on one of them.
     */
    listening(userId: string): boolean {
      return bus?.shared === true || listeners.has(userId);
    },

    publish(userId: string, event: HubEvent): void {
      tell(userId, event);
      if (bus?.shared) void bus.publish('notifications.event', { userId, event });
    },

    /** Open streams, for the tests and the log. */
    get open(): number {
      return total;
    },
  };
}

/** The hub. */
export type NotificationHub = ReturnType<typeof createNotificationHub>;

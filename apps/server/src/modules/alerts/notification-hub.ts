import type { Notification } from '@baitcheck/contracts';

/** What a live stream is told: a new notification, or the unread count after a change. */
export type HubEvent = { kind: 'notification'; notification: Notification; unread: number } | { kind: 'unread'; unread: number };

/** A listener of one person's events (an open stream). */
export type HubListener = (event: HubEvent) => void;

/**
 * The live streams of this server process, by person: the alerts service publishes, each open
 * `GET /api/notifications/stream` listens. In-process: with several server processes, a stream
 * hears what its own process published, and the list (refetched when a stream opens) holds the
 * rest; the scale-out issue carries this over PostgreSQL's LISTEN/NOTIFY.
 */
export function createNotificationHub(limits: { perUser: number; perAddress: number; total: number }) {
  const listeners = new Map<string, Set<HubListener>>();
  const byAddress = new Map<string, number>();
  let total = 0;

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

    /** Whether the person has a stream open here (an unread count is worth reading for it). */
    listening(userId: string): boolean {
      return listeners.has(userId);
    },

    publish(userId: string, event: HubEvent): void {
      for (const listener of listeners.get(userId) ?? []) {
        try {
          listener(event);
        } catch {
          // one broken stream never stops the others hearing
        }
      }
    },

    /** Open streams, for the tests and the log. */
    get open(): number {
      return total;
    },
  };
}

/** The hub. */
export type NotificationHub = ReturnType<typeof createNotificationHub>;

import { ENDPOINTS, type NotificationPreferencesPatch } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { NotificationPreferencesRepository } from './notification-preferences.repository.ts';

/** `GET`, `PATCH /api/notification-preferences`: the visitor's notification types, channels and sensitivity. */
export function registerNotificationPreferencesRoutes(
  app: FastifyInstance,
  repo: NotificationPreferencesRepository,
  /** Told of each change once it is saved (email alerts turned on send the address its confirmation link). */
  changed?: (userId: string, patch: NotificationPreferencesPatch) => Promise<void>,
): void {
  defineRoute(app, ENDPOINTS.getNotificationPreferences, ({ userId }) => repo.find(userId));
  defineRoute(app, ENDPOINTS.patchNotificationPreferences, async ({ userId, body }) => {
    const saved = await repo.update(userId, body);
    await changed?.(userId, body);
    return saved;
  });
}

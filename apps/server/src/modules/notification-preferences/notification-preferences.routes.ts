import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { NotificationPreferencesRepository } from './notification-preferences.repository.ts';

/** `GET`, `PATCH /api/notification-preferences`: the visitor's notification types, channels and sensitivity. */
export function registerNotificationPreferencesRoutes(app: FastifyInstance, repo: NotificationPreferencesRepository): void {
  defineRoute(app, ENDPOINTS.getNotificationPreferences, ({ userId }) => repo.find(userId));
  defineRoute(app, ENDPOINTS.patchNotificationPreferences, ({ userId, body }) => repo.update(userId, body));
}

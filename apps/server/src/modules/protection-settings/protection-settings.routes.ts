import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { ProtectionSettingsService } from './protection-settings.service.ts';

/** `GET` and `PATCH /api/protection-settings`. */
export function registerProtectionSettingsRoutes(app: FastifyInstance, service: ProtectionSettingsService): void {
  defineRoute(app, ENDPOINTS.getProtectionSettings, ({ userId }) => service.get(userId));
  defineRoute(app, ENDPOINTS.patchProtectionSettings, ({ userId, body }) => service.update(userId, body));
}

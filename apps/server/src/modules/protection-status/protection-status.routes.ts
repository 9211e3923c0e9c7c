import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { ProtectionStatusService } from './protection-status.service.ts';

/** `GET /api/protection-status`. */
export function registerProtectionStatusRoutes(app: FastifyInstance, service: ProtectionStatusService): void {
  defineRoute(app, ENDPOINTS.protectionStatus, ({ userId }) => service.get(userId));
}

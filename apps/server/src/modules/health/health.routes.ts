import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { HealthService } from './health.service.ts';

/** `GET /api/health`. Needs no session, so probes from load balancers create no users. */
export function registerHealthRoutes(app: FastifyInstance, service: HealthService): void {
  defineRoute(app, ENDPOINTS.health, () => service.check(), { session: false });
}

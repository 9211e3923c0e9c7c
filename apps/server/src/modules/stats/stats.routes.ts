import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { StatsService } from './stats.service.ts';

/** `GET /api/message-stats?tz=Area/City`. */
export function registerStatsRoutes(app: FastifyInstance, service: StatsService): void {
  defineRoute(app, ENDPOINTS.messageStats, ({ userId, query }) => service.get(userId, query.tz));
}

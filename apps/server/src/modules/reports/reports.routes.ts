import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { ReportsService } from './reports.service.ts';

/** `POST /api/reports`, `GET /api/reports`. */
export function registerReportsRoutes(app: FastifyInstance, service: ReportsService): void {
  defineRoute(app, ENDPOINTS.createReport, ({ userId, body }) => service.create(userId, body));
  defineRoute(app, ENDPOINTS.listReports, ({ userId }) => service.list(userId));
}

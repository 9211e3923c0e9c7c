import { ENDPOINTS, NEXT_CURSOR_HEADER } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { ReportsService } from './reports.service.ts';

/** `POST /api/reports`, `GET /api/reports` (a page; the next one's cursor in a header). */
export function registerReportsRoutes(app: FastifyInstance, service: ReportsService): void {
  defineRoute(app, ENDPOINTS.createReport, ({ userId, body }) => service.create(userId, body));
  defineRoute(app, ENDPOINTS.listReports, async ({ userId, query, reply }) => {
    const page = await service.list(userId, query);
    // the body stays an array, as before; where the next page starts travels beside it, as for the history
    if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
    return page.reports;
  });
}

import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { readTimeZone } from '../../lib/time-zone-header.ts';
import type { ScanUsageService } from './scan-usage.service.ts';

/** `GET /api/scan-usage` (the day in the `X-Time-Zone` header's zone). */
export function registerScanUsageRoutes(app: FastifyInstance, service: ScanUsageService): void {
  defineRoute(app, ENDPOINTS.scanUsage, ({ userId, request }) => service.usage(userId, readTimeZone(request)), { checkHeaders: (request) => void readTimeZone(request) });
}

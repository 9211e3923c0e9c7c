import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { ScanService } from './scan.service.ts';

/** `POST /api/scan/text`, `POST /api/scan/url`. */
export function registerScanRoutes(app: FastifyInstance, service: ScanService): void {
  defineRoute(app, ENDPOINTS.scanText, ({ userId, body }) => service.scanText(userId, body));
  defineRoute(app, ENDPOINTS.scanUrl, ({ userId, body }) => service.scanUrl(userId, body));
}

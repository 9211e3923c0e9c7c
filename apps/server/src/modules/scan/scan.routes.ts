import { ENDPOINTS, wantsAdvancedScan } from '@baitcheck/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { ScanService } from './scan.service.ts';

/** `POST /api/scan/text`, `POST /api/scan/url`. */
export function registerScanRoutes(app: FastifyInstance, service: ScanService): void {
  // an enhanced scan spends one of the client's outside lookups (only while rate limits are on)
  const allowance = async (request: FastifyRequest, body: Parameters<typeof wantsAdvancedScan>[0]) => ({
    outsideRefused: wantsAdvancedScan(body) ? ((await request.spendOutsideLookups?.()) ?? null) : null,
  });
  defineRoute(app, ENDPOINTS.scanText, async ({ userId, body, request }) => service.scanText(userId, body, await allowance(request, body)));
  defineRoute(app, ENDPOINTS.scanUrl, async ({ userId, body, request }) => service.scanUrl(userId, body, await allowance(request, body)));
}

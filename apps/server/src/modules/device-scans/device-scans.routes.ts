import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { DeviceScansService } from './device-scans.service.ts';

/** `POST /api/device-scans`, `DELETE /api/device-scans/:id`: verdicts of scans made on a device. */
export function registerDeviceScansRoutes(app: FastifyInstance, service: DeviceScansService): void {
  defineRoute(app, ENDPOINTS.syncDeviceScans, ({ userId, body }) => service.sync(userId, body));
  defineRoute(app, ENDPOINTS.deleteDeviceScan, ({ userId, params }) => service.delete(userId, params.id));
}

import { Readable } from 'node:stream';
import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { MyDataService } from './my-data.service.ts';

/** `GET /api/account/export`: the visitor's data as a JSON file to download. */
export function registerMyDataRoutes(app: FastifyInstance, service: MyDataService, clock: () => Date = () => new Date()): void {
  defineRoute(app, ENDPOINTS.exportMyData, async ({ userId, reply }) => {
    const pieces = await service.open(userId);
    const day = clock().toISOString().slice(0, 10);
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="baitcheck-my-data-${day}.json"`)
      // a person's whole history: never kept by a cache on the way
      .header('cache-control', 'no-store');
    // The document is streamed (MyDataExportSchema, checked by the tests), not returned whole.
    return reply.send(Readable.from(pieces)) as never;
  });
}

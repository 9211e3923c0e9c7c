import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { BlockedSendersService } from './blocked-senders.service.ts';

/** `GET`, `POST /api/blocked-senders`, `DELETE /api/blocked-senders/:id`. */
export function registerBlockedSendersRoutes(app: FastifyInstance, service: BlockedSendersService): void {
  defineRoute(app, ENDPOINTS.listBlockedSenders, ({ userId }) => service.list(userId));
  defineRoute(app, ENDPOINTS.createBlockedSender, async ({ userId, body, reply }) => {
    const { blocked, created } = await service.block(userId, body.sender);
    // 201 when this call created the entry, 200 when it was already there.
    if (!created) reply.code(200);
    return blocked;
  });
  defineRoute(app, ENDPOINTS.deleteBlockedSender, ({ userId, params }) => service.unblock(userId, params.id));
}

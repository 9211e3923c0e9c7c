import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { MessagesService } from './messages.service.ts';

/** `GET /api/messages`, `DELETE /api/messages/:id`. */
export function registerMessagesRoutes(app: FastifyInstance, service: MessagesService): void {
  defineRoute(app, ENDPOINTS.listMessages, ({ userId, query }) => service.list(userId, query));
  defineRoute(app, ENDPOINTS.deleteMessage, ({ userId, params }) => service.delete(userId, params.id));
}

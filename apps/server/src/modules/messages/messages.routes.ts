import { ENDPOINTS, NEXT_CURSOR_HEADER } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { MessagesService } from './messages.service.ts';

/** `GET /api/messages` (a page; the next one's cursor in a header), `GET` and `DELETE /api/messages/:id`. */
export function registerMessagesRoutes(app: FastifyInstance, service: MessagesService): void {
  defineRoute(app, ENDPOINTS.listMessages, async ({ userId, query, reply }) => {
    const page = await service.list(userId, query);
    // the body stays the spec's array; where the next page starts travels beside it
    if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
    return page.messages;
  });
  defineRoute(app, ENDPOINTS.getMessage, ({ userId, params }) => service.requireMessage(userId, params.id));
  defineRoute(app, ENDPOINTS.deleteMessage, ({ userId, params }) => service.delete(userId, params.id));
}

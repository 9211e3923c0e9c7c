import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { KnowledgeBaseService } from './knowledge-base.service.ts';

/** `GET /api/knowledge-base/articles`, `GET /api/knowledge-base/articles/:id`, `POST /api/knowledge-base/articles/:id/vote`. */
export function registerKnowledgeBaseRoutes(app: FastifyInstance, service: KnowledgeBaseService): void {
  defineRoute(app, ENDPOINTS.listKnowledgeBaseArticles, async ({ query }) => service.list(query));
  defineRoute(app, ENDPOINTS.getKnowledgeBaseArticle, ({ userId, params }) => service.get(userId, params.id));
  defineRoute(app, ENDPOINTS.voteKnowledgeBaseArticle, ({ userId, params, body }) => service.vote(userId, params.id, body.helpful));
}

import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { AssistantService } from './assistant.service.ts';

/** `POST /api/assistant/chat`: `{ query, history? }` → `{ answer, timestamp, sources, scan, mode }`. */
export function registerAssistantRoutes(app: FastifyInstance, assistant: AssistantService): void {
  defineRoute(app, ENDPOINTS.assistantChat, ({ body }) => assistant.chat(body.query, body.history));
}

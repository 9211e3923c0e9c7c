import { ENDPOINTS, type PluginList } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';

/**
 * `GET /api/plugins`: the source plugins installed on this server, keyed by id. None is installed
 * yet (the SMS, email, team-chat and social plugins are a later issue), so the list is empty, and
 * the Settings page says 'No plugins found' rather than showing plugins that do not exist.
 */
export function registerPluginsRoutes(app: FastifyInstance, installed: () => PluginList = () => ({})): void {
  defineRoute(app, ENDPOINTS.listPlugins, async () => installed());
}

import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { PluginsService } from './plugins.service.ts';

/**
 * The spec's plugin calls (section 7): `GET /api/plugins`, enable, disable, auth, configure and a
 * plugin's messages; and ours, disconnect (forget its settings and secret). All per person.
 */
export function registerPluginsRoutes(app: FastifyInstance, plugins: PluginsService): void {
  defineRoute(app, ENDPOINTS.listPlugins, ({ userId }) => plugins.list(userId));
  defineRoute(app, ENDPOINTS.enablePlugin, ({ userId, params }) => plugins.enable(userId, params.id));
  defineRoute(app, ENDPOINTS.disablePlugin, ({ userId, params }) => plugins.disable(userId, params.id));
  defineRoute(app, ENDPOINTS.configurePlugin, ({ userId, params, body }) => plugins.configure(userId, params.id, body));
  defineRoute(app, ENDPOINTS.authPlugin, ({ userId, params, body }) => plugins.auth(userId, params.id, body));
  defineRoute(app, ENDPOINTS.disconnectPlugin, ({ userId, params }) => plugins.disconnect(userId, params.id));
  defineRoute(app, ENDPOINTS.pluginMessages, ({ userId, params, query }) => plugins.messages(userId, params.id, query.limit));
}

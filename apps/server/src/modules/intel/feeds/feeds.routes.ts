import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin } from '../../../lib/admin-token.ts';
import { AppError } from '../../../lib/app-error.ts';
import { defineRoute } from '../../../lib/route.ts';
import { FeedImportError, type FeedsService } from './feeds.service.ts';

/**
 * `GET /api/admin/feeds`, `POST /api/admin/feeds/import`: the administrator's feed imports, asked
 * by `npm run feeds:import` on the server machine (the embedded database admits one process, so a
 * tool goes through the running server). No session: these are not a visitor's.
 */
export function registerFeedsRoutes(app: FastifyInstance, feeds: FeedsService, adminToken: string | undefined): void {
  // before the body is read: anyone else learns nothing of what these take, not even its field names
  const checkHeaders = (request: FastifyRequest) => requireAdmin(request, adminToken);
  defineRoute(
    app,
    ENDPOINTS.listFeeds,
    async () => {
      const sources = await feeds.listSources();
      return {
        sources: sources.map((s) => ({ ...s, importedAt: s.importedAt?.toISOString() ?? null, lastAttemptAt: s.lastAttemptAt.toISOString() })),
      };
    },
    { session: false, checkHeaders },
  );
  defineRoute(
    app,
    ENDPOINTS.importFeed,
    async ({ body }) => {
      try {
        return await feeds.importFeed(body.source, body.location, body.format === 'auto' ? undefined : body.format);
      } catch (err) {
        if (err instanceof FeedImportError) throw new AppError('FEED_IMPORT_FAILED', `The threat feed could not be imported: ${err.message}`);
        throw err;
      }
    },
    { session: false, checkHeaders },
  );
}

import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { HelpPagesService } from './help-pages.service.ts';

/**
 * How long a browser may reuse a help page before asking again. The pages are the same for
 * everyone and change only with a new release, but a release should reach readers within
 * minutes, not days.
 */
export const HELP_PAGE_MAX_AGE_SECONDS = 300;

/**
 * `GET /api/help-pages/:id`. Public text: no session (reading the Privacy Policy makes no guest),
 * and cacheable, unlike the rest of the API, whose answers are personal and `no-store`.
 */
export function registerHelpPagesRoutes(app: FastifyInstance, service: HelpPagesService): void {
  defineRoute(
    app,
    ENDPOINTS.getHelpPage,
    async ({ params, reply }) => {
      const page = service.get(params.id);
      reply.header('cache-control', `public, max-age=${HELP_PAGE_MAX_AGE_SECONDS}`);
      return page;
    },
    { session: false },
  );
}

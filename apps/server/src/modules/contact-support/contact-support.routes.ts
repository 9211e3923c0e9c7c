import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { addressKey } from '../../lib/client-address.ts';
import { defineRoute } from '../../lib/route.ts';
import { SupportLimitError, type ContactSupportService } from './contact-support.service.ts';

/** Contact Support: what the form needs to know, and sending a request. */
export function registerContactSupportRoutes(app: FastifyInstance, support: ContactSupportService): void {
  defineRoute(app, ENDPOINTS.contactSupportInfo, ({ userId }) => support.info(userId));
  defineRoute(app, ENDPOINTS.contactSupport, async ({ userId, body, request, reply }) => {
    try {
      return await support.submit(userId, body, addressKey(request.ip));
    } catch (error) {
      if (error instanceof SupportLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });
}

import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { defineRoute } from '../../lib/route.ts';
import type { BillingService, TestCheckoutService } from './billing.service.ts';

/** Stripe's signature header on webhook requests. */
const SIGNATURE_HEADER = 'stripe-signature';

/** Checks a webhook request's signature on its raw body and answers the event. */
export type VerifyWebhook = (rawBody: Buffer, signature: string | undefined) => import('../../adapters/payments/payments-provider.ts').BillingEvent;

/**
 * The spec's two calls (`GET /api/subscription`, `POST /api/create-checkout-session`), the
 * subscription's management, Stripe's webhook and the test checkout's pages.
 */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; testCheckout: TestCheckoutService | null; verifyWebhook: VerifyWebhook | null; publicOrigins: readonly string[] },
): void {
  const { billing, testCheckout } = deps;
  // Where Stripe sends the person back: the address they opened the app at. The same-origin
  // check has already refused a browser's request from any other origin.
  const originOf = (request: FastifyRequest) => deps.publicOrigins[0] ?? `${request.protocol}://${request.host}`;

  defineRoute(app, ENDPOINTS.getSubscription, ({ userId }) => billing.get(userId));
  defineRoute(app, ENDPOINTS.createCheckoutSession, async ({ userId, body, request }) => ({ url: await billing.startCheckout(userId, body.priceId, originOf(request)) }));
  defineRoute(app, ENDPOINTS.billingPortal, async ({ userId, request }) => ({ url: await billing.portal(userId, originOf(request)) }));
  defineRoute(app, ENDPOINTS.cancelSubscription, ({ userId, body }) => billing.cancel(userId, body.refund));
  defineRoute(app, ENDPOINTS.resumeSubscription, ({ userId }) => billing.resume(userId));

  const requireTestCheckout = (): TestCheckoutService => {
    if (!testCheckout) throw new AppError('CHECKOUT_NOT_FOUND', 'This server takes payments through Stripe: it has no test checkout.');
    return testCheckout;
  };
  defineRoute(app, ENDPOINTS.getTestCheckout, ({ userId, params }) => requireTestCheckout().get(userId, params.id));
  defineRoute(app, ENDPOINTS.completeTestCheckout, async ({ userId, params }) => ({ url: await requireTestCheckout().complete(userId, params.id) }));
  defineRoute(app, ENDPOINTS.cancelTestCheckout, async ({ userId, params }) => ({ url: await requireTestCheckout().cancel(userId, params.id) }));

  // The webhook's body arrives raw (app.ts keeps it so): the signature is over the exact bytes Stripe sent.
  app.route({
    method: ENDPOINTS.stripeWebhook.method,
    url: ENDPOINTS.stripeWebhook.path,
    config: { session: false },
    handler: async (request) => {
      if (!deps.verifyWebhook) throw new AppError('NOT_FOUND', 'This server takes no payments through Stripe: it has no Stripe webhook.');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers[SIGNATURE_HEADER];
      const event = deps.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
      const outcome = await billing.applyEvent(event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
      return { received: true as const };
    },
  });
}

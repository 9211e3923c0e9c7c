import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CookieSecure } from '../../config.ts';
import { defineRoute } from '../../lib/route.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session.ts';
import { RateLimitedError, type AccountsService } from './accounts.service.ts';

/** `/api/auth/*`: who the visitor is, sign-up, sign-in, sign-out, change password. */
export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService, cookieSecure: CookieSecure): void {
  const withRetryAfter = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof RateLimitedError) reply.header('retry-after', String(Math.ceil(err.retryAfterSeconds)));
      throw err;
    }
  };

  // a newcomer (nothing stored yet, so no row) is shown as the empty guest it would become
  defineRoute(app, ENDPOINTS.me, async ({ userId }) => ({ user: userId === '' ? { kind: 'guest' as const, email: null, createdAt: new Date().toISOString() } : await accounts.me(userId) }));

  defineRoute(app, ENDPOINTS.signUp, async ({ userId, request, reply, body }) => {
    const { user, session } = await accounts.signUp(userId, request.sessionHash, body.email, body.password);
    setSessionCookie(request, reply, cookieSecure, session);
    return { user };
  });

  defineRoute(app, ENDPOINTS.signIn, async ({ userId, request, reply, body }) =>
    withRetryAfter(reply, async () => {
      const { user, session } = await accounts.signIn(userId, request.sessionHash, body.email, body.password, request.ip);
      setSessionCookie(request, reply, cookieSecure, session);
      return { user };
    }),
  );

  defineRoute(app, ENDPOINTS.signOut, async ({ userId, request, reply }) => {
    await accounts.signOut(userId, request.sessionHash);
    // the next request makes a fresh guest session
    clearSessionCookie(request, reply, cookieSecure);
    return { success: true as const };
  });

  defineRoute(app, ENDPOINTS.changePassword, async ({ userId, request, reply, body }) =>
    withRetryAfter(reply, async () => {
      await accounts.changePassword(userId, request.sessionHash, body.currentPassword, body.newPassword, request.ip);
      return { success: true as const };
    }),
  );
}

import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSecure } from '../../config.ts';
import { defineRoute } from '../../lib/route.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session.ts';
import { RateLimitedError, type AccountsService } from './accounts.service.ts';
import { HashingBusyError } from './hashing-gate.ts';
import type { SignInAttempt } from './sign-in-throttle.ts';

/** `/api/auth/*`: who the visitor is, sign-up, sign-in, sign-out, change password. */
export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService, cookieSecure: CookieSecure): void {
  const setRetryAfter = (reply: FastifyReply, err: unknown) => {
    if (err instanceof RateLimitedError || err instanceof HashingBusyError) reply.header('retry-after', String(err.retryAfterSeconds));
  };
  const withRetryAfter = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      setRetryAfter(reply, err);
      throw err;
    }
  };

  // Sign-ups and sign-ins are counted, and refused when over, before the route makes a newcomer's
  // guest row: a refused flood costs no database write (200 refused sign-ups made 200 guests).
  const isPost = (request: FastifyRequest, path: string) => request.method === 'POST' && request.routeOptions.url === path;
  const signUpRefunds = new WeakMap<FastifyRequest, () => void>();
  const signInAttempts = new WeakMap<FastifyRequest, SignInAttempt>();
  app.addHook('onRequest', async (request, reply) => {
    if (!isPost(request, ENDPOINTS.signUp.path)) return;
    try {
      signUpRefunds.set(request, accounts.admitSignUp(request.ip));
    } catch (err) {
      setRetryAfter(reply, err);
      throw err;
    }
  });
  // after the body is parsed (the email is the key), before the handler opens a session
  app.addHook('preHandler', async (request, reply) => {
    if (!isPost(request, ENDPOINTS.signIn.path)) return;
    const email = (request.body as { email?: unknown } | undefined)?.email;
    // not a string: the handler answers 400 without checking any password
    if (typeof email !== 'string') return;
    try {
      signInAttempts.set(request, accounts.admitSignIn(email, request.ip));
    } catch (err) {
      setRetryAfter(reply, err);
      throw err;
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    // an invalid body checked nothing: its count is given back
    if (reply.statusCode === 400) signUpRefunds.get(request)?.();
    // settled by the handler unless it never got that far; a second settling changes nothing
    signInAttempts.get(request)?.abandoned();
  });

  // a newcomer (nothing stored yet, so no row) is shown as the empty guest it would become
  defineRoute(app, ENDPOINTS.me, async ({ userId }) => ({ user: userId === '' ? { kind: 'guest' as const, email: null, createdAt: new Date().toISOString() } : await accounts.me(userId) }));

  defineRoute(app, ENDPOINTS.signUp, async ({ userId, request, reply, body }) =>
    withRetryAfter(reply, async () => {
      const { user, session } = await accounts.signUp(userId, request.sessionHash, body.email, body.password);
      setSessionCookie(request, reply, cookieSecure, session);
      return { user };
    }),
  );

  defineRoute(app, ENDPOINTS.signIn, async ({ userId, request, reply, body }) =>
    withRetryAfter(reply, async () => {
      const attempt = signInAttempts.get(request) ?? accounts.admitSignIn(body.email, request.ip);
      const { user, session } = await accounts.signIn(userId, request.sessionHash, body.email, body.password, attempt);
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

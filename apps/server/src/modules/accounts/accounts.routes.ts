import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSecure } from '../../config.ts';
import { defineRoute, parseOrThrow } from '../../lib/route.ts';
import { clearSessionCookie, setSessionCookie } from '../../http/session.ts';
import { RateLimitedError, type AccountsService, type DeviceCookie } from './accounts.service.ts';
import { DEVICE_COOKIE, SECURE_DEVICE_COOKIE } from './device-cookie.ts';
import { HashingBusyError } from './hashing-gate.ts';
import type { SignInAttempt } from './sign-in-throttle.ts';
import { addressKey } from '../../lib/client-address.ts';
import type { RefusalBrake } from '../../http/refusal-brake.ts';

/** The device cookie a request carries: both names' tokens, the `__Host-` one first (./device-cookie.ts). */
function readDeviceCookie(request: FastifyRequest): string | undefined {
  const values = [request.cookies[SECURE_DEVICE_COOKIE], request.cookies[DEVICE_COOKIE]].filter((v): v is string => typeof v === 'string' && v !== '');
  return values.length > 0 ? values.join('~') : undefined;
}

/** `/api/auth/*`: who the visitor is, sign-up, sign-in, sign-out, change password. */
export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService, cookieSecure: CookieSecure, brake?: RefusalBrake): void {
  const setRetryAfter = (reply: FastifyReply, err: unknown) => {
    if (err instanceof RateLimitedError || err instanceof HashingBusyError) reply.header('retry-after', String(err.retryAfterSeconds));
  };
  /**
   * Sets Retry-After; a client refused again and again without waiting (the review's script made
   * 480 refused sign-ins a second, each a transaction on PostgreSQL) gets its refusal held, as the
   * other limits' (http/refusal-brake.ts).
   */
  const refused = async (request: FastifyRequest, reply: FastifyReply, err: unknown) => {
    setRetryAfter(reply, err);
    if (err instanceof RateLimitedError && brake) await brake.refused(addressKey(request.ip), err.retryAfterSeconds * 1000);
  };
  const withRetryAfter = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      setRetryAfter(reply, err);
      throw err;
    }
  };
  // Long-lived and kept through sign-out: it says this browser may skip strangers' waits for
  // the account, never that it is signed in. httpOnly, SameSite=Lax and `__Host-` when secure,
  // like the session cookie.
  const setDeviceCookie = (request: FastifyRequest, reply: FastifyReply, device: DeviceCookie) => {
    const secure = cookieSecure === 'true' || (cookieSecure === 'auto' && request.protocol === 'https');
    reply.setCookie(secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE, device.value, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: device.maxAgeSeconds, secure });
  };

  // Sign-ups and sign-ins are counted, and refused when over, before the route makes a newcomer's
  // guest row: a refused flood costs no database write (200 refused sign-ups made 200 guests).
  const isPost = (request: FastifyRequest, path: string) => request.method === 'POST' && request.routeOptions.url === path;
  const signUpRefunds = new WeakMap<FastifyRequest, () => void>();
  const signInAttempts = new WeakMap<FastifyRequest, SignInAttempt>();
  app.addHook('onRequest', async (request, reply) => {
    if (!isPost(request, ENDPOINTS.signUp.path)) return;
    try {
      signUpRefunds.set(request, await accounts.admitSignUp(request.ip));
    } catch (err) {
      await refused(request, reply, err);
      throw err;
    }
  });
  // After the body is parsed (the email is the key), before the handler; and only a valid body
  // is counted: the review's 900 KB emails (each a 400) were kept as keys for an hour until the
  // server ran out of memory. An invalid one is answered 400 by the handler, nothing counted.
  app.addHook('preHandler', async (request, reply) => {
    if (!isPost(request, ENDPOINTS.signIn.path)) return;
    let email: string;
    try {
      email = parseOrThrow(ENDPOINTS.signIn.body, request.body).email;
    } catch {
      return;
    }
    try {
      signInAttempts.set(request, await accounts.admitSignIn(email, request.ip, readDeviceCookie(request)));
    } catch (err) {
      await refused(request, reply, err);
      throw err;
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    // an invalid body checked nothing: its count is given back
    if (reply.statusCode === 400) signUpRefunds.get(request)?.();
    // settled by the handler unless it never got that far; a second settling changes nothing
    await signInAttempts
      .get(request)
      ?.abandoned()
      .catch((error: unknown) => request.log.warn({ err: error }, 'a sign-in attempt could not be given back (its place frees itself)'));
  });

  // a newcomer (nothing stored yet, so no row) is shown as the empty guest it would become
  defineRoute(app, ENDPOINTS.me, async ({ userId }) => ({ user: userId === '' ? { kind: 'guest' as const, email: null, createdAt: new Date().toISOString() } : await accounts.me(userId) }));

  defineRoute(app, ENDPOINTS.signUp, async ({ userId, request, reply, body }) =>
    withRetryAfter(reply, async () => {
      const { user, session, device } = await accounts.signUp(userId, request.sessionHash, body.email, body.password, request.ip, readDeviceCookie(request));
      setSessionCookie(request, reply, cookieSecure, session);
      setDeviceCookie(request, reply, device);
      return { user };
    }),
  );

  // a newcomer signing in has no guest row (the session plugin makes none for this route): a
  // failed attempt stores nothing, a success makes the account's session
  defineRoute(app, ENDPOINTS.signIn, async ({ userId, request, reply, body }) =>
    withRetryAfter(reply, async () => {
      const deviceCookie = readDeviceCookie(request);
      const attempt = signInAttempts.get(request) ?? (await accounts.admitSignIn(body.email, request.ip, deviceCookie));
      const { user, session, device } = await accounts.signIn(userId, request.sessionHash, body.email, body.password, request.ip, attempt, deviceCookie);
      setSessionCookie(request, reply, cookieSecure, session);
      setDeviceCookie(request, reply, device);
      return { user };
    }),
  );

  defineRoute(app, ENDPOINTS.signOut, async ({ userId, request, reply }) => {
    await accounts.signOut(userId, request.sessionHash);
    // the next request makes a fresh guest session
    clearSessionCookie(request, reply, cookieSecure);
    return { success: true as const };
  });

  // everything of the account goes; this browser is signed out with the rest
  defineRoute(app, ENDPOINTS.deleteAccount, async ({ userId, request, reply, body }) =>
    withRetryAfter(reply, async () => {
      await accounts.deleteAccount(userId, body.password, request.ip, readDeviceCookie(request));
      clearSessionCookie(request, reply, cookieSecure);
      return { success: true as const };
    }),
  );

  defineRoute(app, ENDPOINTS.changePassword, async ({ userId, request, reply, body }) =>
    withRetryAfter(reply, async () => {
      const { device } = await accounts.changePassword(userId, request.sessionHash, body.currentPassword, body.newPassword, request.ip, readDeviceCookie(request));
      setDeviceCookie(request, reply, device);
      return { success: true as const };
    }),
  );
}

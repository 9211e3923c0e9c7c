import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSecure } from '../config.ts';
import { globalPlugin } from '../lib/plugin.ts';
import type { SessionsService } from '../modules/sessions/sessions.service.ts';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'bc_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's user id; set on every route that needs a session. */
    userId: string;
    /** SHA-256 of the visitor's session token. */
    sessionHash: string;
  }
}

/**
 * Sends the session cookie: httpOnly, SameSite=Lax, the whole site, `Secure` as configured
 * (`auto`: when the request came over https). The one place its attributes are set.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, cookieSecure: CookieSecure, session: { token: string; maxAgeSeconds: number }): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: session.maxAgeSeconds,
    secure: cookieSecure === 'true' || (cookieSecure === 'auto' && request.protocol === 'https'),
  });
}

/**
 * Gives every visitor a server-side session on first contact with a session route, and resolves
 * the cookie to a user id on every later one. Routes opt out with `config: { session: false }`,
 * and unmatched paths never create one (so scanners probing random URLs make no rows).
 */
export const sessionPlugin = globalPlugin<{ sessions: SessionsService; cookieSecure: CookieSecure }>(async (app, opts) => {
  await app.register(cookie);
  app.decorateRequest('userId', '');
  app.decorateRequest('sessionHash', '');

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url === undefined || request.routeOptions.config.session !== true) return;
    const session = await opts.sessions.resolve(request.cookies[SESSION_COOKIE]);
    request.userId = session.userId;
    request.sessionHash = session.idHash;
    if (session.setCookie) setSessionCookie(request, reply, opts.cookieSecure, session.setCookie);
  });
});

import cookie from '@fastify/cookie';
import { ENDPOINTS, type Endpoint } from '@baitcheck/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSecure } from '../config.ts';
import { globalPlugin } from '../lib/plugin.ts';
import type { SessionsService } from '../modules/sessions/sessions.service.ts';

/** Name of the session cookie over plain http (development, or `COOKIE_SECURE=false`). */
export const SESSION_COOKIE = 'bc_session';
/**
 * Name of the session cookie when it is `Secure`: browsers accept a `__Host-` cookie only from a
 * secure origin, for the whole site and the exact host (no `Domain`), so a sibling subdomain or
 * a plain-http page cannot plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's user id; empty for a newcomer who has stored nothing yet. */
    userId: string;
    /** SHA-256 of the visitor's session token; empty for a newcomer. */
    sessionHash: string;
    /**
     * Makes the newcomer's guest user and session when this request is about to store
     * something (`body`: the validated body). Called by `defineRoute` after validation, so a
     * malformed or read-only request never makes a row.
     */
    openSession(reply: FastifyReply, body: unknown): Promise<void>;
  }
}

function isSecure(request: FastifyRequest, cookieSecure: CookieSecure): boolean {
  return cookieSecure === 'true' || (cookieSecure === 'auto' && request.protocol === 'https');
}

/**
 * Sends the session cookie: httpOnly, SameSite=Lax, the whole site, `Secure` as configured
 * (`auto`: when the request came over https), named `__Host-…` when secure. The one place its
 * attributes are set.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, cookieSecure: CookieSecure, session: { token: string; maxAgeSeconds: number }): void {
  const secure = isSecure(request, cookieSecure);
  reply.setCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: session.maxAgeSeconds,
    secure,
  });
}

/** Removes the session cookie from the browser, under whichever name it was sent. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, cookieSecure: CookieSecure): void {
  const secure = isSecure(request, cookieSecure);
  reply.clearCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, { path: '/', secure, httpOnly: true, sameSite: 'lax' });
}

/** The session token a request carries: the `__Host-` cookie first, then the plain one. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE];
}

const routeKey = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;
const keepsNothing = () => true;
const unsavedScan = (body: unknown) => (body as { saveToHistory?: boolean } | undefined)?.saveToHistory === false;

/**
 * Writes that store nothing for a newcomer, so no guest is made for them: sign-out and
 * change-password need an account, a sign-in has no guest history to merge (a failed one must
 * not leave a row per attempt; a success makes the account's session itself), the assistant
 * keeps no conversation, and a scan not saved to the history reads only the (empty) blocked
 * senders. Deleting never makes one either.
 */
const NEWCOMER_STORES_NOTHING = new Map<string, (body: unknown) => boolean>([
  [routeKey(ENDPOINTS.signIn), keepsNothing],
  [routeKey(ENDPOINTS.signOut), keepsNothing],
  [routeKey(ENDPOINTS.changePassword), keepsNothing],
  [routeKey(ENDPOINTS.assistantChat), keepsNothing],
  [routeKey(ENDPOINTS.scanText), unsavedScan],
  [routeKey(ENDPOINTS.scanUrl), unsavedScan],
  // the family needs an account (a newcomer is refused), and reading an invitation stores nothing
  [routeKey(ENDPOINTS.createFamilyInvitation), keepsNothing],
  [routeKey(ENDPOINTS.previewFamilyInvitation), keepsNothing],
  [routeKey(ENDPOINTS.joinFamily), keepsNothing],
  [routeKey(ENDPOINTS.leaveFamily), keepsNothing],
  [routeKey(ENDPOINTS.setFamilyMemberProtection), keepsNothing],
  // a newcomer has no notifications to mark and no subscription to remove
  [routeKey(ENDPOINTS.markNotificationRead), keepsNothing],
  [routeKey(ENDPOINTS.markAllNotificationsRead), keepsNothing],
  [routeKey(ENDPOINTS.unsubscribePush), keepsNothing],
  // the link's token is the proof, whoever opens it; a newcomer gets no session for it
  [routeKey(ENDPOINTS.confirmAlertEmail), keepsNothing],
  [routeKey(ENDPOINTS.sendAlertEmailConfirmation), keepsNothing],
]);

/** While scans count against a daily limit, every scan stores its count: a newcomer's unsaved scan makes their guest too. */
const SCANS = new Set([routeKey(ENDPOINTS.scanText), routeKey(ENDPOINTS.scanUrl)]);

/**
 * Resolves the session cookie to a user id on every session route. A newcomer (no valid cookie)
 * reads as an empty guest would and gets no row and no cookie; their guest user and session are
 * made by the first request that stores something (see `openSession`). Routes opt out with
 * `config: { session: false }`, and unmatched paths never look.
 *
 * With `trustProxy` off, a request saying `X-Forwarded-Proto: https` came through a TLS proxy
 * the server does not trust: cookies then miss `Secure` under `COOKIE_SECURE=auto`, so it warns
 * once.
 */
export const sessionPlugin = globalPlugin<{
  sessions: SessionsService;
  cookieSecure: CookieSecure;
  trustProxy?: boolean | string[];
  /** Whether each scan is counted (a daily scan limit is set): then every scan stores something. */
  countsScans?: boolean;
}>(async (app, opts) => {
  await app.register(cookie);
  app.decorateRequest('userId', '');
  app.decorateRequest('sessionHash', '');
  app.decorateRequest('openSession', async function openSession(this: FastifyRequest, reply: FastifyReply, body: unknown) {
    if (this.userId !== '' || this.routeOptions.config.session !== true) return;
    if (this.method !== 'POST' && this.method !== 'PATCH' && this.method !== 'PUT') return;
    const route = `${this.method} ${this.routeOptions.url ?? ''}`;
    if (!(opts.countsScans && SCANS.has(route)) && NEWCOMER_STORES_NOTHING.get(route)?.(body)) return;
    // the address's allowance of new guests (rate-limits plugin, while RATE_LIMITS is on): past it, 429 and no row
    await this.admitNewGuest?.(reply);
    const session = await opts.sessions.startGuest();
    this.userId = session.userId;
    this.sessionHash = session.idHash;
    setSessionCookie(this, reply, opts.cookieSecure, session.setCookie);
  });

  const proxyUntrusted = opts.trustProxy === undefined || opts.trustProxy === false || (Array.isArray(opts.trustProxy) && opts.trustProxy.length === 0);
  let warnedAboutProxy = false;

  app.addHook('onRequest', async (request, reply) => {
    if (proxyUntrusted && !warnedAboutProxy && request.protocol === 'http' && /^\s*https\s*(,|$)/i.test(String(request.headers['x-forwarded-proto'] ?? ''))) {
      warnedAboutProxy = true;
      request.log.warn(
        'A request arrived with X-Forwarded-Proto: https but TRUST_PROXY is not set: behind a TLS proxy, set TRUST_PROXY to its addresses, or session cookies are sent without Secure and client addresses are the proxy\'s.',
      );
    }
    if (request.routeOptions.url === undefined || request.routeOptions.config.session !== true) return;
    const session = await opts.sessions.resolve(readSessionToken(request));
    if (!session) return;
    request.userId = session.userId;
    request.sessionHash = session.idHash;
    if (session.setCookie) setSessionCookie(request, reply, opts.cookieSecure, session.setCookie);
  });
});

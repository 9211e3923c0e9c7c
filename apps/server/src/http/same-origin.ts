import { SHARE_PATH } from './static.ts';
import { AppError } from '../lib/app-error.ts';
import { globalPlugin } from '../lib/plugin.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `scheme://host[:port]` of an Origin header, lower-case, default port left out; null when it is no origin ("null", junk). */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    // built by hand: URL.origin is "null" for capacitor:, which would make every such origin one
    if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'capacitor:') return null;
    return url.host === '' ? null : `${url.protocol}//${url.host}`.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether a Host's name is this machine's own: `localhost` (and `*.localhost`), 127.0.0.0/8, `::1`. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/**
 * Refuses (403 FOREIGN_ORIGIN) a state-changing request that a browser sent from another origin.
 * A request passes when its Origin is, scheme, host and port alike, the app's own: `publicOrigins`
 * when configured (the addresses people open the app at, e.g. behind a TLS proxy), else the origin
 * the request itself was sent to (its scheme and Host); or one of `allowedOrigins` (the app's own
 * wrappers). Another port of the same host is another origin: a page on `http://127.0.0.1:9999`
 * shares the SameSite=Lax cookie (same site) and must not act with it.
 *
 * `Sec-Fetch-Site: cross-site` is refused whatever the Origin says, except from an allowed origin
 * (a wrapper's WebView is another site by definition). Requests without an Origin (command-line
 * tools, server-to-server) are not a browser's and pass unless they say they are cross-site.
 *
 * `loopbackOnly` (a server listening on loopback with no proxy in front and no `publicOrigins`):
 * the request's own origin counts only when its Host is a loopback name. Otherwise a page on
 * `evil.example`, its name pointed at 127.0.0.1 after loading (DNS rebinding), would send
 * `Host: evil.example` with `Origin: http://evil.example` and pass as the app's own.
 */
export const sameOriginPlugin = globalPlugin<{ allowedOrigins: readonly string[]; publicOrigins?: readonly string[]; loopbackOnly?: boolean }>(async (app, opts) => {
  const normalise = (list: readonly string[] = []) => new Set(list.map((o) => originOf(o)).filter((o): o is string => o !== null));
  const allowed = normalise(opts.allowedOrigins);
  const publicOrigins = normalise(opts.publicOrigins);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // a share from another app (the system posts it, from no origin of ours) changes nothing: it is
    // answered with the Scan screen's address, unread (static.ts)
    if (request.method === 'POST' && request.url.split('?')[0] === SHARE_PATH) return;
    const header = request.headers.origin;
    const origin = header === undefined ? undefined : originOf(header);
    if (origin !== undefined && origin !== null && allowed.has(origin)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FOREIGN_ORIGIN');
    if (origin === undefined) return;
    if (publicOrigins.size === 0 && opts.loopbackOnly && !isLoopbackHost(request.hostname)) throw new AppError('FOREIGN_ORIGIN');
    const own = publicOrigins.size > 0 ? publicOrigins : new Set([originOf(`${request.protocol}://${request.host}`)]);
    if (origin !== null && own.has(origin)) return;
    throw new AppError('FOREIGN_ORIGIN');
  });
});

import { AppError } from '../lib/app-error.ts';
import { globalPlugin } from '../lib/plugin.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `scheme://host[:port]` of an Origin header, lower-case; null when it is no origin ("null", junk). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'capacitor:' ? url.origin.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Refuses (403 FOREIGN_ORIGIN) a state-changing request that a browser sent from another site:
 * its Origin's host name is neither this server's own (the Host it was sent to) nor one of `allowedOrigins`
 * (the app's own wrappers), or it says `Sec-Fetch-Site: cross-site`. The session cookie is
 * SameSite=Lax already; this closes what Lax leaves open (a same-site sibling, older browsers).
 * Requests without an Origin (command-line tools, server-to-server) are not browsers' and pass.
 */
export const sameOriginPlugin = globalPlugin<{ allowedOrigins: readonly string[] }>(async (app, opts) => {
  const allowed = new Set(opts.allowedOrigins.map((o) => originOf(o)).filter((o): o is string => o !== null));
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const header = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (header === undefined) {
      if (site === 'cross-site') throw new AppError('FOREIGN_ORIGIN');
      return;
    }
    const origin = originOf(header);
    // the host name the browser sent the request to (a browser sets Host itself); scheme and
    // port are left out, as a site is (a TLS proxy that does not say so, TRUST_PROXY off, must
    // not refuse our own pages)
    if (origin !== null && (new URL(origin).hostname === request.hostname.toLowerCase() || allowed.has(origin))) return;
    throw new AppError('FOREIGN_ORIGIN');
  });
});

import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { relative, sep } from 'node:path';
import { hasWebBuild } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { globalPlugin } from '../lib/plugin.ts';
import { sendApiNotFound } from './errors.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Baitcheck</title></head>
<body><h1>Baitcheck</h1><p>The web app is not built. Run <code>npm run build</code>, then start the server again.</p>
<p>The API is running at <code>/api</code>.</p></body></html>
`;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where the installed web app's share target posts (public/manifest.webmanifest). */
export const SHARE_PATH = '/share';

/**
 * Vite's hashed files (`assets/`, by their place in the build, not in the path to it) never change
 * under one name; everything else must be revalidated: index.html, and the service worker
 * (`sw.js`) and the manifest, which browsers compare byte for byte to find a new version.
 */
function cacheHeadersFor(root: string) {
  return (res: { setHeader(name: string, value: string): unknown }, filePath: string): void => {
    res.setHeader('cache-control', relative(root, filePath).startsWith(`assets${sep}`) ? IMMUTABLE : 'no-cache');
  };
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A browser navigation, as opposed to a script, image or fetch asking for a missing file. */
function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app, and answers every unmatched path: JSON 404 under /api, the SPA's
 * index.html for other page navigations (the web app draws its own not-found page).
 */
export const staticPlugin = globalPlugin<{ webDistDir: string }>(async (app, opts) => {
  const built = hasWebBuild(opts.webDistDir);
  if (built) {
    // The web build writes .br and .gz beside each asset; send those when the client accepts them.
    await app.register(fastifyStatic, { root: opts.webDistDir, cacheControl: false, setHeaders: cacheHeadersFor(opts.webDistDir), preCompressed: true });
  } else {
    app.log.warn({ webDistDir: opts.webDistDir }, 'web app is not built; run `npm run build`');
    app.get('/', (_request, reply) => sendNotBuilt(reply));
  }

  // Share to Baitcheck (the manifest's share_target, POST /share) is the service worker's: it keeps
  // a shared picture on the device and opens the Scan screen (apps/web/public/sw.js). A share that
  // reaches the server (the site's data was cleared, so the worker is gone) is not read, not even
  // its body: the Scan screen opens and says it could not be received, and the connection is
  // closed rather than left to take in a body nobody reads.
  app.post(SHARE_PATH, {
    onRequest: async (_request, reply) => reply.code(303).header('location', '/scan?image=failed').header('cache-control', 'no-store').header('connection', 'close').send(),
    handler: async () => undefined,
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendApiNotFound(request, reply);
    if (wantsHtml(request)) return built ? reply.sendFile('index.html') : sendNotBuilt(reply);
    return reply.code(404).send(new AppError('NOT_FOUND').toBody());
  });
});

function sendNotBuilt(reply: FastifyReply): FastifyReply {
  return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE);
}

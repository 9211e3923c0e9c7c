import { globalPlugin } from '../lib/plugin.ts';

/**
 * Scripts only from our own origin, never inline. Styles allow 'unsafe-inline' because Radix UI
 * and scroll-locking set style attributes and inject small <style> tags; style injection cannot
 * run code, script injection can. 'wasm-unsafe-eval' lets WebAssembly compile (the on-device
 * text reader, served from /ocr/): it allows no eval() or new Function(), which 'unsafe-eval'
 * would; workers come only from our origin, never blob:.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const STATIC_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  // People paste phishing links here; never tell the sites they open where they came from.
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
} as const;

/** Security headers on every response; `no-store` on the API because its data is personal. */
export const securityHeadersPlugin = globalPlugin(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(STATIC_HEADERS);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // by the route matched too: the router decodes the path, so /%61pi/… reaches an API route
    if (request.url.startsWith('/api/') || request.routeOptions.url?.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
});

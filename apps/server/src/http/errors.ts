import { API_ROUTES, toFieldIssues, type ErrorCode } from '@baitcheck/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES as HTTP_STATUS_TEXT, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { loggableError } from '../lib/loggable-error.ts';
import { globalPlugin } from '../lib/plugin.ts';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Maps anything thrown to the AppError a client sees; unknown errors become INTERNAL. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('VALIDATION_FAILED', undefined, toFieldIssues(error));
  const fe = error as Partial<FastifyError> | null;
  if (fe && typeof fe === 'object') {
    const byCode = fe.code ? FASTIFY_CODES[fe.code] : undefined;
    if (byCode) return new AppError(byCode);
    // Other 4xx errors raised by Fastify itself (bad content length, bad URL) are the client's.
    const status = fe.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return new AppError(STATUS_CODES[status] ?? 'VALIDATION_FAILED');
  }
  return new AppError('INTERNAL');
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (headers over 16 KB,
 * a request that did not arrive in time, bytes that are not HTTP), in the API's error shape:
 * Fastify's own answer was `{"error":"Request Header Fields Too Large","statusCode":431}`. Used as
 * Fastify's `clientErrorHandler`; like Node, it answers once and closes the connection.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // a connection reset has nobody left to answer
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('HEADERS_TOO_LARGE')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('REQUEST_TIMEOUT')
        : new AppError('VALIDATION_FAILED', 'The request is not valid HTTP.');
  writeRawAnswer(socket, appError);
  socket.destroy(error);
}

/** Writes `appError` as a whole HTTP answer on a socket Fastify does not handle, to be closed after it. */
function writeRawAnswer(socket: Duplex, appError: AppError): void {
  const body = JSON.stringify(appError.toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${HTTP_STATUS_TEXT[appError.status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
}

/**
 * Answers a CONNECT request (Node's `connect` event, which never reaches Fastify): 405 in the
 * API's error shape, where Node, with nobody listening, closed the connection without a word.
 */
export function answerConnect(_request: IncomingMessage, socket: Duplex): void {
  writeRawAnswer(socket, new AppError('METHOD_NOT_ALLOWED', 'This server is not a proxy: it does not accept CONNECT.'));
  // once written, closed: a client that keeps its side open holds nothing here
  socket.end(() => socket.destroy());
}

/**
 * Answers a request whose Expect header asks for something other than `100-continue` (Node's
 * `checkExpectation`): 400 in the API's error shape, where Node's own answer was a 417 with no
 * body. The request is not read further.
 */
export function answerUnmetExpectation(_request: IncomingMessage, response: ServerResponse): void {
  const appError = new AppError('VALIDATION_FAILED', 'The Expect header can only ask for 100-continue.', [{ field: 'Expect', message: 'Only 100-continue is understood.' }]);
  const body = JSON.stringify(appError.toBody());
  response.writeHead(appError.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', connection: 'close' });
  response.end(body);
}

/** Answers `/api/*` paths no route matches. */
// Each API path as a pattern, with the methods it accepts, to tell 405 from 404.
const ROUTE_PATTERNS = (() => {
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of Object.values(API_ROUTES)) {
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method);
    byPath.set(path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
    allow: [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', '),
  }));
})();

/** The answer for an /api path no route matched: 405 when the path exists for other methods, else 404. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '';
  const known = ROUTE_PATTERNS.find((r) => r.pattern.test(path));
  if (known) return reply.code(405).header('allow', known.allow).send(new AppError('METHOD_NOT_ALLOWED').toBody());
  return reply.code(404).send(new AppError('NOT_FOUND').toBody());
}

/**
 * One error shape for every failure: `{ error: { code, message, details? } }`. Unexpected errors
 * are logged with the request id and answered with a generic sentence, never their own text.
 */
export const errorsPlugin = globalPlugin(async (app) => {
  // Fastify's own answer while closing has its own body shape; this one keeps ours.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    // Node's own check is off (app.ts): its answer had no body
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw new AppError('VALIDATION_FAILED', 'An HTTP/1.1 request needs a Host header.', [{ field: 'Host', message: 'Required.' }]);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'INTERNAL') {
      request.log.error({ err: loggableError(error), reqId: request.id }, 'unhandled error');
      return reply.code(500).send(appError.toBody(request.id));
    }
    // 503s are expected under load (a full hashing line, a server closing): one line each, no
    // stack, or a flood writes a trace per refused request
    if (appError.status >= 500) request.log.warn({ code: appError.code, url: request.routeOptions.url }, appError.message);
    return reply.code(appError.status).send(appError.toBody());
  });
});

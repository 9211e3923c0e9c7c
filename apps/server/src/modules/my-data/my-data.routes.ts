import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { ENDPOINTS } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { MY_DATA_HTML_CSP } from './my-data.html.ts';
import { ExportBusyError, ExportCutError, type ExportSink, type MyDataService } from './my-data.service.ts';

/**
 * A sink writing to `out` that waits, whenever `out` is full, until the reader has taken it
 * (`drain`): what is read is never more than a page ahead of what was sent. A reader that takes
 * nothing for `idleMs`, or goes, ends the download; so does one still reading `maxMs` after the
 * first piece.
 */
export function createStreamSink(out: Writable, limits: { idleMs: number; maxMs: number }, onFirst: () => void, clock: () => number = Date.now): ExportSink {
  let startedAt: number | undefined;
  const overdue = () => new ExportCutError(`the download was still being read ${limits.maxMs} ms after it began`);
  return async (piece) => {
    if (out.destroyed) throw new ExportCutError('the connection was closed');
    if (startedAt === undefined) {
      startedAt = clock();
      onFirst();
    }
    const left = startedAt + limits.maxMs - clock();
    if (left <= 0) throw overdue();
    if (out.write(piece)) return;
    const stop = new AbortController();
    try {
      await Promise.race([
        once(out, 'drain', { signal: stop.signal }),
        once(out, 'close', { signal: stop.signal }).then(() => {
          throw new ExportCutError('the connection was closed');
        }),
        sleep(Math.min(limits.idleMs, left), undefined, { signal: stop.signal }).then(() => {
          throw left < limits.idleMs ? overdue() : new ExportCutError(`the reader took nothing for ${limits.idleMs} ms`);
        }),
      ]);
    } finally {
      stop.abort();
    }
  };
}

/**
 * `GET /api/account/export`: the visitor's data as a file to download, the data file (JSON) or,
 * with `?format=html`, its readable copy; both under the same limits, read the same way.
 */
export function registerMyDataRoutes(app: FastifyInstance, service: MyDataService, clock: () => Date = () => new Date()): void {
  defineRoute(app, ENDPOINTS.exportMyData, async ({ userId, query, request, reply }) => {
    const day = clock().toISOString().slice(0, 10);
    const html = query.format === 'html';
    reply
      .header('content-type', html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="baitcheck-my-data-${day}.${html ? 'html' : 'json'}"`)
      // a person's whole history: never kept by a cache on the way
      .header('cache-control', 'no-store');
    // should a browser ever show the page where it was served, the page's own policy holds there too
    if (html) reply.header('content-security-policy', MY_DATA_HTML_CSP);
    // HEAD asks what a download would be, not for one: the headers, nothing read
    if (request.method === 'HEAD') return reply.send() as never;
    /** What fails before the first piece is an error answer: one to read, not a file to save. */
    const answer = (error: unknown): never => {
      reply.removeHeader('content-disposition');
      if (error instanceof ExportBusyError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    };
    let release: () => void;
    try {
      release = service.admit(userId);
    } catch (error) {
      return answer(error);
    }
    // The document is streamed (MyDataExportSchema, checked by the tests), not returned whole; the
    // response starts with its first piece, so what fails before it is an error answer.
    const out = new PassThrough();
    let streaming = false;
    let begin: () => void = () => {};
    const begun = new Promise<void>((resolve) => (begin = resolve));
    const sink = createStreamSink(out, { idleMs: service.limits.idleWriteMs, maxMs: service.limits.maxDurationMs }, () => {
      streaming = true;
      reply.send(out);
      begin();
    });
    const written = service.write(userId, sink, { format: query.format, timeZone: query.tz }).finally(release);
    void written.then(
      () => out.end(),
      (error: unknown) => {
        if (!streaming) return;
        // once the file has begun, a failure cuts it: the connection is ended and the file lacks its
        // mark of completeness (`complete: true`, the readable copy's last line)
        out.destroy();
        if (error instanceof ExportCutError) request.log.info({ reason: error.message }, 'a download of data was cut');
        else request.log.error({ err: error }, 'a download of data failed part way');
      },
    );
    // the race settles with the first piece, or with a failure before it (begun never settles then)
    await Promise.race([begun, written]).catch(answer);
    return reply as never;
  });
}

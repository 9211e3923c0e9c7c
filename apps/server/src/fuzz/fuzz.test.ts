import { API_ROUTES } from '@baitcheck/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { buildTestApp } from '../test/harness.ts';
import { encodeLoose, requestArb } from './arbitraries.ts';
import { judgeAnswer } from './oracle.ts';
import { parseResponses } from './raw-http.ts';
import { formatReport, runFuzz, type FuzzReport } from './run-fuzz.ts';
import { listFuzzTargets, listRegisteredRoutes, missingEndpoints } from './targets.ts';

/**
 * The fuzzer's short run (issue 21; the full one is `npm run fuzz`): every route of the real app
 * gets a few dozen generated malformed requests, through inject and over a socket, as a newcomer,
 * a guest and an account; then a pass with the default rate limits. The seed is fixed so a run is
 * repeatable; FUZZ_SEED and FUZZ_RUNS try others.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_521);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

// two databases for the whole file: opening and migrating one is most of an app's start
let databases: { plain: Database; configured: Database };
beforeAll(async () => {
  databases = { plain: await openDatabase({ kind: 'pglite' }), configured: await openDatabase({ kind: 'pglite' }) };
});
afterAll(async () => {
  await databases?.plain.close();
  await databases?.configured.close();
});

describe('the fuzzer, its parts', () => {
  it('lists every route the app registers, the contract endpoints all among them, and the routes outside it', async () => {
    const app = await buildTestApp(databases.plain);
    try {
      await app.ready();
      const routes = listRegisteredRoutes(app);
      for (const { method, path } of Object.values(API_ROUTES)) expect(routes, `${method} ${path}`).toContainEqual({ method, path });
      expect(routes).toContainEqual({ method: 'POST', path: '/share' });
      expect(routes).toContainEqual({ method: 'GET', path: '/' });
      // Fastify's HEAD twins of GET routes are fuzzed as another method of the GET route, not twice
      expect(routes.some((r) => r.method === 'HEAD')).toBe(false);
      const targets = listFuzzTargets(app);
      expect(missingEndpoints(targets)).toEqual([]);
      expect(targets.find((t) => t.name === 'stripeWebhook')?.kind).toBe('stripe-webhook');
      expect(targets.find((t) => t.name === 'scanText')?.body?.properties).toHaveProperty('content');
      expect(targets.at(-1)?.name).toBe('unmatched');
    } finally {
      await app.close();
    }
  });

  it('judges answers: no 5xx, and every error JSON in the catalogue’s shape with its code’s status', () => {
    const answer = (status: number, body: Buffer, type = 'application/json; charset=utf-8', headOnly = false) => ({ status, headers: { 'content-type': type }, body, headOnly });
    expect(judgeAnswer(answer(200, Buffer.from('<html>'), 'text/html'))).toBeUndefined();
    expect(judgeAnswer(answer(404, json({ error: { code: 'NOT_FOUND', message: 'Nothing.' } })))).toBeUndefined();
    expect(judgeAnswer(answer(500, json({ error: { code: 'INTERNAL', message: 'x' } })))?.signature).toBe('500 INTERNAL');
    expect(judgeAnswer(answer(400, Buffer.alloc(0), ''))?.signature).toBe('400 not JSON (no content type)');
    expect(judgeAnswer(answer(400, json({ message: 'Bad Request' })))?.signature).toBe("400 not the catalogue's shape");
    expect(judgeAnswer(answer(400, json({ error: { code: 'NO_SUCH_CODE', message: 'x' } })))?.signature).toBe("400 not the catalogue's shape");
    expect(judgeAnswer(answer(400, json({ error: { code: 'NOT_FOUND', message: 'x' } })))?.signature).toBe('400 NOT_FOUND (catalogue: 404)');
    // HEAD: no body by definition, the type still JSON
    expect(judgeAnswer(answer(404, Buffer.alloc(0), 'application/json', true))).toBeUndefined();
    expect(judgeAnswer(answer(404, Buffer.alloc(0), 'text/html', true))).toBeDefined();
  });

  it('reads raw HTTP answers: lengths, chunks, interim answers, HEAD, and an event stream still open', () => {
    const two = Buffer.from('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n');
    const { responses, leftover } = parseResponses(two, false, true);
    expect(responses.map((r) => [r.status, r.body.toString()])).toEqual([
      [200, 'ok'],
      [404, 'abc'],
    ]);
    expect(leftover).toBe(0);
    expect(parseResponses(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n'), true, false).responses[0]?.body.length).toBe(0);
    expect(parseResponses(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc'), false, false).responses).toEqual([]);
    expect(parseResponses(Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nretry'), false, false).responses[0]?.streaming).toBe(true);
    expect(parseResponses(Buffer.from('garbage'), false, true).leftover).toBe(7);
  });

  it('encodes lone surrogates as the bytes a hostile client sends (not UTF-8), and generates requests for every kind of route', async () => {
    expect(encodeLoose('a\ud800b')).toBe('a%ED%A0%80b');
    expect(encodeLoose('😀')).toBe('%F0%9F%98%80');
    const app = await buildTestApp(databases.plain);
    try {
      await app.ready();
      for (const target of listFuzzTargets(app)) {
        const sample = fc.sample(requestArb(target), { numRuns: 30, seed: SEED });
        expect(sample.length).toBe(30);
        // most requests go to the route itself, by its own method
        expect(sample.filter((r) => r.method === target.method).length, target.name).toBeGreaterThan(10);
      }
    } finally {
      await app.close();
    }
  });
});

describe('the fuzzer, a short run against the real app', () => {
  const expectClean = (report: FuzzReport) => {
    const text = formatReport(report);
    expect(report.failures, text).toBe(0);
    expect(report.fiveHundreds, text).toBe(0);
    expect(report.errorsLogged, text).toBe(0);
    expect(report.crashes, text).toEqual([]);
    expect(report.liveness, text).toEqual([]);
    expect(report.missing, text).toEqual([]);
  };

  it(`sends ${RUNS} malformed requests to every route: no 5xx, no crash, every error in the catalogue's shape, and the app still scans`, { timeout: 300_000 }, async () => {
    const report = await runFuzz({ runs: RUNS, seed: SEED, databases });
    expectClean(report);
    // every route got its requests, through inject and over the socket
    for (const target of report.targets) expect(target.runs, target.name).toBe(RUNS);
    const transports = report.targets.reduce((n, t) => ({ inject: n.inject + t.transports.inject, socket: n.socket + t.transports.socket, raw: n.raw + t.transports.raw }), { inject: 0, socket: 0, raw: 0 });
    expect(transports.socket + transports.raw).toBeGreaterThan(0);
    expect(transports.inject).toBeGreaterThan(transports.socket + transports.raw);
  });

  it('with the default rate limits: the 429s are in the catalogue’s shape too', { timeout: 300_000 }, async () => {
    const report = await runFuzz({ runs: Math.max(1, Math.round(RUNS / 10)), seed: SEED, limits: 'default', databases });
    expectClean(report);
    expect(report.rateLimited).toBeGreaterThan(0);
  });
});

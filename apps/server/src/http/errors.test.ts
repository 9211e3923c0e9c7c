import { ErrorBodySchema } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { buildTestApp } from '../test/harness.ts';

/** Sends `raw` bytes to the listening app and reads everything it answers until it closes. */
function sendRaw(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(raw));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseAnswer(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: ErrorBodySchema.parse(JSON.parse(body)) };
}

describe("what Node's HTTP parser refuses is answered in the API's error shape", () => {
  let database: Database;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    app = await buildTestApp(database);
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("headers over Node's 16 KB: 431 HEADERS_TOO_LARGE", async () => {
    const answer = await sendRaw(port, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`);
    const { status, head, body } = parseAnswer(answer);
    expect(status).toBe(431);
    expect(body.error.code).toBe('HEADERS_TOO_LARGE');
    expect(body.error.message).toContain('cookies');
    expect(head).toContain('content-type: application/json');
    expect(head).toContain('x-content-type-options: nosniff');
  });

  it('bytes that are not HTTP: 400 VALIDATION_FAILED', async () => {
    const { status, body } = parseAnswer(await sendRaw(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'The request is not valid HTTP.' });
  });

  it('an HTTP/1.1 request without Host: 400 VALIDATION_FAILED naming it, not Node\'s empty 400 (found by the fuzzer)', async () => {
    const { status, head, body } = parseAnswer(await sendRaw(port, 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n'));
    expect(status).toBe(400);
    expect(head).toContain('content-type: application/json');
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'Host' }] });
    // HTTP/1.0 needs none
    expect(await sendRaw(port, 'GET /api/health HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('an Expect other than 100-continue: 400 VALIDATION_FAILED naming it, not Node\'s empty 417 (found by the fuzzer)', async () => {
    const { status, head, body } = parseAnswer(await sendRaw(port, 'POST /api/scan/text HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 999-nonsense\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}'));
    expect(status).toBe(400);
    expect(head).toContain('content-type: application/json');
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'Expect' }] });
  });

  it('CONNECT: 405 METHOD_NOT_ALLOWED, where the connection was closed without an answer (found by the fuzzer)', async () => {
    const { status, head, body } = parseAnswer(await sendRaw(port, 'CONNECT /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    expect(status).toBe(405);
    expect(head).toContain('content-type: application/json');
    expect(body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('and the server goes on answering', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});

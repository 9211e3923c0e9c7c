import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, securityHeadersPlugin } from './security-headers.ts';
import { staticPlugin } from './static.ts';

/** The policy's directives, each name with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('content security policy', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);

  it("runs scripts only from our origin, and lets WebAssembly compile without allowing eval ('wasm-unsafe-eval', never 'unsafe-eval')", () => {
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    for (const [name, sources] of csp) {
      expect(sources, name).not.toContain("'unsafe-eval'");
      if (name !== 'style-src') expect(sources, name).not.toContain("'unsafe-inline'");
    }
  });

  it('starts workers only from our origin, never from blob: or data: (the text reader is started from /ocr/worker.min.js)', () => {
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    for (const name of ['script-src', 'worker-src', 'default-src', 'connect-src']) {
      expect(csp.get(name)!.some((source) => /^(blob|data):/.test(source)), name).toBe(false);
    }
  });

  it('lets scripts fetch only from our origin (the text reader fetches its language data there)', () => {
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });
});

describe('the text reader files under the policy', () => {
  const WASM = Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]);
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'bc-ocr-dist-'));
    mkdirSync(join(dist, 'ocr'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Baitcheck</title>');
    writeFileSync(join(dist, 'ocr', 'worker.min.js'), 'importScripts("/ocr/tesseract-core-lstm.js");');
    writeFileSync(join(dist, 'ocr', 'tesseract-core-lstm.wasm'), WASM);
    writeFileSync(join(dist, 'ocr', 'tesseract-core-lstm.wasm.br'), brotliCompressSync(WASM));
    app = Fastify({ logger: false });
    await app.register(securityHeadersPlugin);
    await app.register(staticPlugin, { webDistDir: dist });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the worker script with the policy that then governs the worker', async () => {
    const res = await app.inject({ method: 'GET', url: '/ocr/worker.min.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('sends the WebAssembly as application/wasm (compiled while it downloads), compressed when the browser accepts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/ocr/tesseract-core-lstm.wasm', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload)).toEqual(WASM);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

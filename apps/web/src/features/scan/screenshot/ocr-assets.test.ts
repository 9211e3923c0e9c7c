import { existsSync, statSync } from 'node:fs';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import type { Connect, ViteDevServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { listOcrFiles, OCR_CORES, ocrAssets } from '../../../../vite-plugins/ocr-assets';
import { ocrWorkerOptions, pickCore } from './ocr-engine';

describe('the text reader files (vite-plugins/ocr-assets)', () => {
  const files = listOcrFiles();

  it('holds every file the reader asks for, from node_modules', () => {
    const cores = new Set([pickCore(() => true), pickCore((bytes) => bytes.length < 34), pickCore(() => false)]);
    expect([...cores].sort()).toEqual([...OCR_CORES].sort());
    const base = 'https://app.example/ocr/';
    for (const core of cores) {
      const options = ocrWorkerOptions(base, core);
      const asked = [options.workerPath, options.corePath, `${options.langPath}/eng.traineddata.gz`, `${base}${core}.wasm`];
      for (const url of asked) expect(files.has(url.slice(base.length)), url).toBe(true);
    }
    for (const [name, path] of files) expect(existsSync(path), name).toBe(true);
  });

  it("ships the English LSTM model (4.0.0_best_int, under 4 MB), not the legacy engine's 11 MB set", () => {
    const data = files.get('eng.traineddata.gz')!;
    expect(data).toMatch(/4\.0\.0_best_int[\\/]eng\.traineddata\.gz$/);
    expect(statSync(data).size).toBeLessThan(4 * 1024 * 1024);
    // gzip, which the reader unpacks itself (gzip: true)
    expect(gunzipSync(readFileSync(data)).length).toBeGreaterThan(statSync(data).size);
  });

  it('serves them under /ocr/ in vite dev, and nothing else from there', async () => {
    let handler: Connect.NextHandleFunction | null = null;
    let mount = '';
    const server = { middlewares: { use: (path: string, fn: Connect.NextHandleFunction) => ((mount = path), (handler = fn)) } } as unknown as ViteDevServer;
    const plugin = ocrAssets();
    (plugin.configureServer as (server: ViteDevServer) => void)(server);
    expect(mount).toBe('/ocr');

    const request = (url: string) =>
      new Promise<{ headers: Record<string, string>; body: Buffer } | 'next'>((resolve) => {
        const chunks: Buffer[] = [];
        const headers: Record<string, string> = {};
        const res = Object.assign(
          new Writable({
            write(chunk, _encoding, done) {
              chunks.push(chunk as Buffer);
              done();
            },
          }),
          { setHeader: (name: string, value: string) => (headers[name] = value) },
        );
        res.on('finish', () => resolve({ headers, body: Buffer.concat(chunks) }));
        handler!({ url } as Connect.IncomingMessage, res as never, () => resolve('next'));
      });

    const wasm = await request('/tesseract-core-simd-lstm.wasm');
    expect(wasm).not.toBe('next');
    if (wasm === 'next') return;
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.body.subarray(0, 4)).toEqual(Buffer.from([0, 97, 115, 109]));
    expect(await request('/../../package.json')).toBe('next');
    expect(await request('/index.html')).toBe('next');
  });
});

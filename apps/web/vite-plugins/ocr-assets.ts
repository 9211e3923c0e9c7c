import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Connect, Plugin } from 'vite';

/** The folder of the build (and of the dev server) the on-device text reader is served from. */
export const OCR_DIR = 'ocr';

/**
 * The English model: `4.0.0_best_int` (2.9 MB gzipped), tessdata_best's LSTM network made
 * integer, the one tesseract.js itself picks for its LSTM engine. The `4.0.0` set (10.9 MB) adds
 * the legacy engine's data, which the LSTM engine (the better one on screen text) never reads.
 */
export const OCR_LANGUAGE_DATA = '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz';

/** Tesseract's LSTM-only cores; the browser asks for one of them (see the reader's `pickCore`). */
export const OCR_CORES = ['tesseract-core-lstm', 'tesseract-core-simd-lstm', 'tesseract-core-relaxedsimd-lstm'] as const;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.gz': 'application/gzip',
};

/**
 * Every file of the reader, by its name in `ocr/`, with where it comes from in node_modules: the
 * worker script, each core's loader and its WebAssembly (the loader fetches the .wasm from beside
 * the worker script), and the language data. Nothing of it is fetched from anywhere else.
 */
export function listOcrFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const tesseract = dirname(require.resolve('tesseract.js/package.json'));
  // the core tesseract.js itself depends on, wherever npm put it
  const core = dirname(createRequire(join(tesseract, 'package.json')).resolve('tesseract.js-core/package.json'));
  const files = new Map<string, string>([['worker.min.js', join(tesseract, 'dist/worker.min.js')]]);
  for (const name of OCR_CORES) {
    files.set(`${name}.js`, join(core, `${name}.js`));
    files.set(`${name}.wasm`, join(core, `${name}.wasm`));
  }
  files.set('eng.traineddata.gz', require.resolve(OCR_LANGUAGE_DATA));
  return files;
}

function contentType(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream';
}

/**
 * Serves the on-device text reader (tesseract.js: worker, WebAssembly core, English data) from our
 * own origin under `/ocr/`, copied from node_modules into the build and served by `vite dev`, so
 * reading a screenshot never fetches anything from a CDN. The WebAssembly gets a `.br` and a `.gz`
 * beside it (the precompress plugin does the JavaScript); the language data is gzip already.
 */
export function ocrAssets(): Plugin {
  let outDir = '';
  return {
    name: 'baitcheck-ocr-assets',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const files = listOcrFiles();
      const serve: Connect.NextHandleFunction = (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]!.replace(/^\//, '');
        const path = files.get(name);
        if (!path) return next();
        res.setHeader('content-type', contentType(name));
        res.setHeader('cache-control', 'no-cache');
        createReadStream(path).pipe(res);
      };
      server.middlewares.use(`/${OCR_DIR}`, serve);
    },
    generateBundle() {
      for (const [name, path] of listOcrFiles()) {
        this.emitFile({ type: 'asset', fileName: `${OCR_DIR}/${name}`, source: readFileSync(path) });
      }
    },
    async writeBundle() {
      const compressBrotli = promisify(brotliCompress);
      const compressGzip = promisify(gzip);
      const wasm = [...listOcrFiles().keys()].filter((name) => name.endsWith('.wasm'));
      // quality 9: within 12% of 11's size at a sixth of its time (18 s a core at 11)
      await Promise.all(
        wasm.map(async (name) => {
          const path = join(outDir, OCR_DIR, name);
          const raw = readFileSync(path);
          const [br, gz] = await Promise.all([
            compressBrotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            compressGzip(raw, { level: 9 }),
          ]);
          writeFileSync(`${path}.br`, br);
          writeFileSync(`${path}.gz`, gz);
        }),
      );
    },
  };
}

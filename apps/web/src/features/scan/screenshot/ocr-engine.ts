import type { LoggerMessage, WorkerOptions } from 'tesseract.js';
import { toOcrProgress, type OcrProgress } from './ocr-text';

/**
 * Where the text reader is served from: our own origin (the build copies it there, see
 * vite-plugins/ocr-assets.ts), never a CDN. Absolute, as the worker resolves paths against itself.
 */
export function ocrBaseUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}ocr/`, window.location.href).href;
}

// The smallest modules using a SIMD and a relaxed-SIMD instruction (wasm-feature-detect's probes,
// the ones tesseract.js decides by when it picks a core itself).
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11];
const RELAXED_SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 15, 1, 13, 0, 65, 1, 253, 15, 65, 2, 253, 15, 253, 128, 2, 11];

/**
 * The fastest LSTM-only core this browser runs (relaxed SIMD, SIMD, or plain). Picked here rather
 * than by tesseract.js so the core's WebAssembly comes as a .wasm file (compiled while it
 * downloads, 1 MB compressed) instead of inside a script as base64 (1.4 MB).
 */
export function pickCore(validate: (bytes: Uint8Array) => boolean = (bytes) => WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>)): string {
  if (validate(new Uint8Array(RELAXED_SIMD_PROBE))) return 'tesseract-core-relaxedsimd-lstm';
  if (validate(new Uint8Array(SIMD_PROBE))) return 'tesseract-core-simd-lstm';
  return 'tesseract-core-lstm';
}

/**
 * tesseract.js's options: every file from `base` (same origin), the worker started from its own
 * URL (no blob:, which the CSP does not allow), and no copy of the language data in IndexedDB
 * (the browser's HTTP cache keeps it, and a new version can never be shadowed by an old copy).
 */
export function ocrWorkerOptions(base: string, core: string): Pick<WorkerOptions, 'workerPath' | 'corePath' | 'langPath' | 'gzip' | 'workerBlobURL' | 'cacheMethod'> {
  return {
    workerPath: `${base}worker.min.js`,
    corePath: `${base}${core}.js`,
    langPath: base.replace(/\/$/, ''),
    gzip: true,
    workerBlobURL: false,
    cacheMethod: 'none',
  };
}

/** Thrown when the reading was cancelled: nothing to tell the person. */
export function abortError(): DOMException {
  return new DOMException('The reading was cancelled.', 'AbortError');
}

/** Whether `error` is a cancellation (ours, or an AbortSignal's). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Why the reader failed, for the person's sentence: it never started, or it failed while reading. */
export class OcrError extends Error {
  constructor(
    readonly during: 'start' | 'reading',
    options?: { cause?: unknown },
  ) {
    super(during === 'start' ? 'The text reader could not start.' : 'The text reader failed.', options);
    this.name = 'OcrError';
  }
}

/**
 * The English text in `image` (a PNG), read on this device by tesseract.js in a Web Worker that
 * is ended when the reading ends or `signal` aborts (which rejects at once with an AbortError).
 */
export async function recognizeText(
  image: Blob,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: OcrProgress) => void },
): Promise<{ text: string; confidence: number }> {
  if (signal.aborted) throw abortError();
  const loaded = await import('tesseract.js');
  // a CommonJS module: its exports are the default export, or the namespace, by bundler
  const tesseract: typeof loaded.default = loaded.default ?? loaded;
  if (signal.aborted) throw abortError();

  let failed: ((error: unknown) => void) | null = null;
  const failure = new Promise<never>((_resolve, reject) => {
    failed = reject;
  });
  // tesseract.js reports some failures (language data not found) only to this handler
  const errorHandler = (error: unknown) => failed?.(error);
  const logger = (message: LoggerMessage) => {
    const progress = toOcrProgress(message);
    if (progress && !signal.aborted) onProgress(progress);
  };

  const starting = tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, { ...ocrWorkerOptions(ocrBaseUrl(), pickCore()), logger, errorHandler });
  let worker: Awaited<typeof starting> | null = null;
  const cancelled = new Promise<never>((_resolve, reject) => {
    const stop = () => {
      reject(abortError());
      // a worker still starting is ended once it has started
      void starting.then((w) => w.terminate()).catch(() => undefined);
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
  cancelled.catch(() => undefined);
  failure.catch(() => undefined);

  try {
    try {
      worker = await Promise.race([starting, failure, cancelled]);
    } catch (cause) {
      if (isAbortError(cause)) throw cause;
      void starting.then((w) => w.terminate()).catch(() => undefined);
      throw new OcrError('start', { cause });
    }
    try {
      const { data } = await Promise.race([worker.recognize(image), failure, cancelled]);
      return { text: data.text ?? '', confidence: data.confidence ?? 0 };
    } catch (cause) {
      if (isAbortError(cause)) throw cause;
      throw new OcrError('reading', { cause });
    }
  } finally {
    if (worker) void worker.terminate();
  }
}

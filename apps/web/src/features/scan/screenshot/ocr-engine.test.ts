import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OcrError, ocrWorkerOptions, pickCore, recognizeText } from './ocr-engine';
import type { OcrProgress } from './ocr-text';

// tesseract.js at its boundary: createWorker's arguments, and a worker the test drives
const tesseract = vi.hoisted(() => {
  type Options = { logger: (message: { status: string; progress: number }) => void; errorHandler: (error: unknown) => void } & Record<string, unknown>;
  const state = {
    calls: [] as Array<{ lang: string; oem: number; options: Options }>,
    start: null as null | { resolve: (worker: unknown) => void; reject: (error: unknown) => void },
    worker: { recognize: vi.fn(), terminate: vi.fn(async () => undefined) },
    startAtOnce: true,
  };
  const createWorker = vi.fn(
    (lang: string, oem: number, options: Options) =>
      new Promise((resolve, reject) => {
        state.calls.push({ lang, oem, options });
        state.start = { resolve, reject };
        if (state.startAtOnce) resolve(state.worker);
      }),
  );
  return { state, module: { default: { OEM: { LSTM_ONLY: 1 }, createWorker } } };
});
vi.mock('tesseract.js', () => tesseract.module);

const png = new Blob(['png'], { type: 'image/png' });

beforeEach(() => {
  tesseract.state.calls = [];
  tesseract.state.startAtOnce = true;
  tesseract.state.worker.recognize.mockReset();
  tesseract.state.worker.terminate.mockClear();
});

describe('pickCore', () => {
  it('picks the fastest LSTM core the browser can run', () => {
    expect(pickCore(() => true)).toBe('tesseract-core-relaxedsimd-lstm');
    // the relaxed-SIMD probe is the longer one
    expect(pickCore((bytes) => bytes.length < 34)).toBe('tesseract-core-simd-lstm');
    expect(pickCore(() => false)).toBe('tesseract-core-lstm');
  });
});

describe('ocrWorkerOptions', () => {
  it('takes every file from the one base, starts the worker from its URL and keeps no copy in IndexedDB', () => {
    expect(ocrWorkerOptions('https://app.example/ocr/', 'tesseract-core-simd-lstm')).toEqual({
      workerPath: 'https://app.example/ocr/worker.min.js',
      corePath: 'https://app.example/ocr/tesseract-core-simd-lstm.js',
      langPath: 'https://app.example/ocr',
      gzip: true,
      workerBlobURL: false,
      cacheMethod: 'none',
    });
  });
});

describe('recognizeText', () => {
  it('reads with English LSTM from our own origin, tells the progress, and ends the worker', async () => {
    tesseract.state.worker.recognize.mockImplementation(async () => {
      tesseract.state.calls[0]!.options.logger({ status: 'recognizing text', progress: 0.5 });
      return { data: { text: 'Pay now', confidence: 91 } };
    });
    const progress: OcrProgress[] = [];
    const result = await recognizeText(png, { signal: new AbortController().signal, onProgress: (p) => progress.push(p) });

    expect(result).toEqual({ text: 'Pay now', confidence: 91 });
    const [{ lang, oem, options }] = tesseract.state.calls as [(typeof tesseract.state.calls)[number]];
    expect([lang, oem]).toEqual(['eng', 1]);
    const origin = window.location.origin;
    for (const key of ['workerPath', 'corePath', 'langPath']) expect(String(options[key]).startsWith(`${origin}/ocr`), key).toBe(true);
    expect(options).toMatchObject({ workerBlobURL: false, gzip: true, cacheMethod: 'none' });
    expect(tesseract.state.worker.recognize).toHaveBeenCalledWith(png);
    expect(progress).toEqual([{ stage: 'reading', done: 0.7 }]);
    expect(tesseract.state.worker.terminate).toHaveBeenCalled();
  });

  it('stops at once when cancelled while the reader starts, and ends the worker once it has started', async () => {
    tesseract.state.startAtOnce = false;
    const controller = new AbortController();
    const reading = recognizeText(png, { signal: controller.signal, onProgress: () => undefined });
    await vi.waitFor(() => expect(tesseract.state.calls).toHaveLength(1));
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(tesseract.state.worker.terminate).not.toHaveBeenCalled();
    tesseract.state.start!.resolve(tesseract.state.worker);
    await vi.waitFor(() => expect(tesseract.state.worker.terminate).toHaveBeenCalled());
  });

  it('ends the worker when cancelled while reading', async () => {
    const controller = new AbortController();
    tesseract.state.worker.recognize.mockImplementation(() => new Promise(() => undefined));
    const reading = recognizeText(png, { signal: controller.signal, onProgress: () => undefined });
    await vi.waitFor(() => expect(tesseract.state.worker.recognize).toHaveBeenCalled());
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(tesseract.state.worker.terminate).toHaveBeenCalled();
  });

  it('fails as "could not start" when the reader reports a failure while starting (its language data not found)', async () => {
    tesseract.state.startAtOnce = false;
    const reading = recognizeText(png, { signal: new AbortController().signal, onProgress: () => undefined });
    await vi.waitFor(() => expect(tesseract.state.calls).toHaveLength(1));
    tesseract.state.calls[0]!.options.errorHandler('Network error while fetching /ocr/eng.traineddata.gz. Response code: 404');
    await expect(reading).rejects.toEqual(new OcrError('start'));
    await expect(reading).rejects.toMatchObject({ during: 'start' });
  });

  it('fails as "failed while reading" when recognition fails, and ends the worker', async () => {
    tesseract.state.worker.recognize.mockRejectedValue('RuntimeError: memory access out of bounds');
    const reading = recognizeText(png, { signal: new AbortController().signal, onProgress: () => undefined });
    await expect(reading).rejects.toMatchObject({ name: 'OcrError', during: 'reading' });
    expect(tesseract.state.worker.terminate).toHaveBeenCalled();
  });
});

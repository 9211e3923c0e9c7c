import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blankPixels, qrPixels, readQrFixture } from './fixtures/qr-pixels';
import type { Pixels } from './image-pixels';
import { abortError, OcrError } from './ocr-engine';
import { readScreenshot } from './read-screenshot';
import { ScreenshotReadError } from './screenshot-file';

// the browser's decoding and the text reader at their boundaries; jsQR runs for real
const boundary = vi.hoisted(() => ({
  pixels: null as Pixels | null,
  closed: 0,
  recognize: vi.fn(),
}));
vi.mock('./image-pixels', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./image-pixels')>()),
  decodeImage: vi.fn(async () => ({ width: 1170, height: 2532, close: () => (boundary.closed += 1) })),
  drawWithin: vi.fn(() => ({ canvas: {}, pixels: () => boundary.pixels })),
  canvasToPng: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
}));
vi.mock('./ocr-engine', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./ocr-engine')>()),
  recognizeText: boundary.recognize,
}));

const picture = new File(['…'], 'shot.png', { type: 'image/png' });
const options = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

beforeEach(() => {
  boundary.pixels = blankPixels(200, 300);
  boundary.closed = 0;
  boundary.recognize.mockReset();
});

describe('readScreenshot', () => {
  it("gives a QR code's link, without starting the text reader", async () => {
    boundary.pixels = qrPixels(readQrFixture('qr-link.txt'));
    await expect(readScreenshot(picture, options())).resolves.toEqual({ kind: 'qr-link', link: 'http://paypa1-secure-login.com/verify-account' });
    await expect(readScreenshot(picture, options())).resolves.toMatchObject({ kind: 'qr-link' });
    expect(boundary.recognize).not.toHaveBeenCalled();
    expect(boundary.closed).toBeGreaterThan(0);
  });

  it("gives a QR code's text as text", async () => {
    boundary.pixels = qrPixels(readQrFixture('qr-text.txt'));
    await expect(readScreenshot(picture, options())).resolves.toEqual({ kind: 'qr-text', text: expect.stringMatching(/^Your parcel is waiting\./) });
  });

  it('reads the text when there is no QR code, tidied, telling the progress from the start', async () => {
    boundary.recognize.mockResolvedValue({ text: '9:41  \n\nUSPS: Your package is on hold\n\n\n~\n', confidence: 88 });
    const read = options();
    await expect(readScreenshot(picture, read)).resolves.toEqual({ kind: 'text', text: '9:41\n\nUSPS: Your package is on hold' });
    expect(read.onProgress).toHaveBeenCalledWith({ stage: 'preparing', done: 0 });
    expect(boundary.recognize).toHaveBeenCalledWith(expect.any(Blob), expect.objectContaining({ signal: read.signal }));
  });

  it('says there is no text when the reader finds only marks', async () => {
    boundary.recognize.mockResolvedValue({ text: ' ~ \n Oé\n', confidence: 12 });
    await expect(readScreenshot(picture, options())).rejects.toEqual(new ScreenshotReadError('no-text'));
  });

  it('says the reader could not be loaded, or failed while reading, and passes a cancellation on', async () => {
    boundary.recognize.mockRejectedValueOnce(new OcrError('start'));
    await expect(readScreenshot(picture, options())).rejects.toMatchObject({ problem: 'reader-unavailable' });
    boundary.recognize.mockRejectedValueOnce(new OcrError('reading'));
    await expect(readScreenshot(picture, options())).rejects.toMatchObject({ problem: 'ocr-failed' });
    boundary.recognize.mockRejectedValueOnce(abortError());
    await expect(readScreenshot(picture, options())).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a file that is not a picture, or too large, before decoding it', async () => {
    await expect(readScreenshot(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }), options())).rejects.toMatchObject({ problem: 'not-image' });
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 16 * 1024 * 1024 });
    await expect(readScreenshot(huge, options())).rejects.toMatchObject({ problem: 'too-large' });
    expect(boundary.closed).toBe(0);
  });
});

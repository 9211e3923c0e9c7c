import { canvasToPng, decodeImage, drawWithin, OCR_LIMITS, QR_LIMITS } from './image-pixels';
import { abortError, isAbortError, OcrError, recognizeText } from './ocr-engine';
import { cleanRecognizedText, hasReadableText, type OcrProgress } from './ocr-text';
import { classifyQrText, findQrCode } from './qr-code';
import { checkImageFile, ScreenshotReadError } from './screenshot-file';

/** What a picture held: a QR code's link or text, or the text read from it. */
export type ScreenshotReading = { kind: 'qr-link'; link: string } | { kind: 'qr-text'; text: string } | { kind: 'text'; text: string };

export interface ReadOptions {
  signal: AbortSignal;
  /** Called once text recognition starts (no QR code was found), then as it goes. */
  onProgress: (progress: OcrProgress) => void;
}

/**
 * Reads a picture on this device: a QR code first (jsQR on its pixels), else its text (tesseract.js).
 * Rejects with a `ScreenshotReadError` saying why it could not, or an AbortError when `signal`
 * aborts. Nothing of the picture leaves the device: the reader's own files are fetched from our
 * origin, the picture never.
 */
export async function readScreenshot(file: File, { signal, onProgress }: ReadOptions): Promise<ScreenshotReading> {
  const problem = checkImageFile(file);
  if (problem) throw new ScreenshotReadError(problem);
  const image = await decodeImage(file);
  try {
    if (signal.aborted) throw abortError();
    const qr = findQrCode(drawWithin(image, QR_LIMITS).pixels());
    if (qr !== null) {
      const content = classifyQrText(qr);
      return content.kind === 'link' ? { kind: 'qr-link', link: content.link } : { kind: 'qr-text', text: content.text };
    }
    if (signal.aborted) throw abortError();
    onProgress({ stage: 'preparing', done: 0 });
    const png = await canvasToPng(drawWithin(image, OCR_LIMITS).canvas);
    // the decoded picture (up to 48 MB) is not kept while the reader works; closing twice is harmless
    image.close();
    let recognized: { text: string };
    try {
      recognized = await recognizeText(png, { signal, onProgress });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ScreenshotReadError(error instanceof OcrError && error.during === 'start' ? 'reader-unavailable' : 'ocr-failed', { cause: error });
    }
    const text = cleanRecognizedText(recognized.text);
    if (!hasReadableText(text)) throw new ScreenshotReadError('no-text');
    return { kind: 'text', text };
  } finally {
    image.close();
  }
}

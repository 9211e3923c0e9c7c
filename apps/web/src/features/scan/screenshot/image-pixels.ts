import { ScreenshotReadError } from './screenshot-file';

/** An image's RGBA pixels, as canvas ImageData holds them. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface SizeLimits {
  /** The most pixels: canvases and memory are limited on phones (Safari: 16.7 million). */
  maxPixels: number;
  /** The longest side allowed. */
  maxSide: number;
  /** A picture whose longest side is under this is drawn twice as large (small text reads better). */
  enlargeBelow?: number;
}

/** Text recognition: a tall scrolled screenshot (1290 × 8000) keeps its size; larger ones shrink. */
export const OCR_LIMITS: SizeLimits = { maxPixels: 12_000_000, maxSide: 8192, enlargeBelow: 1000 };
/** QR codes: a code in a screenshot is large, and jsQR's time grows with the pixels. */
export const QR_LIMITS: SizeLimits = { maxPixels: 4_000_000, maxSide: 4096 };

/** The size to draw a `width` × `height` picture at within `limits`, in whole pixels, keeping its shape. */
export function fitWithin(width: number, height: number, limits: SizeLimits): { width: number; height: number } {
  const longest = Math.max(width, height);
  let scale = Math.min(1, Math.sqrt(limits.maxPixels / (width * height)), limits.maxSide / longest);
  if (scale === 1 && limits.enlargeBelow && longest < limits.enlargeBelow) {
    scale = Math.min(2, Math.sqrt(limits.maxPixels / (width * height)));
  }
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/** The picture in `file`, decoded by the browser (turned upright as its camera data says). */
export async function decodeImage(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (cause) {
    throw new ScreenshotReadError('unreadable', { cause });
  }
}

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): AnyCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** A picture drawn at its size within `limits`: its canvas, and its pixels when asked for. */
export function drawWithin(image: ImageBitmap, limits: SizeLimits): { canvas: AnyCanvas; pixels: () => Pixels } {
  const { width, height } = fitWithin(image.width, image.height, limits);
  const canvas = makeCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  // a canvas larger than the browser allows has no context
  if (!context) throw new ScreenshotReadError('unreadable');
  // see-through parts would read as black: a screenshot's are page background
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  return { canvas, pixels: () => context.getImageData(0, 0, width, height) };
}

/** A canvas as a PNG file (lossless: the text recogniser reads the edges of letters). */
export async function canvasToPng(canvas: AnyCanvas): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/png' });
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new ScreenshotReadError('unreadable'))), 'image/png');
  });
}

import { describe, expect, it } from 'vitest';
import { fitWithin, OCR_LIMITS, QR_LIMITS } from './image-pixels';

describe('fitWithin', () => {
  it("keeps a phone's screenshot as it is", () => {
    expect(fitWithin(1170, 2532, OCR_LIMITS)).toEqual({ width: 1170, height: 2532 });
    expect(fitWithin(1290, 8000, OCR_LIMITS)).toEqual({ width: 1290, height: 8000 });
  });

  it('shrinks a very large picture to the pixel limit, keeping its shape', () => {
    const { width, height } = fitWithin(8000, 6000, OCR_LIMITS);
    expect(width * height).toBeLessThanOrEqual(OCR_LIMITS.maxPixels);
    expect(width * height).toBeGreaterThan(OCR_LIMITS.maxPixels * 0.99);
    expect(width / height).toBeCloseTo(8000 / 6000, 2);
  });

  it('shrinks a very long picture to the side limit', () => {
    expect(fitWithin(1000, 20000, OCR_LIMITS)).toEqual({ width: 409, height: 8192 });
  });

  it('draws a small crop twice as large for the text reader, but not for the QR code', () => {
    expect(fitWithin(600, 200, OCR_LIMITS)).toEqual({ width: 1200, height: 400 });
    expect(fitWithin(600, 200, QR_LIMITS)).toEqual({ width: 600, height: 200 });
    expect(fitWithin(999, 999, { maxPixels: 1_500_000, maxSide: 4000, enlargeBelow: 1000 }).width).toBe(1224);
  });

  it('never gives a side of zero', () => {
    expect(fitWithin(1, 100_000, QR_LIMITS)).toEqual({ width: 1, height: 4096 });
  });
});

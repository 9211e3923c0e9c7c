import { describe, expect, it } from 'vitest';
import { checkImageFile, fileFromTransfer, SCREENSHOT_MAX_BYTES, SCREENSHOT_PROBLEMS } from './screenshot-file';

describe('checkImageFile', () => {
  it('takes pictures up to 15 MB, and files without a type', () => {
    expect(checkImageFile({ type: 'image/png', size: 2_000_000 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: SCREENSHOT_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ type: '', size: 10 })).toBeNull();
  });

  it('refuses what is not a picture, an SVG, an empty file and a picture over 15 MB', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('not-image');
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toBe('not-image');
    expect(checkImageFile({ type: 'image/png', size: 0 })).toBe('unreadable');
    expect(checkImageFile({ type: 'image/png', size: SCREENSHOT_MAX_BYTES + 1 })).toBe('too-large');
  });

  it('says each problem in a sentence, the one for no text as the product says it', () => {
    expect(SCREENSHOT_PROBLEMS['no-text']).toBe("We couldn't find any text in this picture. Type or paste the message instead.");
    for (const sentence of Object.values(SCREENSHOT_PROBLEMS)) expect(sentence).toMatch(/^[A-Z].*\.$/);
  });
});

describe('fileFromTransfer', () => {
  const png = new File(['x'], 'shot.png', { type: 'image/png' });
  const text = new File(['x'], 'notes.txt', { type: 'text/plain' });
  const transfer = (files: File[], plain = '') => ({ files, getData: (type: string) => (type === 'text/plain' ? plain : '') }) as unknown as DataTransfer;

  it('takes the picture of a paste that holds only a picture', () => {
    expect(fileFromTransfer(transfer([text, png]), 'paste')).toBe(png);
    expect(fileFromTransfer(transfer([text]), 'paste')).toBeNull();
  });

  it('leaves a paste with text to the text (a word processor adds a picture of it)', () => {
    expect(fileFromTransfer(transfer([png], 'Your parcel'), 'paste')).toBeNull();
  });

  it('takes the first file dropped, whatever it is (it is checked next)', () => {
    expect(fileFromTransfer(transfer([text, png]), 'drop')).toBe(text);
    expect(fileFromTransfer(transfer([]), 'drop')).toBeNull();
    expect(fileFromTransfer(null, 'drop')).toBeNull();
  });
});

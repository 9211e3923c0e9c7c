/** The largest picture read (15 MB): a phone's screenshot is a few MB, a photo rarely over 10. */
export const SCREENSHOT_MAX_BYTES = 15 * 1024 * 1024;

/** Why a picture could not be read, each with its sentence in `SCREENSHOT_PROBLEMS`. */
export type ScreenshotProblem = 'not-image' | 'too-large' | 'unreadable' | 'reader-unavailable' | 'ocr-failed' | 'no-text';

/** What each problem says: what happened and what the person can do instead. */
export const SCREENSHOT_PROBLEMS: Record<ScreenshotProblem, string> = {
  'not-image': 'This file is not a picture. Choose a screenshot or a photo (PNG, JPEG, WebP or GIF).',
  'too-large': 'This picture is too large to read (over 15 MB). Take a screenshot of just the message, or crop the picture, and try again.',
  unreadable: 'This picture could not be opened. It may be damaged, or in a format this browser cannot show. Try a PNG or JPEG screenshot.',
  'reader-unavailable':
    'The text reader could not be loaded. Check your internet connection and try again, or type or paste the message instead.',
  'ocr-failed': 'Something went wrong while reading this picture. Try again, or type or paste the message instead.',
  'no-text': "We couldn't find any text in this picture. Type or paste the message instead.",
};

/** A reading that failed for a reason the person is told (see `SCREENSHOT_PROBLEMS`). */
export class ScreenshotReadError extends Error {
  constructor(
    readonly problem: ScreenshotProblem,
    options?: { cause?: unknown },
  ) {
    super(SCREENSHOT_PROBLEMS[problem], options);
    this.name = 'ScreenshotReadError';
  }
}

/**
 * Why `file` cannot be read as a picture, before any of it is read, or null when it may be.
 * A file without a type (some phones' pickers give none) is tried: decoding it tells.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): ScreenshotProblem | null {
  if (file.type !== '' && !file.type.startsWith('image/')) return 'not-image';
  // a vector drawing holds no pixels of a screenshot, and its text is not what a person saw
  if (file.type === 'image/svg+xml') return 'not-image';
  if (file.size > SCREENSHOT_MAX_BYTES) return 'too-large';
  if (file.size === 0) return 'unreadable';
  return null;
}

/**
 * The file a paste or a drop carries, or null when it carries none: a paste with text is the
 * text's (copying from a word processor puts a picture of the text beside it), so only a paste
 * of a picture alone counts.
 */
export function fileFromTransfer(transfer: DataTransfer | null, kind: 'paste' | 'drop'): File | null {
  if (!transfer) return null;
  if (kind === 'paste' && transfer.getData('text/plain').trim() !== '') return null;
  const files = [...transfer.files];
  if (kind === 'paste') return files.find((file) => file.type.startsWith('image/')) ?? null;
  return files[0] ?? null;
}

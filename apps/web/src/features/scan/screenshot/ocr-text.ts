/** Where a reading is: getting the reader ready (download, start), or reading the text. */
export interface OcrProgress {
  stage: 'preparing' | 'reading';
  /** The whole reading's share done, from 0 to 1. */
  done: number;
}

// Tesseract's steps (its logger's `status`), and the part of the whole each one takes.
const STEPS: Record<string, { stage: OcrProgress['stage']; from: number; to: number }> = {
  'loading tesseract core': { stage: 'preparing', from: 0, to: 0.15 },
  'initializing tesseract': { stage: 'preparing', from: 0.15, to: 0.2 },
  'loading language traineddata': { stage: 'preparing', from: 0.2, to: 0.35 },
  'initializing api': { stage: 'preparing', from: 0.35, to: 0.4 },
  'recognizing text': { stage: 'reading', from: 0.4, to: 1 },
};

/** The progress of a whole reading from one of tesseract's logger messages, or null for another kind. */
export function toOcrProgress(message: { status: string; progress: number }): OcrProgress | null {
  const step = STEPS[message.status];
  if (!step) return null;
  const part = Math.min(1, Math.max(0, Number.isFinite(message.progress) ? message.progress : 0));
  return { stage: step.stage, done: step.from + (step.to - step.from) * part };
}

const LINK_START = /^(?:https?:\/\/|www\.)/i;
/** Where a message bubble breaks a long link: after one of these, the next line goes on with it. */
const LINK_BREAK = /[-/?=&_~%#]$/;
const LINK_PART = /^[\p{Ll}\d][^\s]*[./?=&-]/u;

/**
 * Whether line `next` goes on with the link that ends line `line` (a bubble wraps a long link):
 * the link ends in a character links break after, or it fills its line, or it ends in a full stop,
 * and the next line starts with what reads as the rest of an address.
 */
function continuesLink(line: string, next: string): boolean {
  const last = line.slice(line.lastIndexOf(' ') + 1);
  if (!LINK_START.test(last)) return false;
  if (LINK_BREAK.test(last)) return true;
  const first = next.slice(0, next.includes(' ') ? next.indexOf(' ') : undefined);
  return (last === line || last.endsWith('.')) && LINK_PART.test(first);
}

/**
 * Recognised text tidied for the message box: spaces evened out, lines of only symbols (status
 * bar icons, dividers read as dashes) dropped, at most one blank line between paragraphs, and a
 * link a bubble wrapped onto two lines joined again (so it is checked as one address).
 */
export function cleanRecognizedText(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .map((line) => (/[\p{L}\p{N}]/u.test(line) ? line : ''));
  const kept: string[] = [];
  for (const line of lines) {
    const previous = kept[kept.length - 1];
    if (line === '' && (previous === undefined || previous === '')) continue;
    if (line !== '' && previous && continuesLink(previous, line)) {
      kept[kept.length - 1] = previous + line;
      continue;
    }
    kept.push(line);
  }
  while (kept[kept.length - 1] === '') kept.pop();
  return kept.join('\n');
}

/**
 * Whether recognised text holds words rather than the few stray marks a photo with no text gives:
 * a word of three letters or more, or two of two.
 */
export function hasReadableText(text: string): boolean {
  const words = text.match(/\p{L}{2,}/gu) ?? [];
  return words.some((word) => word.length >= 3) || words.length >= 2;
}

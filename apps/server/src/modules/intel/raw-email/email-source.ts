/** The size guard and the header block of an email source, shared by parsing and authentication. */
import { AppError } from '../../../lib/app-error.ts';

/** The largest email source read (UTF-8 bytes): a phishing email with its attachments fits well under it. */
export const MAX_RAW_EMAIL_BYTES = 5 * 1024 * 1024;

/** Throws `PAYLOAD_TOO_LARGE` when the source is over {@link MAX_RAW_EMAIL_BYTES}. */
export function requireRawEmailSize(source: string): void {
  if (source.length > MAX_RAW_EMAIL_BYTES || Buffer.byteLength(source, 'utf8') > MAX_RAW_EMAIL_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The email is too large to check: paste an email source of at most 5 MB.');
  }
}

/** One header field: its name in lower case and its value unfolded (line breaks of folding removed). */
export interface HeaderField {
  name: string;
  value: string;
}

/** Where the header block ends: the index of the empty line's break, or the source's length. */
export function headerBlockEnd(source: string): number {
  const m = /\r?\n\r?\n/.exec(source);
  return m === null ? source.length : m.index;
}

/** The header fields of an email source, top-most first (lines that are not fields are skipped). */
export function headerFieldsOf(source: string): HeaderField[] {
  const block = source.slice(0, headerBlockEnd(source));
  const fields: HeaderField[] = [];
  let current: HeaderField | null = null;
  for (const line of block.split(/\r?\n/)) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && current !== null) {
      current.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    current = colon > 0 ? { name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() } : null;
    if (current !== null) fields.push(current);
  }
  return fields;
}

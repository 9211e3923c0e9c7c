/**
 * Parsers for the public phishing threat-feed formats the intel importer reads: plain lists of URLs
 * or host names (OpenPhish, phishunt), PhishTank's CSV and JSON dumps, and URLhaus's CSV dump.
 * Pure: no I/O and no clock, so the importer owns fetching, size limits on the download and storage.
 */

/** The feed formats {@link parseFeed} reads. */
export type FeedFormat = 'plain' | 'phishtank-csv' | 'phishtank-json' | 'urlhaus-csv';

/** One listed phishing URL or host. */
export interface FeedEntry {
  /** The full URL as listed, normalised (scheme lower-cased, host lower-cased, no trailing dot on the host), or null when the feed listed a bare hostname. */
  url: string | null;
  /** Lower-cased hostname (IDN as punycode via the WHATWG URL parser), no port, no trailing dot. */
  host: string;
}

/** The readable entries of a feed and an account of what was not readable. */
export interface ParsedFeed {
  /** The format the feed was read as (the requested one, or the detected one). */
  format: FeedFormat;
  /** Distinct entries in first-seen order. */
  entries: FeedEntry[];
  /** Lines/records skipped as unreadable, including records past the entry limit. */
  skipped: number;
  /**
   * The first skipped lines/records (at most 20), each with its 1-based line number, or for
   * PhishTank JSON the 1-based position of the element in the array.
   */
  skippedExamples: { line: number; reason: string }[];
}

/** Thrown when a structured feed (JSON or CSV with a header) cannot be read at all. */
export class FeedFormatError extends Error {
  readonly code = 'FEED_FORMAT_INVALID';
  override readonly name = 'FeedFormatError';
}

const MAX_ENTRIES = 2_000_000;
const MAX_URL_LENGTH = 4096;
const MAX_HOST_LENGTH = 253;
const MAX_SKIPPED_EXAMPLES = 20;
// RFC 4180 lets a quoted field span lines, but a feed record is a few hundred characters: past this
// an opening quote counts as unterminated, so one stray quote cannot swallow the rest of the file.
const MAX_CSV_RECORD_LENGTH = 64 * 1024;
// Detection looks at the head of the feed only; a feed that opens with more comment lines than
// this is read as a plain list.
const DETECT_MAX_LINES = 1000;

/**
 * Guesses the format from the content (JSON array/object with url fields → phishtank-json; CSV
 * header with phish_id,url,... → phishtank-csv; URLhaus CSV: comment lines starting with '#', then
 * rows like "id","dateadded","url","url_status",...  → urlhaus-csv; anything else → plain).
 * Reads only the head of the text.
 */
export function detectFeedFormat(text: string): FeedFormat {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // A plain list cannot open with "[{", "[]" or '{"', so this needs no JSON parse of a huge file.
  if (/^\s*(?:\[\s*[{\]]|\{\s*")/.test(text.slice(start, start + 4096))) return 'phishtank-json';

  let seen = 0;
  for (const { text: raw } of iterateLines(text, start)) {
    if (++seen > DETECT_MAX_LINES) break;
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      // URLhaus puts its column header in a comment: "# id,dateadded,url,url_status,...".
      if (/\bdateadded\b/i.test(line) && /\burl\b/i.test(line)) return 'urlhaus-csv';
      continue;
    }
    const fields = readCsvRecord(line, { pos: 0, line: 1 });
    if (Array.isArray(fields)) {
      const names = fields.map((f) => f.trim().toLowerCase());
      if (names.includes('phish_id') && names.includes('url')) return 'phishtank-csv';
      if (line.startsWith('"') && fields.length >= 4 && /^[a-z][a-z0-9+.-]*:\/\//i.test(fields[2] ?? '')) {
        return 'urlhaus-csv';
      }
    }
    return 'plain';
  }
  return 'plain';
}

/**
 * Parses a feed; `format` defaults to detectFeedFormat(text). Never throws on bad content:
 * unreadable rows are counted in `skipped`. Throws a FeedFormatError only when an explicitly
 * requested or detected structured format cannot be read at all (e.g. invalid JSON, a PhishTank CSV
 * without a `url` column, or empty PhishTank input, which is more likely a failed download than an
 * empty feed). Entries are de-duplicated (same url, or same host for bare hosts), in first-seen
 * order. At most 2,000,000 entries are kept; later records are counted as skipped.
 *
 * @param limits - Lowers the entry limit (for tests and cautious callers); it is never raised.
 */
export function parseFeed(text: string, format?: FeedFormat, limits: { maxEntries?: number } = {}): ParsedFeed {
  const chosen = format ?? detectFeedFormat(text);
  const collector = new FeedCollector(Math.min(limits.maxEntries ?? MAX_ENTRIES, MAX_ENTRIES));
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  switch (chosen) {
    case 'plain':
      parsePlain(text, start, collector);
      break;
    case 'phishtank-csv':
      parsePhishtankCsv(text, start, collector);
      break;
    case 'phishtank-json':
      parsePhishtankJson(text, start, collector);
      break;
    case 'urlhaus-csv':
      parseUrlhausCsv(text, start, collector);
      break;
    default:
      // Reachable only from untyped callers.
      throw new FeedFormatError(`Unknown feed format: ${String(chosen satisfies never)}.`);
  }
  return collector.toParsedFeed(chosen);
}

function parsePlain(text: string, start: number, out: FeedCollector): void {
  for (const { text: raw, line } of iterateLines(text, start)) {
    const value = raw.trim();
    if (value === '' || value.startsWith('#') || value.startsWith('//')) continue;
    out.add(line, value, true);
  }
}

function parsePhishtankCsv(text: string, start: number, out: FeedCollector): void {
  const cursor: CsvCursor = { pos: start, line: 1 };
  let urlColumn = -1;
  while (cursor.pos < text.length) {
    const line = cursor.line;
    const record = readCsvRecord(text, cursor);
    if (isBlankRecord(record)) continue;
    if (urlColumn < 0) {
      // Without the header the columns are unknown, so nothing in the file can be trusted.
      if (!Array.isArray(record)) throw new FeedFormatError(`The PhishTank CSV header is unreadable: ${record.error}.`);
      urlColumn = record.findIndex((name) => name.trim().toLowerCase() === 'url');
      if (urlColumn < 0) throw new FeedFormatError('The PhishTank CSV header has no "url" column.');
      continue;
    }
    if (!Array.isArray(record)) out.skip(line, record.error);
    else if (record.length <= urlColumn) out.skip(line, 'no url field');
    else out.add(line, record[urlColumn] ?? '', false);
  }
  if (urlColumn < 0) throw new FeedFormatError('The PhishTank CSV is empty: it has no header line.');
}

function parseUrlhausCsv(text: string, start: number, out: FeedCollector): void {
  const cursor: CsvCursor = { pos: start, line: 1 };
  while (cursor.pos < text.length) {
    const line = cursor.line;
    if (text[cursor.pos] === '#') {
      skipToNextLine(text, cursor);
      continue;
    }
    const record = readCsvRecord(text, cursor);
    if (isBlankRecord(record)) continue;
    if (!Array.isArray(record)) {
      out.skip(line, record.error);
      continue;
    }
    // Some URLhaus exports carry an uncommented header row.
    if (record[0]?.trim() === 'id' && record[2]?.trim() === 'url') continue;
    if (record.length < 3) out.skip(line, 'no url field');
    else out.add(line, record[2] ?? '', false);
  }
}

function parsePhishtankJson(text: string, start: number, out: FeedCollector): void {
  const body = start > 0 ? text.slice(start) : text;
  // JSON.parse holds the whole tree at once; PhishTank publishes nothing streamable, and the
  // importer bounds the download size.
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (err) {
    throw new FeedFormatError(`The PhishTank JSON is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!Array.isArray(data)) throw new FeedFormatError('The PhishTank JSON is not an array of records.');
  for (let i = 0; i < data.length; i++) {
    const record: unknown = data[i];
    const url = typeof record === 'object' && record !== null ? (record as { url?: unknown }).url : undefined;
    if (typeof url === 'string') out.add(i + 1, url, false);
    else out.skip(i + 1, 'no url field');
  }
}

/** Accumulates entries, de-duplicating them, and the skipped count with the first examples. */
class FeedCollector {
  readonly entries: FeedEntry[] = [];
  private readonly seen = new Set<string>();
  private readonly maxEntries: number;
  private skipped = 0;
  private readonly skippedExamples: { line: number; reason: string }[] = [];

  constructor(maxEntries: number) {
    this.maxEntries = maxEntries;
  }

  skip(line: number, reason: string): void {
    this.skipped++;
    if (this.skippedExamples.length < MAX_SKIPPED_EXAMPLES) this.skippedExamples.push({ line, reason });
  }

  add(line: number, value: string, fromPlainList: boolean): void {
    // Past the limit the rest is only counted, not parsed, so an oversized feed costs a scan.
    if (this.entries.length >= this.maxEntries) {
      this.skip(line, `over the limit of ${this.maxEntries} entries`);
      return;
    }
    const entry = readEntry(value, fromPlainList);
    if (typeof entry === 'string') {
      this.skip(line, entry);
      return;
    }
    // URLs always start with "http", so a bare host's key cannot collide with one.
    const key = entry.url ?? `host:${entry.host}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.entries.push(entry);
  }

  toParsedFeed(format: FeedFormat): ParsedFeed {
    return { format, entries: this.entries, skipped: this.skipped, skippedExamples: this.skippedExamples };
  }
}

// "scheme:" not followed by a digit, so "example.com:8080/x" is a host with a port, not a scheme.
// Dots are left out of schemes (RFC 3986 allows them) so "example.com:http" is not a scheme.
const SCHEME = /^([a-z][a-z0-9+-]*):(?!\d)/i;
// Without a scheme only an obvious domain (letter or punycode TLD) or a dotted-quad IPv4 address
// counts, so words and numbers in a junk line are not mistaken for hosts.
const SCHEMELESS_DOMAIN = /^(?:[\p{L}\p{M}\p{N}-]{1,63}\.)+(?:[\p{L}\p{M}]{2,63}|xn--[a-z0-9-]{1,59})\.?$/iu;
const SCHEMELESS_IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const HOST_LABEL = /^[a-z0-9_-]{1,63}$/;
const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const DOTTED_IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Reads one listed value into an entry, or returns why it was skipped. */
function readEntry(raw: string, fromPlainList: boolean): FeedEntry | string {
  let value = raw.trim();
  if (value === '') return 'empty';
  if (value.length > MAX_URL_LENGTH) return `longer than ${MAX_URL_LENGTH} characters`;
  if (fromPlainList) {
    value = refang(value);
    if (/\s/.test(value)) return 'contains whitespace';
  } else if (CONTROL_CHARACTER.test(value)) {
    // The URL parser would silently drop tabs and line breaks and turn a broken row into a host.
    return 'contains control characters';
  }

  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (scheme !== 'http' && scheme !== 'https') return `unsupported scheme "${scheme}"`;
    return readUrl(value);
  }

  const cut = value.search(/[/?#]/);
  const authority = cut < 0 ? value : value.slice(0, cut);
  const colon = authority.lastIndexOf(':');
  const hostPart = colon < 0 ? authority : authority.slice(0, colon);
  if (colon >= 0 && !/^\d{1,5}$/.test(authority.slice(colon + 1))) return 'not a URL or host name';
  if (!SCHEMELESS_DOMAIN.test(hostPart) && !SCHEMELESS_IPV4.test(hostPart)) return 'not a URL or host name';
  if (authority === value && colon < 0) {
    // A bare host: the URL parser still does the lower-casing and punycode.
    const parsed = readUrl(`http://${value}`);
    return typeof parsed === 'string' ? parsed : { url: null, host: parsed.host };
  }
  return readUrl(`http://${value}`);
}

function readUrl(value: string): { url: string; host: string } | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `unsupported scheme "${url.protocol.slice(0, -1)}"`;
  let host = url.hostname;
  if (host.endsWith('.')) {
    host = host.slice(0, -1);
    url.hostname = host;
  }
  const problem = checkHost(host);
  if (problem !== null) return problem;
  if (url.href.length > MAX_URL_LENGTH) return `longer than ${MAX_URL_LENGTH} characters`;
  return { url: url.href, host };
}

/** Returns why a parsed host name is not one a feed can list, or null when it is plausible. */
function checkHost(host: string): string | null {
  if (host === '') return 'no host';
  if (host.length > MAX_HOST_LENGTH) return `host longer than ${MAX_HOST_LENGTH} characters`;
  if (host.startsWith('[') || DOTTED_IPV4.test(host)) return null;
  const labels = host.split('.');
  const top = labels.at(-1) ?? '';
  // The WHATWG parser accepts single-label hosts and characters such as "!" or "*" that DNS names
  // cannot hold; a feed entry like that is junk, not a phishing site.
  if (labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label)) || !TOP_LEVEL_LABEL.test(top)) {
    return 'not a valid host name';
  }
  return null;
}

/** Undoes the defanging that feeds and analysts use to keep links from being clickable. */
function refang(value: string): string {
  return value
    .replace(/\[:\]/g, ':')
    .replace(/\[\.\]|\(\.\)|\[dot\]/gi, '.')
    .replace(/^hxxp(s?)(?=:)/i, 'http$1');
}

/** Yields each line after `start` with its 1-based number; line breaks are "\n" or "\r\n". */
function* iterateLines(text: string, start: number): Generator<{ text: string; line: number }> {
  let pos = start;
  let line = 1;
  // Walking with indexOf keeps one line alive at a time instead of an array of every line.
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    const lineEnd = end > pos && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    yield { text: text.slice(pos, lineEnd), line };
    pos = end + 1;
    line++;
  }
}

interface CsvCursor {
  /** Offset of the next record. */
  pos: number;
  /** 1-based line number at `pos`. */
  line: number;
}

function isBlankRecord(record: string[] | { error: string }): boolean {
  return Array.isArray(record) && record.length === 1 && record[0]?.trim() === '';
}

function skipToNextLine(text: string, cursor: CsvCursor): void {
  const end = text.indexOf('\n', cursor.pos);
  cursor.pos = end < 0 ? text.length : end + 1;
  cursor.line++;
}

/**
 * Reads one RFC 4180 record at the cursor and moves the cursor past its line break. Quoted fields
 * may hold commas, line breaks and doubled quotes. Lenient like most CSV readers: text after a
 * closing quote is kept, a quote inside an unquoted field is text. An unterminated quoted field
 * fails only its own line: the cursor moves to the next line, and reading resumes there.
 */
function readCsvRecord(text: string, cursor: CsvCursor): string[] | { error: string } {
  const recordStart = cursor.pos;
  const n = text.length;
  const fields: string[] = [];
  let i = recordStart;
  let extraLines = 0;
  for (;;) {
    let field: string;
    if (text.charCodeAt(i) === 34) {
      // Quoted field.
      field = '';
      let j = i + 1;
      for (;;) {
        const quote = text.indexOf('"', j);
        if (quote < 0 || quote - recordStart > MAX_CSV_RECORD_LENGTH) {
          cursor.pos = recordStart;
          skipToNextLine(text, cursor);
          return { error: 'unterminated quoted field' };
        }
        const chunk = text.slice(j, quote);
        extraLines += countLineFeeds(chunk);
        field += chunk;
        if (text.charCodeAt(quote + 1) === 34) {
          field += '"';
          j = quote + 2;
        } else {
          j = quote + 1;
          break;
        }
      }
      const end = findFieldEnd(text, j);
      field += stripCarriageReturn(text, j, end);
      i = end;
    } else {
      const end = findFieldEnd(text, i);
      field = stripCarriageReturn(text, i, end);
      i = end;
    }
    fields.push(field);
    if (i < n && text.charCodeAt(i) === 44) {
      i++;
      continue;
    }
    // End of the line or of the text.
    cursor.pos = i < n ? i + 1 : n;
    cursor.line += extraLines + 1;
    return fields;
  }
}

/** Index of the next "," or "\n" from `from`, or the text's length. */
function findFieldEnd(text: string, from: number): number {
  let k = from;
  while (k < text.length) {
    const c = text.charCodeAt(k);
    if (c === 44 || c === 10) break;
    k++;
  }
  return k;
}

/** The text in [from, end), without the "\r" of a "\r\n" line break at `end`. */
function stripCarriageReturn(text: string, from: number, end: number): string {
  const atLineEnd = end >= text.length || text.charCodeAt(end) === 10;
  return atLineEnd && end > from && text.charCodeAt(end - 1) === 13 ? text.slice(from, end - 1) : text.slice(from, end);
}

function countLineFeeds(chunk: string): number {
  let count = 0;
  for (let k = chunk.indexOf('\n'); k >= 0; k = chunk.indexOf('\n', k + 1)) count++;
  return count;
}

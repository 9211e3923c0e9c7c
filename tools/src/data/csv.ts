/**
 * A small RFC 4180 CSV parser: comma separated, fields optionally in double quotes, `""` is a quote
 * inside a quoted field, quoted fields may hold commas and line breaks, records end with `\n` or
 * `\r\n`. Lenient where the RFC is silent: a quote inside an unquoted field is kept as text, and a
 * final record without a line break is read.
 */

/** Thrown for input that is not CSV (an unterminated quoted field). */
export class CsvError extends Error {}

/** Parses CSV text into rows of fields. A trailing empty line yields no row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const n = text.length;
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0; // BOM
  i = start;
  let rowStartedAt = i;
  while (i < n) {
    const c = text[i];
    if (c === '"' && i === start) {
      // Quoted field.
      i++;
      let closed = false;
      while (i < n) {
        const j = text.indexOf('"', i);
        if (j < 0) break;
        field += text.slice(i, j);
        if (text[j + 1] === '"') {
          field += '"';
          i = j + 2;
        } else {
          i = j + 1;
          closed = true;
          break;
        }
      }
      if (!closed) throw new CsvError(`unterminated quoted field in the record starting at character ${rowStartedAt}`);
      // Anything between the closing quote and the next separator is kept (lenient).
      while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      continue;
    }
    if (c === ',') {
      row.push(field);
      field = '';
      start = ++i;
      continue;
    }
    if (c === '\n' || c === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      start = i;
      rowStartedAt = i;
      continue;
    }
    // Unquoted field: take everything up to the next separator or line break.
    let j = i;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d === 44 || d === 10 || d === 13) break; // , \n \r
      j++;
    }
    field += text.slice(i, j);
    i = j;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * Parses CSV with a header line into objects keyed by the header's names. A row with fewer fields
 * than the header gets `''` for the missing ones; extra fields are an error (the row is malformed).
 */
export function parseCsvObjects(text: string): Record<string, string>[] {
  const rows = parseCsv(text);
  const header = rows.shift();
  if (!header) return [];
  return rows.filter((r) => !(r.length === 1 && r[0] === '')).map((r, k) => {
    if (r.length > header.length) {
      throw new CsvError(`record ${k + 2} has ${r.length} fields, the header has ${header.length}`);
    }
    const o: Record<string, string> = {};
    header.forEach((h, j) => (o[h] = r[j] ?? ''));
    return o;
  });
}

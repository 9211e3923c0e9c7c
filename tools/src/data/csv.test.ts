import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, parseCsvObjects } from './csv.ts';

describe('parseCsv', () => {
  it.each([
    ['plain fields', 'a,b,c\n1,2,3\n', [['a', 'b', 'c'], ['1', '2', '3']]],
    ['no final line break', 'a,b\n1,2', [['a', 'b'], ['1', '2']]],
    ['CRLF line ends', 'a,b\r\n1,2\r\n', [['a', 'b'], ['1', '2']]],
    ['empty fields', ',a,,\n', [['', 'a', '', '']]],
    ['quoted comma', '"a,b",c\n', [['a,b', 'c']]],
    ['quoted line break', '"line 1\nline 2",x\n', [['line 1\nline 2', 'x']]],
    ['quoted CRLF kept as is', '"a\r\nb",x\r\n', [['a\r\nb', 'x']]],
    ['doubled quote', '"say ""hi""",x\n', [['say "hi"', 'x']]],
    ['empty quoted field', '"",x\n', [['', 'x']]],
    ['quote inside an unquoted field is text', 'a"b,c\n', [['a"b', 'c']]],
    ['byte order mark', '\uFEFFa,b\n', [['a', 'b']]],
    ['a URL with commas and a query', '"http://x.com/a,b?c=1&d=2",phishing\n', [['http://x.com/a,b?c=1&d=2', 'phishing']]],
    ['blank line in the middle', 'a\n\nb\n', [['a'], [''], ['b']]],
    ['empty input', '', []],
  ])('%s', (_name, input, rows) => {
    expect(parseCsv(input)).toEqual(rows);
  });

  it('throws on an unterminated quoted field', () => {
    expect(() => parseCsv('a,"b\nc\n')).toThrow(CsvError);
  });
});

describe('parseCsvObjects', () => {
  it('keys rows by the header, fills short rows, skips blank lines', () => {
    const text = 'label,url,form\nbenign,google.com,domain\n\nphishing,"http://a.b/c,d"\n';
    expect(parseCsvObjects(text)).toEqual([
      { label: 'benign', url: 'google.com', form: 'domain' },
      { label: 'phishing', url: 'http://a.b/c,d', form: '' },
    ]);
  });

  it('rejects a row with more fields than the header', () => {
    expect(() => parseCsvObjects('a,b\n1,2,3\n')).toThrow(CsvError);
  });

  it('returns nothing for an empty file', () => {
    expect(parseCsvObjects('')).toEqual([]);
  });
});

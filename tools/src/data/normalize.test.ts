import { describe, expect, it } from 'vitest';
import { maskEmails, normalizeMessage, normalizeUrl, refang, stripPlaceholders, textKey, urlForScan, urlHost, urlKey } from './normalize.ts';

describe('maskEmails', () => {
  it.each([
    ['write to jose@monkey.org today', 'write to [EMAIL] today'],
    ['A.B+tag@mail.example.co.uk.', '[EMAIL].'],
    ['two: a@b.com, c_d@e-f.org', 'two: [EMAIL], [EMAIL]'],
    ['already [EMAIL] stays', 'already [EMAIL] stays'],
    ['not an address: @handle, a@b, 5@3.2', 'not an address: @handle, a@b, 5@3.2'],
  ])('%s', (input, out) => {
    expect(maskEmails(input)).toBe(out);
  });

  it('stays fast on a long run without a match', () => {
    const s = `${'a'.repeat(200_000)}@${'b'.repeat(200_000)}`;
    expect(maskEmails(s)).toBe(s);
  });
});

describe('stripPlaceholders', () => {
  it.each([
    ['Dear [NAME],', 'Dear ,'],
    ['Hello [USER] your account', 'Hello your account'],
    ['[NAME]\nline two', 'line two'],
    ['keeps [EMAIL] and [link]', 'keeps [EMAIL] and [link]'],
    ['no brackets at all', 'no brackets at all'],
  ])('%s', (input, out) => {
    expect(stripPlaceholders(input)).toBe(out);
  });
});

describe('normalizeMessage', () => {
  it('masks addresses, strips placeholders, composes to NFC', () => {
    expect(normalizeMessage('Dear [NAME], reply to help@paypal-secure.com cafe\u0301')).toBe('Dear , reply to [EMAIL] café');
  });
});

describe('URLs', () => {
  it.each([
    ['hxxp://evil[.]com/login', 'http://evil.com/login'],
    ['hXXps://a(.)b[dot]c', 'https://a.b.c'],
    ['http://plain.com', 'http://plain.com'],
  ])('refang %s', (input, out) => {
    expect(refang(input)).toBe(out);
  });

  it.each([
    ['google.com', 'http://google.com'],
    ['www.example.com/path', 'http://www.example.com/path'],
    ['example.com:8080/x', 'http://example.com:8080/x'],
    ['https://example.com/', 'https://example.com/'],
    ['hxxps://evil[.]top/a', 'https://evil.top/a'],
  ])('urlForScan %s', (input, out) => {
    expect(urlForScan(input)).toBe(out);
  });

  it('masks addresses in the path and query but keeps the user@host trick', () => {
    expect(normalizeUrl('http://paypal.com@evil.top/x?email=victim@corp.com')).toBe('http://paypal.com@evil.top/x?email=[EMAIL]');
    expect(normalizeUrl('owa.example.com')).toBe('owa.example.com');
  });

  it.each([
    ['HTTPS://User@Www.Example.COM:8443/a?b', 'www.example.com'],
    ['example.com.', 'example.com'],
    ['hxxp://evil[.]top/path', 'evil.top'],
  ])('urlHost %s', (input, out) => {
    expect(urlHost(input)).toBe(out);
  });

  it('urlKey ignores scheme, www. and a trailing slash', () => {
    expect(urlKey('https://www.Example.com/')).toBe(urlKey('example.com'));
    expect(urlKey('http://example.com/a')).not.toBe(urlKey('example.com'));
  });
});

describe('textKey', () => {
  it('folds case, punctuation and whitespace', () => {
    expect(textKey('WIN a  £100 prize!!\nCall now.')).toBe(textKey('win a \uFFFD100 prize call NOW'));
  });
  it('differs for different words', () => {
    expect(textKey('see you at 5')).not.toBe(textKey('see you at 6'));
  });
});

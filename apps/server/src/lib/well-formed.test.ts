import { describe, expect, it } from 'vitest';
import { makeWellFormed, wellFormed } from './well-formed.ts';

describe('wellFormed', () => {
  it('replaces each lone surrogate with U+FFFD, one code unit for one, and keeps pairs', () => {
    expect(wellFormed('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(wellFormed('\u{1F600}')).toBe('\u{1F600}');
    // half a pair at either end
    expect(wellFormed('\u{1F600}'.slice(0, 1))).toBe('\ufffd');
    expect(wellFormed('x\u{1F600}'.slice(1, 2) + 'y')).toBe('\ufffdy');
  });
});

describe('makeWellFormed', () => {
  it('makes every string of a parsed body well-formed, keys included, in place', () => {
    const body = JSON.parse('{"content":"a\\ud800","list":["\\udc00",1,{"deep":"\\ud83d"}],"\\udfff":"k","ok":"\\ud83d\\ude00"}');
    expect(makeWellFormed(body)).toBe(body);
    expect(body).toEqual({ content: 'a\ufffd', list: ['\ufffd', 1, { deep: '\ufffd' }], '\ufffd': 'k', ok: '\u{1F600}' });
    expect(JSON.stringify(body)).not.toMatch(/\\ud[89a-f]/i);
  });

  it('takes a bare string, and leaves other values alone', () => {
    expect(makeWellFormed('\ud800')).toBe('\ufffd');
    expect(makeWellFormed(null)).toBeNull();
    expect(makeWellFormed(42)).toBe(42);
  });

  it('walks a value nested 100,000 levels deep without overflowing the stack', () => {
    let value: unknown = '\ud800';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(() => makeWellFormed(value)).not.toThrow();
    let inner = value;
    while (Array.isArray(inner)) inner = inner[0];
    expect(inner).toBe('\ufffd');
  });
});

import { describe, expect, it } from 'vitest';
import { HIDDEN_MARK, revealHidden } from './reveal-hidden';

describe('revealHidden', () => {
  it('shows each invisible direction control, so a disguised sender reads as typed', () => {
    expect(revealHidden('Bank\u202Egnp.exe')).toBe(`Bank${HIDDEN_MARK}gnp.exe`);
    expect(revealHidden('+1 555\u202E0100')).toBe(`+1 555${HIDDEN_MARK}0100`);
    expect(revealHidden('\u2067evil\u2069 \u200Fx\u061C')).toBe(`${HIDDEN_MARK}evil${HIDDEN_MARK} ${HIDDEN_MARK}x${HIDDEN_MARK}`);
  });

  it('shows the characters that take no room or look like nothing, so "paypal\u200B.com" is not read as paypal.com', () => {
    expect(revealHidden('paypal\u200B.com')).toBe(`paypal${HIDDEN_MARK}.com`);
    for (const hidden of ['\u2060', '\uFEFF', '\u00AD', '\u180E', '\u115F', '\u1160', '\u3164', '\uFFA0', '\u2062']) expect(revealHidden(`a${hidden}b`)).toBe(`a${HIDDEN_MARK}b`);
  });

  it('leaves ordinary text, other scripts and emoji as they are', () => {
    for (const text of ['PayPal <service@paypal.com>', 'بنك مصر', 'שלום', 'Mum 👩‍👧', 'می‌خواهم', '']) expect(revealHidden(text)).toBe(text);
  });
});

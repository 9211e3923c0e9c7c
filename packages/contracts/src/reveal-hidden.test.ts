import { describe, expect, it } from 'vitest';
import { HIDDEN_MARK, revealHidden } from './reveal-hidden';

describe('revealHidden', () => {
  it('shows each invisible direction control, so a disguised sender reads as typed', () => {
    expect(revealHidden('Bank\u202Egnp.exe')).toBe(`Bank${HIDDEN_MARK}gnp.exe`);
    expect(revealHidden('+1 555\u202E0100')).toBe(`+1 555${HIDDEN_MARK}0100`);
    expect(revealHidden('\u2067evil\u2069 \u200Fx\u061C')).toBe(`${HIDDEN_MARK}evil${HIDDEN_MARK} ${HIDDEN_MARK}x${HIDDEN_MARK}`);
  });

  it('leaves ordinary text, other scripts and emoji as they are', () => {
    for (const text of ['PayPal <service@paypal.com>', 'بنك مصر', 'שלום', 'Mum 👩‍👧', '']) expect(revealHidden(text)).toBe(text);
  });
});

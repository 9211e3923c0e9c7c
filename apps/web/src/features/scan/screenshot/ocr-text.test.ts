import { describe, expect, it } from 'vitest';
import { cleanRecognizedText, hasReadableText, toOcrProgress } from './ocr-text';

describe('toOcrProgress', () => {
  it("turns tesseract's steps into one rising share of the whole reading", () => {
    const steps = [
      { status: 'loading tesseract core', progress: 0 },
      { status: 'loading tesseract core', progress: 1 },
      { status: 'initializing tesseract', progress: 1 },
      { status: 'loading language traineddata', progress: 0.5 },
      { status: 'initializing api', progress: 1 },
      { status: 'recognizing text', progress: 0.5 },
      { status: 'recognizing text', progress: 1 },
    ];
    const done = steps.map((step) => toOcrProgress(step)!.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done[0]).toBe(0);
    expect(done.at(-1)).toBe(1);
    expect(toOcrProgress({ status: 'initializing api', progress: 0.2 })!.stage).toBe('preparing');
    expect(toOcrProgress({ status: 'recognizing text', progress: 0.5 })).toEqual({ stage: 'reading', done: 0.7 });
  });

  it('ignores steps it does not know, and keeps odd numbers within 0 and 1', () => {
    expect(toOcrProgress({ status: 'something new', progress: 0.5 })).toBeNull();
    expect(toOcrProgress({ status: 'recognizing text', progress: 7 })!.done).toBe(1);
    expect(toOcrProgress({ status: 'recognizing text', progress: Number.NaN })!.done).toBe(0.4);
  });
});

describe('cleanRecognizedText', () => {
  it('evens spaces, drops lines of only symbols and keeps one blank line between paragraphs', () => {
    const raw = '  9:41   ull  \n> @ ~\n\n\n\nUSPS: Your package\u00a0is on hold\r\n\r\n—\n\nPay now: https://usps.example/pay  \n\n\n';
    expect(cleanRecognizedText(raw)).toBe('9:41 ull\n\nUSPS: Your package is on hold\n\nPay now: https://usps.example/pay');
  });

  it('joins a link a message bubble wrapped onto the next line', () => {
    expect(cleanRecognizedText('Pay now: https://usps-redelivery-\nfee.com/pay today')).toBe('Pay now: https://usps-redelivery-fee.com/pay today');
    expect(cleanRecognizedText('https://usps.example/\npay?id=7')).toBe('https://usps.example/pay?id=7');
    // a link alone on its line, cut in the middle of a word
    expect(cleanRecognizedText('https://usps-redeliv\nery-fee.com/pay')).toBe('https://usps-redelivery-fee.com/pay');
    expect(cleanRecognizedText('Visit www.usps-fees.\ncom/pay')).toBe('Visit www.usps-fees.com/pay');
  });

  it('leaves lines apart when the next one is a new sentence or a new paragraph', () => {
    expect(cleanRecognizedText('Pay at https://usps.example/pay.\nThanks, USPS')).toBe('Pay at https://usps.example/pay.\nThanks, USPS');
    expect(cleanRecognizedText('https://usps.example/pay\nreply STOP to end')).toBe('https://usps.example/pay\nreply STOP to end');
    expect(cleanRecognizedText('https://usps.example/\n\nfee.com/pay')).toBe('https://usps.example/\n\nfee.com/pay');
    expect(cleanRecognizedText('Call 555-\n0100')).toBe('Call 555-\n0100');
  });

  it('gives an empty string for nothing but marks', () => {
    expect(cleanRecognizedText('\n ~ \n -- \n')).toBe('');
  });
});

describe('hasReadableText', () => {
  it('wants a word of three letters, or two words', () => {
    expect(hasReadableText('Pay now')).toBe(true);
    expect(hasReadableText('fee')).toBe(true);
    expect(hasReadableText('Oé ;')).toBe(false);
    expect(hasReadableText('Oé ab')).toBe(true);
    expect(hasReadableText('')).toBe(false);
    expect(hasReadableText('1 2 3 ~')).toBe(false);
  });
});

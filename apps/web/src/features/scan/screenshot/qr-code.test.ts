import { describe, expect, it } from 'vitest';
import { blankPixels, paintQr, qrPixels, readQrFixture } from './fixtures/qr-pixels';
import { classifyQrText, findQrCode } from './qr-code';

const LINK = 'http://paypa1-secure-login.com/verify-account';
const TEXT = 'Your parcel is waiting. Pay the 1.99 GBP redelivery fee today or it will be returned.';

describe('findQrCode (jsQR on real pixels)', () => {
  it('reads a QR code alone', () => {
    expect(findQrCode(qrPixels(readQrFixture('qr-link.txt')))).toBe(LINK);
    expect(findQrCode(qrPixels(readQrFixture('qr-text.txt')))).toBe(TEXT);
  });

  it('reads a QR code in a corner of a larger screenshot with other marks on it', () => {
    const screen = blankPixels(1170, 1600, 246);
    // lines of "text" above the code, as a message around it would be
    for (let line = 0; line < 12; line++) {
      for (let x = 60; x < 1100; x += 23) {
        for (let dy = 0; dy < 20; dy++) {
          for (let dx = 0; dx < 14; dx++) {
            const i = ((80 + line * 48 + dy) * 1170 + x + dx) * 4;
            screen.data[i] = screen.data[i + 1] = screen.data[i + 2] = 40;
          }
        }
      }
    }
    const rows = readQrFixture('qr-link.txt');
    // the quiet zone, then the code, at the lower right
    const module = 9;
    const left = 1170 - (rows.length + 8) * module - 30;
    const top = 1600 - (rows.length + 8) * module - 30;
    paintQr(screen, rows.map((row) => row.replace(/#/g, '.')), { left, top, module });
    for (let y = top; y < top + (rows.length + 8) * module; y++) {
      for (let x = left; x < left + (rows.length + 8) * module; x++) {
        const i = (y * 1170 + x) * 4;
        screen.data[i] = screen.data[i + 1] = screen.data[i + 2] = 255;
      }
    }
    paintQr(screen, rows, { left: left + 4 * module, top: top + 4 * module, module });
    expect(findQrCode(screen)).toBe(LINK);
  });

  it('reads a light code on a dark background (a dark-mode screenshot)', () => {
    const rows = readQrFixture('qr-link.txt');
    const module = 6;
    const size = (rows.length + 8) * module;
    const dark = paintQr(blankPixels(size, size, 20), rows, { left: 4 * module, top: 4 * module, module, ink: 235 });
    expect(findQrCode(dark)).toBe(LINK);
  });

  it('finds nothing in a picture without a code', () => {
    const page = blankPixels(600, 400);
    paintQr(page, ['#.#.#.#.', '.#.#.#.#'], { left: 100, top: 100, module: 20 });
    expect(findQrCode(page)).toBeNull();
    expect(findQrCode(blankPixels(300, 300, 0))).toBeNull();
  });
});

describe('classifyQrText', () => {
  it('takes one address as a link to check as a website', () => {
    expect(classifyQrText(` ${LINK}\n`)).toEqual({ kind: 'link', link: LINK });
    expect(classifyQrText('HTTPS://EXAMPLE.COM/PAY')).toEqual({ kind: 'link', link: 'HTTPS://EXAMPLE.COM/PAY' });
    // printed codes often hold a bare address
    expect(classifyQrText('parking-pay.top/lot7')).toEqual({ kind: 'link', link: 'https://parking-pay.top/lot7' });
  });

  it('takes anything else as text, to scan whole as a message', () => {
    expect(classifyQrText(TEXT)).toEqual({ kind: 'text', text: TEXT });
    expect(classifyQrText(`Pay here: ${LINK}`)).toEqual({ kind: 'text', text: `Pay here: ${LINK}` });
    expect(classifyQrText('WIFI:S:Cafe;T:WPA;P:secret;;')).toEqual({ kind: 'text', text: 'WIFI:S:Cafe;T:WPA;P:secret;;' });
    expect(classifyQrText('mailto:help@example.com')).toEqual({ kind: 'text', text: 'mailto:help@example.com' });
    expect(classifyQrText('javascript:alert(1)')).toEqual({ kind: 'text', text: 'javascript:alert(1)' });
  });
});

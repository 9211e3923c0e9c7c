import jsQR from 'jsqr';
import { toScanUrl } from '../extract-link';
import type { Pixels } from './image-pixels';

/** What a QR code holds: a link to check as a website, or text to check as a message. */
export type QrContent = { kind: 'link'; link: string } | { kind: 'text'; text: string };

/** The text of the QR code in `pixels` (dark on light, or light on dark), or null when there is none. */
export function findQrCode(pixels: Pixels): string | null {
  const code = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' });
  return code && code.data.trim() !== '' ? code.data : null;
}

/**
 * A QR code that is one address (`https://…`, or a bare `example.com/pay` as printed codes
 * hold) is a link; anything else (a sentence with a link in it, Wi-Fi or contact details) is
 * text, scanned whole as a message, which also checks any link in it.
 */
export function classifyQrText(raw: string): QrContent {
  const text = raw.trim();
  if (!/\s/.test(text)) {
    const link = toScanUrl(text);
    if (link) return { kind: 'link', link };
  }
  return { kind: 'text', text };
}

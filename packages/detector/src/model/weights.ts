/**
 * Quantised weights: a model's weights are int8 with one scale (`w = q * scale`), stored as a
 * base64 string in the generated module and decoded once, when the engine loads.
 */

/** One hashed linear model as stored in the generated module. */
export interface StoredLinearModel {
  /** Hash buckets: `2^bits` weights. */
  readonly bits: number;
  readonly bias: number;
  /** Multiply an int8 weight by this to get the weight. */
  readonly scale: number;
  /** `2^bits` int8 weights, base64 ('' when the model is absent). */
  readonly weights: string;
}

/** A decoded linear model: int8 weights and their scale. */
export interface LinearModel {
  readonly bits: number;
  readonly bias: number;
  readonly scale: number;
  readonly q: Int8Array;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/** Standard base64 (with or without `=` padding) to bytes. Throws on a foreign character. */
export function decodeBase64(s: string): Uint8Array {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 61) end--;
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let acc = 0;
  let bitsHeld = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? (DECODE[c] as number) : -1;
    if (v < 0) throw new Error(`invalid base64 at ${i}`);
    acc = (acc << 6) | v;
    bitsHeld += 6;
    if (bitsHeld >= 8) {
      bitsHeld -= 8;
      out[o++] = (acc >> bitsHeld) & 0xff;
    }
  }
  return out;
}

/** Bytes to standard base64 with padding (used by training; here so the round trip is tested in one place). */
export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const left = bytes.length - i;
  if (left === 1) {
    const n = (bytes[i] as number) << 16;
    out += `${ALPHABET[(n >> 18) & 63]!}${ALPHABET[(n >> 12) & 63]!}==`;
  } else if (left === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    out += `${ALPHABET[(n >> 18) & 63]!}${ALPHABET[(n >> 12) & 63]!}${ALPHABET[(n >> 6) & 63]!}=`;
  }
  return out;
}

/** Quantises float weights to int8 with one scale (max |w| maps to 127). */
export function quantize(w: ArrayLike<number>): { scale: number; q: Int8Array } {
  let max = 0;
  for (let i = 0; i < w.length; i++) max = Math.max(max, Math.abs(w[i] as number));
  const scale = max > 0 ? max / 127 : 1;
  const q = new Int8Array(w.length);
  for (let i = 0; i < w.length; i++) q[i] = Math.max(-127, Math.min(127, Math.round((w[i] as number) / scale)));
  return { scale, q };
}

/**
 * Decodes a stored model. A model whose weights are missing or of the wrong size decodes as
 * absent (null): the engine then scores with rules alone rather than with garbage.
 */
export function decodeModel(stored: StoredLinearModel | undefined, expectedBits: number): LinearModel | null {
  if (stored === undefined || stored.weights === '' || stored.bits !== expectedBits) return null;
  try {
    const bytes = decodeBase64(stored.weights);
    if (bytes.length !== 2 ** stored.bits) return null;
    return { bits: stored.bits, bias: stored.bias, scale: stored.scale, q: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
  } catch {
    return null;
  }
}

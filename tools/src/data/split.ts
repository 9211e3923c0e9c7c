/**
 * The fixed dev split. A record's side depends only on its split key, never on the set it came
 * from or the order of loading, so the same message in two sets (UCI and Mendeley share most of
 * theirs) always falls on the same side and nothing leaks from train into dev.
 *
 * - Text (sms, email): `textKey(text)`: normalised, lower-cased, letters and digits only.
 * - URLs: the lower-cased host without `www.`: every URL on one host falls on one side, so a model
 *   cannot pass dev by remembering hosts it saw in training (Phishing.Database has hundreds of URLs
 *   on single hosts, ISCX's benign rows are deep paths on ~300 crawled sites).
 *
 * Side: FNV-1a 32-bit of `<channel>|<key>` (UTF-8 bytes); dev when `hash % 100 < DEV_PERCENT`.
 */
import { textKey, urlHost } from './normalize.ts';
import type { DataRecord, Split } from './types.ts';

/** Share of each set that goes to dev, in percent. Changing it changes every split: don't. */
export const DEV_PERCENT = 20;

/** FNV-1a 32-bit hash of a string's UTF-8 bytes, as an unsigned integer. */
export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  const bytes = new TextEncoder().encode(s);
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The key a record is split by (see the module comment). */
export function splitKey(rec: Pick<DataRecord, 'channel' | 'text' | 'url'>): string {
  if (rec.channel === 'url') return urlHost(rec.url ?? rec.text).replace(/^www\./, '');
  return textKey(rec.text);
}

/** `'dev'` for about {@link DEV_PERCENT}% of keys, `'train'` for the rest; deterministic. */
export function splitOf(rec: Pick<DataRecord, 'channel' | 'text' | 'url'>): Split {
  return fnv1a32(`${rec.channel}|${splitKey(rec)}`) % 100 < DEV_PERCENT ? 'dev' : 'train';
}

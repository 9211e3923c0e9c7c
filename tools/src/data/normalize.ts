/**
 * Text normalisation for training and evaluation. The normaliser itself (`normalizeMessage`,
 * `normalizeUrl`, `refang`, `maskEmails`, `stripPlaceholders`) lives in the engine
 * (`packages/detector/src/normalize.ts`) so that training and inference see identical text; this
 * module re-exports it and adds the keys the data layer dedupes and splits by.
 */

import { refang, normalizeMessage } from '@baitcheck/detector';

export { maskEmails, stripPlaceholders, normalizeMessage, normalizeUrl, refang } from '@baitcheck/detector';

/** A URL as the engine scans it: refanged, `http://` added when there is no scheme. */
export function urlForScan(url: string): string {
  const u = refang(url);
  return /^[a-z][a-z0-9+.-]*:/i.test(u) && !/^[^:/]+:\d/.test(u) ? u : `http://${u}`;
}

/**
 * The key two items are compared by (dedupe, split): lower-cased, letters and digits only, runs of
 * anything else folded to one space. Folding punctuation makes the UCI and Mendeley copies of a
 * message match even where Mendeley lost `£` or an emoji as U+FFFD.
 */
export function textKey(text: string): string {
  return normalizeMessage(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Lower-cased host of a URL or bare hostname (no port, no userinfo, no trailing dot), or the whole
 * lower-cased string when no host can be read.
 */
export function urlHost(url: string): string {
  const u = refang(url).toLowerCase();
  const noScheme = u.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  let authority = noScheme.split(/[/?#\\]/, 1)[0] ?? '';
  const at = authority.lastIndexOf('@');
  if (at >= 0) authority = authority.slice(at + 1);
  const host = authority.replace(/:\d*$/, '').replace(/\.+$/, '');
  return host || u;
}

/** The key URL rows are deduped by: refanged, lower-cased, scheme and `www.` and a trailing `/` dropped. */
export function urlKey(url: string): string {
  return refang(url)
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}

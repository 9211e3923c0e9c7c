/**
 * Text normalisation shared by training, evaluation and (later) inference. Dependency-free and
 * pure so that it can move into `packages/detector` unchanged: no Node built-ins, no I/O.
 *
 * `../shared/data/README.md`: the Nazario phishing corpus had its collector's address and name
 * replaced by `[EMAIL]`, `[USER]`, `[NAME]`, which appear only in phishing rows. So every email
 * address becomes `[EMAIL]` in every set (and at inference), and `[NAME]`/`[USER]` are removed,
 * or a model learns the placeholder.
 */

/** Bounded quantifiers keep this linear on hostile input (no nested unbounded repetition). */
const EMAIL_ADDRESS = /[A-Za-z0-9._%+'-]{1,64}@(?:[A-Za-z0-9-]{1,63}\.){1,8}[A-Za-z]{2,24}(?![A-Za-z0-9-])/g;
const NAME_PLACEHOLDER = /\[(?:NAME|USER)\]/g;

/** Replaces every email address with `[EMAIL]`. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[EMAIL]');
}

/** Removes `[NAME]` and `[USER]` placeholders, folding the double spaces they leave. */
export function stripPlaceholders(text: string): string {
  if (!text.includes('[')) return text;
  return text
    .replace(NAME_PLACEHOLDER, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n[ \t]+/g, '\n')
    .trim();
}

/** The message normaliser: NFC, emails → `[EMAIL]`, `[NAME]`/`[USER]` stripped. Apply at inference too. */
export function normalizeMessage(text: string): string {
  return stripPlaceholders(maskEmails(text.normalize('NFC')));
}

/** Undoes defanging: `hxxp(s)` → `http(s)`, `[.]`/`(.)`/`[dot]` → `.`, `[:]` → `:`. */
export function refang(url: string): string {
  return url
    .trim()
    .replace(/hxxp/gi, 'http')
    .replace(/\[\.\]|\(\.\)|\[dot\]/gi, '.')
    .replace(/\[:\]/g, ':')
    .replace(/\[\/\]/g, '/');
}

/**
 * Normalises a URL row: refanged, and email addresses after the host (phishing kits put the
 * victim's address in the path or query) masked. The authority is kept as is, so the
 * `user@host` trick stays visible.
 */
export function normalizeUrl(url: string): string {
  const u = refang(url.normalize('NFC'));
  const schemeEnd = /^[a-z][a-z0-9+.-]*:\/\//i.exec(u)?.[0].length ?? 0;
  const rest = u.slice(schemeEnd);
  const cut = rest.search(/[/?#]/);
  if (cut < 0) return u;
  return u.slice(0, schemeEnd) + rest.slice(0, cut) + maskEmails(rest.slice(cut));
}

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

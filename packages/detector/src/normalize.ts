/**
 * Text normalisation shared by training, evaluation and inference, so that the models see the
 * same text in all three (`tools/src/data` imports it from here). Pure, no I/O, linear-time.
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
 * Normalises a URL: refanged, and email addresses after the host (phishing kits put the victim's
 * address in the path or query) masked. The authority is kept as is, so the `user@host` trick
 * stays visible.
 */
export function normalizeUrl(url: string): string {
  const u = refang(url.normalize('NFC'));
  const schemeEnd = /^[a-z][a-z0-9+.-]*:\/\//i.exec(u)?.[0].length ?? 0;
  const rest = u.slice(schemeEnd);
  const cut = rest.search(/[/?#]/);
  if (cut < 0) return u;
  return u.slice(0, schemeEnd) + rest.slice(0, cut) + maskEmails(rest.slice(cut));
}

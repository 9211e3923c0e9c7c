import { isHttpUrl } from '@baitcheck/contracts/lite';

const HTTP_LINK = /\bhttps?:\/\/[^\s<>"'`]+/i;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>'"]+$/;

/**
 * The first http(s) link in `text`, without the sentence punctuation that often follows it, or
 * null when there is none. Only links starting with http count (spec section 2).
 */
export function findFirstHttpLink(text: string): string | null {
  const match = HTTP_LINK.exec(text);
  if (!match) return null;
  let link = match[0];
  // Keep a closing bracket that belongs to the link, e.g. wiki/Foo_(bar).
  while (TRAILING_PUNCTUATION.test(link)) {
    const last = link[link.length - 1]!;
    if (last === ')' && (link.match(/\(/g)?.length ?? 0) >= (link.match(/\)/g)?.length ?? 0)) break;
    link = link.slice(0, -1);
  }
  return /^https?:\/\/[^/]/i.test(link) ? link : null;
}

/** A header field line (RFC 5322): a name of printable ASCII but ':', then a colon. */
const FIELD_LINE = /^[!-9;-~]{1,76}:/;
/** Fields mail systems write and people do not, one of which must be there beside From. */
const MAIL_FIELDS = /^(received|return-path|message-id|dkim-signature|mime-version|date|to|subject|authentication-results):/i;

/**
 * True when `text` starts with an email's header block: `Name: value` lines (folded lines
 * allowed, an mbox `From ` line first too) with From and a field such as Received, Message-ID,
 * Date or Subject, up to a blank line or the end. The server's rule (raw-email.ts, which reads
 * such a source whole); a pasted email source is never split into its first link.
 */
export function looksLikeEmailSource(text: string): boolean {
  const lines = text.trimStart().slice(0, 256 * 1024).split(/\r?\n/);
  let fields = 0;
  let hasFrom = false;
  let hasMailField = false;
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') break;
    if (i === 0 && /^From \S{1,320} +(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) /.test(line)) continue;
    if (line[0] === ' ' || line[0] === '\t') {
      if (fields === 0) return false;
      continue;
    }
    if (!FIELD_LINE.test(line)) return false;
    fields++;
    if (/^from:/i.test(line)) hasFrom = true;
    else if (MAIL_FIELDS.test(line)) hasMailField = true;
  }
  return fields >= 3 && hasFrom && hasMailField;
}

/**
 * A bare domain or www. address, as scam texts write links ("amaz0n-refunds.top/claim"): labels
 * of letters, digits and hyphens and a top-level domain of two or more letters (spec section 5's
 * link detection), an optional port, then a path, query or fragment.
 */
const BARE_ADDRESS = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/**
 * The address to scan for what a person typed in 'URL to scan': an http(s) URL as it is, a bare
 * domain or www. address with https:// added, or null when it is not an address at all.
 */
export function toScanUrl(input: string): string | null {
  const value = input.trim();
  if (isHttpUrl(value)) return value;
  if (!BARE_ADDRESS.test(value)) return null;
  const url = `https://${value}`;
  return isHttpUrl(url) ? url : null;
}

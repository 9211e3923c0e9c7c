/** A link built to hide what it does: very long, full of percent-escapes, carrying a base64 blob or another URL (a redirector). */
import type { Span } from '../../types';
import { fact, type LinkRule } from '../types';

/** Characters from which a link counts as very long. */
export const LONG_URL_CHARS = 200;
/** Percent-escapes from which a link counts as heavily encoded. */
const MANY_ESCAPES = 12;
/** A base64 or base64url run that looks like data (case is lost, so it needs digits and letters). */
const BLOB = /[a-z0-9+_-]{40,}={0,2}/g;
/** Another URL as a parameter value, plain or percent-encoded: the link forwards somewhere else. */
const EMBEDDED_URL = /[?&=](?:[a-z0-9_]{0,24}=)?(?:https?(?::|%3a)(?:\/\/|%2f%2f)|www\.)/;
/**
 * Percent-escapes of letters, digits and `. / : @`: hiding plain text, unlike the escapes of
 * non-Latin text (%d0%b2...), of spaces or of brackets in form parameters (%20, %5b).
 */
const ESCAPE = /%(?:3[0-9a]|4[0-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|2e|2f)/g;
const URL_IN_QUERY = /[?&=](?:[a-z0-9_]{0,24}=)?(?:https?(?::|%3a)(?:\/\/|%2f%2f)|www\.)([a-z0-9.-]{1,253})/;
const ENCODED_HOST = /%[0-9a-f]{2}/;

function isDataBlob(run: string): boolean {
  if (!/[0-9]/.test(run) || !/[a-z]/.test(run)) return false;
  // hyphenated words ("some-long-article-title-2024") are not blobs; base64url has long pieces
  return run.split(/[_+-]/).some((w) => w.length >= 24 && /[0-9]/.test(w));
}

/** Parameters that carry a file's version hash (cache busting), not data. */
const VERSION_PARAM = /[?&](?:v|ver|version|rev|hash|h|cb|_|etag|checksum|sbuf)=$/;

function hasDataBlob(rest: string): boolean {
  BLOB.lastIndex = 0;
  for (let m = BLOB.exec(rest), n = 0; m !== null && n < 20; m = BLOB.exec(rest), n++) {
    if (isDataBlob(m[0]) && !VERSION_PARAM.test(rest.slice(Math.max(0, m.index - 10), m.index))) return true;
  }
  return false;
}

/** True when the query names another website than the link's own (a same-site `?return=` is ordinary). */
function redirectsElsewhere(rest: string, ownDomain: string | null): boolean {
  if (!EMBEDDED_URL.test(rest)) return false;
  const target = URL_IN_QUERY.exec(rest.replace(/%2e/g, '.'))?.[1];
  if (target === undefined || ownDomain === null) return true;
  return !(target === ownDomain || target.endsWith(`.${ownDomain}`));
}

/**
 * Fires when the link is longer than {@link LONG_URL_CHARS} characters, has many percent-escapes
 * or any in its host, carries a long base64-looking blob in its query or fragment, or has another URL as a parameter (a
 * redirect through a trusted-looking site). Facts: which of these.
 */
export const longOrEncodedUrl: LinkRule = {
  scope: 'link',
  id: 'long-or-encoded-url',
  label: 'Link is unusually long or encoded in a way that hides where it leads',
  severity: 'low',
  category: 'obfuscated-url',
  detect(link) {
    if (link.host === null && link.scheme !== 'http' && link.scheme !== 'https') return null;
    const facts: Span[] = [];
    const rest = link.rest.length > 2048 ? link.rest.slice(0, 2048) : link.rest;
    // non-Latin text is escaped byte by byte (%d8%a8...): count it as a person reads it
    const shown = link.text.length > LONG_URL_CHARS ? link.text.replace(/(?:%[89a-f][0-9a-f])+/gi, 'x').length : 0;
    if (shown > LONG_URL_CHARS) facts.push(fact(`${link.text.length} characters`));
    const escapes = rest.match(ESCAPE)?.length ?? 0;
    if (escapes >= MANY_ESCAPES || ENCODED_HOST.test(link.authority)) facts.push(fact('percent-encoded'));
    // in the query or fragment (a victim's address, a target URL); hashes in paths are cache names
    const q = rest.search(/[?#]/);
    if (q !== -1 && hasDataBlob(rest.slice(q))) facts.push(fact('encoded data'));
    if (redirectsElsewhere(rest, link.registrableDomain)) facts.push(fact('redirects to another address'));
    return facts.length === 0 ? null : facts;
  },
};

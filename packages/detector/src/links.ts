/**
 * Link detection: http(s) URLs, `www.` addresses and bare domains whose top-level domain is real
 * (public-suffix list via tldts), each with its span, normalised URL, host and registrable domain.
 */
import { parse } from 'tldts';
import { MAX_LINK_CHARS, MAX_LINKS } from './limits';
import type { LinkFinding } from './types';

/** A link with the parsed parts the URL rules need. Internal to the engine. */
export interface ParsedLink extends LinkFinding {
  /** The scheme, lower-cased, without the colon: `http`, `https`, `data` or `javascript`. */
  readonly scheme: string;
  /** The port as written when it is not the scheme's default ('' when none). */
  readonly port: string;
  /** The authority as written (between `scheme://` and the path), lower-cased; '' if none. */
  readonly authority: string;
  /** Path, query and fragment as written, lower-cased ('' when absent). */
  readonly rest: string;
  /** True when the host is an IPv4 or IPv6 address (after URL normalisation). */
  readonly isIp: boolean;
  /** Public suffix of the host ('co.uk', 'com'...), or null. */
  readonly publicSuffix: string | null;
}

/** The WHATWG URL parser of the host (Node, browsers, workers), typed locally: the engine's lib has no DOM. */
interface ParsedUrl {
  readonly href: string;
  readonly hostname: string;
  readonly port: string;
}
const UrlParser = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

const URL_CHARS = String.raw`[^\s<>"'\x60{}|\\^\u00a0\u2000-\u200f\u2028\u2029\u3000]`;
const LABEL = String.raw`[\p{L}\p{N}][\p{L}\p{N}-]{0,62}\.`;
const TLD = String.raw`(?:[a-zA-Z]{2,63}|[xX][nN]--[a-zA-Z0-9-]{1,59})`;

/**
 * One pass finds all candidates. Every quantifier is bounded or unambiguous, so the scan is
 * linear in the text length (no catastrophic backtracking). No `i` flag: case-insensitive
 * Unicode classes make V8 several times slower on every character, so case is spelt out.
 */
const LINK_RE = new RegExp(
  String.raw`(?<![a-zA-Z0-9])[hH][tT][tT][pP][sS]?:\/\/${URL_CHARS}{1,${MAX_LINK_CHARS}}` +
    String.raw`|(?<![a-zA-Z0-9])[dD][aA][tT][aA]:(?:[a-zA-Z]{1,20}\/[a-zA-Z0-9.+-]{1,60})?(?:;[a-zA-Z0-9=.+-]{1,40}){0,4},${URL_CHARS}{0,${MAX_LINK_CHARS}}` +
    String.raw`|(?<![a-zA-Z0-9])[jJ][aA][vV][aA][sS][cC][rR][iI][pP][tT]:${URL_CHARS}{1,${MAX_LINK_CHARS}}` +
    String.raw`|(?<![\p{L}\p{N}_@.\/\-])(?:${LABEL}){1,10}${TLD}(?![\p{L}\p{N}_\-])` +
    String.raw`(?::\d{1,5})?(?:[\/?#]${URL_CHARS}{0,${MAX_LINK_CHARS}})?`,
  'gu',
);

const TRAILING_PUNCTUATION = /[.,;:!?'"\u2019\u201d\u2026*_~-]$/;
const SCHEME_RE = /^https?:\/\//i;
/** Links that carry their content (a page, a script) instead of pointing to a website. */
const INLINE_SCHEME_RE = /^(data|javascript):/i;
/** DNS names are at most 253 characters; a longer host is not a working link. */
const MAX_HOST_CHARS = 253;

/** ccTLDs that mostly mean a file name when written bare ("readme.md", "setup.py"). */
const FILE_LIKE_SUFFIXES = new Set(['md', 'py', 'pm']);

/** Removes punctuation that ends a sentence rather than the link, and unbalanced closers. */
function trimLink(raw: string): string {
  let s = raw;
  for (;;) {
    if (s.length === 0) return s;
    if (TRAILING_PUNCTUATION.test(s)) {
      s = s.slice(0, -1);
      continue;
    }
    const last = s[s.length - 1];
    const open = last === ')' ? '(' : last === ']' ? '[' : null;
    if (open !== null && count(s, open) < count(s, last as string)) {
      s = s.slice(0, -1);
      continue;
    }
    return s;
  }
}

function count(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/**
 * Parses one link written at `start` of some content. `raw` is the link as written; a scheme
 * is added when it has none. Never throws: an unparsable link gets `host: null`.
 */
export function parseLink(raw: string, start: number): ParsedLink {
  // a link longer than MAX_LINK_CHARS is parsed from its beginning (its span stays whole)
  const head = raw.length > MAX_LINK_CHARS ? raw.slice(0, MAX_LINK_CHARS) : raw;
  const inline = INLINE_SCHEME_RE.exec(head);
  if (inline !== null) {
    const scheme = (inline[1] as string).toLowerCase();
    const base = { start, end: start + raw.length, text: raw, url: head, host: null, registrableDomain: null };
    return { ...base, scheme, port: '', authority: '', rest: '', isIp: false, publicSuffix: null };
  }
  const hasScheme = SCHEME_RE.test(head);
  const withScheme = hasScheme ? head : `http://${head}`;
  const afterScheme = withScheme.slice(withScheme.indexOf('//') + 2);
  const authorityEnd = afterScheme.search(/[/?#\\]/);
  const authority = (authorityEnd === -1 ? afterScheme : afterScheme.slice(0, authorityEnd)).toLowerCase();
  const rest = authorityEnd === -1 ? '' : afterScheme.slice(authorityEnd).toLowerCase();
  let url = withScheme;
  let host: string | null = null;
  let port = '';
  try {
    const u = new UrlParser(withScheme);
    url = u.href;
    port = u.port;
    host = u.hostname.toLowerCase() || null;
    if (host !== null && host.length > MAX_HOST_CHARS) host = null;
  } catch {
    host = null;
  }
  let registrableDomain: string | null = null;
  let publicSuffix: string | null = null;
  let isIp = false;
  if (host !== null) {
    const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
    const info = parse(bare, { allowPrivateDomains: true, extractHostname: false });
    isIp = info.isIp === true;
    if (!isIp && (info.isIcann === true || info.isPrivate === true)) {
      registrableDomain = info.domain;
      publicSuffix = info.publicSuffix;
    }
  }
  const scheme = withScheme.slice(0, withScheme.indexOf(':')).toLowerCase();
  return { start, end: start + raw.length, text: raw, url, host, registrableDomain, scheme, port, authority, rest, isIp, publicSuffix };
}

/**
 * The key under which a threat feed's URL and a scanned link are compared: host (with a port
 * other than the scheme's), path and query as the URL parser normalises them, without scheme,
 * fragment or a trailing `/`. `http://bit.ly/3xYz` and `https://BIT.LY/3xYz/#top` share a key;
 * `bit.ly/3xyz` does not (paths are case-sensitive). Null for what is not an http(s) URL.
 */
export function feedUrlKey(raw: string): string | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > MAX_LINK_CHARS) return null;
  const withScheme = SCHEME_RE.test(text) ? text : `http://${text}`;
  let u: ParsedUrl & { protocol: string; host: string; pathname: string; search: string };
  try {
    u = new UrlParser(withScheme) as typeof u;
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.hostname === '') return null;
  const host = u.host.toLowerCase().replace(/\.(?=:|$)/, '');
  return `${host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
}

/**
 * Finds the links in `text`, in order, at most `max` of them. Bare domains (no scheme, no
 * `www.`) count only when their suffix is on the public-suffix list and they are not file names.
 */
export function scanLinks(text: string, max: number = MAX_LINKS): ParsedLink[] {
  const out: ParsedLink[] = [];
  if (max <= 0) return out;
  LINK_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = LINK_RE.exec(text)) !== null) {
    const raw = trimLink(m[0]);
    const start = m.index;
    if (raw.length === 0) continue;
    if (INLINE_SCHEME_RE.test(raw)) {
      out.push(parseLink(raw, start));
      if (out.length >= max) break;
      continue;
    }
    const schemeless = !SCHEME_RE.test(raw);
    if (!schemeless && raw.replace(SCHEME_RE, '').length === 0) continue;
    const link = parseLink(raw, start);
    if (schemeless) {
      if (link.registrableDomain === null) continue;
      const isWww = raw.slice(0, 4).toLowerCase() === 'www.';
      const hasPath = link.rest.length > 0;
      if (!isWww && !hasPath && link.publicSuffix !== null && FILE_LIKE_SUFFIXES.has(link.publicSuffix)) continue;
    }
    out.push(link);
    if (out.length >= max) break;
  }
  LINK_RE.lastIndex = 0;
  return out;
}

/**
 * Finds the links in `text` as {@link analyze} reports them (at most {@link MAX_LINKS}), e.g. to
 * highlight them before a scan. Never throws.
 */
export function findLinks(text: string): LinkFinding[] {
  return typeof text === 'string' ? scanLinks(text).map(toLinkFinding) : [];
}

/** The public part of a link (what {@link analyze} returns), without the engine's extras. */
export function toLinkFinding(link: ParsedLink): LinkFinding {
  return {
    start: link.start,
    end: link.end,
    text: link.text,
    url: link.url,
    host: link.host,
    registrableDomain: link.registrableDomain,
  };
}

const PUNY_BASE = 36;

/**
 * Decodes one punycode label (`xn--pypal-4ve` → `pаypal`, RFC 3492); returns the label unchanged
 * when it is not punycode or does not decode. Bounded by the label's length.
 */
export function decodePunycodeLabel(label: string): string {
  if (!label.startsWith('xn--') || label.length > 63) return label;
  const input = label.slice(4);
  const delim = input.lastIndexOf('-');
  const output: number[] = [];
  for (let i = 0; i < delim; i++) output.push(input.charCodeAt(i));
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let pos = delim + 1; pos < input.length; ) {
    const oldi = i;
    let w = 1;
    for (let k = PUNY_BASE; ; k += PUNY_BASE) {
      if (pos >= input.length) return label;
      const c = input.charCodeAt(pos++);
      const digit = c >= 48 && c <= 57 ? c - 22 : c >= 97 && c <= 122 ? c - 97 : c >= 65 && c <= 90 ? c - 65 : -1;
      if (digit < 0) return label;
      i += digit * w;
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < t) break;
      w *= PUNY_BASE - t;
      if (w > 0x7fffffff) return label;
    }
    const len = output.length + 1;
    let delta = oldi === 0 ? Math.floor((i - oldi) / 700) : (i - oldi) >> 1;
    delta += Math.floor(delta / len);
    let k = 0;
    while (delta > 455) {
      delta = Math.floor(delta / 35);
      k += PUNY_BASE;
    }
    bias = k + Math.floor((36 * delta) / (delta + 38));
    n += Math.floor(i / len);
    i %= len;
    if (n > 0x10ffff) return label;
    output.splice(i, 0, n);
    i++;
  }
  try {
    return String.fromCodePoint(...output);
  } catch {
    return label;
  }
}

/** The host with its punycode labels decoded to Unicode (as a person sees it), lower-cased. */
export function unicodeHost(host: string): string {
  return host.includes('xn--') ? host.split('.').map(decodePunycodeLabel).join('.') : host;
}

/**
 * The labels in front of a link's registrable domain, without a leading `www` (or `www2`...):
 * "secure-login.a" of "www.secure-login.a.example.com"; '' when there are none or the link has no
 * registrable domain.
 */
export function subdomainOf(link: Pick<ParsedLink, 'host' | 'registrableDomain'>): string {
  const { host, registrableDomain: reg } = link;
  if (host === null || reg === null || host.length <= reg.length + 1) return '';
  return host.slice(0, host.length - reg.length - 1).replace(/^www\d?(?:\.|$)/, '');
}

/**
 * Link detection: http(s) URLs, `www.` addresses and bare domains whose top-level domain is real
 * (public-suffix list via tldts), each with its span, normalised URL, host and registrable domain.
 */
import { parse } from 'tldts';
import { MAX_LINK_CHARS, MAX_LINKS } from './limits';
import type { LinkFinding } from './types';

/** A link with the parsed parts the URL rules need. Internal to the engine. */
export interface ParsedLink extends LinkFinding {
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
    String.raw`|(?<![\p{L}\p{N}_@.\/\-])(?:${LABEL}){1,10}${TLD}(?![\p{L}\p{N}_\-])` +
    String.raw`(?::\d{1,5})?(?:[\/?#]${URL_CHARS}{0,${MAX_LINK_CHARS}})?`,
  'gu',
);

const TRAILING_PUNCTUATION = /[.,;:!?'"\u2019\u201d\u2026*_~-]$/;
const SCHEME_RE = /^https?:\/\//i;
/** DNS names are at most 253 characters; a longer host is not a working link. */
const MAX_HOST_CHARS = 253;

/** ccTLDs that mostly mean a file name when written bare ("readme.md", "setup.py"). */
const FILE_LIKE_SUFFIXES = new Set(['md', 'py']);

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
  const hasScheme = SCHEME_RE.test(head);
  const withScheme = hasScheme ? head : `http://${head}`;
  const afterScheme = withScheme.slice(withScheme.indexOf('//') + 2);
  const authorityEnd = afterScheme.search(/[/?#\\]/);
  const authority = (authorityEnd === -1 ? afterScheme : afterScheme.slice(0, authorityEnd)).toLowerCase();
  const rest = authorityEnd === -1 ? '' : afterScheme.slice(authorityEnd).toLowerCase();
  let url = withScheme;
  let host: string | null = null;
  try {
    const u = new UrlParser(withScheme);
    url = u.href;
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
  return { start, end: start + raw.length, text: raw, url, host, registrableDomain, authority, rest, isIp, publicSuffix };
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

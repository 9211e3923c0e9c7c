/**
 * The text model's featuriser. Built to kill the source-style cues of the training data
 * (`../shared/data/README.md`) rather than learn them:
 *
 * - lower-cased (Enron is lower-cased, every other set is not);
 * - tokens are runs of letters and digits, and contractions are joined in every spelling, so
 *   Enron's `you ' ll`, SpamHunter's `do n't` and a normal `you'll`/`don't` give the same tokens;
 * - every digit run and every SpamHunter digit mask (`XXXX`) becomes a number-class token by
 *   length (`#5` for 5-6 digits: one-time codes; `#10` for 10+: phone numbers);
 * - links become class tokens (`__url__`, shortener, IP host, path, common or rare TLD), never
 *   the domain itself, so no specific site is memorised; `[EMAIL]` is one token;
 * - word unigrams and bigrams, 5-letter prefixes of longer words (SpamHunter is lemmatised:
 *   "suspend" and "suspended" share `p:suspe`) and character 5-grams inside words of 4+ letters
 *   (misspellings such as "acount", "verfy").
 *
 * Names are hashed (FNV-1a) into `2^TEXT_BITS` buckets. The input is the normalised message
 * (`normalizeMessage`), cut to {@link MODEL_MAX_CHARS}; the model never sees span offsets.
 */
import { SHORTENER_DOMAINS } from '../data/shorteners';
import { scanLinks, type ParsedLink } from '../links';
import { hashFeatures, type SparseVector } from './hash';

/** Hash buckets of the text model: `2^TEXT_BITS`. */
export const TEXT_BITS = 18;
/** Characters of the (normalised) message the text model reads. */
export const MODEL_MAX_CHARS = 6000;
/** Length of the character n-grams taken inside words (misspellings, lemmatised and run-together words). */
const CHAR_GRAMS = 5;
/** Distinct features below which a text is scaled down as if it had this many (little evidence, little confidence). */
export const TEXT_MIN_FEATURES = 120;
/** Tokens the text model reads at most. */
const MAX_TOKENS = 1500;

/** Top-level domains common enough to be their own token; the rest share `__tld_rare__`. */
const COMMON_TLDS: ReadonlySet<string> = new Set([
  'com', 'net', 'org', 'edu', 'gov', 'uk', 'us', 'ca', 'au', 'de', 'fr', 'in', 'io', 'co', 'info', 'me', 'sg', 'nz', 'ie',
]);

/** Joins contractions written `you'll`, `you ' ll`, `you 'll` into `youll`; `do n't` into `dont`. */
const CONTRACTION = /(\p{L}) ?['\u2019] ?([sStTdDmM]|[lL][lL]|[rR][eE]|[vV][eE])(?![\p{L}\p{N}])/gu;
const SPLIT_NT = /(\p{L}) ([nN][tT])(?![\p{L}\p{N}])/gu;
const TOKEN = /\[EMAIL\]|[\p{L}\p{N}]+|[$£€₹¥]/gu;
const DIGITS = /^\p{Nd}+$/u;
const X_MASK = /^X+$/;
const HAS_DIGIT = /\p{Nd}/u;
const DIGIT_RUN = /\p{Nd}+/gu;
const LETTERS = /^\p{L}+$/u;

/** The number-class token of a run of `n` digits. */
export function numberClass(n: number): string {
  return n <= 2 ? '#1' : n <= 4 ? '#3' : n <= 6 ? '#5' : n <= 9 ? '#7' : '#10';
}

/** One token of the model's stream: its normalised form and the text it came from. */
export interface TextToken {
  readonly token: string;
  readonly raw: string;
}

function linkTokens(link: ParsedLink, out: TextToken[], extras: string[]): void {
  out.push({ token: '__url__', raw: link.text });
  if (link.isIp) extras.push('u:ip');
  if (link.registrableDomain !== null && SHORTENER_DOMAINS.has(link.registrableDomain)) extras.push('u:short');
  if (link.rest.replace(/^\/+$/, '').length > 0) extras.push('u:path');
  const suffix = link.publicSuffix ?? '';
  const tld = suffix.slice(suffix.lastIndexOf('.') + 1);
  extras.push(COMMON_TLDS.has(tld) ? `u:tld:${tld}` : 'u:tld:rare');
}

function wordTokens(segment: string, out: TextToken[]): void {
  const s = segment.replace(CONTRACTION, '$1$2').replace(SPLIT_NT, '$1$2');
  TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN.exec(s)) !== null && out.length < MAX_TOKENS) {
    const raw = m[0];
    let token: string;
    if (raw === '[EMAIL]') token = '__email__';
    else if (raw.length === 1 && '$£€₹¥'.includes(raw)) token = '__cur__';
    else if (X_MASK.test(raw) || DIGITS.test(raw)) token = numberClass(raw.length);
    else if (HAS_DIGIT.test(raw)) token = raw.toLowerCase().replace(DIGIT_RUN, '0');
    else token = raw.toLowerCase();
    out.push({ token, raw });
  }
  TOKEN.lastIndex = 0;
}

/**
 * The token stream of a normalised message (links as class tokens) and the link class
 * features. Deterministic; bounded by {@link MODEL_MAX_CHARS} and the token cap.
 */
export function textTokens(message: string): { tokens: TextToken[]; extras: string[] } {
  const text = message.length > MODEL_MAX_CHARS ? message.slice(0, MODEL_MAX_CHARS) : message;
  const tokens: TextToken[] = [];
  const extras: string[] = [];
  let at = 0;
  for (const link of scanLinks(text)) {
    if (link.start < at) continue;
    wordTokens(text.slice(at, link.start), tokens);
    linkTokens(link, tokens, extras);
    at = link.end;
  }
  wordTokens(text.slice(at), tokens);
  return { tokens, extras };
}

/** Feature names of a normalised message: unigrams `w:`, bigrams `b:`, prefixes `p:`, character 5-grams `c:`, link classes `u:`. */
export function textFeatureNames(message: string): string[] {
  const { tokens, extras } = textTokens(message);
  const names: string[] = [...extras];
  let prev = '^';
  for (const { token } of tokens) {
    names.push(`w:${token}`, `b:${prev} ${token}`);
    if (token.length >= 7 && LETTERS.test(token)) names.push(`p:${token.slice(0, 5)}`);
    if (token.length >= 4 && LETTERS.test(token)) {
      const t = `<${token}>`;
      for (let i = 0; i + CHAR_GRAMS <= t.length; i++) names.push(`c:${t.slice(i, i + CHAR_GRAMS)}`);
    }
    prev = token;
  }
  if (tokens.length > 0) names.push(`b:${prev} $`);
  return names;
}

/** The hashed, unit-length feature vector of a normalised message. */
export function textFeatures(message: string): SparseVector {
  return hashFeatures(textFeatureNames(message), TEXT_BITS, TEXT_MIN_FEATURES);
}

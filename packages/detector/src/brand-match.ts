/**
 * Finds brand names in a link's host or path and decides whether the link is on the brand's own
 * domain. Look-alike characters (digits for letters, Cyrillic and Greek homoglyphs) are folded.
 */
import { BRANDS, type Brand } from './data/brands';
import type { ParsedLink } from './links';

/** Characters that imitate Latin letters, mapped to the letter they imitate. */
const CONFUSABLES: Readonly<Record<string, string>> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ԁ: 'd', ѕ: 's', ӏ: 'l',
  ɡ: 'g', ո: 'n', ս: 'u', α: 'a', ο: 'o', ν: 'v', ρ: 'p', τ: 't', ι: 'i', κ: 'k', ε: 'e',
  á: 'a', à: 'a', â: 'a', ä: 'a', é: 'e', è: 'e', ê: 'e', í: 'i', ì: 'i', ó: 'o', ò: 'o', ö: 'o', ô: 'o',
  ú: 'u', ù: 'u', ü: 'u', ı: 'i', ł: 'l',
};
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');
const NON_ASCII_RE = /[^\x00-\x7f]/;
const LEET_L: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '3': 'e', '4': 'a', '5': 's', '$': 's' };
const LEET_I: Readonly<Record<string, string>> = { ...LEET_L, '1': 'i' };
const LEET_RE = /[01345$]/g;
const LABEL_SPLIT = /[.\-_]+/;
const SEGMENT_SPLIT = /[^a-z0-9]+/;
const COUNTRY_SUFFIX = /^(?:[a-z]{2}|(?:co|com)\.[a-z]{2})$/;
/** Country codes that are typos of `.com` and never a brand's official variant. */
const TYPO_COUNTRY_CODES = new Set(['cm', 'om', 'co']);

/**
 * Brand tokens that are also everyday words ("apple", "chase", "ups"): in a host they count only
 * next to an account word ("apple-support", "chase-alerts"), as the whole name ("ups.top") or in
 * front of a `.com` that is not the end of the host ("chase.com.evil.ru").
 */
const AMBIGUOUS_TOKENS: ReadonlySet<string> = new Set(['apple', 'chase', 'ups', 'outlook', 'citi', 'att', 'evri', 'zelle']);
const ACCOUNT_WORDS: ReadonlySet<string> = new Set([
  'login', 'log', 'signin', 'sign', 'secure', 'security', 'verify', 'verification', 'account', 'accounts',
  'support', 'help', 'helpdesk', 'id', 'update', 'billing', 'alert', 'alerts', 'service', 'services', 'auth',
  'recovery', 'wallet', 'pay', 'payment', 'payments', 'online', 'bank', 'banking', 'customer', 'care',
  'track', 'tracking', 'delivery', 'redelivery', 'parcel', 'package', 'refund', 'claim', 'confirm',
  'unlock', 'portal', 'center', 'centre', 'team', 'official', 'notice', 'fraud', 'reward', 'rewards',
  'gift', 'mail', 'email', 'icloud', 'store', 'shipping', 'fee', 'fees', 'locked', 'unusual', 'access',
]);

/** Account words long enough to count inside a run of letters ("secureamazon"). */
const LONG_ACCOUNT_WORDS: readonly string[] = [...ACCOUNT_WORDS].filter((w) => w.length >= 5);

/** True when `token` occurs in `host` at the start of a label or after a hyphen. */
function startsWord(host: string, token: string): boolean {
  for (let at = host.indexOf(token); at !== -1; at = host.indexOf(token, at + 1)) {
    if (at === 0 || !/[a-z0-9]/.test(host[at - 1] as string)) return true;
  }
  return false;
}

function hasAccountWord(compactHost: string): boolean {
  return LONG_ACCOUNT_WORDS.some((w) => compactHost.includes(w));
}

interface IndexedToken {
  readonly brand: Brand;
  readonly token: string;
}
const LOOSE: readonly IndexedToken[] = BRANDS.flatMap((brand) => brand.loose.map((token) => ({ brand, token })));
const BY_TOKEN: ReadonlyMap<string, Brand> = new Map(
  BRANDS.flatMap((brand) => [...brand.loose, ...brand.strict].map((token) => [token, brand] as const)),
);

/** The host as the person saw it (userinfo and port removed), lower-cased. */
function writtenHost(link: ParsedLink): string {
  const at = link.authority.lastIndexOf('@');
  let host = at === -1 ? link.authority : link.authority.slice(at + 1);
  if (!host.startsWith('[')) {
    const colon = host.indexOf(':');
    if (colon !== -1) host = host.slice(0, colon);
  }
  return host;
}

/** Spellings of a host worth matching: as written, homoglyphs folded, digits read as letters. */
function hostVariants(host: string): string[] {
  const base = NON_ASCII_RE.test(host) ? host.replace(CONFUSABLE_RE, (c) => CONFUSABLES[c] ?? c) : host;
  const out = [base];
  if (/[01345$]/.test(base)) {
    out.push(base.replace(LEET_RE, (c) => LEET_L[c] ?? c));
    out.push(base.replace(LEET_RE, (c) => LEET_I[c] ?? c));
  }
  for (const v of [...out]) {
    if (v.includes('rn') || v.includes('vv')) out.push(v.replace(/rn/g, 'm').replace(/vv/g, 'w'));
  }
  return out;
}

/** True when the link's host is on one of the brand's official domains. */
export function isOfficialHost(brand: Brand, link: ParsedLink): boolean {
  const host = link.host;
  if (host === null) return false;
  for (const d of brand.domains) {
    if (host === d || host.endsWith(`.${d}`)) return true;
  }
  const reg = link.registrableDomain;
  const suffix = link.publicSuffix;
  // a brand's own top-level domain (".hsbc", ".google", ".barclays")
  if (suffix !== null && (brand.loose.includes(suffix) || brand.strict.includes(suffix))) return true;
  if (brand.countryVariants && reg !== null && suffix !== null && COUNTRY_SUFFIX.test(suffix)) {
    const cc = suffix.slice(suffix.lastIndexOf('.') + 1);
    if (!TYPO_COUNTRY_CODES.has(cc) && brand.countryVariants.includes(reg.slice(0, reg.length - suffix.length - 1))) {
      return true;
    }
  }
  return false;
}

function ambiguousTokenCounts(token: string, host: string, labels: readonly string[], link: ParsedLink): boolean {
  if (labels.some((l) => ACCOUNT_WORDS.has(l))) return true;
  const reg = link.registrableDomain;
  if (reg !== null && link.publicSuffix !== null && reg.slice(0, reg.length - link.publicSuffix.length - 1) === token) return true;
  const at = host.indexOf(`${token}.com.`);
  return at !== -1 && (at === 0 || host[at - 1] === '.' || host[at - 1] === '-');
}

/** Brands named in the link's host (as written, with look-alikes folded) that do not own it. */
export function brandsInHost(link: ParsedLink): Brand[] {
  const host = writtenHost(link);
  if (host.length === 0 || link.isIp) return [];
  const found: Brand[] = [];
  for (const variant of hostVariants(host)) {
    const compact = variant.replace(/[-_]/g, '');
    for (const { brand, token } of LOOSE) {
      if (found.includes(brand)) continue;
      // at the start of a label or word ("paypal-secure", "secure-paypal", "www.paypal.com.evil"),
      // or inside one when the host also has an account word ("securepaypal", "myamazonaccount"),
      // not "teleamazonas"
      if (startsWord(variant, token) || ((token.includes('-') ? variant : compact).includes(token) && hasAccountWord(compact))) {
        found.push(brand);
      }
    }
    const labels = variant.split(LABEL_SPLIT);
    for (const label of labels) {
      const brand = BY_TOKEN.get(label);
      if (brand === undefined || found.includes(brand)) continue;
      if (AMBIGUOUS_TOKENS.has(label) && !ambiguousTokenCounts(label, variant, labels, link)) continue;
      found.push(brand);
    }
  }
  return found.filter((brand) => !isOfficialHost(brand, link));
}

/** Brands named as a whole word of the link's path that do not own the host (everyday-word brands only next to an account word). */
export function brandsInPath(link: ParsedLink): Brand[] {
  const q = link.rest.search(/[?#]/);
  const path = q === -1 ? link.rest : link.rest.slice(0, q);
  if (path.length <= 1) return [];
  const found: Brand[] = [];
  const words = path.slice(0, 512).split(SEGMENT_SPLIT);
  for (const word of words) {
    const brand = BY_TOKEN.get(word);
    if (brand === undefined || found.includes(brand)) continue;
    if (AMBIGUOUS_TOKENS.has(word) && !words.some((w) => ACCOUNT_WORDS.has(w))) continue;
    found.push(brand);
  }
  return found.filter((brand) => !isOfficialHost(brand, link));
}

/**
 * Finds brand names in a link's host or path and decides whether the link is on the brand's own
 * domain. Look-alike characters (digits for letters, Cyrillic and Greek homoglyphs) are folded.
 */
import { getDomainWithoutSuffix } from 'tldts';
import { BRANDS, type Brand } from './data/brands';
import { foldConfusableChars, skeleton } from './data/confusables';
import { TOP_DOMAINS } from './data/well-known';
import { subdomainOf, unicodeHost, type ParsedLink } from './links';

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
const AMBIGUOUS_TOKENS: ReadonlySet<string> = new Set([
  'apple', 'chase', 'ups', 'outlook', 'citi', 'att', 'evri', 'zelle', 'nationwide', 'vanguard', 'halifax', 'medicare',
  'temu', 'spectrum', 'zoom', 'ledger', 'kraken', 'indeed', 'uber', 'bt', 'ato', 'cra', 'ssa', 'nab', 'hulu', 'roku',
  'gls', 'ctt', 'yodel', 'linkt', 'shein', 'ipass', 'yono', 'dpd', 'tsb', 'rbs', 'rbc', 'bmo', 'okx', 'jio', 'aol',
  'correos', 'interac', 'netbank',
]);
const ACCOUNT_WORDS: ReadonlySet<string> = new Set([
  'login', 'log', 'signin', 'sign', 'secure', 'security', 'verify', 'verification', 'account', 'accounts',
  'support', 'help', 'helpdesk', 'id', 'update', 'billing', 'alert', 'alerts', 'service', 'services', 'auth',
  'recovery', 'wallet', 'pay', 'payment', 'payments', 'online', 'bank', 'banking', 'customer', 'care',
  'track', 'tracking', 'delivery', 'redelivery', 'parcel', 'package', 'refund', 'claim', 'confirm',
  'unlock', 'portal', 'center', 'centre', 'team', 'official', 'notice', 'fraud', 'reward', 'rewards',
  'gift', 'mail', 'email', 'icloud', 'store', 'shipping', 'fee', 'fees', 'locked', 'unusual', 'access',
  'toll', 'tolls', 'invoice', 'due', 'unpaid', 'fine', 'fines', 'notice', 'reschedule', 'rescheduling',
  'rebook', 'redeliver', 'resend', 'owa', 'webaccess', 'webmail',
]);

/** Account words long enough to count inside a run of letters ("secureamazon"). */
const LONG_ACCOUNT_WORDS: readonly string[] = [...ACCOUNT_WORDS].filter((w) => w.length >= 5);

/** True when `token` occurs in `host` at the start of a label or after a hyphen. */
/**
 * English words that begin with a brand's loose token ("revolution" with Revolut's): at the start of
 * a label they are the word, not the brand (revolution-os.com, discordant-notes.org).
 */
const WORD_NOT_BRAND = /^(?:revolution|discordant|discorded|discording|twitch(?:ed|es|ing|y)|telegrams|adobes|googled|googles|twittered|twittering)/;

function startsWord(host: string, token: string): boolean {
  for (let at = host.indexOf(token); at !== -1; at = host.indexOf(token, at + 1)) {
    if ((at === 0 || !/[a-z0-9]/.test(host[at - 1] as string)) && !WORD_NOT_BRAND.test(host.slice(at, at + 16))) return true;
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
  const base = foldConfusableChars(host);
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
  if (link.isIp) return [];
  return brandsNamedInHost(writtenHost(link), link).filter((brand) => !isOfficialHost(brand, link));
}

/**
 * Brands a host name (or part of one, e.g. the owner's part of a hosting-platform host) names,
 * with look-alikes folded, whether or not the host is theirs. `link` is the link the host belongs
 * to (it decides whether an everyday-word token such as "apple" counts as the whole name).
 */
export function brandsNamedInHost(host: string, link: ParsedLink): Brand[] {
  if (host.length === 0 || host.length > 253) return [];
  const found: Brand[] = [];
  for (const variant of hostVariants(host)) {
    const compact = variant.replace(/[-_]/g, '');
    for (const { brand, token } of LOOSE) {
      if (found.includes(brand)) continue;
      // at the start of a label or word ("paypal-secure", "secure-paypal", "www.paypal.com.evil"),
      // or inside one when the host also has an account word ("securepaypal", "myamazonaccount"),
      // not "teleamazonas"
      // (the account word outside the token: "versiontracker" holds OnTrac's "ontrac" and "track" only overlapping)
      const within = token.includes('-') ? variant : compact;
      if (startsWord(variant, token) || (within.includes(token) && hasAccountWord(compact.split(token).join('|')))) {
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
  return found;
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

/** Brand names and tokens as words of a message, longest first (so "bank of america" beats "america"). */
const NAME_WORDS: readonly (readonly [word: string, brand: Brand])[] = BRANDS.flatMap((brand) => {
  const words = new Set([brand.name.toLowerCase().replace(/\s*\(.*\)$/, ''), ...brand.loose, ...brand.strict]);
  return [...words].filter((w) => w.length >= 2).map((w) => [w, brand] as const);
}).sort((a, b) => b[0].length - a[0].length);
const NAME_RE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${NAME_WORDS.map(([w]) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[ -]/g, '[ -]?')).join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);
const NAME_INDEX: ReadonlyMap<string, Brand> = new Map(NAME_WORDS.map(([w, b]) => [w.replace(/[ -]/g, ''), b] as const));
/** Characters of a message searched for brand names: brands introduce themselves early. */
const NAME_SCAN_CHARS = 4000;

/**
 * Brands a text names as a word ("Chase:", "your PayPal account", "Bank of America"), in order of
 * first mention, at most `max`. Case-insensitive; looks at the first {@link NAME_SCAN_CHARS}
 * characters only.
 */
export function brandsInText(text: string, max = 8): Brand[] {
  const found: Brand[] = [];
  const head = text.length > NAME_SCAN_CHARS ? text.slice(0, NAME_SCAN_CHARS) : text;
  NAME_RE.lastIndex = 0;
  for (let m = NAME_RE.exec(head); m !== null && found.length < max; m = NAME_RE.exec(head)) {
    const brand = NAME_INDEX.get(m[0].toLowerCase().replace(/[ -]/g, ''));
    if (brand !== undefined && !found.includes(brand)) found.push(brand);
  }
  NAME_RE.lastIndex = 0;
  return found;
}

/** True when `domain` (a registrable domain or host) is, or is under, one of the brand's official domains. */
export function isOfficialDomain(brand: Brand, domain: string): boolean {
  return brand.domains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** Every brand's official domain (as listed), to the brand. */
const BRAND_BY_DOMAIN: ReadonlyMap<string, Brand> = new Map(BRANDS.flatMap((b) => b.domains.map((d) => [d, b] as const)));

/**
 * The brand whose listed official domain the link's host is on ("photos.app.goo.gl" → Google),
 * or null. Country variants and brand TLDs are not looked at (they need the brand named).
 */
export function officialBrandOfHost(link: Pick<ParsedLink, 'host' | 'isIp'>): Brand | null {
  let name = link.host;
  if (name === null || link.isIp) return null;
  for (let i = 0; i < 8; i++) {
    const brand = BRAND_BY_DOMAIN.get(name);
    if (brand !== undefined) return brand;
    const dot = name.indexOf('.');
    if (dot === -1) return null;
    name = name.slice(dot + 1);
  }
  return null;
}

/** A look-alike domain: the name it imitates and how. */
export interface Lookalike {
  /** The imitated domain ("paypal.com"). */
  readonly target: string;
  /** The brand it belongs to, when it is a brand's. */
  readonly brand: Brand | null;
  /** How: the same letters with look-alike characters, or one or two typing changes. */
  readonly how: 'look-alike characters' | 'typo';
}

interface Target {
  readonly name: string;
  readonly domain: string;
  readonly brand: Brand | null;
}

/**
 * Brand names shorter than this are not look-alike targets by typo (too many ordinary
 * neighbours). Popular non-brand names are targets of look-alike characters only: one typing
 * change from a popular name is too often another ordinary site (telegraf.mk, fastpics.net).
 */
const MIN_TYPO_NAME = 6;
/** Brand domain names that are everyday words, whose one-letter neighbours are other words ("officee", "window"). */
const NOT_TYPO_TARGETS: ReadonlySet<string> = new Set([
  'office', 'windows', 'outlook', 'discover', 'booking', 'spectrum', 'crypto', 'blockchain', 'gemini', 'phantom',
  'ledger', 'indeed', 'charter', 'gendigital', 'acrobat', 'startrack', 'nationwide', 'fidelity', 'vanguard',
]);

function nameOf(domain: string): string {
  return getDomainWithoutSuffix(domain, { allowPrivateDomains: false }) ?? '';
}

const TARGETS: readonly Target[] = (() => {
  const seen = new Set<string>();
  const out: Target[] = [];
  const add = (domain: string, brand: Brand | null) => {
    const name = nameOf(domain);
    if (name.length < 4 || name.includes('.') || seen.has(name)) return;
    seen.add(name);
    out.push({ name, domain, brand });
  };
  for (const brand of BRANDS) for (const d of brand.domains) add(d, brand);
  for (const d of TOP_DOMAINS) add(d, null);
  return out;
})();

const TARGET_BY_NAME: ReadonlyMap<string, Target> = new Map(TARGETS.map((t) => [t.name, t] as const));
const TARGET_BY_SKELETON: ReadonlyMap<string, Target> = new Map(TARGETS.map((t) => [skeleton(t.name), t] as const));

function deletions(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) out.push(s.slice(0, i) + s.slice(i + 1));
  return out;
}

/** Deletion neighbourhoods of the typo targets: one letter removed → the targets it came from. */
const BY_DELETION: ReadonlyMap<string, readonly Target[]> = (() => {
  const map = new Map<string, Target[]>();
  for (const t of TARGETS) {
    if (t.brand === null || t.name.length < MIN_TYPO_NAME || NOT_TYPO_TARGETS.has(t.name)) continue;
    for (const d of new Set(deletions(t.name))) {
      const list = map.get(d);
      if (list === undefined) map.set(d, [t]);
      else list.push(t);
    }
  }
  return map;
})();


/** Optimal-string-alignment distance between `a` and `b`, or `max + 1` once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] as number) + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length] as number;
}

/**
 * True when `name` is a typo of `target` in the ways typosquats are made (a letter doubled,
 * dropped, swapped or mistyped) rather than an ordinary neighbouring word: the first letter
 * stays ("cooking" is not "booking"), and a trailing "s" added or dropped is a plural ("window").
 */
function isTypoOf(name: string, target: string): boolean {
  if (name[0] !== target[0]) return false;
  if (name === `${target}s` || target === `${name}s`) return false;
  return editDistance(name, target, 1) <= 1;
}

/** The typo target within one edit of `name` (not `name` itself), via the deletion index. */
function oneEditTarget(name: string): Target | null {
  if (name.length < MIN_TYPO_NAME - 1 || name.length > 40) return null;
  const candidates: Target[] = [];
  const direct = BY_DELETION.get(name);
  if (direct) candidates.push(...direct);
  for (const d of deletions(name)) {
    const t = TARGET_BY_NAME.get(d);
    if (t !== undefined && t.brand !== null && t.name.length >= MIN_TYPO_NAME && !NOT_TYPO_TARGETS.has(t.name)) candidates.push(t);
    const viaDeletion = BY_DELETION.get(d);
    if (viaDeletion) candidates.push(...viaDeletion);
  }
  for (const t of candidates) if (t.name !== name && isTypoOf(name, t.name)) return t;
  return null;
}

/** Country and region tokens that phishing names put beside a brand ("paypial-us", "netflx-uk"). */
const REGION_TOKENS: ReadonlySet<string> = new Set(['us', 'usa', 'uk', 'ca', 'au', 'nz', 'eu', 'de', 'fr', 'es', 'it', 'jp', 'intl', 'global']);

/**
 * The name part of a hyphenated label that imitates a brand next to an account word or a
 * country ("amazn" in "amazn-account", "paypial" in "paypial-us").
 */
function lookalikeToken(name: string): Target | null {
  if (!name.includes('-')) return null;
  const tokens = name.split('-').slice(0, 6);
  if (!tokens.some((t) => ACCOUNT_WORDS.has(t) || REGION_TOKENS.has(t))) return null;
  for (const token of tokens) {
    if (token.length < MIN_TYPO_NAME - 1) continue;
    if (TARGET_BY_NAME.has(token)) continue;
    const sk = skeleton(token);
    const bySkeleton = TARGET_BY_SKELETON.get(sk);
    if (bySkeleton !== undefined && bySkeleton.brand !== null) return bySkeleton;
    const t = oneEditTarget(token);
    if (t !== null && t.brand !== null) return t;
  }
  return null;
}

/**
 * The well-known or brand domain the link's registrable domain imitates, or null: the same
 * letters with look-alike characters ("paypa1.com", "rnicrosoft.com", "аррӏе.com"), one typing
 * change from a brand name of six letters or more, keeping its first letter ("netfliix.com",
 * "amazn-account.com"). Two changes are left alone: too many ordinary names are two changes
 * from a popular one ("microspot.ch"). The same name on another suffix is not a look-alike
 * (it is often the site's own country domain, expedia.com.br). A domain that is itself well known, or a brand's own, is never a look-alike.
 */
export function lookalikeDomain(link: ParsedLink, isWellKnown: (domain: string) => boolean): Lookalike | null {
  const reg = link.registrableDomain;
  const suffix = link.publicSuffix;
  if (reg === null || suffix === null || isWellKnown(reg)) return null;
  if (BRANDS.some((b) => isOfficialHost(b, link))) return null;
  const name = unicodeHost(reg.slice(0, reg.length - suffix.length - 1));
  // the same name on another suffix is often the site's own country domain (expedia.com.br)
  if (name.length < 4 || name.length > 63 || TARGET_BY_NAME.has(name)) return null;
  return lookalikeName(name) ?? lookalikeSubdomain(link);
}

/**
 * The target a name (a domain's name or one subdomain label, Unicode) imitates: look-alike
 * characters, one typing change, or a hyphenated look-alike beside an account word or a country.
 * Null for a target's own name and for names over 63 characters.
 */
function lookalikeName(name: string): Lookalike | null {
  if (name.length > 63 || TARGET_BY_NAME.has(name)) return null;
  const sk = skeleton(name);
  const bySkeleton = TARGET_BY_SKELETON.get(sk);
  if (bySkeleton !== undefined && bySkeleton.name !== name) {
    return { target: bySkeleton.domain, brand: bySkeleton.brand, how: 'look-alike characters' };
  }
  const ascii = /^[a-z0-9-]+$/.test(name) ? name : sk;
  const typo = oneEditTarget(ascii) ?? lookalikeToken(ascii);
  return typo === null ? null : { target: typo.domain, brand: typo.brand, how: 'typo' };
}

/** Subdomain labels looked at for brand look-alikes (phishing hosts put the lure first). */
const MAX_SUBDOMAIN_LABELS = 4;

/**
 * A brand imitated by a subdomain label of an unrelated domain ("recover-account-instargram" of
 * ...asiascoutnetwork.com, "paypa1.example.net"). Brands only (a popular site's name with a typo
 * is too often another word in a subdomain); exact brand names are `brand-outside-domain`'s.
 */
function lookalikeSubdomain(link: ParsedLink): Lookalike | null {
  const sub = subdomainOf(link);
  if (sub === '') return null;
  for (const label of sub.split('.').slice(0, MAX_SUBDOMAIN_LABELS)) {
    if (label.length < MIN_TYPO_NAME - 1) continue;
    const found = lookalikeName(unicodeHost(label));
    if (found !== null && found.brand !== null) return found;
  }
  return null;
}

/**
 * Words that may stand next to a brand in a sender's name without making it someone else's name
 * ("PayPal Service", "Chase Alerts", "norton.billing.team"): "Chase Miller" is a person.
 */
const SERVICE_WORDS: ReadonlySet<string> = new Set([
  ...ACCOUNT_WORDS, 'team', 'teams', 'dept', 'department', 'via', 'from', 'the', 'your', 'my', 'inc', 'llc', 'ltd', 'plc',
  'co', 'corp', 'com', 'net', 'org', 'uk', 'us', 'usa', 'ca', 'au', 'in', 'gb', 'intl', 'international', 'global',
  'no', 'reply', 'noreply', 'donotreply', 'do', 'not', 'notification', 'notifications', 'notify', 'info', 'news',
  'order', 'orders', 'receipt', 'receipts', 'renewal', 'renewals', 'member', 'members', 'membership', 'premium',
  'plus', 'prime', 'express', 'card', 'cards', 'cardmember', 'services', 'desk', 'admin', 'administrator', 'office',
  'hq', 'express', 'online', 'web', 'mobile', 'app', 'message', 'messages', 'system', 'automated', 'auto',
  'assistant', 'agent', 'rep', 'representative', 'dispute', 'disputes', 'resolution', 'invoice', 'invoices',
  'statement', 'statements', 'shipment', 'shipments', 'courier', 'post', 'verify', 'verified', 'protection',
  'safety', 'trust', 'compliance', 'legal', 'rewards', 'bonus', 'offers', 'deals', 'sales', 'promo', 'marketing',
  'docs', 'drive', 'sheets', 'calendar', 'photos', 'voice', 'workspace', 'business', 'ads', 'jobs', 'careers', 'hr',
]);

const WORD_SPLIT = /[^\p{L}\p{N}&]+/u;

/**
 * The brand a sender's display name or address local part claims to be, or null: the name is a
 * brand (as written in the brand table, "Bank of America", "wellsfargo", "geeksquad") and every
 * other word is a service word ("Support", "Alerts", "Team", "via") or a number. "Chase Miller"
 * claims nothing; "Chase Alerts" and "HR via DocuSign" do. A local part that is only an
 * everyday-word brand ("chase@...") is a first name, not a claim.
 */
export function brandClaimedBy(name: string, kind: 'display-name' | 'local-part' = 'display-name'): Brand | null {
  if (name.length === 0 || name.length > 200) return null;
  const lowered = name.toLowerCase().replace(/[\u2019']s\b/g, '');
  const brands = brandsInText(lowered, 3);
  if (brands.length === 0) return null;
  NAME_RE.lastIndex = 0;
  const rest = lowered.replace(NAME_RE, ' ');
  NAME_RE.lastIndex = 0;
  const words = rest.split(WORD_SPLIT).filter((w) => w.length > 0);
  // a local part that is only a first name ("chase@", "apple.") claims nothing
  if (kind === 'local-part' && words.length === 0 && AMBIGUOUS_TOKENS.has(lowered.replace(/[^a-z]/g, ''))) return null;
  const viaAt = words.indexOf('via');
  const others = viaAt === -1 ? words : words.slice(viaAt);
  return others.every((w) => SERVICE_WORDS.has(w) || /^\d+$/.test(w) || /^[a-z]$/.test(w)) ? (brands[brands.length - 1] as Brand) : null;
}

/** Words that, right after a brand's name, make it the message's sender ("Chase Fraud Alert", "Your Uber account"). */
const CLAIM_WORDS: ReadonlySet<string> = new Set([
  ...ACCOUNT_WORDS, 'fraud', 'notice', 'notification', 'card', 'order', 'subscription', 'membership', 'prime',
  'premium', 'plus', 'code', 'otp', 'pin', 'balance', 'statement', 'bill', 'shipment', 'express', 'post', 'rewards',
  'points', 'sim', 'kyc', 'netbanking', 'banking', 'wallet', 'id', 'pay', 'final', 'reminder', 'warning', 'urgent',
]);
const OPENING_CLAIM_CHARS = 120;
/** Brand names that are everyday words: at the start of a text they need a colon or a claim word ("Indeed, ..." is not Indeed). */
const EVERYDAY_NAMES: ReadonlySet<string> = new Set([...AMBIGUOUS_TOKENS, 'discover', 'wise', 'gemini', 'phantom', 'postoffice', 'ee', 'fidelity']);
const WORDS_AFTER = /^[^\p{L}\p{N}]*([\p{L}\p{N}]+)(?:[^\p{L}\p{N}]+([\p{L}\p{N}]+))?/u;

/**
 * The brand a text introduces itself as, in its opening: the brand's name (capitalised as a name,
 * "USPS", "Chase", not "chase") at the very start or in brackets ("(EZDriveMA) ..."), followed by a
 * colon ("Amazon: ..."), or followed within two words by an account or notice word ("Chase Fraud
 * Alert", "your Microsoft account"). "Take an uber home" and "zoom call at 3" claim nothing.
 */
export function brandClaimedInText(text: string): Brand | null {
  const head = text.slice(0, OPENING_CLAIM_CHARS);
  NAME_RE.lastIndex = 0;
  for (let m = NAME_RE.exec(head); m !== null; m = NAME_RE.exec(head)) {
    const written = m[0];
    if (!/^[\p{Lu}\p{N}]/u.test(written)) continue;
    const brand = NAME_INDEX.get(written.toLowerCase().replace(/[ -]/g, ''));
    if (brand === undefined) continue;
    const before = head.slice(0, m.index).trimEnd();
    const after = head.slice(m.index + written.length);
    const atStart = (before.length === 0 && !EVERYDAY_NAMES.has(written.toLowerCase().replace(/[ -]/g, ''))) || /[([]$/.test(before);
    const next = WORDS_AFTER.exec(after);
    const followedByClaim = /^\s*[:)\]]/.test(after) || (next !== null && [next[1], next[2]].some((w) => w !== undefined && CLAIM_WORDS.has(w.toLowerCase())));
    if (atStart || followedByClaim) {
      NAME_RE.lastIndex = 0;
      return brand;
    }
  }
  NAME_RE.lastIndex = 0;
  return null;
}

/**
 * A whole email pasted as its source (headers and body, or an .eml file's text): telling it from
 * an ordinary pasted message, reading it with mailparser, and turning what it says about its
 * sender into facts for the engine (`IntelFacts.emailAuth`).
 */
import { parseSender, type EmailAuthFacts } from '@baitcheck/detector';
import { simpleParser, type AddressObject, type EmailAddress, type ParsedMail } from 'mailparser';
import { parseAuthenticationResults, type AuthenticationResults } from './authentication-results.ts';
import type { EmailAuthResult } from './email-auth.ts';
import { requireRawEmailSize } from './email-source.ts';
import { wellFormed } from '../../../lib/well-formed.ts';

export { parseAuthenticationResults, type AuthenticationResults, type AuthMethodResult, type AuthMethod, type AuthResultWord } from './authentication-results.ts';
export { authenticateRawEmail, sendingServerOf, type EmailAuthResult, type AuthenticateOptions, type DnsResolve } from './email-auth.ts';
export { MAX_RAW_EMAIL_BYTES, requireRawEmailSize } from './email-source.ts';

/** Characters at the start of a text that {@link looksLikeRawEmail} looks at: more than any real header block. */
const SNIFF_CHARS = 256 * 1024;
/** A header field (RFC 5322 section 2.2): a name of printable ASCII but `:`, then a colon. */
const FIELD_LINE = /^([!-9;-~]{1,76}):/;
/** The separator line an mbox export puts before each message ("From jane@x.com Mon Jan  1 ..."). */
const MBOX_LINE = /^From \S{1,320} +(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) /;
/** Fields of which one must be present beside From: what mail systems write and people do not. */
const MAIL_FIELDS: ReadonlySet<string> = new Set([
  'received',
  'return-path',
  'message-id',
  'dkim-signature',
  'mime-version',
  'date',
  'to',
  'subject',
  'authentication-results',
]);

/**
 * True when the text starts (after white space) with an RFC 5322 header block: at least three
 * `Name: value` fields (folded continuation lines allowed, an mbox `From ` line before them
 * too), among them From and one of Received, Return-Path, Message-ID, DKIM-Signature,
 * MIME-Version, Date, To, Subject or Authentication-Results, then an empty line or the end. An
 * ordinary message fails at its first line of prose, so a forwarded email quoted after a few
 * words, or an SMS starting "From: Bank", is not one. Looks at the first 256 KB only.
 */
export function looksLikeRawEmail(text: string): boolean {
  if (typeof text !== 'string') return false;
  // a window cut mid-line ends at its last whole line
  const head = text.length > SNIFF_CHARS ? text.slice(0, text.lastIndexOf('\n', SNIFF_CHARS) + 1) : text;
  let pos = head.length - head.trimStart().length;
  let fields = 0;
  let hasFrom = false;
  let hasMailField = false;
  let first = true;
  while (pos < head.length) {
    const nl = head.indexOf('\n', pos);
    const end = nl === -1 ? head.length : nl;
    const line = head.slice(pos, end > pos && head[end - 1] === '\r' ? end - 1 : end);
    pos = end + 1;
    if (line.trim() === '') break;
    if (first && MBOX_LINE.test(line)) {
      first = false;
      continue;
    }
    first = false;
    if (line[0] === ' ' || line[0] === '\t') {
      if (fields === 0) return false;
      continue;
    }
    const m = FIELD_LINE.exec(line);
    if (m === null) return false;
    const name = (m[1] as string).toLowerCase();
    fields++;
    if (name === 'from') hasFrom = true;
    else if (MAIL_FIELDS.has(name)) hasMailField = true;
  }
  return fields >= 3 && hasFrom && hasMailField;
}

/** An email read from its source. */
export interface ParsedEmail {
  /** The first address of the From header, with its display name ('' when none); null when there is none. */
  from: { name: string; address: string } | null;
  /** The Reply-To addresses (none without a Reply-To). */
  replyTo: string[];
  /** The Return-Path address (the envelope sender), null when there is none or it is `<>`. */
  returnPath: string | null;
  /** The subject, encoded words decoded ('' when none). */
  subject: string;
  /** The Date header as ISO 8601, null when missing or unreadable. */
  date: string | null;
  /**
   * The body as the person sees it: the HTML part as text, with each link's target beside its
   * words, then the plain-text part when it says something the HTML does not; the plain-text
   * part alone when there is no HTML.
   */
  text: string;
  /** Every Authentication-Results header that reads, top-most (the last added, by the recipient's provider) first. */
  authenticationResults: AuthenticationResults[];
}

/** Authentication-Results headers read. */
const MAX_AUTH_RESULTS_HEADERS = 20;

/**
 * Text decoded from the email (`=00` in quoted-printable, a NUL in base64 or an encoded word)
 * without NUL characters and with every lone UTF-16 surrogate (a UTF-16 part or encoded word cut
 * mid-pair) made U+FFFD: the request itself was checked for both, but decoding makes new ones,
 * and PostgreSQL refuses them in text and JSON, which made such an email a 500 instead of a verdict.
 */
const decoded = (text: string): string => wellFormed(text.replaceAll('\u0000', ''));

function addressesOf(header: AddressObject | AddressObject[] | undefined): EmailAddress[] {
  const flat: EmailAddress[] = [];
  const visit = (list: readonly EmailAddress[]) => {
    for (const a of list) {
      if (a.group !== undefined) visit(a.group);
      else if (typeof a.address === 'string' && a.address.trim() !== '') flat.push(a);
    }
  };
  for (const h of header === undefined ? [] : Array.isArray(header) ? header : [header]) visit(h.value);
  return flat;
}

/** Words, for telling whether one text says something another does not. */
const WORD = /[\p{L}\p{N}]+/gu;

/** Whether `plain` has a word (letters or digits, any case) that `html` lacks. */
function saysMore(plain: string, html: string): boolean {
  const seen = new Set(html.toLowerCase().match(WORD) ?? []);
  for (const m of plain.toLowerCase().matchAll(WORD)) if (!seen.has(m[0])) return true;
  return false;
}

/** A tag, up to the next `<` at most (so a run of unclosed `<` is read once, not once each). */
const TAG = /<[^<>]*>?/g;
/** A link target in a tag: `href=` quoted or bare. */
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>]+))/i;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Text of HTML that html-to-text refused (mailparser stops it past 1,000 levels of nesting, where
 * it takes seconds): the markup dropped, the common entities decoded, and each link's target
 * kept beside its words, in one linear pass. A browser still shows such HTML, so its words and
 * links must not go unread.
 */
function strippedHtml(html: string): string {
  const text = html.replace(TAG, (tag) => {
    const href = HREF.exec(tag);
    const target = href ? (href[1] ?? href[2] ?? href[3] ?? '').trim() : '';
    return target === '' ? ' ' : ` [${target}] `;
  });
  return text
    .replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,6}));/gi, (whole, dec?: string, hex?: string, name?: string) => {
      if (name !== undefined) return ENTITIES[name.toLowerCase()] ?? whole;
      const code = dec !== undefined ? Number(dec) : parseInt(hex as string, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/**
 * The HTML of an email as text, by mailparser's own conversion (html-to-text: links as `words
 * [target]`, headings in capitals) with its guards against markup that would hold the event loop
 * for seconds. mailparser converts an HTML part only when the email has no plain-text part, so
 * the HTML goes to it as an email of its own; HTML it refuses is stripped of its tags instead.
 */
async function htmlAsText(html: string): Promise<string> {
  const mail = await simpleParser(`Content-Type: text/html; charset=utf-8\r\n\r\n${html}`, { skipTextToHtml: true, skipImageLinks: true, keepCidLinks: true });
  const text = typeof mail.text === 'string' ? mail.text.trim() : '';
  return text !== '' ? text : strippedHtml(html);
}

/**
 * What the person sees of the body. A mail app shows the HTML part of a multipart/alternative
 * email, not its plain-text part, so a phishing HTML part behind a blank or harmless plain part
 * was never judged: the HTML comes first, the plain part after it only when it has words the
 * HTML lacks (a text-only client, a watch or a preview shows it).
 */
async function visibleTextOf(mail: ParsedMail): Promise<string> {
  const plain = typeof mail.text === 'string' ? mail.text.trim() : '';
  const html = typeof mail.html === 'string' && mail.html.trim() !== '' ? await htmlAsText(mail.html) : '';
  if (html === '') return plain;
  return saysMore(plain, html) ? `${html}\n\n${plain}` : html;
}

/** The raw value of the first header field called `key` (lower-case), unfolded. */
function rawHeader(mail: ParsedMail, key: string): string | null {
  const line = mail.headerLines.find((h) => h.key === key)?.line;
  if (line === undefined) return null;
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
}

function returnPathOf(mail: ParsedMail): string | null {
  const value = mail.headers.get('return-path');
  const first = (Array.isArray(value) ? value[0] : value) as AddressObject | undefined;
  if (first === undefined || !Array.isArray(first.value)) return null;
  const address = addressesOf(first)[0]?.address?.trim();
  return address === undefined || address === '' ? null : address;
}

function dateOf(mail: ParsedMail): string | null {
  // mailparser puts the current time in place of a date it cannot read
  const raw = rawHeader(mail, 'date');
  const time = raw === null ? NaN : Date.parse(raw);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

/**
 * Reads an email source with mailparser: sender, reply and bounce addresses, subject, date, the
 * body as the person sees it ({@link ParsedEmail.text}) and the Authentication-Results headers. Throws an `AppError`
 * (`PAYLOAD_TOO_LARGE`) for a source over 5 MB.
 */
export async function parseRawEmail(source: string): Promise<ParsedEmail> {
  requireRawEmailSize(source);
  // the HTML is made text once, below, whether or not there is a plain-text part
  const mail = await simpleParser(source, { skipTextToHtml: true, skipImageLinks: true, keepCidLinks: true, skipHtmlToText: true });
  const from = addressesOf(mail.from)[0];
  const authenticationResults: AuthenticationResults[] = [];
  for (const h of mail.headerLines) {
    if (h.key !== 'authentication-results') continue;
    const parsed = parseAuthenticationResults(h.line);
    if (parsed !== null) authenticationResults.push(parsed);
    if (authenticationResults.length >= MAX_AUTH_RESULTS_HEADERS) break;
  }
  const returnPath = returnPathOf(mail);
  return {
    from: from === undefined ? null : { name: decoded(from.name).trim(), address: decoded(from.address as string).trim() },
    replyTo: addressesOf(mail.replyTo).map((a) => decoded(a.address as string).trim()),
    returnPath: returnPath === null ? null : decoded(returnPath),
    subject: typeof mail.subject === 'string' ? decoded(mail.subject) : '',
    date: dateOf(mail),
    text: decoded(await visibleTextOf(mail)),
    authenticationResults,
  };
}

/** The sender as the engine takes it (`AnalyzeInput.sender`): `"Name" <address>`, or the address alone. */
export function senderOf(email: ParsedEmail): string | undefined {
  if (email.from === null) return undefined;
  const name = email.from.name.replace(/["<>\\]/g, '').trim();
  return name === '' ? email.from.address : `"${name}" <${email.from.address}>`;
}

/** Results with which a check reached no conclusion: it could not tell, so they say nothing. */
const INCONCLUSIVE: ReadonlySet<string> = new Set(['none', 'neutral', 'temperror', 'permerror', 'policy']);

/**
 * The engine's `IntelFacts.emailAuth` for a parsed email. The top-most Authentication-Results
 * header is the one the recipient's provider added on delivery (lower ones may be the sender's
 * own, forged). Our own check (`verified`, an enhanced scan) replaces its DKIM, SPF and DMARC
 * results one by one, only where it reached a result: a check that had no DNS answer, no
 * signature or no sending server's address knows less than the provider that received the
 * email, and must not erase what the provider found (spf=fail, dkim=fail, dmarc=fail).
 * `source` is `verified` when any result is ours. SPF, and a DMARC result other than a pass, are
 * not taken from our check when it had no sending server's address to test: DMARC fails whenever
 * nothing aligns, and SPF was never asked. Null when the email has no From address.
 */
export function emailAuthFacts(email: ParsedEmail, verified?: EmailAuthResult | null): EmailAuthFacts | null {
  if (email.from === null) return null;
  const address = email.from.address;
  const facts: EmailAuthFacts = {
    fromAddress: address,
    fromDomain: address.slice(address.lastIndexOf('@') + 1).toLowerCase(),
    replyTo: email.replyTo,
    returnPath: email.returnPath,
    source: 'header',
  };
  const top = email.authenticationResults[0];
  if (top !== undefined) {
    const dkims = top.results.filter((r) => r.method === 'dkim');
    // the signature that vouches most: a pass of the From domain, then any pass, then the first
    const dkim =
      dkims.find((r) => r.result === 'pass' && r.domain !== undefined && sameOrganisation(r.domain, facts.fromDomain)) ??
      dkims.find((r) => r.result === 'pass') ??
      dkims[0];
    if (dkim !== undefined) {
      facts.dkim = dkim.result;
      if (dkim.domain !== undefined) facts.dkimDomain = dkim.domain;
    }
    const spf = top.results.find((r) => r.method === 'spf');
    if (spf !== undefined) facts.spf = spf.result;
    const dmarc = top.results.find((r) => r.method === 'dmarc');
    if (dmarc !== undefined) {
      facts.dmarc = dmarc.result;
      if (dmarc.policy !== undefined) facts.dmarcPolicy = dmarc.policy;
    }
  }
  if (!verified) return facts;
  const concluded = (result: string) => !INCONCLUSIVE.has(result);
  if (concluded(verified.dkim.result) || facts.dkim === undefined) {
    facts.dkim = verified.dkim.result;
    if (verified.dkim.domain !== undefined) facts.dkimDomain = verified.dkim.domain;
    else delete facts.dkimDomain;
    if (concluded(verified.dkim.result)) facts.source = 'verified';
  }
  if (verified.sendingIp !== null && (concluded(verified.spf.result) || facts.spf === undefined)) {
    facts.spf = verified.spf.result;
    if (concluded(verified.spf.result)) facts.source = 'verified';
  }
  if ((verified.sendingIp !== null || verified.dmarc.result === 'pass') && (concluded(verified.dmarc.result) || facts.dmarc === undefined)) {
    facts.dmarc = verified.dmarc.result;
    if (verified.dmarc.policy !== undefined) facts.dmarcPolicy = verified.dmarc.policy;
    if (concluded(verified.dmarc.result)) facts.source = 'verified';
  }
  return facts;
}

/** Relaxed DMARC alignment: the two domains have the same registrable domain (public-suffix list). */
function sameOrganisation(a: string, b: string): boolean {
  if (a === b) return true;
  const regA = parseSender(`x@${a}`)?.registrableDomain ?? null;
  return regA !== null && regA === (parseSender(`x@${b}`)?.registrableDomain ?? null);
}

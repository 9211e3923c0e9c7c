/**
 * A whole email pasted as its source (headers and body, or an .eml file's text): telling it from
 * an ordinary pasted message, reading it with mailparser, and turning what it says about its
 * sender into facts for the engine (`IntelFacts.emailAuth`).
 */
import { parseSender, type EmailAuthFacts } from '@baitcheck/detector';
import { MAX_CONTENT_LENGTH, MAX_SENDER_LENGTH } from '@baitcheck/contracts';
import { simpleParser, type AddressObject, type Attachment, type EmailAddress, type ParsedMail } from 'mailparser';
import { parseAuthenticationResults, type AuthenticationResults } from './authentication-results.ts';
import type { EmailAuthResult } from './email-auth.ts';
import { headerBlockEnd, requireRawEmailSize } from './email-source.ts';
import { htmlAsText } from './html-text.ts';
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
   * words (and the targets of forms, image maps, meta refreshes and `on…` handlers), then the
   * plain-text part when it says something the HTML does not; the plain-text part alone when
   * there is no HTML; the raw body when its MIME structure is broken (no part found in it). Then
   * the text of what the person would open: text, HTML and calendar attachments, a body of a
   * type no mail app shows inline (`application/octet-stream` that reads as text, `text/x-…`),
   * and emails attached to it (their subject and body), {@link MAX_ATTACHED_TEXT} characters of
   * attachments at most.
   */
  text: string;
  /** Every Authentication-Results header that reads, top-most (the last added, by the recipient's provider) first. */
  authenticationResults: AuthenticationResults[];
  /**
   * Set when the pasted email forwards another as an attachment (`message/rfc822`, an `.eml`
   * file): the person asks about the attached email, so every field above is the attached one's
   * (its sender, replies, bounces, subject, date and Authentication-Results), and its `text`
   * the attached email's body followed by what the forwarding email says. `source` is the
   * attached email's source, which our own authentication check reads; `from` and `subject`
   * are the forwarding email's.
   */
  forward?: { source: string; from: { name: string; address: string } | null; subject: string };
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

/** How mailparser reads every email here: the HTML is made text once, by {@link htmlAsText}, whether or not there is a plain-text part. */
const PARSE_OPTIONS = { skipTextToHtml: true, skipImageLinks: true, keepCidLinks: true, skipHtmlToText: true } as const;

/**
 * Characters of text taken from the attachments of one pasted email, all of them together (and
 * from any one): what one scan reads at most ({@link MAX_CONTENT_LENGTH}), so nothing a scan
 * could read is left out, and a 5 MB source of attachments does not become 5 MB of text.
 */
export const MAX_ATTACHED_TEXT = MAX_CONTENT_LENGTH;
/** Attachments of one pasted email read for their text, at every level: real emails carry a few. */
export const MAX_ATTACHMENTS_READ = 20;
/**
 * Levels of emails attached to emails that are read as emails (a forward of a forward of a
 * forward); deeper ones are read as plain text. Each level parses its source again.
 */
export const MAX_FORWARD_DEPTH = 3;

/** What is left to read of one pasted email's attachments. */
interface AttachmentBudget {
  chars: number;
  attachments: number;
}

/** An attachment's type as we read it: an email, HTML, text, or (null) something no one reads as text. */
type AttachedKind = 'email' | 'html' | 'text' | null;

const HTML_FILE = /\.(?:html?|shtml|xhtml|svg)$/;

function attachedKindOf(a: Attachment): AttachedKind {
  const type = a.contentType.toLowerCase();
  const file = (a.filename ?? '').toLowerCase();
  if (type === 'message/rfc822' || type === 'message/global') return 'email';
  // a file opens by its name: an .html sent as text/plain or octet-stream is a web page
  if (type === 'text/html' || type === 'application/xhtml+xml' || type === 'image/svg+xml' || ((type.startsWith('text/') || type === 'application/octet-stream') && HTML_FILE.test(file))) return 'html';
  if (type === 'application/octet-stream' && file.endsWith('.eml')) return 'email';
  if (type.startsWith('text/') || type === 'application/octet-stream') return 'text';
  return null;
}

/**
 * An attachment's bytes as text, in its charset (UTF-8 when it names none or one we do not know).
 * An `application/octet-stream` one is text only when it reads as text: no NUL in its first 8 KB
 * and few bytes that are not UTF-8 (a PDF, an image or a program is not).
 */
function attachedTextOf(a: Attachment): string | null {
  const content: Buffer = a.content;
  const params = (a.headers.get('content-type') as { params?: Record<string, string> } | undefined)?.params;
  const charset = typeof params?.charset === 'string' ? params.charset : 'utf-8';
  if (a.contentType.toLowerCase() === 'application/octet-stream') {
    const head = content.subarray(0, 8192);
    if (head.includes(0)) return null;
    const sample = new TextDecoder('utf-8').decode(head);
    let bad = 0;
    for (const c of sample) if (c === '\ufffd') bad++;
    if (bad > sample.length / 100) return null;
  }
  return decoderFor(charset).decode(content);
}

/** A decoder of `charset`, or of UTF-8 when Node does not know it. */
function decoderFor(charset: string) {
  try {
    return new TextDecoder(charset);
  } catch {
    return new TextDecoder('utf-8');
  }
}

/** The text a person reads of one attachment (an email's subject and body), or '' for none. */
async function readAttachment(a: Attachment, kind: Exclude<AttachedKind, null>, depth: number, budget: AttachmentBudget): Promise<{ text: string; email: { parsed: ParsedEmail; source: string } | null }> {
  const raw = attachedTextOf(a);
  if (raw === null) return { text: '', email: null };
  if (kind === 'html') return { text: await htmlAsText(raw), email: null };
  if (kind === 'text' || depth >= MAX_FORWARD_DEPTH) return { text: raw.trim(), email: null };
  const parsed = await readEmail(raw, depth + 1, budget);
  const text = [parsed.subject.trim(), parsed.text.trim()].filter((p) => p !== '').join('\n\n');
  return { text, email: parsed.from !== null ? { parsed, source: raw } : null };
}

/**
 * The attachments of an email that a person would open, read for their text (within `budget`),
 * and the first attached email that has a sender: the email a forward is about. Attached emails
 * are read first, so no number of other attachments keeps the forwarded one from being read. An
 * attachment that says nothing `body` and the ones before it do not (a calendar invitation's
 * copy of the body) is left out.
 */
async function readAttachments(mail: ParsedMail, body: string, depth: number, budget: AttachmentBudget): Promise<{ texts: string[]; forwarded: { parsed: ParsedEmail; source: string } | null }> {
  const texts: string[] = [];
  let forwarded: { parsed: ParsedEmail; source: string } | null = null;
  const kinds = mail.attachments.map((a) => ({ a, kind: attachedKindOf(a) }));
  const ordered = [...kinds.filter((k) => k.kind === 'email'), ...kinds.filter((k) => k.kind !== 'email' && k.kind !== null)];
  for (const { a, kind } of ordered) {
    if (kind === null || budget.attachments <= 0) break;
    if (budget.chars <= 0 && (kind !== 'email' || forwarded !== null)) break;
    budget.attachments--;
    const read = await readAttachment(a, kind, depth, budget);
    if (forwarded === null && read.email !== null) {
      // the forwarded email's own text goes first in the message, not among the attachments
      forwarded = read.email;
      continue;
    }
    const text = decoded(read.text).trim().slice(0, Math.max(0, budget.chars));
    if (text === '' || !saysMore(text, [body, ...texts].join('\n'))) continue;
    budget.chars -= text.length;
    texts.push(text);
  }
  return { texts, forwarded };
}

/**
 * Whether `mail` is a `multipart/*` email in which mailparser found nothing, and whose `body`
 * has no line of its declared boundary: the boundary is missing or not the one it uses. (One
 * whose parts are there but empty is not broken, only empty.)
 */
function brokenMultipart(mail: ParsedMail, body: string): boolean {
  const type = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (typeof type?.value !== 'string' || !type.value.toLowerCase().startsWith('multipart/')) return false;
  if ((typeof mail.text === 'string' && mail.text.trim() !== '') || (typeof mail.html === 'string' && mail.html.trim() !== '') || mail.attachments.length > 0) return false;
  const boundary = typeof type.params?.boundary === 'string' ? `--${type.params.boundary}` : null;
  return boundary === null || !(body.startsWith(boundary) || body.includes(`\n${boundary}`));
}

/**
 * The body of a multipart email whose declared boundary is wrong, read again with the boundary
 * its first line uses (`--b` when `boundary=x` was declared), or null when it has none or reads
 * no better. A mail app that finds no part shows the body as it is; so do we then.
 */
async function reparsedBody(body: string): Promise<ParsedMail | null> {
  const nl = body.indexOf('\n');
  const firstLine = (nl === -1 ? body : body.slice(0, nl)).trim();
  // a boundary is at most 70 characters (RFC 2046); one with quotes or spaces is not tried
  if (!firstLine.startsWith('--') || firstLine.length > 72 || /["\s]/.test(firstLine)) return null;
  const mail = await simpleParser(`Content-Type: multipart/mixed; boundary="${firstLine.slice(2)}"\r\n\r\n${body}`, PARSE_OPTIONS);
  const found = (typeof mail.text === 'string' && mail.text.trim() !== '') || (typeof mail.html === 'string' && mail.html.trim() !== '') || mail.attachments.length > 0;
  return found ? mail : null;
}

/** One email read, and the emails attached to it `depth` levels down ({@link parseRawEmail}). */
async function readEmail(source: string, depth: number, budget: AttachmentBudget): Promise<ParsedEmail> {
  let mail = await simpleParser(source, PARSE_OPTIONS);
  const headers = mail;
  let rawBody = '';
  const sourceBody = source.slice(headerBlockEnd(source)).trim();
  if (sourceBody !== '' && brokenMultipart(mail, sourceBody)) {
    const fixed = await reparsedBody(sourceBody);
    if (fixed !== null) mail = fixed;
    else rawBody = sourceBody.slice(0, MAX_CONTENT_LENGTH);
  }
  const from = addressesOf(headers.from)[0];
  const authenticationResults: AuthenticationResults[] = [];
  for (const h of headers.headerLines) {
    if (h.key !== 'authentication-results') continue;
    const parsed = parseAuthenticationResults(h.line);
    if (parsed !== null) authenticationResults.push(parsed);
    if (authenticationResults.length >= MAX_AUTH_RESULTS_HEADERS) break;
  }
  const returnPath = returnPathOf(headers);
  const body = decoded(rawBody !== '' ? rawBody : await visibleTextOf(mail));
  const attached = await readAttachments(mail, body, depth, budget);
  const own: ParsedEmail = {
    from: from === undefined ? null : { name: decoded(from.name).trim(), address: decoded(from.address as string).trim() },
    replyTo: addressesOf(headers.replyTo).map((a) => decoded(a.address as string).trim()),
    returnPath: returnPath === null ? null : decoded(returnPath),
    subject: typeof headers.subject === 'string' ? decoded(headers.subject) : '',
    date: dateOf(headers),
    text: [body, ...attached.texts].filter((t) => t !== '').join('\n\n'),
    authenticationResults,
  };
  if (attached.forwarded === null) return own;
  // a forward: the attached email is judged, and what the forwarding email says is read after it
  const inner = attached.forwarded.parsed;
  const note = sameSubject(own.subject, inner.subject) ? [] : [own.subject.trim()];
  return {
    ...inner,
    // more than a scan reads would only be cut off later
    text: [inner.text.slice(0, MAX_CONTENT_LENGTH), ...note, body, ...attached.texts].filter((t) => t !== '').join('\n\n'),
    forward: { source: inner.forward?.source ?? attached.forwarded.source, from: own.from, subject: own.subject },
  };
}

/** Whether a forward's subject only repeats the forwarded email's ("Fwd: " and the like before it). */
function sameSubject(outer: string, inner: string): boolean {
  const bare = outer.trim().replace(/^(?:(?:fwd?|tr|wg|rv|enc|doorst|vs|vb|re|aw|sv)\s?:\s?)+/i, '').trim();
  return bare === '' || bare.toLowerCase() === inner.trim().toLowerCase();
}

/**
 * Reads an email source with mailparser: sender, reply and bounce addresses, subject, date, the
 * body as the person sees it and the text of what they would open ({@link ParsedEmail.text}), and
 * the Authentication-Results headers. An email forwarded as an attachment is read as the email
 * it forwards ({@link ParsedEmail.forward}). Throws an `AppError` (`PAYLOAD_TOO_LARGE`) for a
 * source over 5 MB.
 */
export async function parseRawEmail(source: string): Promise<ParsedEmail> {
  requireRawEmailSize(source);
  return readEmail(source, 0, { chars: MAX_ATTACHED_TEXT, attachments: MAX_ATTACHMENTS_READ });
}

/**
 * An address no longer than {@link MAX_SENDER_LENGTH}: a real one is (RFC 5321 allows 254
 * characters). A longer one keeps its domain, which says who sent it, and gives up the end of its
 * local part; a domain too long itself keeps its last labels (its registrable domain is there).
 */
function boundedAddress(address: string): string {
  if (address.length <= MAX_SENDER_LENGTH) return address;
  const lastLabels = (domain: string, room: number) => {
    if (domain.length <= room) return domain;
    const tail = domain.slice(-room);
    const dot = tail.indexOf('.');
    return dot === -1 ? tail : tail.slice(dot + 1);
  };
  const at = address.lastIndexOf('@');
  if (at === -1) return lastLabels(address, MAX_SENDER_LENGTH);
  // room for at least one character of the local part, then '…@'
  const domain = lastLabels(address.slice(at + 1), MAX_SENDER_LENGTH - 3);
  return `${address.slice(0, Math.min(at, MAX_SENDER_LENGTH - domain.length - 2))}…@${domain}`;
}

/**
 * The sender as the engine takes it and the history stores it (`AnalyzeInput.sender`): `"Name"
 * <address>`, or the address alone, at most {@link MAX_SENDER_LENGTH} characters like a sender
 * given with the request: a longer name is cut, with an ellipsis, and the address kept whole.
 */
export function senderOf(email: ParsedEmail): string | undefined {
  if (email.from === null) return undefined;
  const address = boundedAddress(email.from.address);
  const name = email.from.name.replace(/["<>\\]/g, '').replace(/\s+/g, ' ').trim();
  // the quotes, the space and the angle brackets
  const room = MAX_SENDER_LENGTH - address.length - 5;
  if (name === '' || room < 2) return wellFormed(address);
  const shown = name.length <= room ? name : `${name.slice(0, room - 1).trimEnd()}…`;
  return wellFormed(`"${shown}" <${address}>`);
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
